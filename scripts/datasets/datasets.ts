// Turns the official source files into Waypoint's compact datasets (see build-datasets.ts).
// Pure: files in, JSON text out, the same bytes for the same inputs. Each family is read by a
// module beside this one (oews-wages.ts, rents.ts, prices.ts, places.ts, budget.ts, uk-wages.ts,
// abroad-wages.ts, abroad-rents.ts); this one puts them together into the files.
import { createRequire } from 'node:module'
import { gzipSync, strToU8 } from 'fflate'
import type { BudgetFile, CountryPrices, PricesFile } from '../../server/content/datasets.ts'
import { readAbroadWages } from './abroad-wages.ts'
import { readBudget, readCanadaTax, readTaxRates } from './budget.ts'
import { csvRecords, requireColumns } from './csv.ts'
import { round, type DatasetInputs } from './inputs.ts'
import { readAreaWages, readWages } from './oews-wages.ts'
import { buildPlaces, type CountriesList } from './places.ts'
import { latest, readFx, readJapanPrices, readPpp, readPriceLevel, readRpp, readStateRpp } from './prices.ts'
import { readRents } from './rents.ts'
import { pick, sources } from './sources.ts'
import { readUkWages } from './uk-wages.ts'

const require = createRequire(import.meta.url)

const fileJson = (value: unknown) => `${JSON.stringify(value, null, 1)}\n`

/** gzip with a zero timestamp (fflate, pure JavaScript): the same bytes on every machine and Node version. */
const gzipJson = (value: unknown) => gzipSync(strToU8(JSON.stringify(value)), { level: 9, mtime: 0 })

export async function buildDatasets(inputs: DatasetInputs): Promise<Record<string, string | Uint8Array>> {
  const countryList = require('countries-list') as CountriesList
  const iso3to2 = Object.fromEntries(Object.entries(require('countries-list/minimal/countries.3to2.min.json') as Record<string, string>))
  const wages = readWages(inputs.national, inputs.synonyms)
  const wageYear = Math.max(...wages.occupations.map((o) => o.year))
  const areaWages = readAreaWages(inputs.state, inputs.metro, wageYear, new Set(wages.occupations.map((o) => o.code)))
  const rents = readRents(inputs.hud, inputs.acs, inputs.abroad)
  const { metros, nonmetro } = readRpp(inputs.rpp)
  const places = buildPlaces(inputs, metros, countryList, rents)

  const ppp = readPpp(inputs.ppp)
  const priceLevel = readPriceLevel(inputs.priceLevel, iso3to2)
  const countryPrices: CountryPrices[] = places.countries.map((country) => {
    const p = latest(ppp.get(country.code))
    const level = latest(priceLevel.get(country.code))
    return {
      code: country.code,
      ppp: p ? { value: round(p.value, 4), year: p.year, source: 'wb-ppp' } : null,
      price_level: level ? { value: round(level.value, 4), year: level.year, source: 'wb-price-level' } : null,
    }
  })

  // Exchange rates: the Fed's annual average of the wage year where it publishes one; otherwise
  // the rate the World Bank's two indicators imply for their latest common year.
  const fed = readFx(inputs.fx, wageYear)
  const currencies = new Map<string, PricesFile['currencies'][number]>([['USD', { code: 'USD', value: 1, year: wageYear, source: 'fed-fx' }]])
  for (const [code, rate] of fed) currencies.set(code, { code, value: round(rate.value, 4), year: rate.year, source: 'fed-fx' })
  for (const country of places.countries) {
    if (currencies.has(country.currency)) continue
    const levels = priceLevel.get(country.code)
    const common = latest(levels && new Map([...levels].filter(([year]) => ppp.get(country.code)?.has(year))))
    if (!common) continue
    const implied = ppp.get(country.code)!.get(common.year)! / common.value
    currencies.set(country.currency, { code: country.currency, value: round(implied, 4), year: common.year, source: 'wb-implied-fx' })
  }

  const prices: PricesFile = {
    sources: pick(sources, ['bea-rpp', 'bea-rpp-state', 'wb-ppp', 'wb-price-level', 'fed-fx', 'wb-implied-fx', 'mic-regional-prices']),
    city_price_levels: readJapanPrices(inputs.jpPrices, places),
    metros: metros.map(({ principal: _principal, ...metro }) => metro),
    states: readStateRpp(inputs.stateRpp),
    nonmetro,
    countries: countryPrices.filter((country) => country.ppp || country.price_level),
    currencies: [...currencies.values()].sort((a, b) => a.code.localeCompare(b.code)),
  }
  const publicCare = csvRecords(inputs.publicCare.text)
  requireColumns(publicCare, ['country', 'system'], inputs.publicCare.name)
  const baseBudget = readBudget(inputs.budget, wageYear)
  const budget: BudgetFile = {
    ...baseBudget,
    sources: { ...baseBudget.sources, 'oecd-taxing-wages': sources['oecd-taxing-wages']!, 'cra-tax': sources['cra-tax']! },
    public_health_care: Object.fromEntries(publicCare.map((row) => [row.country!, row.system!])),
    tax_rates: readTaxRates(inputs.taxRates),
    canada_tax: readCanadaTax(inputs.canadaTax),
  }

  return {
    'wages.json': fileJson(wages),
    'area-wages.json.gz': gzipJson(areaWages),
    'uk-wages.json': fileJson(readUkWages(inputs.uk, new Set(wages.occupations.map((o) => o.code)))),
    'abroad-wages.json': fileJson(readAbroadWages(inputs.abroadWages, new Set(wages.occupations.map((o) => o.code)), iso3to2)),
    'rents.json.gz': gzipJson(rents),
    'prices.json': fileJson(prices),
    'places.json': fileJson(places),
    'budget.json': fileJson(budget),
  }
}

// Prices: BEA regional price parities (metro areas, states), World Bank PPP and price levels,
// Federal Reserve exchange rates, and Japan's prefecture price indexes for its cities.
import { locationSlug } from '../../contract/locations.ts'
import type { MetroRecord, PlacesFile, PricesFile, RppComponents } from '../../server/content/datasets.ts'
import { csvRecords, requireColumns } from './csv.ts'
import { round, type InputFile } from './inputs.ts'

const rppLines: Record<string, keyof RppComponents> = { '1': 'all', '2': 'goods', '3': 'housing', '4': 'utilities', '5': 'other' }

export type Metro = MetroRecord & { principal: string[] }

export function readRpp(file: InputFile) {
  const records = csvRecords(file.text).filter((row) => row.LineCode && rppLines[row.LineCode])
  requireColumns(records, ['GeoFIPS', 'GeoName', 'LineCode'], file.name)
  const years = Object.keys(records[0]!).filter((key) => /^\d{4}$/.test(key))
  const year = years.sort().at(-1)!
  const areas = new Map<string, { name: string; rpp: Partial<RppComponents> }>()
  for (const row of records) {
    const value = Number(row[year])
    if (row[year] === '(NA)' || !Number.isFinite(value)) continue
    const area = areas.get(row.GeoFIPS!) ?? { name: row.GeoName!.replace(/\s*\*$/, '').trim(), rpp: {} }
    area.rpp[rppLines[row.LineCode!]!] = round(value, 3)
    areas.set(row.GeoFIPS!, area)
  }
  const complete = (rpp: Partial<RppComponents>): rpp is RppComponents => Object.values(rppLines).every((key) => rpp[key] !== undefined)
  const metros: Metro[] = []
  let nonmetro: PricesFile['nonmetro'] | undefined
  for (const [cbsa, area] of [...areas].sort(([a], [b]) => a.localeCompare(b))) {
    if (!complete(area.rpp)) continue
    if (cbsa === '00999') nonmetro = { cbsa, name: area.name, rpp: area.rpp, source: 'bea-rpp', year: Number(year) }
    if (cbsa === '00000' || cbsa === '00999') continue
    // BEA writes "(Metropolitan Statistical Area)", and once (Bridgeport-Stamford-Danbury) without the parentheses.
    const name = area.name.replace(/\s*\(?(Metropolitan|Micropolitan) Statistical Area\)?$/, '')
    const comma = name.lastIndexOf(', ')
    const states = name.slice(comma + 2).split('-')
    const principal = name.slice(0, comma).split(/\//)
    metros.push({ cbsa, name, slug: `${locationSlug(name)}-metro-area`, states, principal, rpp: area.rpp, source: 'bea-rpp', year: Number(year) })
  }
  if (!nonmetro) throw new Error(`${file.name}: no row for the nonmetropolitan portion (00999).`)
  return { metros, nonmetro }
}

/** BEA SARPP: the latest year's parities of each state (same layout as the metro file). */
export function readStateRpp(file: InputFile): PricesFile['states'] {
  const records = csvRecords(file.text).filter((row) => row.LineCode && rppLines[row.LineCode])
  requireColumns(records, ['GeoFIPS', 'GeoName', 'LineCode'], file.name)
  const year = Object.keys(records[0]!)
    .filter((key) => /^\d{4}$/.test(key))
    .sort()
    .at(-1)!
  const states = new Map<string, { fips: string; name: string; rpp: Partial<RppComponents> }>()
  for (const row of records) {
    const fips = row.GeoFIPS!.slice(0, 2)
    if (row.GeoFIPS === '00000' || !Number.isFinite(Number(row[year]))) continue
    const state = states.get(fips) ?? { fips, name: row.GeoName!.replace(/\s*\*$/, '').trim(), rpp: {} }
    state.rpp[rppLines[row.LineCode!]!] = round(Number(row[year]), 3)
    states.set(fips, state)
  }
  return [...states.values()]
    .filter((state) => Object.values(rppLines).every((key) => state.rpp[key] !== undefined))
    .map((state) => ({ fips: state.fips, name: state.name, rpp: state.rpp as RppComponents, source: 'bea-rpp-state', year: Number(year) }))
    .sort((a, b) => a.fips.localeCompare(b.fips))
}

export function readPpp(file: InputFile) {
  const records = csvRecords(file.text)
  requireColumns(records, ['Country ID', 'Year', 'PPP'], file.name)
  const byCountry = new Map<string, Map<number, number>>()
  for (const row of records) {
    const value = Number(row.PPP)
    if (!row['Country ID'] || !Number.isFinite(value) || row.PPP === '') continue
    const years = byCountry.get(row['Country ID']) ?? new Map()
    years.set(Number(row.Year), value)
    byCountry.set(row['Country ID'], years)
  }
  return byCountry
}

export function readPriceLevel(file: InputFile, iso3to2: Record<string, string>) {
  // Four preamble lines before the header (WDI bulk format).
  const headerIndex = file.text.split(/\r?\n/).findIndex((line) => line.includes('"Country Code"'))
  const records = csvRecords(file.text, Math.max(0, headerIndex - 2))
  requireColumns(records, ['Country Code'], file.name)
  const byCountry = new Map<string, Map<number, number>>()
  for (const row of records) {
    const code = iso3to2[row['Country Code']!]
    if (!code) continue
    const years = new Map<number, number>()
    for (const [key, cell] of Object.entries(row)) {
      if (/^\d{4}$/.test(key) && cell !== '' && Number.isFinite(Number(cell))) years.set(Number(key), Number(cell))
    }
    byCountry.set(code, years)
  }
  return byCountry
}

/** The Fed's series names and their currencies; Venezuela's spans redenominations and is left out. */
const fedSeries: Record<string, string> = {
  Australia: 'AUD',
  Brazil: 'BRL',
  Canada: 'CAD',
  China: 'CNY',
  Denmark: 'DKK',
  Euro: 'EUR',
  'Hong Kong': 'HKD',
  India: 'INR',
  Japan: 'JPY',
  Malaysia: 'MYR',
  Mexico: 'MXN',
  'New Zealand': 'NZD',
  Norway: 'NOK',
  Singapore: 'SGD',
  'South Africa': 'ZAR',
  'South Korea': 'KRW',
  Sweden: 'SEK',
  Switzerland: 'CHF',
  Taiwan: 'TWD',
  Thailand: 'THB',
}

export function readFx(file: InputFile, year: number) {
  const records = csvRecords(file.text)
  requireColumns(records, ['Date', 'Country', 'Exchange rate'], file.name)
  const rates = new Map<string, { value: number; year: number }>()
  for (const row of records) {
    const currency = fedSeries[row.Country!]
    const rowYear = Number(row.Date!.slice(0, 4))
    const value = Number(row['Exchange rate'])
    if (!currency || !Number.isFinite(value) || rowYear > year) continue
    const known = rates.get(currency)
    if (!known || known.year < rowYear) rates.set(currency, { value, year: rowYear })
  }
  return rates
}

export const latest = (years: Map<number, number> | undefined, atMost = Infinity) => {
  const year = [...(years?.keys() ?? [])].filter((y) => y <= atMost).sort((a, b) => b - a)[0]
  return year === undefined ? null : { year, value: years!.get(year)! }
}

/** Reviewed: the prefecture (JIS code) of each Japanese city of the place list (GeoNames names). */
const japanesePrefectures: Record<string, [string, string]> = {
  Chiba: ['12', 'Chiba'],
  Fukuoka: ['40', 'Fukuoka'],
  Hachiōji: ['13', 'Tokyo'],
  Hamamatsu: ['22', 'Shizuoka'],
  Hiroshima: ['34', 'Hiroshima'],
  Kagoshima: ['46', 'Kagoshima'],
  Kawasaki: ['14', 'Kanagawa'],
  Kitakyushu: ['40', 'Fukuoka'],
  Kobe: ['28', 'Hyōgo'],
  Kumamoto: ['43', 'Kumamoto'],
  Kyoto: ['26', 'Kyoto'],
  Nagoya: ['23', 'Aichi'],
  Niigata: ['15', 'Niigata'],
  Okayama: ['33', 'Okayama'],
  Osaka: ['27', 'Osaka'],
  Saitama: ['11', 'Saitama'],
  Sakai: ['27', 'Osaka'],
  Sapporo: ['01', 'Hokkaidō'],
  Sendai: ['04', 'Miyagi'],
  Shizuoka: ['22', 'Shizuoka'],
  Tokyo: ['13', 'Tokyo'],
  Yokohama: ['14', 'Kanagawa'],
  Yono: ['11', 'Saitama'],
}

export function readJapanPrices(file: InputFile, places: PlacesFile): PricesFile['city_price_levels'] {
  const data = JSON.parse(file.text) as { year: number; regions: Record<string, { all: number; housing: number }> }
  if (!Number.isInteger(data.year) || !data.regions?.['13']?.all)
    throw new Error(`${file.name}: expected a year and prefecture indexes (Tokyo = 13).`)
  return places.cities
    .filter((city) => city.country === 'JP')
    .map((city) => {
      const prefecture = japanesePrefectures[city.name]
      const index = prefecture ? data.regions[prefecture[0]] : undefined
      if (!prefecture || !index) throw new Error(`${file.name}: no prefecture index for ${city.name}; add it to japanesePrefectures.`)
      return {
        country: 'JP',
        city: city.name,
        area: `${prefecture[1]} prefecture`,
        all: index.all,
        housing: index.housing,
        year: data.year,
        source: 'mic-regional-prices',
      }
    })
}

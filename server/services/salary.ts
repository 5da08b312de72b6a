import type { Occupation, OccupationMatch, SalaryResult, Source, Wage, WageSet } from '~contract/locations.ts'
import type { OccupationRecord, WageRow } from '../content/datasets.ts'
import { detailError } from '../http/errors.ts'
import { fold, placeKey, placeUrl, type Datasets, type Place, type Places } from './places.ts'

export const occupationNotFound = 'We have no wage figures for that occupation. Pick one from the list.'
export const placeNotFound = 'We do not know that place. Pick one from the list.'

const formatNumber = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })

export type SalaryService = ReturnType<typeof createSalary>

export function createSalary(data: Datasets, places: Places) {
  const { wages } = data
  const byCode = new Map(wages.occupations.map((o) => [o.code, o]))
  const bySlug = new Map(wages.occupations.map((o) => [o.slug, o]))
  const byTitle = new Map(wages.occupations.map((o) => [fold(o.title), o]))
  const synonyms = wages.synonyms.map(([name, code]) => ({ name, text: fold(name), occupation: byCode.get(code)! }))
  const measuredMetro = new Map(wages.metros.map((row) => [`${row.cbsa} ${row.code}`, row]))
  const searchable = wages.occupations.filter((o) => o.code !== '00-0000').map((o) => ({ occupation: o, text: fold(o.title) }))
  const blsSource = (year: number): Source => ({ name: `${wages.sources['bls-oews']!.name}, May ${year}`, year, url: wages.sources['bls-oews']!.url })

  const occupationOf = (record: OccupationRecord): Occupation => ({ code: record.code, title: record.title, slug: record.slug })

  function findOccupation(job: string): OccupationRecord | undefined {
    const text = fold(job)
    return byCode.get(job.trim()) ?? bySlug.get(job.trim()) ?? byTitle.get(text) ?? synonyms.find((s) => s.text === text)?.occupation
  }

  /** Type-ahead over every occupation title and the common job titles that point at one. */
  function searchOccupations(q: string, limit: number): OccupationMatch[] {
    const text = fold(q)
    if (!text) return []
    // A SOC code (a link or an address) names exactly one occupation.
    const byCodeHit = byCode.get(q.trim())
    if (byCodeHit) return [{ ...occupationOf(byCodeHit), matched: null }]
    const hits = new Map<string, { match: OccupationMatch; rank: number }>()
    const add = (occupation: OccupationRecord, rank: number, matched: string | null) => {
      const known = hits.get(occupation.code)
      if (!known || known.rank > rank) hits.set(occupation.code, { match: { ...occupationOf(occupation), matched }, rank })
    }
    for (const synonym of synonyms) {
      if (synonym.text.startsWith(text)) add(synonym.occupation, synonym.text === text ? 0 : 1, synonym.name)
    }
    const words = text.split(' ')
    for (const { occupation, text: title } of searchable) {
      if (title.startsWith(text)) add(occupation, 1, null)
      else if (title.includes(` ${text}`)) add(occupation, 2, null)
      else if (words.every((word) => title.includes(word))) add(occupation, 3, null)
    }
    return [...hits.values()]
      .sort((a, b) => a.rank - b.rank || (byCode.get(b.match.code)!.employment ?? 0) - (byCode.get(a.match.code)!.employment ?? 0))
      .slice(0, limit)
      .map((hit) => hit.match)
  }

  function wageSet(row: WageRow | null, top: number[] | undefined, factor: number, digits: number): WageSet | null {
    if (!row) return null
    const wage = (index: number): Wage => {
      const value = row[index]
      if (value === null || value === undefined) return null
      const scale = 10 ** digits
      return { value: Math.round(value * factor * scale) / scale, top_coded: top?.includes(index) ?? false }
    }
    return { p10: wage(0), p25: wage(1), p50: wage(2), p75: wage(3), p90: wage(4), mean: wage(5) }
  }

  function salary(job: string, locationKey: string, period: 'annual' | 'hourly'): SalaryResult {
    const occupation = findOccupation(job)
    if (!occupation) throw detailError(404, occupationNotFound)
    const place = places.find(locationKey)
    if (!place) throw detailError(404, placeNotFound)
    const estimate = estimateFor(place, occupation)
    const annual = wageSet(estimate.row.annual, estimate.row.annual_top, estimate.factor, 0)
    const hourly = wageSet(estimate.row.hourly, estimate.row.hourly_top, estimate.factor, 2)
    const chosen = period === 'annual' ? annual : hourly
    const source = blsSource(estimate.row.year)
    return {
      occupation: occupationOf(occupation),
      location: { slug: placeKey(place), url: placeUrl(place), name: place.display, kind: place.kind },
      currency: estimate.currency,
      period,
      percentiles: { p10: chosen?.p10 ?? null, p25: chosen?.p25 ?? null, p50: chosen?.p50 ?? null, p75: chosen?.p75 ?? null, p90: chosen?.p90 ?? null },
      mean: chosen?.mean ?? null,
      annual,
      hourly,
      employment: estimate.row.employment,
      is_estimate: estimate.isEstimate,
      method: estimate.method,
      scope: estimate.scope,
      source,
      sources: [source, ...estimate.sources],
    }
  }

  type Estimate = {
    row: Pick<OccupationRecord, 'annual' | 'hourly' | 'annual_top' | 'hourly_top' | 'employment' | 'year'>
    factor: number
    currency: string
    isEstimate: boolean
    scope: SalaryResult['scope']
    method: string
    sources: Source[]
  }

  function estimateFor(place: Place, occupation: OccupationRecord): Estimate {
    const national = { row: occupation, factor: 1, currency: 'USD', sources: [] }
    if (place.country.code !== 'US') return countryEstimate(place, occupation)
    if (place.kind === 'country') {
      return { ...national, isEstimate: false, scope: 'national', method: `Measured: the U.S. national estimate of the BLS OEWS survey (May ${occupation.year}).` }
    }
    const metro = place.metro
    if (!metro) {
      return {
        ...national,
        isEstimate: true,
        scope: 'national',
        method: `U.S. national figures: we have neither local wages nor a BEA price parity for ${place.display}. Pay there can differ.`,
      }
    }
    const measured = measuredMetro.get(`${metro.cbsa} ${occupation.code}`)
    const where = place.kind === 'metro' ? `the ${metro.name} metro area` : `${place.display} (${metro.name} metro area${place.city?.metro_match === 'nearest' ? ', the nearest one' : ''})`
    if (measured) {
      return { ...national, row: measured, isEstimate: false, scope: 'metro', method: `Measured: the BLS OEWS estimate for ${where} (May ${measured.year}).` }
    }
    const parity = metro.rpp.all
    return {
      ...national,
      factor: parity / 100,
      isEstimate: true,
      scope: 'metro',
      method:
        `Estimate for ${where}: U.S. national wage × BEA regional price parity ÷ 100 ` +
        `(all items, ${metro.year}: ${formatNumber(parity, 3)}). Not a measured local wage.`,
      sources: [places.priceSource(metro.source, metro.year)],
    }
  }

  function countryEstimate(place: Place, occupation: OccupationRecord): Estimate {
    const country = place.country
    const ppp = places.countryPrices(country.code)?.ppp
    if (!ppp) throw detailError(404, `We have no wage estimate for ${country.name}: the World Bank publishes no purchasing power parity for it.`)
    const scopeNote = place.kind === 'country' ? '' : ` (no wage data for ${place.display} itself)`
    return {
      row: occupation,
      factor: ppp.value,
      currency: country.currency,
      isEstimate: true,
      scope: 'country',
      method:
        `Country-level estimate for ${country.name}${scopeNote}: U.S. national wage × ${country.name}'s PPP conversion factor ` +
        `(World Bank, ${ppp.year}: ${formatNumber(ppp.value, 4)} ${country.currency} per international dollar). ` +
        `It shows pay with the same purchasing power as the U.S. figure, not a measured wage in ${country.name}.`,
      sources: [places.priceSource(ppp.source, ppp.year)],
    }
  }

  return { salary, searchOccupations, findOccupation }
}

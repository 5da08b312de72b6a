import type { Occupation, OccupationMatch, SalaryResult, Source, Wage, WageSet } from '~contract/locations.ts'
import type { NationalGroupWages, OccupationRecord, UkPay, WageRow } from '../../content/datasets.ts'
import { editDistance } from '../../lib/text.ts'
import { Refusal } from '../errors.ts'
import { createAreaWages, type AreaWages } from './area-wages.ts'
import { fold, placeKey, placeUrl, type Datasets, type Place, type Places } from './places.ts'

export const occupationNotFound = 'We have no wage figures for that occupation. Pick one from the list.'
export const placeNotFound = 'We do not know that place. Pick one from the list.'

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
/** "the United Kingdom", "the Netherlands", "Japan". */
const countryPhrase = (name: string) =>
  /^(United |Netherlands|Philippines|Czech Republic|Dominican Republic|Bahamas|Gambia)/.test(name) ? `the ${name}` : name

export type SalaryService = ReturnType<typeof createSalary>

/** Each query word is within one edit (two from eight letters) of some word, or a prefix of one; short words must match exactly. */
function fuzzyWords(query: string[], words: string[]) {
  return query.every((word) => {
    const max = word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0
    return words.some((candidate) => candidate.startsWith(word) || (max > 0 && editDistance(word, candidate, max) <= max))
  })
}

export function createSalary(data: Datasets, places: Places) {
  const { wages } = data
  const byCode = new Map(wages.occupations.map((o) => [o.code, o]))
  const bySlug = new Map(wages.occupations.map((o) => [o.slug, o]))
  const byTitle = new Map(wages.occupations.map((o) => [fold(o.title), o]))
  const synonyms = wages.synonyms.map(([name, code]) => ({ name, text: fold(name), words: fold(name).split(' '), occupation: byCode.get(code)! }))
  const areaWages = createAreaWages(data.areaWages)
  const searchable = wages.occupations
    .filter((o) => o.code !== '00-0000')
    .map((o) => ({ occupation: o, text: fold(o.title), words: fold(o.title).split(' ') }))
  const blsSource = (year: number, kind: string): Source => ({
    name: `${wages.sources['bls-oews']!.name}, May ${year} (${kind})`,
    year,
    url: wages.sources['bls-oews']!.url,
  })

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
    // Typos ("softwre enginer"): every word of the query close to a word of a job title or title.
    if (hits.size < limit && words.some((word) => word.length >= 4)) {
      for (const synonym of synonyms) if (fuzzyWords(words, synonym.words)) add(synonym.occupation, 4, synonym.name)
      for (const { occupation, words: titleWords } of searchable) if (fuzzyWords(words, titleWords)) add(occupation, 5, null)
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

  const selfEmployed = 'Employees only: OEWS surveys employers, so the self-employed are excluded.'
  const vintage = (year: number) => `May ${year}`

  function salary(job: string, locationKey: string, period: 'annual' | 'hourly'): SalaryResult {
    const occupation = findOccupation(job)
    if (!occupation) throw new Refusal('not-found', occupationNotFound)
    const place = places.find(locationKey)
    if (!place) throw new Refusal('not-found', placeNotFound)
    const figures = place.country.code === 'US' ? usFigures(place, occupation) : abroadFigures(place, occupation)
    const chosen = period === 'annual' ? figures.annual : figures.hourly
    return {
      occupation: occupationOf(occupation),
      location: { slug: placeKey(place), url: placeUrl(place), name: place.display, kind: place.kind },
      currency: figures.currency,
      period,
      percentiles: {
        p10: chosen?.p10 ?? null,
        p25: chosen?.p25 ?? null,
        p50: chosen?.p50 ?? null,
        p75: chosen?.p75 ?? null,
        p90: chosen?.p90 ?? null,
      },
      mean: chosen?.mean ?? null,
      annual: figures.annual,
      hourly: figures.hourly,
      employment: figures.employment,
      location_quotient: figures.locationQuotient,
      is_estimate: figures.isEstimate,
      method: figures.method,
      scope: figures.scope,
      area: figures.area,
      vintage: figures.vintage,
      fallback: figures.fallback,
      notes: figures.notes,
      entry_level: chosen && (chosen.p10 || chosen.p25) ? { from: chosen.p10, to: chosen.p25 } : null,
      source: figures.sources[0] ?? null,
      sources: figures.sources,
    }
  }

  type Figures = {
    annual: WageSet | null
    hourly: WageSet | null
    employment: number | null
    locationQuotient: number | null
    currency: string
    isEstimate: boolean
    scope: SalaryResult['scope']
    area: string
    vintage: string
    fallback: string | null
    notes: string[]
    method: string
    sources: Source[]
  }

  const measuredWage = (value: number | null): Wage => (value === null ? null : { value, top_coded: false })

  function areaFigures(row: AreaWages): Pick<Figures, 'annual' | 'hourly' | 'employment' | 'locationQuotient'> {
    const [p10, p25, p50, p75, p90] = row.percentiles.map(measuredWage)
    const hourly =
      row.hourlyMedian === null && row.hourlyMean === null
        ? null
        : { p10: null, p25: null, p50: measuredWage(row.hourlyMedian), p75: null, p90: null, mean: measuredWage(row.hourlyMean) }
    return {
      annual: { p10: p10!, p25: p25!, p50: p50!, p75: p75!, p90: p90!, mean: measuredWage(row.mean) },
      hourly,
      employment: row.employment,
      locationQuotient: row.locationQuotient,
    }
  }

  /** U.S. places: the metro area's measured figures, else the state's, else the nation's; each says which it is. */
  function usFigures(place: Place, occupation: OccupationRecord): Figures {
    const year = areaWages.year
    const national: Figures = {
      annual: wageSet(occupation.annual, occupation.annual_top, 1, 0),
      hourly: wageSet(occupation.hourly, occupation.hourly_top, 1, 2),
      employment: occupation.employment,
      locationQuotient: null,
      currency: 'USD',
      isEstimate: false,
      scope: 'national',
      area: 'United States',
      vintage: vintage(occupation.year),
      fallback: null,
      notes: [selfEmployed],
      method: `Measured: the BLS OEWS national estimates for the United States (${vintage(occupation.year)}).`,
      sources: [blsSource(occupation.year, 'national estimates')],
    }
    if (place.kind === 'country') return national
    const within = place.kind === 'city' && place.county ? ` ${place.display} is in ${place.county.name}` : ''
    const skipped: string[] = []
    if (place.kind === 'city' && !place.cbsa) {
      skipped.push(
        place.county
          ? `${place.county.name} is outside the metropolitan areas; BLS's nonmetropolitan-area figures are not in our tables`
          : `we do not know which county and metro area ${place.display} is in`,
      )
    }
    if (place.cbsa) {
      const name = `${areaWages.metroName(place.cbsa) ?? place.metro?.name ?? place.cbsa} metro area`
      const row = areaWages.metro(place.cbsa, occupation.code)
      if (row && row.percentiles[2] !== null) {
        const where = within ? `${within}, in the ${name}.` : ''
        return {
          ...national,
          ...areaFigures(row),
          scope: 'metro',
          area: name,
          vintage: vintage(year),
          method: `Measured: the BLS OEWS estimates for the ${name} (${vintage(year)}).${where}`,
          sources: [blsSource(year, 'metropolitan area estimates')],
        }
      }
      skipped.push(`BLS publishes no ${vintage(year)} median for ${occupation.title} in the ${name}`)
    }
    if (place.state) {
      const row = areaWages.state(place.state.code, occupation.code)
      if (row && row.percentiles[2] !== null) {
        return {
          ...national,
          ...areaFigures(row),
          scope: 'state',
          area: place.state.name,
          vintage: vintage(year),
          fallback: skipped.length > 0 ? `${capitalise(skipped.join('; '))}, so these are the figures for ${place.state.name}.` : null,
          method: `Measured: the BLS OEWS estimates for the state of ${place.state.name} (${vintage(year)}).${within ? `${within}.` : ''}`,
          sources: [blsSource(year, 'state estimates')],
        }
      }
      skipped.push(`BLS publishes no ${vintage(year)} median for ${occupation.title} in ${place.state.name}`)
    }
    return { ...national, fallback: `${capitalise(skipped.join('; '))}, so these are the national figures.` }
  }

  const uk = data.ukWages
  const pounds = (value: number) => `£${value.toLocaleString('en-GB')}`
  const ukSource = (year: number, what: string): Source => ({
    name: `${uk.sources['ons-ashe']!.name} ${year} (${what})`,
    year,
    url: uk.sources['ons-ashe']!.url,
  })
  const ukFullTime = 'Full-time employee jobs only (ONS ASHE): the self-employed are excluded.'

  function ukPay(row: UkPay): Pick<Figures, 'annual' | 'hourly' | 'employment' | 'locationQuotient'> {
    const [p10, p25, p50, p75, p90, mean] = row.pay.map((value) => measuredWage(value ?? null))
    return {
      annual: { p10: p10!, p25: p25!, p50: p50!, p75: p75!, p90: p90!, mean: mean! },
      hourly: null,
      employment: row.jobs,
      locationQuotient: null,
    }
  }

  /** Abroad: official figures where our tables have them, at the precision they are published; never U.S. pay converted. */
  function abroadFigures(place: Place, occupation: OccupationRecord): Figures {
    const code = place.country.code
    if (code === 'GB') return ukFigures(place, occupation)
    if (code === 'CA') {
      const figures = canadaFigures(place, occupation)
      if (figures) return figures
    }
    const tables: Record<string, [NationalGroupWages, string, string, string?]> = {
      DE: [abroad.germany, 'KldB 2010', 'Destatis'],
      AU: [abroad.australia, 'ANZSCO', 'The ABS'],
      JP: [abroad.japan, 'JSCO 2020', 'The MHLW'],
      NZ: [abroad.newZealand, 'ANZSCO major group', 'Stats NZ'],
      FR: [abroad.franceDetail, 'PCS-ESE', 'INSEE', 'net pay'],
    }
    const table = tables[code]
    const national = table ? nationalGroupFigures(place, occupation, table[0], table[1], table[2], table[3]) : null
    if (national) return national
    const group = iscoFigures(place, occupation)
    if (group) return group
    const known = Boolean(table || abroad.countries[code])
    return nothingOfficial(
      place,
      occupation,
      known
        ? `We have not matched ${occupation.title} to an occupation group of ${place.country.name}'s official pay statistics.`
        : `No official pay figure for ${occupation.title} in ${countryPhrase(place.country.name)} is in our tables yet.`,
    )
  }

  const abroad = data.abroadWages
  const formats = new Map<string, Intl.NumberFormat>()
  const money = (value: number, currency: string) => {
    let format = formats.get(currency)
    if (!format) formats.set(currency, (format = new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: 0 })))
    return format.format(value).replace(/\u00a0/g, ' ')
  }
  const sourceName = (key: string) => abroad.sources[key]?.name ?? key

  /** Context lines of the wider official figures a country has: all employees, the capital region, a city. */
  function contextNotes(place: Place): string[] {
    const country = abroad.countries[place.country.code]
    const lines: string[] = []
    const region = place.kind === 'city' && place.city ? country?.regions?.[place.city.name] : undefined
    const allMean = country?.all?.[5]
    if (region && country && allMean) {
      lines.push(
        `${region.area}, where ${place.display} is, all employees: mean ${money(region.mean, country.currency)} a year against ${money(allMean * (country.per === 'year' ? 1 : 12), country.currency)} for ${countryPhrase(place.country.name)} as a whole (${sourceName(region.source)} ${region.year}).`,
      )
    }
    const japan = abroad.japan.context
    if (place.country.code === 'JP' && japan && place.kind === 'city' && place.city?.name === japan.area) {
      lines.push(
        `${japan.area}, all employees: median ${money(japan.median, 'JPY')}, mean ${money(japan.mean, 'JPY')} a year (${sourceName(japan.source)} ${japan.year}, annual pay).`,
      )
    }
    return lines
  }

  /** National pay of the occupation's ISCO-08 group (Swiss LSE, Eurostat SES, MOM, IBGE), said to be a group. */
  function iscoFigures(place: Place, occupation: OccupationRecord): Figures | null {
    const country = abroad.countries[place.country.code]
    const reviewed = abroad.soc_isco[occupation.code]
    const isco = reviewed ?? abroad.isco_crosswalk[occupation.code]
    if (!country || !isco || isco === 'all' || isco.length < country.level) return null
    const key = isco.slice(0, country.level)
    const published = country.groups[key]
    if (!published || published.every((value) => value === null)) return null
    const factor = country.per === 'year' ? 1 : 12
    const [p10, p25, p50, p75, p90, mean] = published.map((value) =>
      measuredWage(value === null || value === undefined ? null : Math.round(value * factor)),
    )
    const title = country.titles[key] ?? `ISCO-08 group ${key}`
    const classification = country.classification ? `${country.classification} major group` : 'ISCO-08 group'
    const source = abroad.sources[country.source]!
    const where = place.kind === 'country' ? '' : `, not ${place.display}'s`
    return {
      annual: { p10: p10!, p25: p25!, p50: p50!, p75: p75!, p90: p90!, mean: mean! },
      hourly: null,
      employment: null,
      locationQuotient: null,
      currency: country.currency,
      isEstimate: false,
      scope: 'country',
      area: `${place.country.name}, ${title}`,
      vintage: String(country.year),
      fallback:
        `${source.name.split(',')[0]} publishes ${place.country.name}'s pay by occupation group, not for ${occupation.title} alone: ` +
        `these are the national figures of the whole group ${title} (${classification} ${key})${where}.`,
      notes: [
        country.per === 'year' ? `Published as a year's pay (${country.basis}).` : `Published monthly (${country.basis}); × 12 for a year.`,
        `${occupation.title} is matched to ISCO-08 ${isco.length < 4 ? `group ${isco}` : isco} ${reviewed ? 'by our reviewed table' : 'through the official crosswalks (BLS ISCO-08 × SOC 2010, O*NET SOC 2010 → 2018)'}${country.classification ? `; ${country.classification}'s major groups follow ISCO-08's` : ''}.`,
        ...contextNotes(place),
      ],
      method: `Measured: ${source.name} ${country.year}, ${country.basis}, ${classification} ${key} ${title}.`,
      sources: [{ name: source.name, year: country.year, url: source.url }],
    }
  }

  /** Canada: Statistics Canada's full-time wages of the occupation's NOC group, in the city's province (else Canada). */
  function canadaFigures(place: Place, occupation: OccupationRecord): Figures | null {
    const canada = abroad.canada
    const code = canada.soc[occupation.code]
    if (!code) return null
    const province = place.kind === 'city' && place.city ? canada.cities[place.city.name] : undefined
    const region = province && canada.groups[province]?.[code]?.[2] != null ? province : 'CA'
    const monthly = canada.groups[region]?.[code]
    if (!monthly || monthly.every((value) => value === null)) return null
    const [p10, p25, p50, p75, p90, mean] = monthly.map((value) => measuredWage(value === null || value === undefined ? null : value * 12))
    const title = canada.titles[code] ?? code
    const regionName = canada.regions[region] ?? region
    const source = abroad.sources[canada.source]!
    const cityNote =
      place.kind === 'city'
        ? region === 'CA'
          ? `, not ${place.display}'s: we do not know its province's figure`
          : `, the province ${place.display} is in`
        : ''
    return {
      annual: { p10: p10!, p25: p25!, p50: p50!, p75: p75!, p90: p90!, mean: mean! },
      hourly: null,
      employment: null,
      locationQuotient: null,
      currency: canada.currency,
      isEstimate: false,
      scope: region === 'CA' ? 'country' : 'region',
      area: `${regionName}, ${title}`,
      vintage: String(canada.year),
      fallback: `Statistics Canada publishes pay by occupation group, not for ${occupation.title} alone: these are the figures of the whole group ${title} in ${regionName}${cityNote}.`,
      notes: [
        `Published as ${canada.basis}; × 12 for a year.`,
        `${occupation.title} is matched to the StatCan NOC 2021 group ${code} by our reviewed table.`,
      ],
      method: `Measured: ${source.name}, ${canada.year}, ${regionName}, NOC 2021 group ${code} ${title}: median and mean of full-time employees.`,
      sources: [{ name: source.name, year: canada.year, url: source.url }],
    }
  }

  /** Pay by a national classification (Destatis KldB 2010, ABS ANZSCO, MHLW JSCO, INSEE PCS): the national figure of the occupation's group. */
  function nationalGroupFigures(
    place: Place,
    occupation: OccupationRecord,
    table: NationalGroupWages,
    classification: string,
    publisher: string,
    kind?: string,
  ): Figures | null {
    const code = table.soc[occupation.code]
    const monthly = code ? table.groups[code] : undefined
    if (!code || !monthly || monthly.every((value) => value === null)) return null
    const [p10, p25, p50, p75, p90, mean] = monthly.map((value) =>
      measuredWage(value === null || value === undefined ? null : Math.round(value * 12)),
    )
    const title = table.titles[code] ?? code
    const source = abroad.sources[table.source]!
    const where = place.kind === 'country' ? '' : `, not ${place.display}'s`
    // The gross figure of the occupation's ISCO-08 group beside a net one (France: INSEE is net, Eurostat gross).
    const gross = kind ? iscoFigures(place, occupation) : null
    const grossMean = gross?.annual?.mean
    return {
      annual: { p10: p10!, p25: p25!, p50: p50!, p75: p75!, p90: p90!, mean: mean! },
      hourly: null,
      employment: null,
      locationQuotient: null,
      currency: table.currency,
      isEstimate: false,
      scope: 'country',
      area: `${place.country.name}, ${title}${kind ? ` (${kind})` : ''}`,
      vintage: String(table.year),
      fallback: `${publisher} publishes pay by occupation group (${classification}), not for ${occupation.title} alone, and for the whole country: these are the national figures of the group ${title} (${code})${where}${kind ? `, and they are ${kind}` : ''}.`,
      notes: [
        `Published monthly (${table.basis}); × 12 for a year.`,
        `${occupation.title} is matched to ${classification} ${code} by our reviewed table.`,
        ...(gross && grossMean
          ? [
              `Gross, for comparison: the whole group ${gross.area.split(', ').slice(1).join(', ')}, mean ${money(grossMean.value, gross.currency)} a year (${gross.sources[0]!.name} ${gross.vintage}).`,
            ]
          : []),
        ...contextNotes(place),
      ],
      method: `Measured: ${source.name}, ${table.year}, ${classification} ${code} ${title}, all of ${place.country.name}.`,
      sources: [{ name: source.name, year: table.year, url: source.url }],
    }
  }

  /** The official figures of wider scope a country has, said in full: all its employees, a city's, the OECD's average wage. */
  function nearestFigures(place: Place): string[] {
    const lines: string[] = []
    const country = abroad.countries[place.country.code]
    const all = country?.all
    const allMedian = all?.[2]
    const allMean = all?.[5]
    if (country && (allMedian || allMean)) {
      const factor = country.per === 'year' ? 1 : 12
      const figure = allMedian ? `median ${money(allMedian * factor, country.currency)}` : `mean ${money(allMean! * factor, country.currency)}`
      lines.push(`all employees in ${countryPhrase(place.country.name)}, ${figure} a year (${sourceName(country.source)} ${country.year})`)
    }
    for (const figure of abroad.nearest[place.country.code] ?? []) {
      lines.push(`${figure.what}, ${money(figure.value, figure.currency)} a ${figure.per} (${sourceName(figure.source)} ${figure.year})`)
    }
    return lines
  }

  function nothingOfficial(place: Place, occupation: OccupationRecord, why: string): Figures {
    const nearest = place.country.code === 'GB' ? [] : nearestFigures(place)
    const old = (abroad.nearest[place.country.code] ?? []).some((figure) => figure.year <= areaWages.year - 8)
    const offer =
      nearest.length === 0
        ? ''
        : ` The nearest official figure${nearest.length > 1 ? 's' : ''}: ${nearest.join('; ')}.${old ? ' That figure is old: a guide to relative pay, not to pay today.' : ''}`
    return {
      annual: null,
      hourly: null,
      employment: null,
      locationQuotient: null,
      currency: place.country.currency,
      isEstimate: false,
      scope: 'country',
      area: place.country.name,
      vintage: '',
      fallback: `${why}${offer} We do not convert U.S. pay: a U.S. wage at purchasing power parity is not a local wage.`,
      notes: [],
      method: `No official figure: ${occupation.title} in ${place.display}.`,
      sources: [],
    }
  }

  function ukFigures(place: Place, occupation: OccupationRecord): Figures {
    const code = uk.soc2018[occupation.code]
    // 'all': OEWS's All Occupations is ASHE's All employees.
    const unit = code === 'all' ? { ...uk.all, title: 'All employees' } : code ? uk.occupations[code] : undefined
    if (!code || !unit) {
      const [, , median] = uk.all.pay
      return nothingOfficial(
        place,
        occupation,
        `ONS publishes UK pay by its own occupation groups (SOC 2020), and we have not mapped ${occupation.title} to one. ` +
          `The nearest official figure: all full-time employee jobs in the UK, median ${pounds(median!)} a year (ONS ASHE ${uk.year}).`,
      )
    }
    const unitMedian = unit.pay[2]
    const unitLine = `UK-wide, ${unit.title}${code === 'all' ? '' : ` (SOC 2020 ${code})`}: median ${unitMedian === null || unitMedian === undefined ? 'not published' : pounds(unitMedian)} a year (ONS ASHE ${uk.year}, full-time).`
    const mapped = code === 'all' ? '' : ` ${occupation.title} is matched to the UK unit group ${code} ${unit.title} by our reviewed table.`
    const inLondon = place.kind === 'city' && place.city?.name === 'London'
    if (inLondon && code === 'all') {
      return {
        ...ukPay(uk.london.all),
        currency: 'GBP',
        isEstimate: false,
        scope: 'region',
        area: 'London, all employees',
        vintage: `${uk.london.year} (provisional)`,
        fallback: null,
        notes: [unitLine, ukFullTime],
        method: `Measured: ONS ASHE ${uk.london.year} (provisional), annual gross pay of all full-time employee jobs in London.`,
        sources: [ukSource(uk.london.year, 'London, full-time')],
      }
    }
    const group = uk.london.groups[code.slice(0, 2)]
    if (inLondon && group && group.pay[2] !== null) {
      const groupTitle = uk.groups[code.slice(0, 2)] ?? `SOC 2020 group ${code.slice(0, 2)}`
      return {
        ...ukPay(group),
        currency: 'GBP',
        isEstimate: false,
        scope: 'region',
        area: `London, ${groupTitle}`,
        vintage: `${uk.london.year} (provisional)`,
        fallback: `ASHE publishes London pay by occupation group, not for ${unit.title} alone: these are the figures of the whole group ${groupTitle} in London.`,
        notes: [unitLine, ukFullTime],
        method: `Measured: ONS ASHE ${uk.london.year} (provisional), annual gross pay of full-time employee jobs in London, occupation group ${code.slice(0, 2)} ${groupTitle}.${mapped}`,
        sources: [ukSource(uk.london.year, 'London, full-time, by SOC 2020 sub-major group')],
      }
    }
    return {
      ...ukPay(unit),
      currency: 'GBP',
      isEstimate: false,
      scope: 'country',
      area: `United Kingdom, ${unit.title}`,
      vintage: `${uk.year} (provisional)`,
      fallback:
        place.kind === 'country' ? null : `ASHE's pay by detailed occupation covers the UK as a whole: these are UK figures, not ${place.display}'s.`,
      notes: [ukFullTime],
      method: `Measured: ONS ASHE ${uk.year} (provisional), table 14.7a: annual gross pay of full-time employee jobs in the UK, ${code === 'all' ? 'all employees' : `SOC 2020 unit group ${code} ${unit.title}`}.${mapped}`,
      sources: [ukSource(uk.year, 'table 14.7a, full-time')],
    }
  }

  return { salary, searchOccupations, findOccupation }
}

import type { RentAnswer, RentFigure, Source } from '~contract/locations.ts'
import type { AbroadRent } from '../../content/datasets.ts'
import type { Datasets, Place } from './places.ts'

const bedroomWords = (n: number) => (n === 0 ? 'studio (0-bedroom)' : n >= 4 ? '4-bedroom' : `${n}-bedroom`)
const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount)

export type RentService = ReturnType<typeof createRents>

/** Measured rents: HUD FMR and ACS county rents in the U.S.; abroad the official figures of rents.json.gz. */
export function createRents(data: Datasets) {
  const { rents } = data
  const countyByFips = new Map(rents.counties.map((county) => [county.fips, county]))
  const areaByCbsa = new Map<string, RentsArea>()
  for (const area of rents.hud_areas) {
    if (!area.cbsa) continue
    // A CBSA HUD splits into several FMR areas keeps the one named after it (METRO12420M12420).
    if (!areaByCbsa.has(area.cbsa) || area.code === `METRO${area.cbsa}M${area.cbsa}`) areaByCbsa.set(area.cbsa, area)
  }
  const abroad = new Map<string, AbroadRent>(rents.abroad.map((rent) => [`${rent.country}|${rent.city}`, rent]))
  const source = (id: string, year: number): Source => ({ name: rents.sources[id]!.name, year, url: rents.sources[id]!.url })

  function hudFigure(area: RentsArea, bedrooms: number): RentFigure {
    return {
      label: `Fair Market Rent, ${bedroomWords(bedrooms)} home, ${area.name}`,
      amount: area.fmr[Math.min(bedrooms, 4)]!,
      currency: 'USD',
      bedrooms: Math.min(bedrooms, 4),
      area: area.name,
      period: `FY${rents.fmr_year}`,
      basis:
        'Monthly gross rent (rent plus utilities) at the 40th percentile of recent movers in typical, non-luxury homes; HUD sets it for each FMR area',
      source: source('hud-fmr', rents.fmr_year),
    }
  }

  function abroadFigure(rent: AbroadRent, bedrooms: number): RentFigure {
    const wanted = String(Math.min(bedrooms, 4)) as keyof AbroadRent['by_bedrooms']
    const sizes = (['0', '1', '2', '3', '4'] as const).filter((key) => rent.by_bedrooms[key] !== undefined)
    let key: keyof AbroadRent['by_bedrooms'] = wanted
    let sizeNote = ''
    if (rent.by_bedrooms[wanted] === undefined) {
      if (rent.by_bedrooms.all !== undefined && sizes.length === 0) key = 'all'
      else {
        // The nearest size published, said so.
        key = [...sizes].sort((a, b) => Math.abs(Number(a) - Number(wanted)) - Math.abs(Number(b) - Number(wanted)) || Number(b) - Number(a))[0]!
        sizeNote = ` (no ${bedroomWords(Number(wanted))} figure is published; this is the ${bedroomWords(Number(key))} one)`
      }
    }
    const published = rent.by_bedrooms[key]!
    const weekly = rent.per === 'week'
    const year = Number(/\d{4}/.exec(rent.period)?.[0] ?? 0)
    return {
      label: `${key === 'all' ? 'Rent, all sizes (none published by bedrooms)' : `Rent, ${bedroomWords(Number(key))} home`}, ${rent.area}${sizeNote}`,
      amount: weekly ? Math.round((published * 52) / 12) : published,
      currency: rent.currency,
      bedrooms: key === 'all' ? null : Number(key),
      area: rent.area,
      period: rent.period,
      basis: weekly ? `${rent.basis}: ${money(published, rent.currency)} a week, × 52 ÷ 12 for a month` : rent.basis,
      source: source(rent.source, year),
    }
  }

  /** The measured rents of a place for a home of `bedrooms` bedrooms; `note` says when there are none. */
  function rentFor(place: Place, bedrooms: number): RentAnswer {
    const figures: RentFigure[] = []
    if (place.country.code === 'US') {
      const county = place.county ? countyByFips.get(place.county.fips) : undefined
      const area = county ? rents.hud_areas[county.hud_area] : place.cbsa ? areaByCbsa.get(place.cbsa) : undefined
      if (area) figures.push(hudFigure(area, bedrooms))
      if (county?.acs_rent) {
        figures.push({
          label: `Median gross rent, all sizes, ${county.name}`,
          amount: county.acs_rent,
          currency: 'USD',
          bedrooms: null,
          area: county.name,
          period: rents.acs_years,
          basis: 'Median monthly gross rent (rent plus utilities) of all renter-occupied homes, American Community Survey 5-year estimates',
          source: source('census-acs', Number(rents.acs_years.slice(-4))),
        })
      }
      if (figures.length > 0) return { bedrooms, figures, note: null }
      return {
        bedrooms,
        figures,
        note:
          place.kind === 'country' || place.kind === 'state'
            ? `HUD and the Census Bureau publish rents by county and metro area, not for ${place.display} as a whole: pick a city for a measured rent.`
            : `No official rent figure for ${place.display} in our tables.`,
      }
    }
    const rent = place.kind === 'city' && place.city ? abroad.get(`${place.country.code}|${place.city.name}`) : undefined
    if (rent) return { bedrooms, figures: [abroadFigure(rent, bedrooms)], note: null }
    return { bedrooms, figures, note: `No official rent figure for ${place.display} in our tables.` }
  }

  return { rentFor }
}

type RentsArea = Datasets['rents']['hud_areas'][number]

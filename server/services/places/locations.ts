import type {
  CityListEntry,
  CountryListEntry,
  LocationDetail,
  LocationEntry,
  LocationKind,
  PriceFigure,
  RelatedArticle,
} from '~contract/locations.ts'
import type { Log } from '../../log.ts'
import type { Library } from '../library/index.ts'
import { relatedArticles, type LocationData } from './location-data.ts'
import { countryOf, fold, locationEntry, placeUrl, type Place } from './places.ts'

export type Locations = ReturnType<typeof createLocations>

/**
 * The location pages: countries and cities, their price figures, budget and rent, and related
 * library articles when a library is given.
 */
export function createLocations({ places, cost }: LocationData, content: { library?: Library; log?: Log } = {}) {
  const cityEntries: CityListEntry[] = places.listedCities.map((city) => ({
    id: city.id,
    city: city.city,
    country: city.country,
    url: `/${places.countryByCode(city.code)!.slug}/${city.slug}`,
  }))
  const priceLevel = (code: string) => {
    const level = places.countryPrices(code)?.price_level
    return level ? Math.round(level.value * 1000) / 10 : null
  }

  function pricesOf(place: Place): PriceFigure[] {
    const figures: PriceFigure[] = []
    if (place.parity) {
      const { rpp, year, source, area } = place.parity
      const src = places.priceSource(source, year)
      figures.push(
        { label: `Prices in ${area} (all items, U.S. = 100)`, value: rpp.all, source: src },
        { label: 'Housing (U.S. = 100)', value: rpp.housing, source: src },
        { label: 'Goods (U.S. = 100)', value: rpp.goods, source: src },
      )
    }
    const country = places.countryPrices(place.country.code)
    if (country?.price_level && place.country.code !== 'US') {
      figures.push({
        label: `Price level of ${place.country.name} at market exchange rates (U.S. = 100)`,
        value: Math.round(country.price_level.value * 1000) / 10,
        source: places.priceSource(country.price_level.source, country.price_level.year),
      })
    }
    if (country?.ppp && place.country.code !== 'US') {
      figures.push({
        label: `PPP conversion factor (${place.country.currency} per international dollar)`,
        value: country.ppp.value,
        source: places.priceSource(country.ppp.source, country.ppp.year),
      })
    }
    return figures
  }

  async function articlesFor(place: Place): Promise<RelatedArticle[]> {
    if (!content.library) return []
    try {
      return relatedArticles(await content.library.snapshot(), place)
    } catch (error) {
      // A library that cannot be read (no articles table yet) costs the page its links, not the page.
      content.log?.warn('Locations: reading the library for related articles failed', error)
      return []
    }
  }

  async function detail(place: Place): Promise<LocationDetail> {
    const budget = cost.monthlyTotal(place)
    const cities =
      place.kind === 'country'
        ? places.citiesOf(place.country).sort((a, b) => (b.city?.population ?? 0) - (a.city?.population ?? 0))
        : places
            .search({ q: '', country: place.country.slug, kind: 'city' })
            .filter((other) => other !== place)
            .slice(0, 8)
    return {
      ...locationEntry(place),
      population: place.city?.population ?? null,
      region: place.city?.region ?? null,
      currency: place.country.currency,
      metro:
        place.metro && place.kind === 'city'
          ? { name: place.metro.name, url: `/united-states/${place.metro.slug}`, match: place.city?.metro_match ?? 'named' }
          : null,
      prices: pricesOf(place),
      monthly_budget: budget ? { ...budget, is_estimate: true } : null,
      rent: cost.rentFor(place, 1),
      cities: cities.map(locationEntry),
      related_articles: await articlesFor(place),
      attribution: places.attribution,
    }
  }

  let aliases: Map<string, Place[]> | undefined
  /** Cities and metros by country and folded slug. */
  function foldedSlugs() {
    const index = new Map<string, Place[]>()
    for (const place of places.all) {
      if (place.kind === 'country') continue
      const key = `${place.country.slug}/${fold(place.slug)}`
      index.set(key, [...(index.get(key) ?? []), place])
    }
    return index
  }

  return {
    /** Listed countries, or all of them, with their listed cities and price level. */
    countries: (scope: 'listed' | 'all'): CountryListEntry[] =>
      places.countries
        .filter((country) => scope === 'all' || country.listed)
        .map((country, index) => ({
          id: index + 1,
          ...countryOf(country),
          url: `/countries/${country.slug}`,
          cities: cityEntries.filter((city) => places.listedCities[city.id - 1]!.code === country.code),
          price_level: priceLevel(country.code),
        })),

    cities: (): CityListEntry[] => cityEntries,

    /** A country's page; undefined for an unknown slug. */
    async country(slug: string): Promise<LocationDetail | undefined> {
      const country = places.countryBySlug(slug)
      return country ? detail(places.find(country.slug)!) : undefined
    },

    /** A city's (or metro's) page; undefined for an unknown place, and for the country itself. */
    async place(countrySlug: string, slug: string): Promise<LocationDetail | undefined> {
      const country = places.countryBySlug(countrySlug)
      // A country's own page lives at /countries/{slug}; /{country}/{country} is not a place.
      const place = country && slug !== country.slug ? places.find(`${country.slug}/${slug}`) : undefined
      return place ? detail(place) : undefined
    },

    /**
     * Where a place page that does not exist went, when its address names a place in plain
     * letters (/poland/lodz for /poland/łódź, /switzerland/zurich): that place's own address,
     * if exactly one place of the country folds to it. Undefined otherwise.
     */
    movedTo(countrySlug: string, slug: string): string | undefined {
      const country = places.countryBySlug(countrySlug)
      if (!country || places.find(`${country.slug}/${slug}`)) return undefined
      aliases ??= foldedSlugs()
      const found = aliases.get(`${country.slug}/${fold(slug)}`)
      return found?.length === 1 ? placeUrl(found[0]!) : undefined
    },

    /** One page of the places matching the search, best first, and how many pages there are. */
    search(query: { q: string; country?: string; kind?: LocationKind }, page: number, size: number) {
      const list = places.search(query)
      return {
        count: list.length,
        pages: Math.max(1, Math.ceil(list.length / size)),
        results: list.slice((page - 1) * size, page * size).map(locationEntry) satisfies LocationEntry[],
      }
    },

    /** The cities the location search offers before anything is typed. */
    priorityCities: () =>
      places.priorityCities.map((city) => {
        const place = places.find(`${places.countryByCode(city.code)!.slug}/${city.slug}`)!
        return { location: city.location, country: city.country, url: placeUrl(place) }
      }),
  }
}

import { Hono, type MiddlewareHandler } from 'hono'
import {
  countryListQuery,
  locationListQuery,
  type CityListEntry,
  type CountryListEntry,
  type LocationDetail,
  type LocationList,
  type PriceFigure,
  type RelatedArticle,
} from '~contract/locations.ts'
import type { AuthEnv } from '../http/auth.ts'
import { detailError } from '../http/errors.ts'
import { queryParams } from '../http/validate.ts'
import type { Log } from '../log.ts'
import type { Library } from '../services/library.ts'
import { relatedArticles, type LocationData } from '../services/location-data.ts'
import { countryOf, locationEntry, placeUrl, type Place } from '../services/places.ts'

export const locationNotFound = 'Location not found.'

/**
 * GET /countries, /countries/{slug} (signed-in), /cities, /locations, /locations/{country}/{slug};
 * a place's answer links related library articles when a library is given.
 */
export function locationRoutes(
  { places, cost }: LocationData,
  requireUser: MiddlewareHandler<AuthEnv>,
  content: { library?: Library; log?: Log } = {},
) {
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
  const countryList = (scope: 'listed' | 'all'): CountryListEntry[] =>
    places.countries
      .filter((country) => scope === 'all' || country.listed)
      .map((country, index) => ({
        id: index + 1,
        ...countryOf(country),
        url: `/countries/${country.slug}`,
        cities: cityEntries.filter((city) => places.listedCities[city.id - 1]!.code === country.code),
        price_level: priceLevel(country.code),
      }))

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
        : places.search({ q: '', country: place.country.slug, kind: 'city' }).filter((other) => other !== place).slice(0, 8)
    return {
      ...locationEntry(place),
      population: place.city?.population ?? null,
      region: place.city?.region ?? null,
      currency: place.country.currency,
      metro: place.metro && place.kind === 'city' ? { name: place.metro.name, url: `/united-states/${place.metro.slug}`, match: place.city?.metro_match ?? 'named' } : null,
      prices: pricesOf(place),
      monthly_budget: budget ? { ...budget, is_estimate: true } : null,
      rent: cost.rentFor(place, 1),
      cities: cities.map(locationEntry),
      related_articles: await articlesFor(place),
      attribution: places.attribution,
    }
  }

  return new Hono<AuthEnv>()
    .get('/countries', queryParams(countryListQuery), (c) => {
      c.header('Cache-Control', 'public, max-age=3600')
      return c.json(countryList(c.req.valid('query').scope))
    })
    .get('/countries/:slug', requireUser, async (c) => {
      const country = places.countryBySlug(c.req.param('slug'))
      if (!country) throw detailError(404, locationNotFound)
      c.header('Cache-Control', 'private, max-age=3600')
      return c.json(await detail(places.find(country.slug)!))
    })
    .get('/cities', (c) => {
      c.header('Cache-Control', 'public, max-age=3600')
      return c.json(cityEntries)
    })
    .get('/locations', queryParams(locationListQuery), (c) => {
      const { q, country, kind, page, page_size: size } = c.req.valid('query')
      const list = places.search({ q, country, kind })
      const pages = Math.max(1, Math.ceil(list.length / size))
      if (page > pages) throw detailError(404, 'Invalid page.')
      const link = (to: number) => {
        const params = new URLSearchParams()
        if (q) params.set('q', q)
        if (country) params.set('country', country)
        if (kind) params.set('kind', kind)
        params.set('page', String(to))
        params.set('page_size', String(size))
        return `/api/locations?${params}`
      }
      c.header('Cache-Control', 'public, max-age=3600')
      return c.json({
        count: list.length,
        next: page < pages ? link(page + 1) : null,
        previous: page > 1 ? link(page - 1) : null,
        results: list.slice((page - 1) * size, page * size).map(locationEntry),
        priorityCities: places.priorityCities.map((city) => {
          const place = places.find(`${places.countryByCode(city.code)!.slug}/${city.slug}`)!
          return { location: city.location, country: city.country, url: placeUrl(place) }
        }),
      } satisfies LocationList)
    })
    .get('/locations/:country/:slug', async (c) => {
      const country = places.countryBySlug(c.req.param('country'))
      const slug = c.req.param('slug')
      // A country's own page lives at /countries/{slug}; /{country}/{country} is not a place.
      const place = country && slug !== country.slug ? places.find(`${country.slug}/${slug}`) : undefined
      if (!place) throw detailError(404, locationNotFound)
      c.header('Cache-Control', 'public, max-age=3600')
      return c.json(await detail(place))
    })
}

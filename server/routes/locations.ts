import { Hono } from 'hono'
import { countryListQuery, locationListQuery, type LocationList } from '~contract/locations.ts'
import type { AuthEnv } from '../http/auth.ts'
import { detailError } from '../http/errors.ts'
import { queryParams } from '../http/validate.ts'
import type { RouteContext } from './context.ts'

export const locationNotFound = 'Location not found.'

/**
 * GET /countries, /countries/{slug} (signed-in), /cities, /locations, /locations/{country}/{slug}
 * and its share card (card.png);
 * the pages themselves come from the locations service.
 */
export function locationRoutes({ services, requireUser }: RouteContext) {
  const { locations } = services
  return (
    new Hono<AuthEnv>()
      .get('/countries', queryParams(countryListQuery), (c) => {
        c.header('Cache-Control', 'public, max-age=3600')
        return c.json(locations.countries(c.req.valid('query').scope))
      })
      .get('/countries/:slug', requireUser, async (c) => {
        const detail = await locations.country(c.req.param('slug'))
        if (!detail) throw detailError(404, locationNotFound)
        c.header('Cache-Control', 'private, max-age=3600')
        return c.json(detail)
      })
      .get('/cities', (c) => {
        c.header('Cache-Control', 'public, max-age=3600')
        return c.json(locations.cities())
      })
      .get('/locations', queryParams(locationListQuery), (c) => {
        const { q, country, kind, page, page_size: size } = c.req.valid('query')
        const found = locations.search({ q, country, kind }, page, size)
        if (page > found.pages) throw detailError(404, 'Invalid page.')
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
          count: found.count,
          next: page < found.pages ? link(page + 1) : null,
          previous: page > 1 ? link(page - 1) : null,
          results: found.results,
          priorityCities: locations.priorityCities(),
        } satisfies LocationList)
      })
      .get('/locations/:country/:slug', async (c) => {
        const detail = await locations.place(c.req.param('country'), c.req.param('slug'))
        if (!detail) throw detailError(404, locationNotFound)
        c.header('Cache-Control', 'public, max-age=3600')
        return c.json(detail)
      })
      // The picture a shared link to the place page shows (share-cards.ts).
      .get('/locations/:country/:slug/card.png', async (c) => {
        const card = await services.shareCards.place(c.req.param('country'), c.req.param('slug'))
        if (!card) throw detailError(404, locationNotFound)
        c.header('ETag', card.etag)
        c.header('Cache-Control', 'public, max-age=86400')
        if (c.req.header('If-None-Match') === card.etag) return c.body(null, 304)
        c.header('Content-Type', 'image/png')
        return c.body(card.png)
      })
  )
}

import { Hono } from 'hono'
import { pageViewRequest } from '~contract/events.ts'
import { pageViews } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { jsonBody } from '../http/validate.ts'

/**
 * First-party page views, sent by the SPA only with analytics consent. We keep the path, the
 * previous path and the day: never the IP address, the user or the guest token.
 */
export function eventsRoutes({ db, clock }: Deps) {
  return new Hono().post('/', jsonBody(pageViewRequest), async (c) => {
    const { path, referrer } = c.req.valid('json')
    const now = clock.now()
    await db.insert(pageViews).values({ path, referrerPath: referrer ?? null, day: now.toISOString().slice(0, 10) })
    return c.body(null, 202)
  })
}

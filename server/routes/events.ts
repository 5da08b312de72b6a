import { Hono } from 'hono'
import { pageViewRequest } from '~contract/events.ts'
import { pageViews } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { jsonBody } from '../http/validate.ts'
import { limitKeys } from '../services/accounts.ts'
import { clientIp, refuseWhenLimited, type RateLimiter } from '../services/rate-limit.ts'

/**
 * First-party page views, sent by the SPA only with analytics consent. We keep the path, the
 * previous path and the day: never the IP address, the user or the guest token.
 */
export function eventsRoutes({ db, clock, config }: Deps, limiter: RateLimiter) {
  return new Hono().post('/', jsonBody(pageViewRequest), async (c) => {
    const { path, referrer } = c.req.valid('json')
    // Counted by a hash of the address that expires with its window; the view itself stays anonymous.
    refuseWhenLimited(
      [await limiter.hit(limitKeys.eventsIp(clientIp(c, config.trustProxy)), config.rateLimits.eventsPerIp)],
      (seconds) => `Too many page views. Try again in ${seconds} seconds.`,
    )
    const now = clock.now()
    await db.insert(pageViews).values({ path, referrerPath: referrer ?? null, day: now.toISOString().slice(0, 10) })
    return c.body(null, 202)
  })
}

import { Hono } from 'hono'
import { pageViewRequest } from '~contract/events.ts'
import { clientIp } from '../http/client-ip.ts'
import { jsonBody } from '../http/validate.ts'
import { limitKeys } from '../services/accounts/index.ts'
import { refuseWhenLimited } from '../services/rate-limit.ts'
import type { RouteContext } from './context.ts'

/** First-party page views, sent by the SPA only with analytics consent (kept anonymous by the events service). */
export function eventsRoutes({ config, services }: RouteContext) {
  const { events, limiter } = services
  return new Hono().post('/', jsonBody(pageViewRequest), async (c) => {
    const { path, referrer } = c.req.valid('json')
    // Counted by a hash of the address that expires with its window; the view itself stays anonymous.
    refuseWhenLimited(
      [await limiter.hit(limitKeys.eventsIp(clientIp(c, config.trustProxy)), config.rateLimits.eventsPerIp)],
      (seconds) => `Too many page views. Try again in ${seconds} seconds.`,
    )
    await events.pageView(path, referrer)
    return c.body(null, 202)
  })
}

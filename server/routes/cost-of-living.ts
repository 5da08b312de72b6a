import { Hono } from 'hono'
import { costQuery, type CostOfLivingResult } from '~contract/locations.ts'
import type { AuthEnv } from '../http/auth.ts'
import { queryParams } from '../http/validate.ts'
import type { RouteContext } from './context.ts'

/** GET /cost-of-living (signed-in users: results are gated) and GET /cost-of-living/currencies. */
export function costOfLivingRoutes({ services, requireUser }: RouteContext) {
  const { cost } = services.locationData
  return new Hono<AuthEnv>()
    .get('/currencies', (c) => {
      c.header('Cache-Control', 'public, max-age=3600')
      return c.json(cost.currencies())
    })
    .get('/', requireUser, queryParams(costQuery), (c) => {
      c.header('Cache-Control', 'private, max-age=3600')
      return c.json(cost.costOfLiving(c.req.valid('query')) satisfies CostOfLivingResult)
    })
}

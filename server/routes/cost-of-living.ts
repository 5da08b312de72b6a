import { Hono, type MiddlewareHandler } from 'hono'
import { costQuery, type CostOfLivingResult } from '~contract/locations.ts'
import type { AuthEnv } from '../http/auth.ts'
import { queryParams } from '../http/validate.ts'
import type { LocationData } from '../services/location-data.ts'

/** GET /cost-of-living (signed-in users: results are gated) and GET /cost-of-living/currencies. */
export function costOfLivingRoutes({ cost }: LocationData, requireUser: MiddlewareHandler<AuthEnv>) {
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

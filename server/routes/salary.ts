import { Hono } from 'hono'
import { salaryQuery, typeAheadQuery, type OccupationMatch, type SalaryResult } from '~contract/locations.ts'
import type { AuthEnv } from '../http/auth.ts'
import { queryParams } from '../http/validate.ts'
import type { RouteContext } from './context.ts'

/** GET /salary (signed-in users: results are gated) and GET /salary/occupations (type-ahead). */
export function salaryRoutes({ services, requireUser }: RouteContext) {
  const { salary } = services.locationData
  return new Hono<AuthEnv>()
    .get('/occupations', queryParams(typeAheadQuery), (c) => {
      const { q, limit } = c.req.valid('query')
      c.header('Cache-Control', 'public, max-age=3600')
      return c.json(salary.searchOccupations(q, limit) satisfies OccupationMatch[])
    })
    .get('/', requireUser, queryParams(salaryQuery), (c) => {
      const { job, location, period } = c.req.valid('query')
      c.header('Cache-Control', 'private, max-age=3600')
      return c.json(salary.salary(job, location, period) satisfies SalaryResult)
    })
}

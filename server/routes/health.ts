import { Hono } from 'hono'
import type { HealthResponse } from '~contract/health.ts'
import { databaseRetryAfterSeconds } from '../http/errors.ts'
import type { RouteContext } from './context.ts'

/** While the database stays down, the health check says so in the log once a minute. */
const repeatWarningMs = 60_000

export function healthRoutes({ services, clock, config, log }: RouteContext) {
  const startedAt = clock.now().getTime()
  let downSince: number | undefined
  let lastWarned = Number.NEGATIVE_INFINITY
  return new Hono().get('/', async (c) => {
    let dbStatus: HealthResponse['db']['status'] = 'ok'
    try {
      await services.health.pingDatabase()
    } catch (error) {
      dbStatus = 'down'
      const now = Date.now()
      downSince ??= now
      // A load balancer asks every few seconds: one line when it goes down, then once a minute.
      if (now - lastWarned >= repeatWarningMs) {
        lastWarned = now
        log.warn('Health check: the database does not answer', error)
      }
    }
    if (dbStatus === 'ok' && downSince !== undefined) {
      log.info(`Health check: the database answers again (it did not for ${Math.round((Date.now() - downSince) / 1000)} s)`)
      downSince = undefined
      lastWarned = Number.NEGATIVE_INFINITY
    }
    const body: HealthResponse = {
      status: dbStatus === 'ok' ? 'ok' : 'degraded',
      db: { status: dbStatus, driver: config.databaseUrl ? 'postgres' : 'pglite' },
      version: config.version,
      uptime_s: Math.floor((clock.now().getTime() - startedAt) / 1000),
    }
    // 503 lets a load balancer take a process without its database out of rotation.
    c.header('Cache-Control', 'no-store')
    if (dbStatus === 'down') c.header('Retry-After', String(databaseRetryAfterSeconds))
    return c.json(body, dbStatus === 'ok' ? 200 : 503)
  })
}

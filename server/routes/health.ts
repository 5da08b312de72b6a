import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { HealthResponse } from '~contract/health.ts'
import type { Deps } from '../deps.ts'

export function healthRoutes({ db, clock, config, log }: Deps) {
  const startedAt = clock.now().getTime()
  return new Hono().get('/', async (c) => {
    let dbStatus: HealthResponse['db']['status'] = 'ok'
    try {
      await db.execute(sql`select 1`)
    } catch (error) {
      log.warn('Health check: the database does not answer', error)
      dbStatus = 'down'
    }
    const body: HealthResponse = {
      status: dbStatus === 'ok' ? 'ok' : 'degraded',
      db: { status: dbStatus, driver: config.databaseUrl ? 'postgres' : 'pglite' },
      version: config.version,
      uptime_s: Math.floor((clock.now().getTime() - startedAt) / 1000),
    }
    // 503 lets a load balancer take a process without its database out of rotation.
    c.header('Cache-Control', 'no-store')
    return c.json(body, dbStatus === 'ok' ? 200 : 503)
  })
}

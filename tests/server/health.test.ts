import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { expect, test } from 'vitest'
import { healthResponse } from '~contract/health.ts'
import { describeDbs } from './support/db.ts'
import { getJson, unreachableDb } from './support/http.ts'

const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version

describeDbs('GET /api/health', (suite) => {
  test('answers ok with the driver, the version and the uptime', async () => {
    const app = suite.app()
    suite.clock.advance(90_500)

    const response = await getJson(app, '/api/health')

    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const body = v.parse(healthResponse, await response.json())
    expect(body).toEqual({ status: 'ok', db: { status: 'ok', driver: suite.driver }, version, uptime_s: 90 })
  })

  test('answers 503 degraded when the database does not answer', async () => {
    const app = suite.app({ db: unreachableDb() })

    const response = await getJson(app, '/api/health')

    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ status: 'degraded', db: { status: 'down', driver: suite.driver } })
    expect(suite.log.lines).toContain('warn: Health check: the database does not answer (connection refused)')
  })
})

import { connect, createServer, type Server, type Socket } from 'node:net'
import { DrizzleQueryError } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../../server/app.ts'
import { createPool, pgDb, type Db } from '../../server/db/open.ts'
import { isDatabaseUnavailable } from '../../server/db/unavailable.ts'
import { outboxMailer } from '../../server/services/mail/mail.ts'
import { DbSuite, fakeClock, memoryLog, testConfig } from './support/db.ts'
import { getJson, postJson } from './support/http.ts'

// What a client sees while PostgreSQL is down or restarting: a 503 in the app's one error
// shape with Retry-After, never a 500; and the same process answers again once it is back.

const unavailable = {
  detail: 'The service is briefly unavailable: our database is not answering. Please try again in a moment.',
}
const credentials = { email: 'ann@example.com', password: 'correct horse battery staple' }

/** An error as node-postgres reports a server message, e.g. 57P01 when PostgreSQL shuts down. */
function serverError(code: string, message: string) {
  const error = new pg.DatabaseError(message, message.length, 'error')
  error.code = code
  error.severity = 'FATAL'
  return error
}
/** An error as Node reports a failed socket. */
function socketError(code: string) {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: 'connect' })
}
/** drizzle wraps every failed query like this. */
const queryError = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error)

/** A database whose every call fails with `error`. */
function failingDb(error: unknown): Db {
  const fail = () => {
    throw error
  }
  return new Proxy({}, { get: () => fail }) as Db
}

function appOn(db: Db, config = testConfig({ databaseUrl: 'postgres://waypoint@127.0.0.1:1/waypoint' })) {
  const log = memoryLog()
  const clock = fakeClock()
  return { log, app: createApp({ db, clock, config, log, mailer: outboxMailer(db, clock, log) }) }
}

/** A TCP port on 127.0.0.1 where nobody listens (a server that was there a moment ago). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

describe('recognising an unreachable database', () => {
  test.each([
    ['57P01 admin_shutdown (PostgreSQL restarting)', queryError(serverError('57P01', 'terminating connection due to administrator command'))],
    ['57P03 cannot_connect_now (starting up)', serverError('57P03', 'the database system is starting up')],
    ['08006 connection_failure', queryError(serverError('08006', 'connection failure'))],
    ['53300 too_many_connections', queryError(serverError('53300', 'sorry, too many clients already'))],
    ['ECONNREFUSED under a query', queryError(socketError('ECONNREFUSED'))],
    ['ECONNRESET from pool.connect() of a transaction', socketError('ECONNRESET')],
    ['a connection cut mid-query', queryError(new Error('Connection terminated unexpectedly'))],
    ['a connect timeout', queryError(new Error('timeout exceeded when trying to connect'))],
    ['a refused dual-stack connect', queryError(new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')]))],
  ])('%s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true)
  })

  test.each([
    ['a unique violation', queryError(serverError('23505', 'duplicate key value violates unique constraint'))],
    ['a syntax error', queryError(serverError('42601', 'syntax error at or near "selec"'))],
    ['a failed outgoing fetch (an OAuth provider)', new TypeError('fetch failed', { cause: socketError('ECONNREFUSED') })],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a plain message that only sounds like it', new Error('connection refused')],
  ])('not %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false)
  })
})

describe('requests while PostgreSQL is shutting down', () => {
  test('an admin shutdown (57P01) answers 503 with Retry-After in the one error shape', async () => {
    const { app, log } = appOn(failingDb(queryError(serverError('57P01', 'terminating connection due to administrator command'))))

    const response = await postJson(app, '/api/users/login', credentials)

    expect(response.status).toBe(503)
    expect(response.headers.get('Retry-After')).toBe('5')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await response.json()).toEqual(unavailable)
    expect(log.lines.filter((line) => line.startsWith('error:'))).toEqual([])
    expect(log.lines.at(-1)).toMatch(
      /^warn: POST \/api\/users\/login answered 503, the database is unavailable \(Failed query: select 1: terminating connection/,
    )
  })

  test('any other failure is still a 500', async () => {
    const { app } = appOn(failingDb(queryError(serverError('42P01', 'relation "users" does not exist'))))

    const response = await postJson(app, '/api/users/login', credentials)

    expect(response.status).toBe(500)
    expect(response.headers.get('Retry-After')).toBeNull()
  })
})

describe('PostgreSQL that refuses connections (a real pool on a closed port)', () => {
  let port: number
  let pool: pg.Pool
  beforeAll(async () => {
    port = await closedPort()
    pool = createPool(`postgres://waypoint@127.0.0.1:${port}/waypoint`, memoryLog())
  })
  afterAll(() => pool.end())

  test('API calls that need the database answer 503; health says the database is down', async () => {
    const { app, log } = appOn(pgDb(pool))

    const calls = [
      await postJson(app, '/api/users/login', credentials),
      await postJson(app, '/api/users/register', { email: 'bob@example.com', password: 'another long passphrase' }),
      await postJson(app, '/api/users/refresh', { refresh: 'a'.repeat(43) }),
      await postJson(app, '/api/users/contact-us/subscribe', { email: 'cy@example.com' }),
    ]

    for (const response of calls) {
      expect(response.status).toBe(503)
      expect(response.headers.get('Retry-After')).toBe('5')
      expect(await response.json()).toEqual(unavailable)
    }
    // One warning for the burst, none as an error.
    expect(log.lines.filter((line) => line.includes('answered 503'))).toHaveLength(1)
    expect(log.lines.filter((line) => line.startsWith('error:'))).toEqual([])

    const health = await getJson(app, '/api/health')
    expect(health.status).toBe(503)
    expect(health.headers.get('Retry-After')).toBe('5')
    expect(await health.json()).toMatchObject({ status: 'degraded', db: { status: 'down', driver: 'postgres' } })
  })
})

/**
 * A TCP relay to PostgreSQL that can refuse connections (down) and cut every open one:
 * an outage without stopping anyone's database.
 */
function relay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let port = 0
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host)
        for (const s of [client, upstream]) {
          sockets.add(s)
          s.on('close', () => sockets.delete(s))
          s.on('error', () => undefined)
        }
        client.pipe(upstream).pipe(client)
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
      })
      server.on('error', reject)
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port
        resolve()
      })
    })
  return {
    port: () => port,
    up: listen,
    /** Stops listening (connections are refused) and cuts every open connection. */
    down: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server?.close(() => resolve())
      }),
  }
}

// Needs a real PostgreSQL: TEST_DATABASE_URL, as the rest of the server suite.
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL away and back, same process [postgres]', () => {
  const suite = new DbSuite('postgres')
  let pool: pg.Pool
  let outage: ReturnType<typeof relay>
  beforeAll(async () => {
    await suite.open()
    const url = new URL(suite.config.databaseUrl!)
    outage = relay({ host: url.hostname, port: Number(url.port || 5432) })
    await outage.up()
    url.hostname = '127.0.0.1'
    url.port = String(outage.port())
    pool = createPool(url.toString(), suite.log)
  })
  afterAll(async () => {
    await pool?.end()
    await outage?.down()
    await suite.close()
  })

  test('503 while it is away, then the same app signs in again without a restart', async () => {
    const app = suite.app({ db: pgDb(pool) })
    const registered = await postJson(app, '/api/users/register', credentials)
    expect(registered.status).toBe(201)

    await outage.down()
    const during = await postJson(app, '/api/users/login', credentials)
    expect(during.status).toBe(503)
    expect(during.headers.get('Retry-After')).toBe('5')
    expect(await during.json()).toEqual(unavailable)
    expect((await getJson(app, '/api/health')).status).toBe(503)

    await outage.up()
    const after = await postJson(app, '/api/users/login', credentials)
    expect(after.status).toBe(200)
    expect(await after.json()).toMatchObject({ email: credentials.email })
    expect((await getJson(app, '/api/health')).status).toBe(200)
  })
})

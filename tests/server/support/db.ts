import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { SQL } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe } from 'vitest'
import { createApp } from '../../../server/app.ts'
import type { Clock } from '../../../server/clock.ts'
import { defaultPasswordWork, defaultRateLimits, projectPaths, scaleRateLimits, type Config } from '../../../server/config.ts'
import { createPool, migratePglite, migratePostgres, pgDb, pgliteDb, pgliteExtensions, type Db, type Driver } from '../../../server/db/open.ts'
import type { Deps } from '../../../server/deps.ts'
import { createChatService, type ChatServiceOptions } from '../../../server/services/assistant/index.ts'
import type { ContentServices } from '../../../server/services/content.ts'
import { createServices } from '../../../server/services/index.ts'
import { describeError, type Log } from '../../../server/log.ts'
import { outboxMailer } from '../../../server/services/mail/mail.ts'

export const rootDir = process.cwd()
const paths = projectPaths(rootDir)

export type FakeClock = Clock & { set(at: Date | string): void; advance(ms: number): void }

/** Rows of raw SQL; both drivers answer `{ rows }`, which drizzle's shared type does not show. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows
}

/** Time stands still until a test moves it. */
export function fakeClock(start = '2025-03-01T09:00:00.000Z'): FakeClock {
  let now = new Date(start).getTime()
  return {
    now: () => new Date(now),
    set: (at) => {
      now = new Date(at).getTime()
    },
    advance: (ms) => {
      now += ms
    },
  }
}

/** Keeps log lines for assertions instead of printing them. */
export type MemoryLog = Log & { lines: string[] }
export function memoryLog(): MemoryLog {
  const lines: string[] = []
  const keep = (level: string) => (message: string, error?: unknown) => {
    lines.push(`${level}: ${message}${error instanceof Error ? ` (${describeError(error)})` : ''}`)
  }
  return { lines, debug: keep('debug'), info: keep('info'), warn: keep('warn'), error: keep('error') }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: join(tmpdir(), 'waypoint-test-unused'),
    databaseUrl: undefined,
    smtpUrl: undefined,
    mailFrom: 'Waypoint <no-reply@waypoint.local>',
    contactInbox: 'support@waypoint.local',
    logLevel: 'silent',
    ...paths,
    // Tests never see a real SPA build unless they make one.
    staticDir: join(tmpdir(), 'waypoint-test-no-spa'),
    jsonBodyLimitBytes: 64 * 1024,
    publicUrl: undefined,
    jwtSecret: undefined,
    trustProxy: 0,
    oauth: {
      'google-oauth2': { issuer: 'https://accounts.google.com', clientId: undefined, clientSecret: undefined },
      'linkedin-oauth2': { issuer: 'https://www.linkedin.com/oauth', clientId: undefined, clientSecret: undefined },
    },
    // Suites share one address ("unknown": app.request has no socket) and a still clock:
    // limits are out of the way unless a test sets defaultRateLimits.
    rateLimits: scaleRateLimits(defaultRateLimits, 1000),
    passwordWork: defaultPasswordWork(),
    audioPregenerate: false,
    audioEngine: 'auto',
    audioTimeoutS: 300,
    ...overrides,
  }
}

/**
 * A migrated PGlite data directory as a tarball. initdb plus migrations cost seconds, so it
 * is made once per set of migrations and kept in the temp folder for every suite and run.
 */
let template: Promise<Blob> | undefined
export function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const hash = createHash('sha256')
    const pglitePackage = join(rootDir, 'node_modules/@electric-sql/pglite/package.json')
    hash.update(readFileSync(pglitePackage))
    for (const file of listFiles(paths.migrationsDir)) {
      hash.update(relative(paths.migrationsDir, file)).update(readFileSync(file))
    }
    const name = `waypoint-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`
    const file = join(tmpdir(), name)
    if (existsSync(file)) return new Blob([readFileSync(file)])
    // Templates of older migrations are 40 MB each: drop them.
    for (const old of readdirSync(tmpdir())) {
      if (old.startsWith('waypoint-pglite-template-') && !old.startsWith(name)) rmSync(join(tmpdir(), old), { force: true })
    }
    const client = await PGlite.create({ extensions: pgliteExtensions })
    await migratePglite(client, paths.migrationsDir)
    const dump = await client.dumpDataDir('none')
    await client.close()
    // Written aside and renamed: parallel test workers never read half a file.
    const partial = `${file}.${process.pid}.partial`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, file)
    return dump
  })()
  return template
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

/** A fresh, migrated PGlite in memory. */
export async function pgliteClone(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: await pgliteTemplate(), extensions: pgliteExtensions })
}

/**
 * What a test may change in the app it builds: deps; content services made once for the suite
 * (a seeded library, its narrator stopped after the suite); the chat's pacing and tool doubles.
 */
export type TestAppOptions = Partial<Deps> & {
  content?: ContentServices
  assistant?: Omit<ChatServiceOptions, 'library' | 'tokens' | 'limiter' | 'locations'>
}

/** One database for one suite; `app()` builds the app on it with test deps. */
export class DbSuite {
  db!: Db
  config!: Config
  readonly clock = fakeClock()
  readonly log = memoryLog()
  private closeDb: () => Promise<void> = async () => {}

  constructor(readonly driver: Driver) {}

  app(options: TestAppOptions = {}) {
    return this.build(options).app
  }

  /** The app and its services, for tests that hold a service (say, fill the password queue) themselves. */
  build({ content, assistant, ...overrides }: TestAppOptions = {}) {
    const deps: Deps = {
      db: this.db,
      mailer: outboxMailer(this.db, this.clock, this.log),
      clock: this.clock,
      config: this.config,
      log: this.log,
      ...overrides,
    }
    const services = createServices(deps, { content })
    if (assistant) {
      const {
        content: { library },
        tokens,
        limiter,
        locationData: locations,
      } = services
      services.chat = createChatService(deps, { library, tokens, limiter, locations, ...assistant })
    }
    return { app: createApp(deps, services), services }
  }

  async open() {
    if (this.driver === 'pglite') {
      const client = await pgliteClone()
      this.db = pgliteDb(client)
      this.config = testConfig()
      this.closeDb = () => client.close()
      return
    }
    const adminUrl = process.env.TEST_DATABASE_URL!
    const name = `waypoint_test_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    const pool = createPool(url.toString(), this.log)
    await migratePostgres(pool, paths.migrationsDir)
    this.db = pgDb(pool)
    this.config = testConfig({ databaseUrl: url.toString() })
    this.closeDb = async () => {
      await pool.end()
      await admin.query(`drop database ${name} with (force)`)
      await admin.end()
    }
  }

  close() {
    return this.closeDb()
  }
}

/** Runs a suite on PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL. */
export function describeDbs(name: string, fn: (suite: DbSuite) => void) {
  const drivers: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
  for (const driver of drivers) {
    describe(`${name} [${driver}]`, () => {
      const suite = new DbSuite(driver)
      beforeAll(() => suite.open())
      afterAll(() => suite.close())
      fn(suite)
    })
  }
}

const madeDirs: string[] = []
afterAll(() => {
  for (const dir of madeDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A temp folder, removed when the test file is done. */
export function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), `waypoint-${prefix}-`))
  madeDirs.push(dir)
  return dir
}

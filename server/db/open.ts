import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzleLite } from 'drizzle-orm/pglite'
import { migrate as migrateLite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { describeError, type Log } from '../log.ts'
import { lockDataDir } from './pglite-lock.ts'
import * as schema from './schema.ts'

/** The drizzle database of either driver: code above this folder sees only this. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
export type Driver = 'pglite' | 'postgres'

export type Database = { db: Db; close(): Promise<void> }

/** Extensions the migrations create (pg_trgm for the library search); every PGlite needs them loaded. */
export const pgliteExtensions = { pg_trgm }

export type DatabaseOptions = { dataDir: string; databaseUrl: string | undefined; migrationsDir: string }

/** Opens PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR; migrates either. */
export async function openDatabase(options: DatabaseOptions, log: Log): Promise<Database> {
  if (!existsSync(join(options.migrationsDir, 'meta/_journal.json'))) {
    throw new Error(`No migrations in ${options.migrationsDir}: start Waypoint from the project folder.`)
  }
  if (options.databaseUrl) {
    const pool = createPool(options.databaseUrl, log)
    try {
      await migratePostgres(pool, options.migrationsDir)
    } catch (error) {
      await pool.end()
      throw error
    }
    return { db: pgDb(pool), close: () => pool.end() }
  }

  mkdirSync(options.dataDir, { recursive: true })
  const release = lockDataDir(options.dataDir)
  let client: PGlite | undefined
  try {
    client = await PGlite.create(join(options.dataDir, 'pglite'), { extensions: pgliteExtensions })
    await migratePglite(client, options.migrationsDir)
  } catch (error) {
    await client?.close()
    release()
    throw error
  }
  const opened = client
  return {
    db: pgliteDb(opened),
    async close() {
      try {
        await opened.close()
      } finally {
        release()
      }
    },
  }
}

export const pgliteDb = (client: PGlite): Db => drizzleLite({ client, schema })
export const pgDb = (pool: pg.Pool): Db => drizzlePg({ client: pool, schema })

export function createPool(connectionString: string, log: Log): pg.Pool {
  // Without a timeout a down server makes every query (and /api/health) wait forever.
  const pool = new pg.Pool({ connectionString, connectionTimeoutMillis: 5000 })
  // An idle connection dropped by the server (a restart ends every session with 57P01) must
  // not crash the process; the pool forgets it and connects anew when next asked. One line
  // per connection: a restart drops them all at once.
  pool.on('error', (error) => log.warn(`PostgreSQL connection lost (${describeError(error)}): the pool reconnects when next needed`))
  return pool
}

export async function migratePglite(client: PGlite, migrationsFolder: string) {
  await migrateLite(drizzleLite({ client }), { migrationsFolder })
}

/** Several processes may start together on one database: the advisory lock lets one migrate. */
export async function migratePostgres(pool: pg.Pool, migrationsFolder: string) {
  const client = await pool.connect()
  const lockKey = 7_310_452 // any constant shared by all Waypoint processes
  try {
    await client.query('select pg_advisory_lock($1)', [lockKey])
    await migratePg(drizzlePg({ client }), { migrationsFolder })
  } finally {
    await client.query('select pg_advisory_unlock($1)', [lockKey]).catch(() => undefined)
    client.release()
  }
}

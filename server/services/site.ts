// The site itself: whether its database answers, and the page views it counts.
import { sql } from 'drizzle-orm'
import { pageViews } from '../db/schema.ts'
import type { Deps } from '../deps.ts'

export type Health = ReturnType<typeof createHealth>

export function createHealth({ db }: Pick<Deps, 'db'>) {
  return {
    /** Resolves when the database answers; throws its error when it does not. */
    async pingDatabase() {
      await db.execute(sql`select 1`)
    },
  }
}

export type Events = ReturnType<typeof createEvents>

/**
 * First-party page views: the path, the previous path and the day; never the IP address, the
 * user or the guest token.
 */
export function createEvents({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  return {
    async pageView(path: string, referrer: string | null | undefined) {
      const now = clock.now()
      await db.insert(pageViews).values({ path, referrerPath: referrer ?? null, day: now.toISOString().slice(0, 10) })
    },
  }
}

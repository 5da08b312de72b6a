import { pageViews } from '../db/schema.ts'
import type { Deps } from '../deps.ts'

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

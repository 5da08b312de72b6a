import { and, eq, lt, sql } from 'drizzle-orm'
import type { RateLimit } from '../config.ts'
import { rateLimitCounters } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { Refusal } from './errors.ts'
import { batched } from '../lib/queue.ts'
import { sha256 } from '../lib/crypto.ts'

export type RateLimiter = ReturnType<typeof createRateLimiter>

/**
 * Fixed-window counters in the database, so every process behind a load balancer counts
 * together. Keys are stored hashed: they name e-mail addresses and IP addresses.
 */
export function createRateLimiter({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  const windowOf = (rule: RateLimit) => {
    const now = clock.now().getTime()
    const start = Math.floor(now / rule.windowMs) * rule.windowMs
    // Whole seconds until the window ends, at least 1: the Retry-After value.
    const retryAfter = Math.max(1, Math.ceil((start + rule.windowMs - now) / 1000))
    return { start: new Date(start), end: new Date(start + rule.windowMs), retryAfter }
  }

  /**
   * The events counted in one turn of the event loop, in one statement: each counter row once
   * (a row cannot be updated twice in a statement), raised by its number of events; each event
   * gets the count it makes, in arrival order.
   */
  const countOne = batched(async (events: { keyHash: string; window: { start: Date; end: Date } }[]) => {
    const rowKey = (keyHash: string, start: Date) => `${keyHash}@${start.getTime()}`
    const rows = new Map<string, { keyHash: string; windowStart: Date; count: number; expiresAt: Date }>()
    const order = events.map(({ keyHash, window }) => {
      const id = rowKey(keyHash, window.start)
      const row = rows.get(id) ?? { keyHash, windowStart: window.start, count: 0, expiresAt: window.end }
      row.count += 1
      rows.set(id, row)
      return { id, nth: row.count }
    })
    const counted = await db
      .insert(rateLimitCounters)
      .values([...rows.values()])
      .onConflictDoUpdate({
        target: [rateLimitCounters.keyHash, rateLimitCounters.windowStart],
        set: { count: sql`${rateLimitCounters.count} + excluded.count` },
      })
      .returning({ keyHash: rateLimitCounters.keyHash, windowStart: rateLimitCounters.windowStart, count: rateLimitCounters.count })
    const totals = new Map(counted.map((row) => [rowKey(row.keyHash, row.windowStart), row.count]))
    return order.map(({ id, nth }) => totals.get(id)! - rows.get(id)!.count + nth)
  })

  return {
    /** Counts one event; answers the seconds to wait when this event is over the limit. */
    async hit(key: string, rule: RateLimit): Promise<number | undefined> {
      return (await this.count(key, rule)).wait
    },

    /** Counts one event; answers the window's count with it and the wait, as `hit`. */
    async count(key: string, rule: RateLimit): Promise<{ count: number; wait: number | undefined }> {
      const window = windowOf(rule)
      const count = await countOne({ keyHash: sha256(key), window })
      return { count, wait: count > rule.limit ? window.retryAfter : undefined }
    },

    /** Without counting: the seconds to wait when the limit is already reached. */
    async check(key: string, rule: RateLimit): Promise<number | undefined> {
      const window = windowOf(rule)
      const [row] = await db
        .select({ count: rateLimitCounters.count })
        .from(rateLimitCounters)
        .where(and(eq(rateLimitCounters.keyHash, sha256(key)), eq(rateLimitCounters.windowStart, window.start)))
      return (row?.count ?? 0) >= rule.limit ? window.retryAfter : undefined
    },

    /** Forgets every window of these keys (account erasure). */
    forget(keys: string[]) {
      return Promise.all(keys.map((key) => db.delete(rateLimitCounters).where(eq(rateLimitCounters.keyHash, sha256(key)))))
    },

    prune(before: Date) {
      return db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, before))
    },
  }
}

/** Refuses as rate-limited (429 with Retry-After) when any of the waits is set; the longest wait wins. */
export function refuseWhenLimited(waits: (number | undefined)[], message: (retryAfterSeconds: number) => string) {
  const wait = Math.max(0, ...waits.map((w) => w ?? 0))
  if (wait > 0) throw new Refusal('rate-limited', message(wait), wait)
}

import { and, eq, lt, sql } from 'drizzle-orm'
import type { RateLimit } from '../config.ts'
import { rateLimitCounters } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { Refusal } from './errors.ts'
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

  return {
    /** Counts one event; answers the seconds to wait when this event is over the limit. */
    async hit(key: string, rule: RateLimit): Promise<number | undefined> {
      return (await this.count(key, rule)).wait
    },

    /** Counts one event; answers the window's count with it and the wait, as `hit`. */
    async count(key: string, rule: RateLimit): Promise<{ count: number; wait: number | undefined }> {
      const window = windowOf(rule)
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ keyHash: sha256(key), windowStart: window.start, count: 1, expiresAt: window.end })
        .onConflictDoUpdate({
          target: [rateLimitCounters.keyHash, rateLimitCounters.windowStart],
          set: { count: sql`${rateLimitCounters.count} + 1` },
        })
        .returning({ count: rateLimitCounters.count })
      return { count: row!.count, wait: row!.count > rule.limit ? window.retryAfter : undefined }
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

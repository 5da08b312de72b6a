import { lt } from 'drizzle-orm'
import { oauthStates, passwordResetTokens } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import type { Newsletter } from './mail/index.ts'
import type { RateLimiter } from './rate-limit.ts'
import type { Tokens } from './accounts/index.ts'

const everyMs = 10 * 60_000
const graceMs = 24 * 60 * 60_000

export type Housekeeping = ReturnType<typeof createHousekeeping>

/**
 * Deletes rows nobody can use any more (rate-limit windows, expired sign-ins, OAuth states and
 * reset links), at most every 10 minutes per process, after a request: no timer to stop.
 */
export function createHousekeeping(
  { db, clock, log }: Pick<Deps, 'db' | 'clock' | 'log'>,
  { tokens, limiter, newsletter }: { tokens: Tokens; limiter: RateLimiter; newsletter: Newsletter },
) {
  let lastRun = Number.NEGATIVE_INFINITY
  let running = false
  return {
    maybeRun() {
      const now = clock.now()
      if (running || now.getTime() - lastRun < everyMs) return
      lastRun = now.getTime()
      running = true
      const before = new Date(now.getTime() - graceMs)
      // Never part of the request: its failure is logged, not answered.
      void Promise.resolve()
        .then(() =>
          Promise.all([
            limiter.prune(now),
            tokens.prune(before),
            db.delete(oauthStates).where(lt(oauthStates.expiresAt, before)),
            db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, before)),
            // Addresses that never confirmed their subscription leave the list once the link has expired.
            newsletter.forgetUnconfirmed(),
          ]),
        )
        .catch((error: unknown) => log.warn('Deleting expired sessions and counters failed', error))
        .finally(() => {
          running = false
        })
    },
  }
}

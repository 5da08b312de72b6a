import { hash, verify } from '@node-rs/argon2'
import { authMessages } from '~contract/auth.ts'
import type { PasswordWorkLimits } from '../../config.ts'
import { Refusal } from '../errors.ts'

/**
 * argon2id at about 14 ms a hash fills both cores of a small machine under a burst of sign-in
 * attempts. Hashing therefore runs at most `concurrent` at a time; up to `queued` more wait,
 * and a request beyond that is refused at once as busy (503 with Retry-After) instead of queuing
 * without bound. Requests that do no password work never wait behind it. Counted per process:
 * it guards this process's CPU, so it lives in memory.
 */
export function createPasswordWork(limits: PasswordWorkLimits) {
  let running = 0
  const waiting: (() => void)[] = []

  async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limits.concurrent) {
      if (waiting.length >= limits.queued) {
        throw new Refusal('busy', authMessages.passwordWorkBusy, busyRetryAfterSeconds)
      }
      await new Promise<void>((resolve) => waiting.push(resolve))
    } else {
      running++
    }
    try {
      return await task()
    } finally {
      // The slot passes straight to the next waiter, so `running` stays counted for it.
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }

  let decoy: Promise<string> | undefined

  return {
    run,
    /** argon2id with the library's default cost. */
    hash: (password: string) => run(() => hash(password)),
    /** False for a wrong password and for a stored value that is not an argon2 hash. */
    verify: (passwordHash: string, password: string) =>
      run(async () => {
        try {
          return await verify(passwordHash, password)
        } catch {
          return false
        }
      }),
    /**
     * Spends the time of a real verification when there is no hash to check (unknown address,
     * social-only account), so the answer time does not tell whether an account exists.
     */
    async verifyNothing(password: string): Promise<false> {
      decoy ??= hash('a password nobody has: the decoy of verifyNothing')
      const decoyHash = await decoy
      await run(() => verify(decoyHash, password).catch(() => false))
      return false
    },
    /** What is running and waiting now (for tests and the log). */
    load: () => ({ running, waiting: waiting.length }),
  }
}

export type PasswordWork = ReturnType<typeof createPasswordWork>

/** A queue slot frees within milliseconds; a couple of seconds spreads the retries. */
export const busyRetryAfterSeconds = 2

import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { defaultRateLimits, type Config } from '../../server/config.ts'
import { passwordResetTokens, users } from '../../server/db/schema.ts'
import { randomToken, sha256 } from '../../server/lib/crypto.ts'
import { bearer, goodPassword, newEmail, registerUser, send } from './support/auth.ts'
import { describeDbs } from './support/db.ts'
import { getJson, postJson } from './support/http.ts'

let addresses = 0
/** A client address of its own per call (the app trusts one proxy in these tests). */
const newIp = () => {
  const n = ++addresses
  return `10.9.${(n >> 8) & 255}.${n & 255}`
}
const from = (ip: string) => ({ 'X-Forwarded-For': ip })
const busy = { detail: 'Too many people are signing in right now. Try again in a few seconds.' }
const invalidToken = { token: ['This reset link has expired or was already used. Ask for a new one.'] }

describeDbs('bounded password work', (suite) => {
  const limitedConfig = (): Config => ({ ...suite.config, rateLimits: defaultRateLimits, trustProxy: 1 })

  /** A reset token for the account of `email`, stored as the reset mail would store it. */
  async function resetToken(email: string) {
    const [user] = await suite.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    const token = randomToken()
    const now = suite.clock.now()
    await suite.db.insert(passwordResetTokens).values({
      userId: user!.id,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 60 * 60_000),
    })
    return token
  }

  test('a full hashing queue answers 503 with Retry-After; made-up reset tokens and the rest of the API are not held up', async () => {
    const {
      app,
      services: { passwords },
    } = suite.build({ config: { ...suite.config, passwordWork: { concurrent: 1, queued: 1 } } })
    const email = newEmail()
    await registerUser(app, email)
    const token = await resetToken(email)

    // Two hashes under way elsewhere: one running, one waiting for its turn.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const running = [passwords.run(() => held), passwords.run(() => held)]

    const madeUp = await postJson(app, '/api/users/reset-password-by-email', { token: randomToken(), password: 'a new passphrase' })
    const real = await postJson(app, '/api/users/reset-password-by-email', { token, password: 'a new passphrase' })
    const signIn = await postJson(app, '/api/users/login', { email, password: goodPassword })
    const health = await getJson(app, '/api/health')

    expect(madeUp.status).toBe(400)
    expect(await madeUp.json()).toEqual(invalidToken)
    for (const response of [real, signIn]) {
      expect(response.status).toBe(503)
      expect(response.headers.get('Retry-After')).toBe('2')
      expect(await response.json()).toEqual(busy)
    }
    expect(health.status).toBe(200)

    release()
    await Promise.all(running)
    // The refused request used nothing up: the same link works now.
    const again = await postJson(app, '/api/users/reset-password-by-email', { token, password: 'a new passphrase' })
    expect(again.status).toBe(200)
    expect((await postJson(app, '/api/users/login', { email, password: 'a new passphrase' })).status).toBe(200)
  })

  test('reset-by-token hammered from one address: 30 a minute get through, the rest 429, /api/health answers throughout', async () => {
    const server = serve({ fetch: suite.app({ config: { ...limitedConfig(), trustProxy: 0 } }).fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise<void>((resolve) => server.once('listening', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const reset = () =>
        fetch(`${base}/api/users/reset-password-by-email`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ token: randomToken(), password: 'a new passphrase' }),
        })
      const health = () => fetch(`${base}/api/health`)
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 5 === 4 ? health() : reset())))

      const resets = answers.filter((_, i) => i % 5 !== 4)
      const healths = answers.filter((_, i) => i % 5 === 4)
      expect(healths.map((r) => r.status)).toEqual(Array(10).fill(200))
      expect(resets.filter((r) => r.status === 400)).toHaveLength(30)
      const limited = resets.filter((r) => r.status === 429)
      expect(limited).toHaveLength(10)
      expect(limited[0]!.headers.get('Retry-After')).toMatch(/^\d+$/)
      expect(await limited[0]!.json()).toEqual({ detail: expect.stringMatching(/^Too many password changes\. Try again in \d+ minutes?\.$/) })
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  test('sign-ins from one address: 30 a minute, the right password included; then password changes wait too', async () => {
    const app = suite.app({ config: limitedConfig() })
    const accounts = await Promise.all([1, 2, 3, 4].map(() => registerUser(app, newEmail())))
    const ip = newIp()
    for (let i = 0; i < 30; i++) {
      const { email } = accounts[i % 4]!
      expect((await postJson(app, '/api/users/login', { email, password: goodPassword }, from(ip))).status).toBe(200)
    }

    const thirtyFirst = await postJson(app, '/api/users/login', { email: accounts[0]!.email, password: goodPassword }, from(ip))
    const change = await send(
      app,
      'POST',
      '/api/users/me/password',
      { current_password: goodPassword, new_password: 'another passphrase' },
      { ...bearer(accounts[1]!.access), ...from(ip) },
    )

    expect(thirtyFirst.status).toBe(429)
    expect(await thirtyFirst.json()).toEqual({ detail: expect.stringMatching(/^Too many sign-in attempts\. Try again in 1 minute\.$/) })
    expect(change.status).toBe(429)
    expect(await change.json()).toEqual({ detail: 'Too many password changes. Try again in 1 minute.' })
    // Another address signs in as usual.
    expect((await postJson(app, '/api/users/login', { email: accounts[0]!.email, password: goodPassword }, from(newIp()))).status).toBe(200)
  })

  test('one account: 10 sign-ins in 15 minutes, from any addresses; others are not affected', async () => {
    const app = suite.app({ config: limitedConfig() })
    const email = newEmail()
    await registerUser(app, email)
    const other = newEmail()
    await registerUser(app, other)
    suite.clock.set('2025-04-01T10:00:00.000Z')
    for (let i = 0; i < 10; i++) {
      expect((await postJson(app, '/api/users/login', { email, password: goodPassword }, from(newIp()))).status).toBe(200)
    }

    const eleventh = await postJson(app, '/api/users/login', { email, password: goodPassword }, from(newIp()))

    expect(eleventh.status).toBe(429)
    expect(eleventh.headers.get('Retry-After')).toBe('900')
    expect(await eleventh.json()).toEqual({ detail: 'Too many sign-in attempts. Try again in 15 minutes.' })
    expect((await postJson(app, '/api/users/login', { email: other, password: goodPassword }, from(newIp()))).status).toBe(200)
    suite.clock.set('2025-04-01T10:15:00.000Z')
    expect((await postJson(app, '/api/users/login', { email, password: goodPassword }, from(newIp()))).status).toBe(200)
  })
})

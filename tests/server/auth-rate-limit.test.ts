import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { and, eq, sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import { expect, test, vi } from 'vitest'
import { defaultRateLimits, type Config } from '../../server/config.ts'
import { contactMessages, outbox, rateLimitCounters } from '../../server/db/schema.ts'
import { goodPassword, newEmail, registerUser } from './support/auth.ts'
import { describeDbs } from './support/db.ts'
import { postJson } from './support/http.ts'

let addresses = 0
/**
 * A client address of its own per call, so tests never share a per-IP counter: the last entry
 * is what our proxy saw; the first is whatever the client claimed, and must not count.
 */
const newIp = () => {
  const n = ++addresses
  return `192.0.2.1, 10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}
const from = (forwardedFor: string) => ({ 'X-Forwarded-For': forwardedFor })

describeDbs('rate limits', (suite) => {
  // Behind one proxy: the client address is the last X-Forwarded-For entry.
  const limitedConfig = (): Config => ({ ...suite.config, rateLimits: defaultRateLimits, trustProxy: 1 })
  const app = () => suite.app({ config: limitedConfig() })
  const login = (app: Hono, email: string, password: string, ip = newIp()) => postJson(app, '/api/users/login', { email, password }, from(ip))

  /** Seconds to the end of the fixed window of `windowMs` at the suite clock's time. */
  const windowLeft = (windowMs: number) => {
    const now = suite.clock.now().getTime()
    return Math.ceil((Math.floor(now / windowMs) * windowMs + windowMs - now) / 1000)
  }

  test('the 11th failed sign-in of an account from one address within 15 minutes answers 429 there, the right password too; the owner elsewhere signs in', async () => {
    const server = app()
    const email = newEmail()
    await registerUser(server, email)
    suite.clock.set('2025-03-01T10:03:20.000Z')
    const attacker = newIp()

    for (let attempt = 1; attempt <= 10; attempt++) {
      // Two a minute: under the per-address limit of 10 a minute.
      if (attempt % 2) suite.clock.advance(60_000)
      const response = await login(server, email, `wrong password ${attempt}`, attacker)
      expect(response.status).toBe(401)
    }
    const eleventh = await login(server, email, 'wrong password 11', attacker)
    const right = await login(server, email, goodPassword, attacker)

    for (const response of [eleventh, right]) {
      expect(response.status).toBe(429)
      // 10:08:20 in the 10:00–10:15 window: 6 minutes 40 seconds left.
      expect(response.headers.get('Retry-After')).toBe('400')
      expect(await response.json()).toEqual({ detail: 'Too many sign-in attempts. Try again in 7 minutes.' })
    }
    // The owner, at their own address, is not locked out.
    expect((await login(server, email, goodPassword)).status).toBe(200)

    suite.clock.set('2025-03-01T10:15:00.000Z')
    expect((await login(server, email, goodPassword, attacker)).status).toBe(200)
  })

  test('ten wrong passwords for an account mail its owner once; the account-wide ceiling of 100 an hour holds every address', async () => {
    const server = app()
    const email = newEmail()
    await registerUser(server, email)
    suite.clock.set('2025-03-01T11:00:00.000Z')
    const alerts = () =>
      suite.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, email), eq(outbox.subject, 'Failed sign-ins to your Waypoint account')))

    for (let attempt = 1; attempt <= 100; attempt++) {
      // Many addresses, each under its own limits.
      expect((await login(server, email, 'wrong password', newIp())).status).toBe(401)
      if (attempt === 9) expect(await alerts()).toHaveLength(0)
    }
    const ceiling = await login(server, email, goodPassword, newIp())

    expect(ceiling.status).toBe(429)
    expect(ceiling.headers.get('Retry-After')).toBe('3600')
    const [alert, ...more] = await vi.waitFor(async () => {
      const found = await alerts()
      expect(found.length).toBeGreaterThan(0)
      return found
    })
    expect(more).toHaveLength(0)
    expect(alert!.body).toContain(`10 attempts to sign in to your Waypoint account (${email}) used a wrong password.`)
    suite.clock.set('2025-03-01T12:00:00.000Z')
    expect((await login(server, email, goodPassword, newIp())).status).toBe(200)
  })

  test('an address with 10 failed sign-ins in a minute is refused for the rest of it', async () => {
    const server = app()
    const ip = newIp()
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await login(server, newEmail('guess'), 'some password', ip)).status).toBe(401)
    }
    const email = newEmail()
    await registerUser(server, email)

    const response = await login(server, email, goodPassword, ip)

    expect(response.status).toBe(429)
    expect(response.headers.get('Retry-After')).toBe(String(windowLeft(60_000)))
    expect(await response.json()).toEqual({ detail: 'Too many sign-in attempts. Try again in 1 minute.' })
    // Another address is not affected.
    expect((await login(server, email, goodPassword)).status).toBe(200)
  })

  test('the counters are shared by processes on one database', async () => {
    const first = app()
    const second = app()
    const email = newEmail()
    await registerUser(first, email)

    const ip = newIp()
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await login(attempt % 2 ? first : second, email, 'wrong password', ip)).status).toBe(401)
    }

    expect((await login(first, email, goodPassword, ip)).status).toBe(429)
    expect((await login(second, email, goodPassword, ip)).status).toBe(429)
  })

  test('without TRUST_PROXY the socket address counts, and X-Forwarded-For is ignored', async () => {
    const server = serve({
      fetch: suite.app({ config: { ...limitedConfig(), trustProxy: 0 } }).fetch,
      port: 0,
      hostname: '127.0.0.1',
    })
    await new Promise<void>((resolve) => server.once('listening', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const attempt = (i: number) =>
        fetch(`${base}/api/users/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...from(`198.51.100.${i}`) },
          body: JSON.stringify({ email: newEmail('guess'), password: 'some password' }),
        })
      for (let i = 1; i <= 10; i++) expect((await attempt(i)).status).toBe(401)

      const response = await attempt(11)

      expect(response.status).toBe(429)
      expect(await response.json()).toEqual({ detail: 'Too many sign-in attempts. Try again in 1 minute.' })
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  test('registering: 10 per address per hour', async () => {
    const server = app()
    const ip = newIp()
    for (let i = 1; i <= 10; i++) {
      expect((await postJson(server, '/api/users/register', { email: newEmail(), password: goodPassword }, from(ip))).status).toBe(201)
    }

    const response = await postJson(server, '/api/users/register', { email: newEmail(), password: goodPassword }, from(ip))

    expect(response.status).toBe(429)
    expect(response.headers.get('Retry-After')).toBe(String(windowLeft(3_600_000)))
    expect((await response.json()) as unknown).toEqual({
      detail: `Too many sign-up attempts. Try again in ${Math.ceil(windowLeft(3_600_000) / 60)} minutes.`,
    })
  })

  test('reset requests: 5 per e-mail address per hour, whether or not it has an account', async () => {
    const server = app()
    const known = newEmail()
    await registerUser(server, known)
    const unknown = newEmail('nobody')

    for (const email of [known, unknown]) {
      for (let i = 1; i <= 5; i++) {
        const response = await postJson(server, '/api/users/request-reset-password-email', { email }, from(newIp()))
        expect(response.status).toBe(200)
        expect(await response.json()).toEqual({ detail: 'We have sent you an email with the password reset link.' })
      }
    }
    const answers = await Promise.all(
      [known, unknown].map((email) => postJson(server, '/api/users/request-reset-password-email', { email }, from(newIp()))),
    )

    for (const response of answers) {
      expect(response.status).toBe(429)
      expect(response.headers.get('Retry-After')).toBe(String(windowLeft(3_600_000)))
      expect(await response.json()).toEqual({
        detail: `Too many password reset requests. Try again in ${Math.ceil(windowLeft(3_600_000) / 60)} minutes.`,
      })
    }
  })

  test('reset requests: 20 per client address per hour', async () => {
    const server = app()
    const ip = newIp()
    for (let i = 1; i <= 20; i++) {
      expect((await postJson(server, '/api/users/request-reset-password-email', { email: newEmail() }, from(ip))).status).toBe(200)
    }

    const response = await postJson(server, '/api/users/request-reset-password-email', { email: newEmail() }, from(ip))

    expect(response.status).toBe(429)
  })

  test('newsletter: 10 subscriptions per address per 10 minutes', async () => {
    const server = app()
    const ip = newIp()
    for (let i = 1; i <= 10; i++) {
      expect((await postJson(server, '/api/users/contact-us/subscribe', { email: newEmail() }, from(ip))).status).toBe(201)
    }

    const response = await postJson(server, '/api/users/contact-us/subscribe', { email: newEmail() }, from(ip))

    expect(response.status).toBe(429)
    expect(response.headers.get('Retry-After')).toBe(String(windowLeft(600_000)))
    expect(await response.json()).toEqual({
      detail: `Too many subscription attempts. Try again in ${Math.ceil(windowLeft(600_000) / 60)} ${windowLeft(600_000) > 60 ? 'minutes' : 'minute'}.`,
    })
  })

  test('contact form: 5 messages per address per hour; the 6th is refused and not stored', async () => {
    const server = app()
    const ip = newIp()
    const message = (n: number) => ({ name: 'Ada', email: 'ada@example.org', topic: 'content', message: `Message number ${n} about the library` })
    for (let i = 1; i <= 5; i++) expect((await postJson(server, '/api/users/contact-us', message(i), from(ip))).status).toBe(201)

    const response = await postJson(server, '/api/users/contact-us', message(6), from(ip))

    expect(response.status).toBe(429)
    expect(response.headers.get('Retry-After')).toBe(String(windowLeft(3_600_000)))
    expect(await response.json()).toEqual({ detail: expect.stringMatching(/^Too many messages\. Try again in \d+ minutes?\.$/) })
    const stored = await suite.db.select().from(contactMessages).where(eq(contactMessages.message, 'Message number 6 about the library'))
    expect(stored).toHaveLength(0)
    expect((await postJson(server, '/api/users/contact-us', message(7), from(newIp()))).status).toBe(201)
  })

  test('page-view events: 120 per address per minute', async () => {
    const server = app()
    const ip = newIp()
    for (let i = 1; i <= 120; i++) expect((await postJson(server, '/api/events', { path: '/salary' }, from(ip))).status).toBe(202)

    const response = await postJson(server, '/api/events', { path: '/salary' }, from(ip))

    expect(response.status).toBe(429)
    expect(response.headers.get('Retry-After')).toBe(String(windowLeft(60_000)))
  })

  test('RATE_LIMIT_MULTIPLIER-scaled limits (as in the test default) let many attempts through', async () => {
    const server = suite.app({ config: { ...suite.config, trustProxy: 1 } })
    const email = newEmail()
    await registerUser(server, email)
    const ip = newIp()

    for (let attempt = 1; attempt <= 12; attempt++) {
      expect((await login(server, email, 'wrong password', ip)).status).toBe(401)
    }
  })

  test('windows that have ended are deleted after a while', async () => {
    const server = app()
    await postJson(server, '/api/users/login', { email: newEmail(), password: 'x' }, from(newIp()))
    const count = async () => (await suite.db.select({ n: sql<number>`count(*)::int` }).from(rateLimitCounters))[0]!.n
    expect(await count()).toBeGreaterThan(0)

    suite.clock.advance(24 * 60 * 60_000)
    await postJson(server, '/api/users/logout', { refresh: 'nothing' })

    await vi.waitFor(async () => expect(await count()).toBe(0))
  })
})

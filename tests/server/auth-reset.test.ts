import type { AddressInfo } from 'node:net'
import { and, eq, like } from 'drizzle-orm'
import * as v from 'valibot'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { refreshResponse } from '~contract/auth.ts'
import { outbox, users } from '../../server/db/schema.ts'
import { smtpMailer } from '../../server/services/mail/mail.ts'
import { bearer, goodPassword, newEmail, registerUser, send } from './support/auth.ts'
import { describeDbs } from './support/db.ts'
import { postJson } from './support/http.ts'

const requestPath = '/api/users/request-reset-password-email'
const resetPath = '/api/users/reset-password-by-email'
const newPassword = 'a brand new passphrase'
const sent = { detail: 'We have sent you an email with the password reset link.' }
const invalidToken = { token: ['This reset link has expired or was already used. Ask for a new one.'] }

/** The in-process SMTP server every mail of the SMTP test lands in. */
type Received = { to: string[]; raw: string }
const received: Received[] = []
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, done) {
    let raw = ''
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw })
      done()
    })
  },
})
let smtpUrl: string
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)))

/** The text of a raw message: quoted-printable soft breaks and escapes undone. */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

const linkIn = (text: string) => /(\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1]

describeDbs('password reset', (suite) => {
  const requestReset = (email: string, app = suite.app()) => postJson(app, requestPath, { email })

  /** The reset link mailed to `email` through the outbox (the mail goes out after the answer). */
  async function outboxLink(email: string): Promise<string> {
    return vi.waitFor(async () => {
      const mails = await suite.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, email), eq(outbox.subject, 'Reset your Waypoint password')))
      const link = linkIn(mails.at(-1)?.body ?? '')
      if (!link) throw new Error('no reset mail yet')
      return link
    })
  }
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!

  test('known and unknown addresses get the same answer', async () => {
    const email = newEmail()
    await registerUser(suite.app(), email)

    const known = await requestReset(email)
    const unknown = await requestReset(newEmail('nobody'))

    for (const response of [known, unknown]) {
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual(sent)
    }
    const headers = (r: Response) => [...r.headers].filter(([name]) => name !== 'date')
    expect(headers(known)).toEqual(headers(unknown))
    await outboxLink(email)
  })

  test('the mailed link sets a new password once, ends every sign-in and sends a notice', async () => {
    const email = newEmail()
    const session = await registerUser(suite.app(), email)
    await requestReset(email)
    const link = await outboxLink(email)
    expect(link).toMatch(/^http:\/\/localhost\/reset-password\?token=[A-Za-z0-9_-]{43}$/)
    expect(suite.log.lines).toContain(
      `info: Mail to ${email} ("Reset your Waypoint password") kept in the outbox table: SMTP_URL is not set. Its link: ${link}`,
    )

    const response = await postJson(suite.app(), resetPath, { token: tokenOf(link), password: newPassword })

    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ detail: 'Your password has been changed. Sign in with your new password.' })
    expect((await postJson(suite.app(), '/api/users/login', { email, password: newPassword })).status).toBe(200)
    expect((await postJson(suite.app(), '/api/users/login', { email, password: goodPassword })).status).toBe(401)
    expect((await postJson(suite.app(), '/api/users/refresh', { refresh: session.refresh })).status).toBe(401)
    expect((await send(suite.app(), 'GET', '/api/users/me', undefined, bearer(session.access))).status).toBe(401)
    const notices = await suite.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.subject, 'Your Waypoint password was changed')))
    expect(notices).toHaveLength(1)
    expect(notices[0]!.body).not.toContain(newPassword)

    const again = await postJson(suite.app(), resetPath, { token: tokenOf(link), password: 'yet another passphrase' })
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual(invalidToken)
  })

  test('a link expires after an hour (61 minutes later it is refused)', async () => {
    const email = newEmail()
    await registerUser(suite.app(), email)
    await requestReset(email)
    const token = tokenOf(await outboxLink(email))

    suite.clock.advance(61 * 60_000)
    const response = await postJson(suite.app(), resetPath, { token, password: newPassword })

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual(invalidToken)
    expect((await postJson(suite.app(), '/api/users/login', { email, password: goodPassword })).status).toBe(200)
  })

  test('using one of two links ends the other', async () => {
    const email = newEmail()
    await registerUser(suite.app(), email)
    await requestReset(email)
    const first = tokenOf(await outboxLink(email))
    suite.clock.advance(1000)
    await requestReset(email)
    const second = await vi.waitFor(async () => {
      const token = tokenOf(await outboxLink(email))
      if (token === first) throw new Error('second mail not there yet')
      return token
    })

    expect((await postJson(suite.app(), resetPath, { token: second, password: newPassword })).status).toBe(200)
    const response = await postJson(suite.app(), resetPath, { token: first, password: 'yet another passphrase' })

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual(invalidToken)
  })

  test.each([
    [{ token: 'not-a-token', password: newPassword }, 400, invalidToken],
    [{ token: '', password: newPassword }, 400, { token: ['The reset link is not valid.'] }],
    [{ token: 'x', password: '123' }, 400, { password: ['Password must be at least 6 characters'] }],
    [{ token: 'x', password: 'iloveyou' }, 400, { password: ['This password is too common. Choose one that is harder to guess.'] }],
  ])('POST %j answers %i', async (body, status, answer) => {
    const response = await postJson(suite.app(), resetPath, body)

    expect(response.status).toBe(status)
    expect(await response.json()).toEqual(answer)
  })

  test('the link uses PUBLIC_URL when set', async () => {
    const email = newEmail()
    await registerUser(suite.app(), email)

    await requestReset(email, suite.app({ config: { ...suite.config, publicUrl: 'https://waypoint.example.com' } }))

    expect(await outboxLink(email)).toMatch(/^https:\/\/waypoint\.example\.com\/reset-password\?token=/)
  })

  test('without PUBLIC_URL a forged Host header does not get into the link', async () => {
    const email = newEmail()
    await registerUser(suite.app(), email)
    const app = suite.app({ config: { ...suite.config, port: 8080 } })

    await app.request(`http://evil.example${requestPath}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    })

    expect(await outboxLink(email)).toMatch(/^http:\/\/127\.0\.0\.1:8080\/reset-password\?token=/)
  })

  test('a social-only account gets a password through the reset link', async () => {
    const email = newEmail()
    await suite.db.insert(users).values({ email, passwordHash: null })
    await requestReset(email)

    const response = await postJson(suite.app(), resetPath, {
      token: tokenOf(await outboxLink(email)),
      password: newPassword,
    })

    expect(response.status).toBe(200)
    expect((await postJson(suite.app(), '/api/users/login', { email, password: newPassword })).status).toBe(200)
  })

  test('with SMTP_URL set the real message arrives; its link resets the password', async () => {
    const email = newEmail()
    const session = await registerUser(suite.app(), email)
    const app = suite.app({ mailer: smtpMailer(smtpUrl, 'Waypoint <no-reply@waypoint.local>') })
    const before = received.length

    const response = await requestReset(email, app)

    expect(response.status).toBe(200)
    const mail = await vi.waitFor(() => {
      const mail = received.slice(before).find((m) => m.to.includes(email))
      if (!mail) throw new Error('no mail yet')
      return mail
    })
    expect(mail.raw).toContain('Subject: Reset your Waypoint password')
    const link = linkIn(decodeQuotedPrintable(mail.raw))!
    expect(link).toMatch(/^http:\/\/localhost\/reset-password\?token=[A-Za-z0-9_-]{43}$/)
    expect(
      await suite.db
        .select()
        .from(outbox)
        .where(like(outbox.body, `%${tokenOf(link)}%`)),
    ).toHaveLength(0)

    const reset = await postJson(app, resetPath, { token: tokenOf(link), password: newPassword })

    expect(reset.status).toBe(200)
    const login = await postJson(app, '/api/users/login', { email, password: newPassword })
    expect(login.status).toBe(200)
    expect((await postJson(app, '/api/users/refresh', { refresh: session.refresh })).status).toBe(401)
    const fresh = v.parse(refreshResponse, await login.json())
    expect((await postJson(app, '/api/users/refresh', { refresh: fresh.refresh })).status).toBe(200)
    const notice = await vi.waitFor(() => {
      const notice = received.slice(before).find((m) => m.raw.includes('Subject: Your Waypoint password was changed'))
      if (!notice) throw new Error('no notice yet')
      return notice
    })
    expect(notice.to).toEqual([email])
  })
})

import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { expect, test } from 'vitest'
import { meResponse, type UserData } from '~contract/auth.ts'
import { defaultRateLimits } from '../../server/config.ts'
import { outbox, users } from '../../server/db/schema.ts'
import { bearer, confirmAddress, mailedToken, registerUser, send } from './support/auth.ts'
import { describeDbs } from './support/db.ts'
import { postJson } from './support/http.ts'

describeDbs('e-mail verification', (suite) => {
  const meOf = async (user: UserData) =>
    v.parse(meResponse, await (await send(suite.app(), 'GET', '/api/users/me', undefined, bearer(user.access))).json())

  test('sign-up mails a confirmation link; the account works before it is opened, and is confirmed after', async () => {
    const user = await registerUser(suite.app())

    expect(await meOf(user)).toMatchObject({ email: user.email, email_verified: false, pending_email: null })
    const token = await mailedToken(suite, user.email)
    const [mail] = await suite.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, user.email), eq(outbox.subject, 'Confirm your Waypoint e-mail address')))
    expect(mail!.body).toContain(`http://localhost/verify-email?token=${token}`)

    const opened = await postJson(suite.app(), '/api/users/verify-email', { token })

    expect(opened.status).toBe(200)
    expect(await opened.json()).toEqual({ detail: 'Your e-mail address is confirmed.', email: user.email })
    expect(await meOf(user)).toMatchObject({ email_verified: true })
  })

  test('a made-up or expired link answers 400 and confirms nothing', async () => {
    const user = await registerUser(suite.app())
    const token = await mailedToken(suite, user.email)
    const invalid = {
      token: ['This confirmation link has expired or was already used. Ask for a new one from your dashboard.'],
    }

    const madeUp = await postJson(suite.app(), '/api/users/verify-email', { token: 'not-a-token' })
    suite.clock.advance(24 * 60 * 60_000 + 1000)
    const expired = await postJson(suite.app(), '/api/users/verify-email', { token })

    for (const response of [madeUp, expired]) {
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual(invalid)
    }
    const [row] = await suite.db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.email, user.email))
    expect(row!.at).toBeNull()
  })

  test('the dashboard asks for a new link: mailed while unconfirmed, 5 an hour, none once confirmed', async () => {
    const app = suite.app({ config: { ...suite.config, rateLimits: defaultRateLimits } })
    const user = await registerUser(app)
    const first = await mailedToken(suite, user.email)
    const resend = () => send(app, 'POST', '/api/users/me/verify-email', undefined, bearer(user.access))

    const response = await resend()

    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ detail: `We have sent a confirmation link to ${user.email}.` })
    const second = await mailedToken(suite, user.email)
    expect(second).not.toBe(first)
    for (let i = 2; i <= 5; i++) expect((await resend()).status).toBe(200)
    const sixth = await resend()
    expect(sixth.status).toBe(429)
    expect(sixth.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(await sixth.json()).toEqual({ detail: expect.stringMatching(/^Too many confirmation e-mails\. Try again in \d+ minutes?\.$/) })

    // Any link still unexpired works.
    expect((await postJson(app, '/api/users/verify-email', { token: second })).status).toBe(200)
    const confirmed = await resend()
    expect(confirmed.status).toBe(200)
    expect(await confirmed.json()).toEqual({ detail: 'Your e-mail address is already confirmed.' })
  })

  test('an e-mail change ends if another account takes the address before the link is opened', async () => {
    const user = await registerUser(suite.app())
    await confirmAddress(suite.app(), suite, user.email)
    const wanted = `wanted-${Date.now()}@example.org`
    await send(suite.app(), 'PATCH', '/api/users/me', { email: wanted, current_password: 'correct horse battery staple' }, bearer(user.access))
    const token = await mailedToken(suite, wanted, 'Confirm your new Waypoint e-mail address')
    await registerUser(suite.app(), wanted)

    const opened = await postJson(suite.app(), '/api/users/verify-email', { token })

    expect(opened.status).toBe(400)
    expect(await opened.json()).toEqual({ token: ['This address now belongs to another account, so your address was not changed.'] })
    expect(await meOf(user)).toMatchObject({ email: user.email, email_verified: true })
  })
})

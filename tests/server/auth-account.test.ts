import { and, eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { expect, test, vi } from 'vitest'
import { accountExport, meResponse, refreshResponse, userData, type Me, type UserData } from '~contract/auth.ts'
import {
  chatConversations,
  chatMessages,
  contactMessages,
  coverLetters,
  newsletterSubscribers,
  outbox,
  resumes,
  userIdentities,
  users,
} from '../../server/db/schema.ts'
import { sha256 } from '../../server/lib/crypto.ts'
import { bearer, goodPassword, mailedToken, newEmail, registerUser, send, signedIn } from './support/auth.ts'
import { describeDbs, queryRows } from './support/db.ts'
import { postJson } from './support/http.ts'

const newPassword = 'another long passphrase'

describeDbs('the signed-in user’s account', (suite) => {
  const call = (user: UserData, method: string, path: string, body?: unknown) => send(suite.app(), method, path, body, bearer(user.access))
  const login = (email: string, password: string) => postJson(suite.app(), '/api/users/login', { email, password })
  const meOf = async (user: UserData) => v.parse(meResponse, await (await call(user, 'GET', '/api/users/me')).json())

  test('GET /users/me answers the account', async () => {
    const user = await registerUser(suite.app())

    const response = await call(user, 'GET', '/api/users/me')

    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await response.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: user.email,
      created_at: suite.clock.now().toISOString(),
      plan: 'free',
      providers: ['password'],
      has_password: true,
      email_verified: false,
      pending_email: null,
    })
  })

  test('PATCH /users/me changes the e-mail only when the link mailed to the new address is opened; the old address is told', async () => {
    const user = await registerUser(suite.app())
    const email = newEmail('moved')

    const response = await call(user, 'PATCH', '/api/users/me', {
      email: email.toUpperCase(),
      current_password: goodPassword,
    })

    expect(response.status).toBe(200)
    expect(v.parse(meResponse, await response.json())).toMatchObject({ email: user.email, pending_email: email })
    // Nothing has changed yet.
    expect((await login(user.email, goodPassword)).status).toBe(200)
    expect((await login(email, goodPassword)).status).toBe(401)

    const token = await mailedToken(suite, email, 'Confirm your new Waypoint e-mail address')
    const opened = await postJson(suite.app(), '/api/users/verify-email', { token })

    expect(opened.status).toBe(200)
    expect(await opened.json()).toEqual({ detail: `Your e-mail address is now ${email}.`, email })
    expect(await meOf(user)).toMatchObject({ email, email_verified: true, pending_email: null })
    expect((await login(email, goodPassword)).status).toBe(200)
    expect((await login(user.email, goodPassword)).status).toBe(401)
    const notices = await suite.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, user.email), eq(outbox.subject, 'Your Waypoint e-mail address was changed')))
    expect(notices).toHaveLength(1)
    // The link works once.
    const again = await postJson(suite.app(), '/api/users/verify-email', { token })
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({
      token: ['This confirmation link has expired or was already used. Ask for a new one from your dashboard.'],
    })
  })

  test.each([
    [undefined, { current_password: ['Enter your current password.'] }],
    ['not my password', { current_password: ['Your current password is not correct.'] }],
  ])('PATCH /users/me with current_password %j answers 400', async (current, errors) => {
    const user = await registerUser(suite.app())

    const response = await call(user, 'PATCH', '/api/users/me', { email: newEmail(), current_password: current })

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual(errors)
    expect((await meOf(user)).email).toBe(user.email)
  })

  test('PATCH /users/me answers the same for an address of another account; the mail to it says nothing changed', async () => {
    const other = await registerUser(suite.app())
    const user = await registerUser(suite.app())
    const free = newEmail('free')

    const taken = await call(user, 'PATCH', '/api/users/me', { email: other.email, current_password: goodPassword })
    const takenBody = v.parse(meResponse, await taken.json())
    const untaken = await call(user, 'PATCH', '/api/users/me', { email: free, current_password: goodPassword })
    const untakenBody = v.parse(meResponse, await untaken.json())

    expect(taken.status).toBe(200)
    expect(untaken.status).toBe(200)
    expect(takenBody).toEqual({ ...untakenBody, pending_email: other.email })
    const mails = await vi.waitFor(async () => {
      const found = await suite.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, other.email), eq(outbox.subject, 'Your Waypoint e-mail address')))
      expect(found).toHaveLength(1)
      return found
    })
    expect(mails[0]!.body).toContain('This address already has an account, so nothing was changed.')
    expect(mails[0]!.body).not.toContain('verify-email')
    expect((await meOf(other)).email).toBe(other.email)
    expect((await meOf(user)).email).toBe(user.email)
  })

  test('PATCH /users/me of a social-only account needs no password', async () => {
    const email = newEmail('social')
    const [row] = await suite.db.insert(users).values({ email, passwordHash: null }).returning()
    await suite.db.insert(userIdentities).values({ userId: row!.id, provider: 'google-oauth2', subject: `g-${row!.id}`, email })
    const user = await signedIn(suite, row!)

    const moved = newEmail('social-moved')
    const response = await call(user, 'PATCH', '/api/users/me', { email: moved })

    expect(response.status).toBe(200)
    expect(v.parse(meResponse, await response.json())).toMatchObject({
      email,
      pending_email: moved,
      providers: ['google-oauth2'],
      has_password: false,
    })
  })

  test('POST /users/me/password changes it: this sign-in stays, the others end, a notice is sent', async () => {
    const user = await registerUser(suite.app())
    const other = v.parse(userData, await (await login(user.email, goodPassword)).json())

    const response = await call(user, 'POST', '/api/users/me/password', {
      current_password: goodPassword,
      new_password: newPassword,
    })

    expect(response.status).toBe(204)
    expect((await login(user.email, newPassword)).status).toBe(200)
    expect((await login(user.email, goodPassword)).status).toBe(401)
    expect((await call(user, 'GET', '/api/users/me')).status).toBe(200)
    const refreshed = await postJson(suite.app(), '/api/users/refresh', { refresh: user.refresh })
    expect(refreshed.status).toBe(200)
    v.parse(refreshResponse, await refreshed.json())
    expect((await call(other, 'GET', '/api/users/me')).status).toBe(401)
    expect((await postJson(suite.app(), '/api/users/refresh', { refresh: other.refresh })).status).toBe(401)
    const notices = await suite.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, user.email), eq(outbox.subject, 'Your Waypoint password was changed')))
    expect(notices).toHaveLength(1)
  })

  test.each([
    [{ new_password: newPassword }, { current_password: ['Enter your current password.'] }],
    [{ current_password: 'wrong one', new_password: newPassword }, { current_password: ['Your current password is not correct.'] }],
    [{ current_password: goodPassword, new_password: '12345' }, { new_password: ['Password must be at least 6 characters'] }],
    [
      { current_password: goodPassword, new_password: 'Password1' },
      { new_password: ['This password is too common. Choose one that is harder to guess.'] },
    ],
  ])('POST /users/me/password %j answers 400', async (body, errors) => {
    const user = await registerUser(suite.app())

    const response = await call(user, 'POST', '/api/users/me/password', body)

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual(errors)
    expect((await login(user.email, goodPassword)).status).toBe(200)
  })

  test('GET /users/me/export is a JSON download of everything kept, without secrets', async () => {
    const user = await registerUser(suite.app())
    await postJson(suite.app(), '/api/users/contact-us/subscribe', { email: user.email })
    await postJson(suite.app(), '/api/users/contact-us', {
      name: 'Ann Export',
      email: user.email,
      topic: 'privacy',
      message: 'Which data do you keep about me?',
    })
    const rotated = v.parse(refreshResponse, await (await postJson(suite.app(), '/api/users/refresh', { refresh: user.refresh })).json())
    await postJson(suite.app(), '/api/users/request-reset-password-email', { email: user.email })
    const { id: userId } = (await (await send(suite.app(), 'GET', '/api/users/me', undefined, bearer(rotated.access))).json()) as Me
    const [conversation] = await suite.db
      .insert(chatConversations)
      .values({ ownerKey: `user:${userId}`, userId })
      .returning({ id: chatConversations.id })
    await suite.db.insert(chatMessages).values([
      { conversationId: conversation!.id, role: 'user', text: 'How do I write a cover letter?' },
      {
        conversationId: conversation!.id,
        role: 'assistant',
        text: 'Start with the role.',
        sources: [{ title: 'Cover letters', url: '/articles/x' }],
      },
    ])
    await suite.db.insert(resumes).values({ userId, title: 'Analyst resume', template: 'cool', data: { heading: { firstName: 'Ann' } } })
    await suite.db.insert(coverLetters).values({ userId, title: 'Letter to Acme', template: 'brilliant', data: { letterBody: 'Dear Acme' } })

    const response = await send(suite.app(), 'GET', '/api/users/me/export', undefined, bearer(rotated.access))

    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="waypoint-export.json"')
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    const text = await response.text()
    const data = v.parse(accountExport, JSON.parse(text))
    expect(data.account).toMatchObject({ email: user.email, has_password: true, plan: 'free' })
    expect(data.sessions).toEqual([expect.objectContaining({ status: 'active', started_at: suite.clock.now().toISOString() })])
    // Subscribed, not yet confirmed (double opt-in).
    expect(data.newsletter_subscriptions).toEqual([{ email: user.email, subscribed_at: suite.clock.now().toISOString(), confirmed_at: null }])
    expect(data.contact_messages).toEqual([expect.objectContaining({ name: 'Ann Export', topic: 'privacy' })])
    expect(data.chat_messages.map(({ role, text, sources }) => ({ role, text, sources }))).toEqual([
      { role: 'user', text: 'How do I write a cover letter?', sources: [] },
      { role: 'assistant', text: 'Start with the role.', sources: [{ title: 'Cover letters', url: '/articles/x' }] },
    ])
    expect(data.resumes).toEqual([
      expect.objectContaining({ title: 'Analyst resume', template: 'cool', data: { heading: { firstName: 'Ann' } }, version: 1 }),
    ])
    expect(data.cover_letters).toEqual([expect.objectContaining({ title: 'Letter to Acme', data: { letterBody: 'Dear Acme' } })])
    for (const secret of [user.refresh, rotated.refresh, sha256(rotated.refresh), '$argon2id$', rotated.access]) {
      expect(text).not.toContain(secret)
    }
  })

  test('after an e-mail change, the export includes and erasure removes what is kept under the earlier address', async () => {
    const user = await registerUser(suite.app())
    const old = user.email
    // The sign-up mail goes out after the answer: let it be kept first.
    await mailedToken(suite, old)
    await postJson(suite.app(), '/api/users/contact-us/subscribe', { email: old })
    await postJson(suite.app(), '/api/users/contact-us', { name: 'Ann Old', email: old, topic: 'privacy', message: 'Call me on +44 20 7946 0000.' })
    const moved = newEmail('moved')
    await call(user, 'PATCH', '/api/users/me', { email: moved, current_password: goodPassword })
    const token = await mailedToken(suite, moved, 'Confirm your new Waypoint e-mail address')
    expect((await postJson(suite.app(), '/api/users/verify-email', { token })).status).toBe(200)

    const exported = v.parse(accountExport, await (await call(user, 'GET', '/api/users/me/export')).json())

    expect(exported.account).toMatchObject({ email: moved, email_verified: true, earlier_emails: [old] })
    expect(exported.newsletter_subscriptions).toEqual([expect.objectContaining({ email: old })])
    expect(exported.contact_messages).toEqual([expect.objectContaining({ name: 'Ann Old', email: old })])
    expect(exported.stored_mails).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ to: old, subject: 'Confirm your Waypoint e-mail address' }),
        expect.objectContaining({ to: old, subject: 'Your Waypoint e-mail address was changed' }),
        expect.objectContaining({ to: moved, subject: 'Confirm your new Waypoint e-mail address' }),
      ]),
    )

    expect((await call(user, 'DELETE', '/api/users/me')).status).toBe(204)

    expect(await suite.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, old))).toEqual([])
    expect(await suite.db.select().from(contactMessages).where(eq(contactMessages.email, old))).toEqual([])
    expect(await suite.db.select().from(outbox).where(eq(outbox.recipient, old))).toEqual([])
    expect(await suite.db.select().from(outbox).where(eq(outbox.recipient, moved))).toEqual([])
  })

  test('DELETE /users/me erases the account and everything linked to it: no row anywhere names it', async () => {
    const user = await registerUser(suite.app())
    const { id } = await meOf(user)
    const bystander = await registerUser(suite.app())
    await postJson(suite.app(), '/api/users/contact-us/subscribe', { email: user.email })
    await postJson(suite.app(), '/api/users/contact-us/subscribe', { email: bystander.email })
    await postJson(suite.app(), '/api/users/contact-us', {
      name: 'Ann Erase',
      email: user.email.toUpperCase(),
      topic: 'privacy',
      message: 'Please delete everything you have about me.',
    })
    await suite.db.insert(userIdentities).values({ userId: id, provider: 'linkedin-oauth2', subject: `li-${id}`, email: user.email })
    await postJson(suite.app(), '/api/users/login', { email: user.email, password: 'a wrong password' })
    await postJson(suite.app(), '/api/users/request-reset-password-email', { email: user.email })
    await postJson(suite.app(), '/api/users/refresh', { refresh: user.refresh })
    await suite.db.insert(resumes).values({ userId: id, title: 'To erase', template: 'cool', data: {} })
    await suite.db.insert(coverLetters).values({ userId: id, title: 'To erase', template: 'cool', data: {} })
    const anywhere = async (value: string) => {
      const tables = await queryRows<{ table_schema: string; table_name: string }>(
        suite.db,
        sql`select table_schema, table_name from information_schema.tables
            where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
      )
      const found: string[] = []
      for (const { table_schema, table_name } of tables) {
        const table = sql`${sql.identifier(table_schema)}.${sql.identifier(table_name)}`
        const [hits] = await queryRows<{ n: number }>(
          suite.db,
          sql`select count(*)::int as n from ${table} t where lower(t::text) like ${`%${value.toLowerCase()}%`}`,
        )
        if (hits!.n > 0) found.push(`${table_schema}.${table_name}`)
      }
      return found
    }
    // The reset mail is written after the answer: wait for it.
    await vi.waitFor(async () => expect(await anywhere(user.email)).toContain('public.outbox'))
    expect(await anywhere(id)).toEqual(
      expect.arrayContaining([
        'public.users',
        'public.user_identities',
        'public.refresh_tokens',
        'public.password_reset_tokens',
        'public.resumes',
        'public.cover_letters',
      ]),
    )
    expect(await anywhere(user.email)).toEqual(
      expect.arrayContaining(['public.users', 'public.user_identities', 'public.newsletter_subscribers', 'public.contact_messages']),
    )

    const response = await call(user, 'DELETE', '/api/users/me')

    expect(response.status).toBe(204)
    expect(await anywhere(id)).toEqual([])
    expect(await anywhere(user.email)).toEqual([])
    expect(await anywhere(sha256(`signin:account:${user.email}`))).toEqual([])
    expect((await call(user, 'GET', '/api/users/me')).status).toBe(401)
    expect((await login(user.email, goodPassword)).status).toBe(401)
    expect(await anywhere(bystander.email)).toEqual(expect.arrayContaining(['public.users', 'public.newsletter_subscribers']))
  })
})

import { asc, eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { newsletterMessages, subscribeMessages } from '~contract/newsletter.ts'
import { newsletterSubscribers, outbox } from '../../server/db/schema.ts'
import { outboxMailer } from '../../server/services/mail/mail.ts'
import { createNewsletter } from '../../server/services/mail/newsletter.ts'
import { describeDbs } from './support/db.ts'
import { postJson } from './support/http.ts'

const path = '/api/users/contact-us/subscribe'

describeDbs('POST /api/users/contact-us/subscribe', (suite) => {
  const rowsFor = (email: string) =>
    suite.db
      .select({ email: newsletterSubscribers.email, createdAt: newsletterSubscribers.createdAt })
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`)

  test('subscribes a trimmed, lower-cased address', async () => {
    const response = await postJson(suite.app(), path, { email: ' Foo@Example.com ' })

    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({ email: 'foo@example.com', detail: subscribeMessages.success })
    expect(await rowsFor('foo@example.com')).toEqual([{ email: 'foo@example.com', createdAt: suite.clock.now() }])
  })

  test('refuses the same address again, whatever its case, and keeps one row', async () => {
    const app = suite.app()
    expect((await postJson(app, path, { email: 'twice@example.com' })).status).toBe(201)

    const response = await postJson(app, path, { email: 'TWICE@Example.COM' })

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ email: ['This email address already exists in our mailing list.'] })
    expect(await rowsFor('twice@example.com')).toHaveLength(1)
  })

  test('stores one row when the same address arrives many times at once', async () => {
    const app = suite.app()
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => postJson(app, path, { email: i % 2 ? 'race@example.com' : 'Race@example.com' })),
    )

    expect(responses.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400, 400, 400])
    expect(await rowsFor('race@example.com')).toHaveLength(1)
  })

  test.each([
    ['an empty address', { email: '' }, 'Email is required'],
    ['only spaces', { email: '   ' }, 'Email is required'],
    ['no address at all', {}, 'Email is required'],
    ['null', { email: null }, 'Email is required'],
    ['a number', { email: 42 }, 'Email is required'],
    ['an invalid address', { email: 'not-an-email' }, 'Email is invalid'],
    ['an address without domain', { email: 'ann@' }, 'Email is invalid'],
  ])('answers 400 for %s', async (_, body, message) => {
    const response = await postJson(suite.app(), path, body)

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ email: [message] })
  })

  test('answers 400 with a detail for a body that is not JSON', async () => {
    const response = await postJson(suite.app(), path, '{"email": "a@b.c"')

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ detail: 'The request body is not valid JSON.' })
  })

  test.each([['[]'], ['"a@b.c"'], ['null'], ['12']])('answers 400 with a detail for the JSON body %s', async (body) => {
    const response = await postJson(suite.app(), path, body)

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ detail: 'The request body must be a JSON object.' })
  })

  test('answers 415 for a form-encoded body', async () => {
    const response = await suite.app().request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.org',
    })

    expect(response.status).toBe(415)
    expect(await response.json()).toEqual({
      detail: 'Send the request body as JSON, with Content-Type: application/json.',
    })
  })

  test('answers 413 for a body over 64 KB, with or without Content-Length', async () => {
    const body = JSON.stringify({ email: 'big@example.com', padding: 'x'.repeat(70_000) })
    const app = suite.app()

    const streamed = await postJson(app, path, body)
    const declared = await postJson(app, path, body, { 'Content-Length': String(Buffer.byteLength(body)) })

    for (const response of [streamed, declared]) {
      expect(response.status).toBe(413)
      expect(await response.json()).toEqual({ detail: 'The request body is too large (at most 64 KB).' })
    }
    expect(await rowsFor('big@example.com')).toHaveLength(0)
  })

  test('answers 405 with Allow for another method', async () => {
    const response = await suite.app().request(path, { headers: { 'Content-Type': 'application/json' } })

    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('POST')
    expect(await response.json()).toEqual({ detail: 'Method GET is not allowed here.' })
  })
})

describeDbs('newsletter double opt-in and unsubscribing', (suite) => {
  const rowsFor = (email: string) =>
    suite.db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
  const mailsTo = (email: string) =>
    suite.db
      .select({ subject: outbox.subject, body: outbox.body, headers: outbox.headers })
      .from(outbox)
      .where(eq(outbox.recipient, email))
      .orderBy(asc(outbox.createdAt), asc(outbox.id))
  const linkIn = (body: string, page: 'confirm' | 'unsubscribe') =>
    new RegExp(`(http://[^\\s]+/newsletter/${page}\\?token=[A-Za-z0-9_-]+)`).exec(body)?.[1]
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!
  const issue = { subject: 'Waypoint news: salaries in Łódź and 日本語 interviews', text: 'This month: what a nurse earns in Ελλάδα.' }

  async function subscribed(email: string) {
    const app = suite.app()
    expect((await postJson(app, path, { email })).status).toBe(201)
    const [mail] = await mailsTo(email)
    return { app, link: linkIn(mail!.body, 'confirm')! }
  }

  test('subscribing answers the spec text and mails a confirmation link; the address gets no newsletter until it is followed', async () => {
    const app = suite.app()
    const response = await postJson(app, path, { email: 'nguyen@example.com' })
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({ email: 'nguyen@example.com', detail: 'Thank you, your email has been registered in our mailing list.' })

    const mails = await mailsTo('nguyen@example.com')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Confirm your subscription to the Waypoint newsletter')
    const link = linkIn(mails[0]!.body, 'confirm')
    expect(link).toMatch(/^http:\/\/localhost\/newsletter\/confirm\?token=/)
    // Only the hash of the link's token is kept.
    const [row] = await suite.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'nguyen@example.com'))
    expect(row!.confirmedAt).toBeNull()
    expect(row!.confirmTokenHash).not.toContain(tokenOf(link!))

    const newsletter = createNewsletter({
      db: suite.db,
      mailer: outboxMailer(suite.db, suite.clock, suite.log),
      clock: suite.clock,
      config: suite.config,
      log: suite.log,
    })
    await newsletter.sendIssue(issue)
    expect(await mailsTo('nguyen@example.com')).toHaveLength(1)

    const confirmed = await postJson(app, '/api/newsletter/confirm', { token: tokenOf(link!) })
    expect(confirmed.status).toBe(200)
    expect(await confirmed.json()).toEqual({ email: 'nguyen@example.com', detail: newsletterMessages.confirmed })
    await newsletter.sendIssue(issue)
    const news = (await mailsTo('nguyen@example.com')).find((mail) => mail.subject === issue.subject)
    expect(news!.body).toContain(issue.text)
  })

  test('a confirmation link works once and for seven days; a repeat subscription of a pending address sends a new link at most every 10 minutes', async () => {
    const { app, link } = await subscribed('once@example.com')
    const used = await postJson(app, '/api/newsletter/confirm', { token: tokenOf(link) })
    expect(used.status).toBe(200)
    const again = await postJson(app, '/api/newsletter/confirm', { token: tokenOf(link) })
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({ token: [newsletterMessages.confirmLinkInvalid] })

    const late = await subscribed('late@example.com')
    suite.clock.advance(7 * 24 * 60 * 60_000 + 1000)
    expect((await postJson(app, '/api/newsletter/confirm', { token: tokenOf(late.link) })).status).toBe(400)

    // Pending: the spec's duplicate answer, and the link again once 10 minutes have passed.
    const pending = await subscribed('lost-mail@example.com')
    const twice = await postJson(app, path, { email: 'Lost-Mail@example.com' })
    expect(twice.status).toBe(400)
    expect(await twice.json()).toEqual({ email: [subscribeMessages.duplicate] })
    expect(await mailsTo('lost-mail@example.com')).toHaveLength(1)
    suite.clock.advance(10 * 60_000)
    expect((await postJson(app, path, { email: 'lost-mail@example.com' })).status).toBe(400)
    const mails = await mailsTo('lost-mail@example.com')
    expect(mails).toHaveLength(2)
    const newer = linkIn(mails[1]!.body, 'confirm')!
    expect((await postJson(app, '/api/newsletter/confirm', { token: tokenOf(pending.link) })).status).toBe(400)
    expect((await postJson(app, '/api/newsletter/confirm', { token: tokenOf(newer) })).status).toBe(200)
  })

  test('every newsletter mail carries a one-click unsubscribe link and the RFC 8058 headers; the one-click POST ends the subscription', async () => {
    const { app, link } = await subscribed('leave@example.com')
    await postJson(app, '/api/newsletter/confirm', { token: tokenOf(link) })
    const newsletter = createNewsletter({
      db: suite.db,
      mailer: outboxMailer(suite.db, suite.clock, suite.log),
      clock: suite.clock,
      config: suite.config,
      log: suite.log,
    })
    const before = await newsletter.sendIssue(issue, 'https://waypoint.example')
    expect(before.failed).toBe(0)

    const news = (await mailsTo('leave@example.com')).find((mail) => mail.subject === issue.subject)!
    const page = /(https:\/\/waypoint\.example\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+)/.exec(news.body)?.[1]
    expect(page).toBeTruthy()
    expect(news.headers).toEqual({
      'List-Unsubscribe': `<https://waypoint.example/api/newsletter/unsubscribe?token=${tokenOf(page!)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })

    // What a mail program does (RFC 8058 section 3.2): POST the header's address, form-encoded.
    const oneClick = new URL(news.headers!['List-Unsubscribe']!.slice(1, -1))
    const response = await app.request(`${oneClick.pathname}${oneClick.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ email: 'leave@example.com', detail: newsletterMessages.unsubscribed })
    expect(await rowsFor('leave@example.com')).toEqual([])

    const sent = (await mailsTo('leave@example.com')).length
    await newsletter.sendIssue(issue)
    expect(await mailsTo('leave@example.com')).toHaveLength(sent)
    // The same link again: nothing left to end, said plainly.
    const twice = await postJson(app, `/api/newsletter/unsubscribe`, { token: tokenOf(page!) })
    expect(twice.status).toBe(404)
    expect(await twice.json()).toEqual({ detail: newsletterMessages.unsubscribeLinkUnknown })
    // And the address may subscribe again (double opt-in once more).
    expect((await postJson(app, path, { email: 'leave@example.com' })).status).toBe(201)
  })

  test('the unsubscribe page posts the token as JSON; a bad or missing token is refused without touching anyone', async () => {
    const { app, link } = await subscribed('page@example.com')
    await postJson(app, '/api/newsletter/confirm', { token: tokenOf(link) })
    const [row] = await suite.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'page@example.com'))

    for (const body of [{}, { token: '' }, { token: 'x'.repeat(300) }, { token: "' or 1=1 --" }, { token: 'A'.repeat(43) }]) {
      const refused = await postJson(app, '/api/newsletter/unsubscribe', body)
      expect(refused.status).toBe(404)
    }
    expect(await rowsFor('page@example.com')).toHaveLength(1)

    const response = await postJson(app, '/api/newsletter/unsubscribe', { token: row!.unsubscribeToken })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ email: 'page@example.com', detail: newsletterMessages.unsubscribed })
    expect(response.headers.get('Cache-Control')).toBe('no-store')
  })

  test('when the confirmation mail cannot be sent the visitor is told and nothing is kept', async () => {
    const failing = suite.app({
      mailer: {
        send: () => Promise.reject(new Error('SMTP down')),
      },
    })
    const response = await postJson(failing, path, { email: 'nomail@example.com' })
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ detail: newsletterMessages.mailFailed })
    expect(await rowsFor('nomail@example.com')).toEqual([])
    expect((await postJson(suite.app(), path, { email: 'nomail@example.com' })).status).toBe(201)
  })

  test('addresses that never confirm leave the list once their link has expired; confirmed ones stay', async () => {
    const newsletter = createNewsletter({
      db: suite.db,
      mailer: outboxMailer(suite.db, suite.clock, suite.log),
      clock: suite.clock,
      config: suite.config,
      log: suite.log,
    })
    const { app, link } = await subscribed('kept@example.com')
    await postJson(app, '/api/newsletter/confirm', { token: tokenOf(link) })
    await subscribed('never@example.com')

    suite.clock.advance(6 * 24 * 60 * 60_000)
    await newsletter.forgetUnconfirmed()
    expect(await rowsFor('never@example.com')).toHaveLength(1)
    suite.clock.advance(2 * 24 * 60 * 60_000)
    await newsletter.forgetUnconfirmed()
    expect(await rowsFor('never@example.com')).toEqual([])
    expect(await rowsFor('kept@example.com')).toHaveLength(1)
  })
})

import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { subscribeMessages } from '~contract/newsletter.ts'
import { newsletterSubscribers } from '../../server/db/schema.ts'
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
    expect(await rowsFor('foo@example.com')).toEqual([
      { email: 'foo@example.com', createdAt: suite.clock.now() },
    ])
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

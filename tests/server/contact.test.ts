import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { contactMessages as contactTexts, type ContactRequest } from '~contract/contact.ts'
import { contactMessages, outbox } from '../../server/db/schema.ts'
import type { Mail } from '../../server/deps.ts'
import { describeDbs } from './support/db.ts'
import { postJson } from './support/http.ts'

const path = '/api/users/contact-us'

const form = (overrides: Partial<Record<keyof ContactRequest, unknown>> = {}) => ({
  name: ' Ada Lovelace ',
  email: 'Ada@Example.org',
  topic: 'content',
  message: '  Could you add an article about interviews for engineers?  ',
  ...overrides,
})

describeDbs('POST /api/users/contact-us', (suite) => {
  test('stores the message and answers 201 with its id', async () => {
    const response = await postJson(suite.app(), path, form())

    expect(response.status).toBe(201)
    const body = (await response.json()) as { id: string; detail: string }
    expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), detail: contactTexts.success })
    const rows = await suite.db.select().from(contactMessages).where(eq(contactMessages.id, body.id))
    expect(rows).toEqual([
      {
        id: body.id,
        name: 'Ada Lovelace',
        email: 'Ada@Example.org',
        topic: 'content',
        message: 'Could you add an article about interviews for engineers?',
        createdAt: suite.clock.now(),
      },
    ])
  })

  test('mails the support inbox; without SMTP the mail waits in the outbox', async () => {
    const app = suite.app({ config: { ...suite.config, contactInbox: 'help@waypoint.test' } })

    const response = await postJson(app, path, form({ name: 'Grace\nHopper' }))

    const { id } = (await response.json()) as { id: string }
    const mails = await suite.db.select().from(outbox).where(eq(outbox.recipient, 'help@waypoint.test'))
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({
      replyTo: 'Ada@Example.org',
      subject: 'Contact form: Articles and tools, from Grace Hopper',
      createdAt: suite.clock.now(),
    })
    expect(mails[0]!.body).toContain(`Reference: ${id}`)
    expect(mails[0]!.body).toContain('Could you add an article about interviews for engineers?')
  })

  test('sends through the mailer it is given', async () => {
    const sent: Mail[] = []
    const app = suite.app({ mailer: { send: async (mail) => void sent.push(mail) } })

    await postJson(app, path, form())

    expect(sent).toEqual([expect.objectContaining({ to: 'support@waypoint.local', replyTo: 'Ada@Example.org' })])
  })

  test('still answers 201 when the mail fails, and logs it', async () => {
    const app = suite.app({
      mailer: {
        send: async () => {
          throw new Error('SMTP server said no')
        },
      },
    })

    const response = await postJson(app, path, form())

    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    expect(await suite.db.select().from(contactMessages).where(eq(contactMessages.id, id))).toHaveLength(1)
    expect(suite.log.lines).toContain(`error: Contact message ${id} is stored, but its notification mail failed (SMTP server said no)`)
  })

  test('answers 400 with every field that is missing', async () => {
    const response = await postJson(suite.app(), path, {})

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      topic: ['Choose a topic'],
      message: ['Message is required'],
    })
  })

  test.each([
    ['a blank name', { name: '   ' }, { name: ['Name is required'] }],
    ['a long name', { name: 'n'.repeat(121) }, { name: ['Name must be at most 120 characters'] }],
    ['an invalid e-mail', { email: 'ada@' }, { email: ['Email is invalid'] }],
    ['an unknown topic', { topic: 'jobs' }, { topic: ['Choose a topic'] }],
    ['a short message', { message: ' too short ' }, { message: ['Message must be at least 10 characters'] }],
    ['a long message', { message: 'm'.repeat(4001) }, { message: ['Message must be at most 4000 characters'] }],
  ])('answers 400 for %s and stores nothing', async (_, overrides, errors) => {
    const before = await suite.db.$count(contactMessages)

    const response = await postJson(suite.app(), path, form(overrides))

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual(errors)
    expect(await suite.db.$count(contactMessages)).toBe(before)
  })
})

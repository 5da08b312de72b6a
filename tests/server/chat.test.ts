import { DrizzleQueryError, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { builtinProviderLabel, chatMessages, CHAT_FRAME_MAX_BYTES } from '~contract/chat.ts'
import { seed } from '../../server/content/seed.ts'
import { createChatHistory, guestOwner, userOwner } from '../../server/services/assistant/history.ts'
import { ChatClient, guestToken, listenWithChat } from './chat-support.ts'
import { registerUser } from './support/auth.ts'
import { describeDbs, type DbSuite } from './support/db.ts'

const behaviouralQuestion = 'How do I prepare for a behavioural interview?'
let guests = 0
const nextGuest = () => guestToken(++guests)

/** A guest connection that has been greeted. */
async function guestClient(url: string, guest = nextGuest()) {
  const client = await ChatClient.connect(url)
  expect(await client.authenticate({ guest })).toEqual({ type: 'hello', provider: builtinProviderLabel })
  return client
}

function seedLibrary(suite: DbSuite) {
  return seed(suite.db, { contentDir: suite.config.contentDir, log: suite.log })
}

describeDbs('chat websocket: protocol and built-in assistant', (suite) => {
  let server: Awaited<ReturnType<typeof listenWithChat>>
  beforeAll(async () => {
    await seedLibrary(suite)
    server = await listenWithChat(suite)
  })
  afterAll(() => server.close())

  test('a guest is greeted with the provider, then the answer streams in pieces and cites library articles', async () => {
    const client = await guestClient(server.url)
    const answer = await client.ask(behaviouralQuestion)
    expect(answer.error).toBeNull()
    expect(answer.deltas.length).toBeGreaterThan(3)
    // The answer first (a sentence of the best section), then the sections it came from, linked.
    expect(answer.text).not.toMatch(/^Here is what/)
    expect(answer.text).toContain('<strong>Sources:</strong>')
    expect(answer.text).toMatch(/<a href="\/articles\/answering-behavioral-questions-with-star(#[a-z0-9-]+)?">/)
    expect(answer.sources).toContainEqual({
      title: 'Answering behavioral interview questions with the STAR method',
      url: '/articles/answering-behavioral-questions-with-star',
    })
    expect(answer.sources!.filter((s) => s.url.startsWith('/articles/')).length).toBeGreaterThanOrEqual(2)
    client.close()
  })

  test('a question about a tool points to it; one the library cannot answer says so honestly', async () => {
    const client = await guestClient(server.url)
    const cv = await client.ask('How do I write a CV?')
    expect(cv.text).toContain('<a href="/resume">Resume Builder</a>')
    expect(cv.sources).toContainEqual({ title: 'Resume Builder', url: '/resume' })

    // No such occupation in the wage data: the library answers, and the tool is named.
    const salary = await client.ask('How much does a dragon tamer earn?')
    expect(salary.text).toContain("I don't know: nothing in Waypoint's library answers")
    expect(salary.sources).toEqual([{ title: 'Salary Insights', url: '/salary' }])

    // Outside careers and study: a short redirect, not a search of the library.
    const weather = await client.ask('What is the weather in Paris?')
    expect(weather.text).toMatch(/^I can't help with weather forecasts: it's outside what I do as Waypoint's career and study adviser\./)
    expect(weather.sources).toEqual([])
    client.close()
  })

  test('a signed-in user authenticates with the access token; the conversation is stored under the account', async () => {
    const user = await registerUser(suite.app())
    const client = await ChatClient.connect(server.url)
    expect(await client.authenticate({ token: user.access })).toMatchObject({ type: 'hello' })
    const answer = await client.ask('How do I ask for a referral?')
    expect(answer.sources?.length).toBeGreaterThan(0)
    client.close()

    const [row] = await suite.db
      .execute(sql`select id from users where email = ${user.email}`)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows)
    const stored = await createChatHistory(suite).all(userOwner(row!.id))
    expect(stored.map((m) => [m.role, m.text.slice(0, 20)])).toEqual([
      ['user', 'How do I ask for a r'],
      ['assistant', answer.text.slice(0, 20)],
    ])
    expect(stored[1]!.sources).toEqual(answer.sources)
  })

  test('a refused access token gets an error frame with its code; the connection may then authenticate as a guest', async () => {
    const client = await ChatClient.connect(server.url)
    expect(await client.authenticate({ token: 'not-a-jwt' })).toEqual({
      type: 'error',
      detail: 'Token is invalid or expired',
      code: 'token_not_valid',
    })
    expect(await client.authenticate({ guest: nextGuest() })).toMatchObject({ type: 'hello' })
    expect((await client.ask('hello')).text).toContain('Hello!')
    client.close()
  })

  test('three refused tokens close the connection', async () => {
    const client = await ChatClient.connect(server.url)
    for (let i = 0; i < 3; i++) expect(await client.authenticate({ token: `bad-${i}` })).toMatchObject({ code: 'token_not_valid' })
    expect(await client.closed).toEqual({ code: 4401, reason: 'Authentication refused' })
  })

  test('a malformed guest token is refused', async () => {
    const client = await ChatClient.connect(server.url)
    expect(await client.authenticate({ guest: 'short' })).toEqual({ type: 'error', detail: chatMessages.guestNotValid, code: 'not_authenticated' })
    client.close()
  })

  test('questions before authentication are refused; a second auth frame too', async () => {
    const client = await ChatClient.connect(server.url)
    client.send({ type: 'question', text: 'Hi?' })
    expect(await client.next()).toEqual({ type: 'error', detail: chatMessages.authFirst, code: 'not_authenticated' })
    await client.authenticate({ guest: nextGuest() })
    expect(await client.authenticate({ guest: nextGuest() })).toEqual({
      type: 'error',
      detail: chatMessages.alreadyAuthenticated,
      code: 'invalid_frame',
    })
    client.close()
  })

  test('auth and the first question sent back to back: the question waits for the auth and is answered', async () => {
    const user = await registerUser(suite.app())
    const client = await ChatClient.connect(server.url)
    client.send({ type: 'auth', token: user.access })
    client.send({ type: 'question', text: behaviouralQuestion })
    expect(await client.next()).toEqual({ type: 'hello', provider: builtinProviderLabel })
    const answer = await client.collect()
    expect(answer.error).toBeNull()
    expect(answer.text).toContain('<strong>Sources:</strong>')
    expect(answer.sources).toContainEqual({
      title: 'Answering behavioral interview questions with the STAR method',
      url: '/articles/answering-behavioral-questions-with-star',
    })
    client.close()
  })

  test('a guest whose auth and question arrive in one packet is answered', async () => {
    const client = await ChatClient.connect(server.url)
    client.sendTogether([
      { type: 'auth', guest: nextGuest() },
      { type: 'question', text: 'hello' },
    ])
    expect(await client.next()).toEqual({ type: 'hello', provider: builtinProviderLabel })
    const answer = await client.collect()
    expect(answer.error).toBeNull()
    expect(answer.text).toContain('Hello!')
    client.close()
  })

  test('frames held during a refused auth are answered in order as unauthenticated ones; a later auth frame is then checked', async () => {
    const client = await ChatClient.connect(server.url)
    client.sendTogether([
      { type: 'auth', guest: 'short' },
      { type: 'question', text: 'Hi?' },
      { type: 'auth', guest: nextGuest() },
      { type: 'question', text: 'hello' },
    ])
    expect(await client.next()).toEqual({ type: 'error', detail: chatMessages.guestNotValid, code: 'not_authenticated' })
    expect(await client.next()).toEqual({ type: 'error', detail: chatMessages.authFirst, code: 'not_authenticated' })
    expect(await client.next()).toEqual({ type: 'hello', provider: builtinProviderLabel })
    expect((await client.collect()).text).toContain('Hello!')
    client.close()
  })

  test('more than 8 frames before the auth is checked close the connection (1008)', async () => {
    const client = await ChatClient.connect(server.url)
    client.sendTogether([{ type: 'auth', guest: nextGuest() }, ...Array.from({ length: 9 }, (_, i) => ({ type: 'question', text: `Question ${i}` }))])
    expect(await client.next()).toEqual({ type: 'error', detail: chatMessages.tooManyPending, code: 'busy' })
    expect(await client.closed).toEqual({ code: 1008, reason: 'Too many frames before authentication' })
    expect(client.frames).toEqual([])

    // Eight are held and answered like any other: one question at a time.
    const held = await ChatClient.connect(server.url)
    held.sendTogether([{ type: 'auth', guest: nextGuest() }, ...Array.from({ length: 8 }, () => ({ type: 'question', text: 'hello' }))])
    expect(await held.next()).toEqual({ type: 'hello', provider: builtinProviderLabel })
    const refusals = Array.from({ length: 7 }, () => ({ type: 'error', detail: chatMessages.busy, code: 'busy' }))
    const frames = []
    for (;;) {
      const frame = await held.next()
      frames.push(frame)
      if (frame.type === 'answer.done') break
    }
    expect(frames.filter((f) => f.type === 'error')).toEqual(refusals)
    held.close()
  })

  test('garbage frames each get an error frame, and the connection keeps working', async () => {
    const client = await guestClient(server.url)
    const garbage: [object | string | Buffer, string][] = [
      ['not json at all', chatMessages.notJson],
      ['[1,2,3]', chatMessages.unknownFrame],
      ['null', chatMessages.unknownFrame],
      [{ type: 'question', text: 42 }, chatMessages.unknownFrame],
      [{ type: 'question', text: 'hi', extra: true }, chatMessages.unknownFrame],
      [{ type: 'dance' }, chatMessages.unknownFrame],
      [{ nothing: 'here' }, chatMessages.unknownFrame],
      [Buffer.from([0, 1, 2, 3]), chatMessages.binary],
      [JSON.stringify({ type: 'question', text: 'x'.repeat(CHAT_FRAME_MAX_BYTES) }), chatMessages.tooLarge],
    ]
    for (const [frame, detail] of garbage) {
      client.send(frame)
      expect(await client.next()).toEqual({ type: 'error', detail, code: 'invalid_frame' })
    }
    const answer = await client.ask('hello')
    expect(answer.error).toBeNull()
    client.close()
  })

  test('a connection that keeps sending garbage is closed (1008), the server lives on', async () => {
    const client = await guestClient(server.url)
    for (let i = 0; i < 25; i++) client.send('{')
    expect((await client.closed).code).toBe(1008)
    const other = await guestClient(server.url)
    expect((await other.ask('hello')).error).toBeNull()
    other.close()
  })

  test('a frame over the socket limit (64 KB) ends the connection without harm', async () => {
    const client = await guestClient(server.url)
    client.send('x'.repeat(70 * 1024))
    expect((await client.closed).code).toBe(1009)
    const other = await guestClient(server.url)
    expect((await other.ask('hello')).error).toBeNull()
    other.close()
  })

  test('empty and too long questions are refused with a readable detail; 300 characters are fine', async () => {
    const client = await guestClient(server.url)
    expect((await client.ask('')).error).toEqual({ type: 'error', detail: chatMessages.empty, code: 'invalid_question' })
    expect((await client.ask('   \n ')).error).toEqual({ type: 'error', detail: chatMessages.empty, code: 'invalid_question' })
    expect((await client.ask('x'.repeat(301))).error).toEqual({ type: 'error', detail: chatMessages.tooLong, code: 'invalid_question' })
    // 300 after trimming, and characters rather than UTF-16 units.
    expect((await client.ask(` ${'é'.repeat(299)}😀 `)).error).toBeNull()
    client.close()
  })

  test('one question at a time: a second one while answering is refused, the first still completes', async () => {
    const slow = await listenWithChat(suite, { assistant: { chunkDelayMs: 20 } })
    const client = await guestClient(slow.url)
    client.send({ type: 'question', text: behaviouralQuestion })
    client.send({ type: 'question', text: 'And another?' })
    const frames = []
    for (;;) {
      const frame = await client.next()
      frames.push(frame)
      if (frame.type === 'answer.done') break
    }
    expect(frames).toContainEqual({ type: 'error', detail: chatMessages.busy, code: 'busy' })
    expect(frames.filter((f) => f.type === 'answer.delta').length).toBeGreaterThan(3)
    client.close()
    await slow.close()
  })

  test('closing the connection mid-answer stops the answer; nothing half is stored', async () => {
    const slow = await listenWithChat(suite, { assistant: { chunkDelayMs: 30 } })
    const guest = nextGuest()
    const client = await guestClient(slow.url, guest)
    client.send({ type: 'question', text: behaviouralQuestion })
    expect((await client.next()).type).toBe('answer.delta')
    client.close()
    await client.closed
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await createChatHistory(suite).all(guestOwner(guest))).toEqual([])
    await slow.close()
  })

  test('reset forgets the stored conversation', async () => {
    const guest = nextGuest()
    const client = await guestClient(server.url, guest)
    await client.ask('How do I write a cover letter?')
    const history = createChatHistory(suite)
    expect(await history.all(guestOwner(guest))).toHaveLength(2)
    client.send({ type: 'reset' })
    await client.expectSilence()
    expect(await history.all(guestOwner(guest))).toEqual([])
    client.close()
  })

  test('the stored conversation carries over to a new connection of the same guest', async () => {
    const guest = nextGuest()
    const first = await guestClient(server.url, guest)
    await first.ask('How do I write a cover letter?')
    first.close()
    const second = await guestClient(server.url, guest)
    await second.ask('How do I follow up after an interview?')
    second.close()
    const stored = await createChatHistory(suite).all(guestOwner(guest))
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    // Only the token's hash is kept.
    const keys = await suite.db.execute(sql`select owner_key from chat_conversations where owner_key like 'guest:%'`)
    expect(JSON.stringify(keys)).not.toContain(guest)
  })

  test('a plain GET of the chat address answers 426', async () => {
    const response = await fetch(`${server.origin}/api/ai/chatbot`)
    expect(response.status).toBe(426)
  })
})

describeDbs('chat websocket: limits', (suite) => {
  const minute = 60_000
  let server: Awaited<ReturnType<typeof listenWithChat>>
  beforeAll(async () => {
    await seedLibrary(suite)
    server = await listenWithChat(suite, {
      config: {
        ...suite.config,
        rateLimits: {
          ...suite.config.rateLimits,
          chatPerConnection: { limit: 3, windowMs: minute },
          chatPerOwner: { limit: 5, windowMs: 60 * minute },
          chatPerIp: { limit: 9, windowMs: 60 * minute },
        },
      },
      assistant: { chunkDelayMs: 0, authTimeoutMs: 150 },
    })
  })
  afterAll(() => server.close())

  test('per connection: at most 3 questions a minute (counted in memory), then an error frame', async () => {
    const client = await guestClient(server.url)
    for (let i = 0; i < 3; i++) expect((await client.ask('hello')).error).toBeNull()
    expect((await client.ask('hello')).error).toEqual({ type: 'error', detail: chatMessages.connectionRate, code: 'rate_limited' })
    suite.clock.advance(minute)
    expect((await client.ask('hello')).error).toBeNull()
    client.close()
  })

  test('per guest, across connections (database): the sixth question within the hour is refused', async () => {
    suite.clock.advance(2 * 60 * minute)
    const guest = nextGuest()
    const first = await guestClient(server.url, guest)
    for (let i = 0; i < 3; i++) expect((await first.ask('hello')).error).toBeNull()
    first.close()
    const second = await guestClient(server.url, guest)
    for (let i = 0; i < 2; i++) expect((await second.ask('hello')).error).toBeNull()
    const refused = await second.ask('hello')
    expect(refused.error).toMatchObject({ type: 'error', code: 'rate_limited' })
    expect((refused.error as { detail: string }).detail).toMatch(/^You have asked a lot of questions in a short time\. Try again in \d+ minutes?\.$/)
    second.close()
  })

  test('per IP address (database): new guest tokens do not get around it', async () => {
    suite.clock.advance(2 * 60 * minute)
    let refused = 0
    for (let round = 0; round < 4; round++) {
      const client = await guestClient(server.url)
      for (let i = 0; i < 3; i++) if ((await client.ask('hello')).error?.type === 'error') refused++
      client.close()
    }
    // 12 questions from one address, 9 allowed.
    expect(refused).toBe(3)
  })

  test('a connection that does not authenticate in time is told so and closed', async () => {
    const client = await ChatClient.connect(server.url)
    expect(await client.next()).toEqual({ type: 'error', detail: chatMessages.authTimeout, code: 'not_authenticated' })
    expect((await client.closed).code).toBe(4408)
  })
})

describeDbs('chat websocket: failures', (suite) => {
  test('an assistant that fails answers with an error frame; the conversation continues', async () => {
    let calls = 0
    const server = await listenWithChat(suite, {
      assistant: {
        chunkDelayMs: 0,
        tools: {
          searchLibrary: async (query) => {
            // (The warm-up after authenticating searches too: only the questions count here.)
            if (query.includes('CV') && ++calls === 1) throw new Error('boom')
            return { articles: [], categories: [] }
          },
        },
      },
    })
    const client = await guestClient(server.url)
    expect((await client.ask('How do I write a CV?')).error).toEqual({ type: 'error', detail: chatMessages.providerFailed, code: 'provider_failed' })
    expect(suite.log.lines.some((line) => line.includes('Chat: answering a question failed'))).toBe(true)
    const second = await client.ask('How do I write a CV?')
    expect(second.error).toBeNull()
    expect(second.text).toContain("I don't know")
    client.close()
    await server.close()
  })

  test('with the database away mid-answer, the question gets "unavailable" and a warning, not an error', async () => {
    let calls = 0
    const server = await listenWithChat(suite, {
      assistant: {
        chunkDelayMs: 0,
        tools: {
          searchLibrary: async (query) => {
            // As drizzle reports a query whose connection was refused.
            if (query.includes('CV') && ++calls === 1) {
              const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
              throw new DrizzleQueryError('select 1', [], refused)
            }
            return { articles: [], categories: [] }
          },
        },
      },
    })
    const client = await guestClient(server.url)
    const logged = suite.log.lines.length
    expect((await client.ask('How do I write a CV?')).error).toEqual({ type: 'error', detail: chatMessages.unavailable })
    const lines = suite.log.lines.slice(logged)
    expect(lines.some((line) => line.startsWith('warn: Chat: a question was refused because the database is not answering'))).toBe(true)
    expect(lines.filter((line) => line.startsWith('error:'))).toEqual([])
    expect((await client.ask('How do I write a CV?')).error).toBeNull()
    client.close()
    await server.close()
  })

  test('without the library tables the assistant answers from its advice base, or says it found nothing, instead of failing', async () => {
    await suite.db.execute(sql`drop table if exists audio, articles cascade`)
    const server = await listenWithChat(suite)
    const client = await guestClient(server.url)
    // The advice base is a file, not a table: an everyday question still gets its answer, without library links.
    const answer = await client.ask(behaviouralQuestion)
    expect(answer.error).toBeNull()
    expect(answer.text).toContain('STAR')
    expect(answer.text).not.toContain('/articles/')
    const unknown = await client.ask('What qualifications does a job as a lighthouse keeper need?')
    expect(unknown.error).toBeNull()
    expect(unknown.text).toContain("I don't know: nothing in Waypoint's library answers")
    expect(suite.log.lines.some((line) => line.includes('Chat: the library search failed'))).toBe(true)
    client.close()
    await server.close()
  })
})

import type { ServerResponse } from 'node:http'
import type { Hono } from 'hono'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { polishMessages } from '~contract/cover-letter-polish.ts'
import type { Config } from '../../server/config.ts'
import { polishSystemPrompt } from '../../server/services/documents/cover-letter-polish.ts'
import { startFakeProvider } from './fake-openai.ts'
import { bearer, registerUser, send } from './support/auth.ts'
import { describeDbs } from './support/db.ts'

const path = '/api/cover-letters/polish'
const body = 'I am a registered nurse with 5 years at Mercy Hospital, and I want to join Acme.'
const facts = ['Job: Registered Nurse', 'Company: Acme', 'Years of experience: 5', 'Recent employer: Mercy Hospital']

/** A non-streamed chat completion, as OpenAI answers with stream: false. */
function completion(res: ServerResponse, content: string) {
  res.writeHead(200, { 'Content-Type': 'application/json' })
  res.end(
    JSON.stringify({ id: 'c1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }),
  )
}

describeDbs('POST /api/cover-letters/polish', (suite) => {
  let provider: Awaited<ReturnType<typeof startFakeProvider>>
  let app: Hono
  let plain: Hono
  let access: string
  let plainAccess: string
  const withProvider = (overrides: Partial<Config> = {}): Config => ({
    ...suite.config,
    openai: { apiKey: 'test-key', baseUrl: provider.baseUrl, model: 'test-model', timeoutMs: 400 },
    ...overrides,
  })

  beforeAll(async () => {
    provider = await startFakeProvider()
    app = suite.app({ config: withProvider() })
    plain = suite.app()
    access = (await registerUser(app)).access
    plainAccess = (await registerUser(plain)).access
  })
  afterAll(() => provider.close())

  test('GET names the provider when one is configured, and says unavailable without one', async () => {
    const on = await send(app, 'GET', path, undefined, bearer(access))
    expect(on.status).toBe(200)
    expect(await on.json()).toEqual({ available: true, provider: `test-model via ${new URL(provider.baseUrl).host}` })
    const off = await send(plain, 'GET', path, undefined, bearer(plainAccess))
    expect(await off.json()).toEqual({ available: false, provider: null })
  })

  test('returns the provider’s rewrite; the request carries the model, key, the facts and a non-streamed call', async () => {
    const rewritten = 'As a registered nurse with 5 years at Mercy Hospital, I would love to bring my care to Acme.'
    provider.answerWith((_request, res) => completion(res, `"${rewritten}"\n`))
    const response = await send(app, 'POST', path, { part: 'body', text: body, facts }, bearer(access))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ text: rewritten })

    expect(provider.requests).toHaveLength(1)
    const [request] = provider.requests
    expect(request!.path).toBe('/v1/chat/completions')
    expect(request!.headers.authorization).toBe('Bearer test-key')
    expect(request!.body).toMatchObject({ model: 'test-model', stream: false })
    expect(request!.body.tools).toBeUndefined()
    expect(request!.body.messages[0]).toEqual({ role: 'system', content: polishSystemPrompt })
    expect(polishSystemPrompt).toMatch(/clarity and warmth/)
    expect(polishSystemPrompt).toMatch(/Keep every fact/)
    expect(polishSystemPrompt).toMatch(/same language/)
    expect(polishSystemPrompt).toMatch(/past tense after a career break/)
    expect(polishSystemPrompt).toMatch(/never presented as the experience the new job asks for/)
    const user = request!.body.messages[1]!.content!
    expect(user).toContain(body)
    for (const fact of facts) expect(user).toContain(`- ${fact}`)
  })

  test('503 without a configured provider, before anything is validated', async () => {
    const response = await send(plain, 'POST', path, { part: 'body', text: body, facts }, bearer(plainAccess))
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ detail: polishMessages.unavailable })
  })

  test('502 with the text-unchanged message when the provider answers 500', async () => {
    provider.answerWith((_request, res) => {
      res.writeHead(500, { 'Content-Type': 'application/json' })
      res.end('{"error":{"message":"boom"}}')
    })
    const response = await send(app, 'POST', path, { part: 'opener', text: body, facts }, bearer(access))
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({ detail: 'The AI provider did not answer. Your text is unchanged.' })
    expect(suite.log.lines.some((line) => line.includes('the AI provider answered 500'))).toBe(true)
  })

  test('502 when the provider does not answer within OPENAI_TIMEOUT_MS, or answers nothing', async () => {
    provider.answerWith(() => undefined) // never answers
    const started = Date.now()
    const slow = await send(app, 'POST', path, { part: 'body', text: body, facts }, bearer(access))
    expect(slow.status).toBe(502)
    expect(Date.now() - started).toBeLessThan(3000)
    expect(await slow.json()).toEqual({ detail: polishMessages.failed })

    provider.answerWith((_request, res) => completion(res, '   '))
    const empty = await send(app, 'POST', path, { part: 'body', text: body, facts }, bearer(access))
    expect(empty.status).toBe(502)
  })

  test('400 with field errors for a bad body, and the provider is not called', async () => {
    provider.answerWith((_request, res) => completion(res, 'never'))
    const response = await send(
      app,
      'POST',
      path,
      { part: 'signature', text: 'x'.repeat(4001), facts: Array.from({ length: 41 }, () => 'fact') },
      bearer(access),
    )
    expect(response.status).toBe(400)
    const errors = (await response.json()) as Record<string, string[]>
    expect(Object.keys(errors).sort()).toEqual(['facts', 'part', 'text'])
    expect(errors.text).toEqual(['Text must be at most 4000 characters'])

    const longFact = await send(app, 'POST', path, { part: 'body', text: body, facts: ['y'.repeat(301)] }, bearer(access))
    expect(longFact.status).toBe(400)
    expect(await longFact.json()).toEqual({ facts: ['A fact must be at most 300 characters'] })
    expect(provider.requests).toHaveLength(0)
  })

  test('401 for guests and anonymous callers, on GET and POST', async () => {
    for (const headers of [{}, { Authorization: 'Guest abcdefgh12345678' }] as Record<string, string>[]) {
      expect((await send(app, 'GET', path, undefined, headers)).status).toBe(401)
      expect((await send(app, 'POST', path, { part: 'body', text: body, facts }, headers)).status).toBe(401)
    }
  })

  test('rate-limited per user: 429 with Retry-After once the user’s budget is spent, others unaffected', async () => {
    const limited = suite.app({
      config: withProvider({ rateLimits: { ...suite.config.rateLimits, chatPerOwner: { limit: 2, windowMs: 60 * 60_000 } } }),
    })
    const ana = (await registerUser(limited)).access
    const ben = (await registerUser(limited)).access
    provider.answerWith((_request, res) => completion(res, 'Polished.'))
    const polish = (who: string) => send(limited, 'POST', path, { part: 'greeting', text: 'Dear team,', facts: [] }, bearer(who))
    expect((await polish(ana)).status).toBe(200)
    expect((await polish(ana)).status).toBe(200)
    const third = await polish(ana)
    expect(third.status).toBe(429)
    expect(Number(third.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await polish(ben)).status).toBe(200)
  })
})

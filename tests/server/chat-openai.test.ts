import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { seed } from '../../server/content/seed.ts'
import { ConfigError, readConfig } from '../../server/config.ts'
import { openAiLabel } from '../../server/services/assistant/openai.ts'
import { sseData } from '../../server/services/assistant/sse.ts'
import { ChatClient, guestToken, listenWithChat } from './chat-support.ts'
import { finish, startFakeProvider, stream, text, toolCall } from './fake-openai.ts'
import { describeDbs, rootDir } from './support/db.ts'

let guests = 1000
const starArticle = '/articles/answering-behavioral-questions-with-star'

describeDbs('chat with an OpenAI-compatible provider', (suite) => {
  let provider: Awaited<ReturnType<typeof startFakeProvider>>
  let server: Awaited<ReturnType<typeof listenWithChat>>
  let client: ChatClient

  beforeAll(async () => {
    await seed(suite.db, { contentDir: suite.config.contentDir, log: suite.log })
    provider = await startFakeProvider()
    server = await listenWithChat(suite, {
      config: { ...suite.config, openai: { apiKey: 'test-key', baseUrl: provider.baseUrl, model: 'test-model', timeoutMs: 400 } },
    })
  })
  afterAll(async () => {
    await server.close()
    await provider.close()
  })
  beforeEach(async () => {
    client = await ChatClient.connect(server.url)
    const hello = await client.authenticate({ guest: guestToken(++guests) })
    expect(hello).toEqual({ type: 'hello', provider: `Powered by test-model via ${new URL(provider.baseUrl).host}` })
    return () => client.close()
  })

  test('streams the provider’s deltas as they come, with the model, key, system prompt and tools in the request', async () => {
    provider.answerWith((_request, res) => stream(res, [text('Prepare '), text('stories with '), text('STAR.'), finish('stop')], { split: true }))
    const answer = await client.ask('How do I prepare for a behavioural interview?')
    expect(answer.deltas).toEqual(['Prepare ', 'stories with ', 'STAR.'])
    expect(answer.sources).toEqual([])

    const [request] = provider.requests
    expect(request!.path).toBe('/v1/chat/completions')
    expect(request!.headers.authorization).toBe('Bearer test-key')
    expect(request!.body).toMatchObject({ model: 'test-model', stream: true })
    expect(request!.body.messages[0]).toMatchObject({ role: 'system' })
    expect(request!.body.messages.at(-1)).toEqual({ role: 'user', content: 'How do I prepare for a behavioural interview?' })
    expect(request!.body.tools!.map((t) => t.function.name)).toEqual([
      'search_library',
      'study_facts',
      'advice',
      'site_tools',
      'interview_questions',
      'interview_feedback',
      'review_resume_line',
      'cover_letter_guidance',
      'offer_check',
      'compare_salaries',
      'compare_costs',
      'rank_prices',
      'compare_offers',
      'salary',
      'cost_of_living',
      'locations',
    ])
  })

  test('a tool call searches the library; the answer that follows cites what it used', async () => {
    provider.answerWith((request, res, n) => {
      if (n === 1) {
        return stream(res, [
          toolCall(0, { id: 'call_1', name: 'search_library', arguments: '{"query":' }),
          toolCall(0, { arguments: '"behavioral interview"}' }),
          finish('tool_calls'),
        ])
      }
      const tool = request.messages.find((m) => m.role === 'tool')
      const found = JSON.parse(tool!.content!) as { articles: { url: string; title: string }[] }
      const article = found.articles.find((a) => a.url === starArticle)!
      stream(res, [text('Use STAR: '), text(`<a href="${article.url}">${article.title}</a>`), finish('stop')])
    })
    const answer = await client.ask('How do I prepare for a behavioural interview?')
    expect(answer.error).toBeNull()
    expect(answer.text).toBe(`Use STAR: <a href="${starArticle}">Answering behavioral interview questions with the STAR method</a>`)
    expect(answer.sources).toEqual([{ title: 'Answering behavioral interview questions with the STAR method', url: starArticle }])

    const second = provider.requests[1]!.body.messages
    expect(second.at(-2)).toMatchObject({
      role: 'assistant',
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'search_library', arguments: '{"query":"behavioral interview"}' } }],
    })
    expect(second.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_1' })
  })

  test('a broken tool call is answered with an error for the model, not a failure for the user', async () => {
    provider.answerWith((request, res, n) => {
      if (n === 1) return stream(res, [toolCall(0, { id: 'c', name: 'search_library', arguments: '{not json' }), finish('tool_calls')])
      const tool = request.messages.find((m) => m.role === 'tool')!
      stream(res, [text(`Tool said: ${tool.content}`)])
    })
    const answer = await client.ask('Anything?')
    expect(answer.error).toBeNull()
    expect(answer.text).toContain('Tool said: {"error"')
  })

  test('tool calls stop after three rounds: the fourth request offers no tools and must answer', async () => {
    provider.answerWith((request, res, n) => {
      if (request.tools) return stream(res, [toolCall(0, { id: `call_${n}`, name: 'site_tools', arguments: '{}' })])
      stream(res, [text('Here are our tools.')])
    })
    const answer = await client.ask('What tools do you have?')
    expect(answer.text).toBe('Here are our tools.')
    expect(provider.requests).toHaveLength(4)
    expect(provider.requests.map((r) => Boolean(r.body.tools))).toEqual([true, true, true, false])
    // What the tools found counts as the sources when the answer links none of them.
    expect(answer.sources).toContainEqual({ title: 'Resume Builder', url: '/resume' })
  })

  test('a 500 gives a clear error frame, and the next question works', async () => {
    provider.answerWith((_request, res) => {
      res.writeHead(500, { 'Content-Type': 'application/json' })
      res.end('{"error":{"message":"internal"}}')
    })
    expect((await client.ask('First?')).error).toEqual({
      type: 'error',
      detail: 'The assistant could not answer just now: the AI provider had a problem. Please try again in a moment.',
      code: 'provider_failed',
    })
    expect(suite.log.lines.some((line) => line.includes('the AI provider answered 500'))).toBe(true)

    provider.answerWith((_request, res) => stream(res, [text('Back again.')]))
    expect((await client.ask('Second?')).text).toBe('Back again.')
    // The failed question was not stored: the history sent along holds only complete turns.
    expect(provider.requests[0]!.body.messages.map((m) => m.role)).toEqual(['system', 'user'])
  })

  test('a provider that does not answer times out with a clear message', async () => {
    provider.answerWith(() => undefined)
    const started = performance.now()
    const answer = await client.ask('Anyone there?')
    expect(answer.error).toEqual({
      type: 'error',
      detail: 'The AI provider took too long to answer. Please try again in a moment.',
      code: 'provider_failed',
    })
    expect(performance.now() - started).toBeLessThan(3000)
  })

  test('a stream that stalls half-way times out too; what came is kept by the client', async () => {
    provider.answerWith((_request, res) => stream(res, [text('The first half')], { done: false }))
    const answer = await client.ask('Stall?')
    expect(answer.deltas).toEqual(['The first half'])
    expect(answer.error).toMatchObject({ code: 'provider_failed', detail: expect.stringContaining('took too long') })
  })

  test('an empty answer is an error, not a blank message', async () => {
    provider.answerWith((_request, res) => stream(res, [finish('stop')]))
    expect((await client.ask('Say nothing?')).error).toMatchObject({ detail: 'The assistant returned an empty answer. Please ask again.' })
  })

  test('earlier turns of the conversation go along with the next question', async () => {
    provider.answerWith((_request, res) => stream(res, [text('First answer.')]))
    await client.ask('First question?')
    provider.answerWith((_request, res) => stream(res, [text('Second answer.')]))
    await client.ask('Second question?')
    expect(provider.requests[0]!.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'First question?' },
      { role: 'assistant', content: 'First answer.' },
      { role: 'user', content: 'Second question?' },
    ])
  })
})

describe('OpenAI provider settings', () => {
  test('the credit bar names OpenAI for its own API, else the model and host', () => {
    expect(openAiLabel({ baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini' })).toBe('Powered by OpenAI')
    expect(openAiLabel({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1' })).toBe('Powered by llama3.1 via 127.0.0.1:11434')
  })

  test('OPENAI_API_KEY turns the provider on, with defaults for the base URL, model and timeout', () => {
    expect(readConfig({}, rootDir).openai).toBeUndefined()
    expect(readConfig({ OPENAI_API_KEY: 'sk-test' }, rootDir).openai).toEqual({
      apiKey: 'sk-test',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
      timeoutMs: 30_000,
    })
    expect(
      readConfig(
        { OPENAI_API_KEY: 'x', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/', OPENAI_MODEL: 'llama3.1', OPENAI_TIMEOUT_MS: '60000' },
        rootDir,
      ).openai,
    ).toEqual({ apiKey: 'x', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1', timeoutMs: 60_000 })
  })

  test('bad values stop the start with a clear message', () => {
    expect(() => readConfig({ OPENAI_API_KEY: 'x', OPENAI_BASE_URL: 'api.openai.com' }, rootDir)).toThrow(ConfigError)
    expect(() => readConfig({ OPENAI_API_KEY: 'x', OPENAI_TIMEOUT_MS: '5s' }, rootDir)).toThrow(/OPENAI_TIMEOUT_MS/)
  })
})

describe('server-sent events', () => {
  async function* pieces(...parts: string[]) {
    for (const part of parts) yield new TextEncoder().encode(part)
  }
  const all = async (source: AsyncIterable<Uint8Array>) => {
    const out: string[] = []
    for await (const data of sseData(source)) out.push(data)
    return out
  }

  test('events split anywhere, CRLF or CR line ends, multi-line data, comments and other fields', async () => {
    expect(await all(pieces('data: a\r', '\n\r\n: comment\nevent: x\ndata: b\ndata:c\n\ndata: d\r\rid: 1\n', '\ndata: [DONE]'))).toEqual([
      'a',
      'b\nc',
      'd',
      '[DONE]',
    ])
  })

  test('a UTF-8 character split between chunks arrives whole', async () => {
    const bytes = new TextEncoder().encode('data: é😀\n\n')
    async function* split() {
      for (const byte of bytes) yield new Uint8Array([byte])
    }
    expect(await all(split())).toEqual(['é😀'])
  })
})

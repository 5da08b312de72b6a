import fc from 'fast-check'
import type { Hono } from 'hono'
import type * as v from 'valibot'
import { beforeAll, expect, test } from 'vitest'
import {
  changePasswordRequest,
  loginRequest,
  logoutRequest,
  oauthCallbackQuery,
  refreshRequest,
  registerRequest,
  resetEmailRequest,
  resetPasswordRequest,
  updateMeRequest,
} from '~contract/auth.ts'
import { contactRequest } from '~contract/contact.ts'
import { createCoverLetterRequest, emptyCoverLetterData, updateCoverLetterRequest } from '~contract/cover-letter.ts'
import { pageViewRequest } from '~contract/events.ts'
import { articleListQuery, searchQuery } from '~contract/library.ts'
import { costQuery, countryListQuery, locationListQuery, salaryQuery, typeAheadQuery } from '~contract/locations.ts'
import { subscribeRequest } from '~contract/newsletter.ts'
import { addTrackRequest, positionRequest, reorderRequest } from '~contract/playlist.ts'
import { createResumeRequest, emptyResumeData, resumeListQuery, updateResumeRequest } from '~contract/resume.ts'
import { bearer, goodPassword, registerUser } from './support/auth.ts'
import { describeDbs } from './support/db.ts'
import { useLibrary } from './support/library.ts'

/**
 * Property: whatever a client sends to any endpoint that takes input, the answer is a 2xx or a
 * 4xx in the documented error shape (400 `{field: [...]}` or `{detail}`), never a 5xx.
 * Chat (a websocket) and cover-letter polish (503 without a provider, by design) are left out.
 */
const numRuns = 60

type Schema = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>
const keysOf = (schema: Schema) => Object.keys(schema.entries)

// Strings that have broken servers before: NUL (PostgreSQL text refuses it), lone surrogates,
// percent escapes, markup, SQL, huge digit runs and very long text.
const nastyConstant = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '%',
  '%00',
  '%zz',
  '\u202e',
  '💥',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '../../etc/passwd',
  '9'.repeat(40),
  '1e309',
  '-1',
  '0',
  'NaN',
  'x'.repeat(5000),
  'a@b.co',
  'ana+\u0000@example.org',
  '/library',
  'united-states',
  'united-states/austin-tx',
)
const nastyString = fc.oneof(
  { weight: 3, arbitrary: nastyConstant },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
)
/** Characters that a plausible value may carry inside it. */
const nastyInfix = fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\u202e', '\uFEFF', '%00', '\\', "'", '"', '<img src=x onerror=alert(1)>', '\r\n')
const nastyNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 2 ** 63, -1, 0, 1.5, 5e-324, 86_400, 1),
  fc.double(),
  fc.integer(),
)
const leaf = fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null))
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: leaf },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, leaf, { maxKeys: 4 }) },
)

type JsonObject = Record<string, unknown>
const clone = <T>(value: T): T => structuredClone(value)

/** Every path (key list) into a JSON value, the root included. */
function pathsOf(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const here = [at]
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => pathsOf(item, [...at, i]))]
  if (value && typeof value === 'object') return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]))]
  return here
}

function setAt(value: JsonObject, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const copy = clone(value)
  let node = copy as Record<string | number, unknown>
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>
  node[path.at(-1)!] = replacement
  return copy
}

/**
 * A raw body: malformed text, any JSON value, an object with the schema's keys set to anything,
 * or a valid body with one value anywhere inside it replaced by anything.
 */
function bodies(schema: Schema, valid: JsonObject): fc.Arbitrary<string> {
  const shaped = fc.record(Object.fromEntries(keysOf(schema).map((key) => [key, nastyValue])), { requiredKeys: [] })
  const paths = pathsOf(valid).filter((path) => path.length > 0)
  const mutated = fc.tuple(fc.constantFrom(...paths), nastyValue).map(([path, replacement]) => setAt(valid, path, replacement))
  // The valid body with a nasty character inside one of its texts: passes the schema, reaches storage.
  const texts = paths.filter(
    (path) => typeof path.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], valid) === 'string',
  )
  const tainted = fc
    .tuple(fc.constantFrom(...(texts.length > 0 ? texts : [[]])), nastyInfix)
    .map(([path, infix]) =>
      setAt(valid, path, `${String(path.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], valid))}${infix}x`),
    )
  return fc.oneof(
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '1e400',
        '{"a":1e400}',
        '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{}}}',
      ),
    },
    { weight: 3, arbitrary: shaped.map((value) => JSON.stringify(value)) },
    { weight: 3, arbitrary: mutated.map((value) => JSON.stringify(value)) },
    ...(texts.length > 0 ? [{ weight: 3, arbitrary: tainted.map((value) => JSON.stringify(value)) }] : []),
  )
}

/** A query string: the schema's keys (some given twice) set to nasty text, or raw characters. */
function queries(schema: Schema): fc.Arbitrary<string> {
  const value = fc.oneof(nastyString, fc.array(nastyString, { minLength: 2, maxLength: 3 }))
  const shaped = fc.record(Object.fromEntries(keysOf(schema).map((key) => [key, value])), { requiredKeys: [] }).map((record) => {
    const params = new URLSearchParams()
    for (const [key, given] of Object.entries(record)) for (const one of [given ?? []].flat()) params.append(key, one)
    return params.toString()
  })
  const raw = fc.string({ unit: 'grapheme-ascii', maxLength: 30 })
  // A plausible value with a nasty character inside, for one key.
  const tainted = fc
    .tuple(fc.constantFrom(...keysOf(schema)), nastyInfix)
    .map(([key, infix]) => new URLSearchParams({ [key]: `united-states${infix}x` }).toString())
  return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: raw }, { weight: 2, arbitrary: tainted })
}

/** One URL path segment: nasty text percent-encoded, or broken percent escapes as they come. */
const segments = fc.oneof(
  { weight: 4, arbitrary: nastyString.map((text) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))) },
  { weight: 1, arbitrary: fc.constantFrom('%zz', '%', '%E0%A4%A', '%C0%AF', '..', '%2e%2e%2f') },
)

/** Asserts the documented answer: 2xx, or 4xx with `{field: [messages]}` (400 only) or `{detail}`. */
async function expectDocumentedAnswer(response: Response, label: string) {
  const text = await response.text()
  const status = response.status
  const ok = (status >= 200 && status < 300) || (status >= 400 && status < 500)
  expect(ok, `${label} answered ${status}: ${text.slice(0, 300)}`).toBe(true)
  if (status < 400) return
  const body = JSON.parse(text) as Record<string, unknown>
  if ('detail' in body) {
    expect(typeof body.detail, label).toBe('string')
    for (const key of Object.keys(body)) expect(['detail', 'code', 'current'], `${label}: ${text}`).toContain(key)
    return
  }
  expect(status, `${label}: ${text}`).toBe(400)
  expect(Object.keys(body).length, `${label}: ${text}`).toBeGreaterThan(0)
  for (const messages of Object.values(body)) {
    expect(Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string'), `${label}: ${text}`).toBe(true)
  }
}

function sampleResume() {
  const data = emptyResumeData()
  data.heading = { ...data.heading, firstName: 'Ana', lastName: 'Lopez', email: 'ana@example.org' }
  data.experience = [
    { id: 'x1', jobTitle: 'Analyst', employer: 'Acme', city: 'Lyon', startDate: '2021-03', endDate: '', current: true, description: '- Cut costs' },
  ]
  return data
}

function sampleLetter() {
  const data = emptyCoverLetterData()
  data.you = { ...data.you, firstName: 'Ana', lastName: 'Lopez', email: 'ana@example.org' }
  data.recipient = { ...data.recipient, company: 'Acme', name: 'Jo Park' }
  data.strengths = ['communication']
  return data
}

type Probe = { name: string; method: string; path: () => string; input: () => fc.Arbitrary<string>; kind: 'body' | 'query' | 'path'; auth: boolean }

describeDbs('property: no API input gives a 5xx', (suite) => {
  const library = useLibrary(suite)
  let app: Hono
  let access: string
  let resumeId: string
  let letterId: string

  beforeAll(async () => {
    // A social provider is configured (at an address nobody listens on): callbacks reach state checks.
    const oauth = { ...suite.config.oauth, 'google-oauth2': { issuer: 'http://127.0.0.1:9', clientId: 'id', clientSecret: 'secret' } }
    app = suite.app({ content: library.content, config: { ...suite.config, oauth } })
    access = (await registerUser(app)).access
    const made = async (path: string, body: unknown) => {
      const response = await app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...bearer(access) },
        body: JSON.stringify(body),
      })
      expect(response.status).toBe(201)
      return ((await response.json()) as { id: string }).id
    }
    resumeId = await made('/api/resumes', { title: 'Mine', template: 'cool', data: sampleResume() })
    letterId = await made('/api/cover-letters', { title: 'Mine', template: 'cool', data: sampleLetter() })
    await made('/api/users/me/playlist', { audioId: 'ten-interview-tips' })
  })

  const body = (name: string, method: string, path: string | (() => string), schema: Schema, valid: JsonObject, auth = false): Probe => ({
    name,
    method,
    path: typeof path === 'string' ? () => path : path,
    input: () => bodies(schema, valid),
    kind: 'body',
    auth,
  })
  const query = (path: string, schema: Schema, auth = false): Probe => ({
    name: `GET ${path}?`,
    method: 'GET',
    path: () => path,
    input: () => queries(schema),
    kind: 'query',
    auth,
  })
  const param = (method: string, path: (segment: string) => string, auth = false): Probe => ({
    name: `${method} ${path(':param')}`,
    method,
    path: () => path(''),
    input: () => segments.map((segment) => path(segment)),
    kind: 'path',
    auth,
  })
  const resume = () => ({ title: 'Mine', template: 'cool', data: sampleResume() })
  const letter = () => ({ title: 'Mine', template: 'cool', data: sampleLetter() })

  const probes: Probe[] = [
    body('POST /api/users/register', 'POST', '/api/users/register', registerRequest, { email: 'new@example.org', password: goodPassword }),
    body('POST /api/users/login', 'POST', '/api/users/login', loginRequest, { email: 'new@example.org', password: goodPassword, path: '/salary' }),
    body('POST /api/users/refresh', 'POST', '/api/users/refresh', refreshRequest, { refresh: 'x'.repeat(43) }),
    body('POST /api/users/logout', 'POST', '/api/users/logout', logoutRequest, { refresh: 'x'.repeat(43) }),
    body('POST /api/users/request-reset-password-email', 'POST', '/api/users/request-reset-password-email', resetEmailRequest, {
      email: 'new@example.org',
    }),
    body('POST /api/users/reset-password-by-email', 'POST', '/api/users/reset-password-by-email', resetPasswordRequest, {
      token: 'x'.repeat(43),
      password: goodPassword,
    }),
    body('POST /api/users/contact-us/subscribe', 'POST', '/api/users/contact-us/subscribe', subscribeRequest, { email: 'news@example.org' }),
    body('POST /api/users/contact-us', 'POST', '/api/users/contact-us', contactRequest, {
      name: 'Ana',
      email: 'ana@example.org',
      topic: 'general',
      message: 'Hello there, a question.',
    }),
    body('PATCH /api/users/me', 'PATCH', '/api/users/me', updateMeRequest, { email: 'renamed@example.org', current_password: goodPassword }, true),
    body(
      'POST /api/users/me/password',
      'POST',
      '/api/users/me/password',
      changePasswordRequest,
      { current_password: 'not the password', new_password: goodPassword },
      true,
    ),
    body('POST /api/resumes', 'POST', '/api/resumes', createResumeRequest, resume(), true),
    body('PUT /api/resumes/:id', 'PUT', () => `/api/resumes/${resumeId}`, updateResumeRequest, { ...resume(), version: 1 }, true),
    body('POST /api/cover-letters', 'POST', '/api/cover-letters', createCoverLetterRequest, letter(), true),
    body('PUT /api/cover-letters/:id', 'PUT', () => `/api/cover-letters/${letterId}`, updateCoverLetterRequest, { ...letter(), version: 1 }, true),
    body('POST /api/users/me/playlist', 'POST', '/api/users/me/playlist', addTrackRequest, { audioId: 'quick-word-on-follow-ups' }, true),
    body('PUT /api/users/me/playlist', 'PUT', '/api/users/me/playlist', reorderRequest, { audioIds: ['ten-interview-tips'] }, true),
    body(
      'PUT /api/users/me/playlist/:audioId/position',
      'PUT',
      '/api/users/me/playlist/ten-interview-tips/position',
      positionRequest,
      { position: 12 },
      true,
    ),
    body('POST /api/events', 'POST', '/api/events', pageViewRequest, { path: '/library', referrer: '/' }),
    query('/api/resumes', resumeListQuery, true),
    query('/api/cover-letters', resumeListQuery, true),
    query('/api/search', searchQuery),
    query('/api/library/articles', articleListQuery),
    query('/api/salary', salaryQuery, true),
    query('/api/salary/occupations', typeAheadQuery),
    query('/api/cost-of-living', costQuery, true),
    query('/api/countries', countryListQuery),
    query('/api/locations', locationListQuery),
    { ...query('/api/auth/o/google-oauth2/', oauthCallbackQuery), name: 'POST /api/auth/o/google-oauth2/?', method: 'POST' },
    param('GET', (s) => `/api/articles/${s}`),
    param('GET', (s) => `/api/locations/united-states/${s}`),
    param('GET', (s) => `/api/locations/${s}/austin-tx`),
    param('GET', (s) => `/api/countries/${s}`, true),
    param('GET', (s) => `/api/resumes/${s}`, true),
    param('DELETE', (s) => `/api/cover-letters/${s}`, true),
    param('DELETE', (s) => `/api/users/me/playlist/${s}`, true),
    param('GET', (s) => `/api/audio/${s}`),
    param('GET', (s) => `/api/library/covers/${s}`),
    param('GET', (s) => `/api/ebooks/${s}`, true),
  ]

  test.each(probes.map((probe) => [probe.name, probe] as const))('%s', async (_, probe) => {
    await fc.assert(
      fc.asyncProperty(probe.input(), async (input) => {
        const url = probe.kind === 'body' ? probe.path() : probe.kind === 'query' ? `${probe.path()}?${input}` : input
        const response = await app.request(url, {
          method: probe.method,
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(probe.auth ? bearer(access) : {}) },
          body: probe.kind === 'body' ? input : undefined,
        })
        await expectDocumentedAnswer(response, `${probe.method} ${url.slice(0, 200)} ${probe.kind === 'body' ? input.slice(0, 300) : ''}`)
      }),
      { numRuns },
    )
  })
})

describeDbs('text PostgreSQL cannot store', (suite) => {
  const library = useLibrary(suite)

  test('NUL characters and lone surrogates are a 400 field error, not a 500', async () => {
    const app = library.app()
    const { access } = await registerUser(app)
    const data = sampleResume()
    data.heading.city = 'Lyon\uDFFF'
    const cases: [string, string, unknown, Record<string, string>, string][] = [
      ['POST', '/api/resumes', { title: 'Mine\u0000', template: 'cool', data: sampleResume() }, bearer(access), 'title'],
      ['POST', '/api/resumes', { title: 'Mine', template: 'cool', data }, bearer(access), 'data'],
      ['POST', '/api/events', { path: '/library\u0000' }, {}, 'path'],
      [
        'POST',
        '/api/users/contact-us',
        { name: 'Ana\u0000', email: 'ana@example.org', topic: 'general', message: 'Hello there, a question.' },
        {},
        'name',
      ],
      ['GET', '/api/search?title=interview%00', undefined, {}, 'title'],
    ]
    for (const [method, path, body, headers, field] of cases) {
      const response = await app.request(path, {
        method,
        headers: { 'Content-Type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      expect(response.status, `${method} ${path}`).toBe(400)
      expect(await response.json()).toEqual({ [field]: ['Text must be valid Unicode, without NUL characters.'] })
    }
  })
})

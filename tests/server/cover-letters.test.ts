import type { Hono } from 'hono'
import { beforeAll, expect, test } from 'vitest'
import { coverLetterMessages, emptyCoverLetterData, type CoverLetterData, type StoredCoverLetter } from '~contract/cover-letter.ts'
import { resumeMessages } from '~contract/resume.ts'
import { bearer, registerUser, send } from './support/auth.ts'
import { describeDbs } from './support/db.ts'

function sample(company = 'Acme'): CoverLetterData {
  const data = emptyCoverLetterData()
  data.you = { ...data.you, firstName: 'Ana', lastName: 'Lopez', email: 'ana@example.org' }
  data.recipient = { ...data.recipient, company, name: 'Jo Park' }
  data.job = { ...data.job, title: 'Data Analyst', occupation: '15-2051' }
  data.strengths = ['communication', 'reliability']
  data.gap = { reason: 'study', answer: 'I completed a statistics course.' }
  return data
}

describeDbs('CRUD /api/cover-letters', (suite) => {
  let app: Hono
  let ana: string
  let ben: string
  beforeAll(async () => {
    app = suite.app()
    ana = (await registerUser(app)).access
    ben = (await registerUser(app)).access
  })

  async function create(access: string, title = 'Acme letter'): Promise<StoredCoverLetter> {
    const response = await send(app, 'POST', '/api/cover-letters', { title, template: 'cool', data: sample() }, bearer(access))
    expect(response.status).toBe(201)
    expect(response.headers.get('Location')).toMatch(/^\/api\/cover-letters\/[0-9a-f-]{36}$/)
    return (await response.json()) as StoredCoverLetter
  }

  test('creates, reads, lists, updates and deletes the owner’s letter', async () => {
    const made = await create(ana)
    expect(made).toMatchObject({ title: 'Acme letter', template: 'cool', version: 1, data: sample() })
    expect(made.updated_at).toBe(suite.clock.now().toISOString())
    expect(await (await send(app, 'GET', `/api/cover-letters/${made.id}`, undefined, bearer(ana))).json()).toEqual(made)

    const list = (await (await send(app, 'GET', '/api/cover-letters', undefined, bearer(ana))).json()) as {
      count: number
      results: StoredCoverLetter[]
    }
    expect(list.results.map((r) => r.id)).toContain(made.id)

    suite.clock.advance(60_000)
    const changed = { ...sample('Globex'), edits: { ...sample().edits, body: 'My own body text.' } }
    const put = await send(
      app,
      'PUT',
      `/api/cover-letters/${made.id}`,
      { title: 'Globex letter', template: 'brilliant', data: changed, version: 1 },
      bearer(ana),
    )
    expect(put.status).toBe(200)
    expect(await put.json()).toMatchObject({
      id: made.id,
      title: 'Globex letter',
      template: 'brilliant',
      version: 2,
      data: changed,
      updated_at: suite.clock.now().toISOString(),
    })

    expect((await send(app, 'DELETE', `/api/cover-letters/${made.id}`, undefined, bearer(ana))).status).toBe(204)
    expect((await send(app, 'GET', `/api/cover-letters/${made.id}`, undefined, bearer(ana))).status).toBe(404)
  })

  test('another user’s letter is 404 to them for every method and stays untouched', async () => {
    const mine = await create(ana)
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { title: 'Taken', template: 'cool', data: sample('Initech'), version: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const response = await send(app, method, `/api/cover-letters/${mine.id}`, body, bearer(ben))
      expect(response.status, method).toBe(404)
      expect(await response.json()).toEqual({ detail: coverLetterMessages.notFound })
    }
    const benList = (await (await send(app, 'GET', '/api/cover-letters', undefined, bearer(ben))).json()) as {
      count: number
      results: StoredCoverLetter[]
    }
    expect(benList.results.map((r) => r.id)).not.toContain(mine.id)
    expect(await (await send(app, 'GET', `/api/cover-letters/${mine.id}`, undefined, bearer(ana))).json()).toEqual(mine)
  })

  test('a write based on a stale version is 409 with the server copy, which is kept', async () => {
    const made = await create(ana)
    const first = await send(
      app,
      'PUT',
      `/api/cover-letters/${made.id}`,
      { title: 'Laptop', template: 'cool', data: sample('Laptop Inc'), version: 1 },
      bearer(ana),
    )
    expect(first.status).toBe(200)
    const current = (await first.json()) as StoredCoverLetter

    const stale = await send(
      app,
      'PUT',
      `/api/cover-letters/${made.id}`,
      { title: 'Phone', template: 'cool', data: sample('Phone Inc'), version: 1 },
      bearer(ana),
    )
    expect(stale.status).toBe(409)
    expect(await stale.json()).toEqual({ detail: coverLetterMessages.stale, current })
    expect(await (await send(app, 'GET', `/api/cover-letters/${made.id}`, undefined, bearer(ana))).json()).toEqual(current)

    const retried = await send(
      app,
      'PUT',
      `/api/cover-letters/${made.id}`,
      { title: 'Phone', template: 'cool', data: sample('Phone Inc'), version: current.version },
      bearer(ana),
    )
    expect(retried.status).toBe(200)
    expect(((await retried.json()) as StoredCoverLetter).version).toBe(3)
  })

  test('bad payloads are 400 with field errors', async () => {
    const missing = await send(app, 'POST', '/api/cover-letters', { template: 'retro', data: sample() }, bearer(ana))
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ title: ['Title is required'], template: ['Pick cool, visionary or brilliant'] })

    const bad = sample() as unknown as Record<string, unknown>
    bad.strengths = ['communication', 'reliability', 'teamwork', 'leadership']
    bad.gap = { reason: 'holiday', answer: '' }
    const nested = await send(app, 'POST', '/api/cover-letters', { title: 'x', template: 'cool', data: bad }, bearer(ana))
    expect(nested.status).toBe(400)
    const errors = (await nested.json()) as Record<string, string[]>
    expect(Object.keys(errors)).toEqual(['data'])
    expect(errors.data).toEqual(expect.arrayContaining(['Pick at most 3 strengths', 'Pick a listed reason']))

    const made = await create(ana)
    const noVersion = await send(app, 'PUT', `/api/cover-letters/${made.id}`, { title: 'x', template: 'cool', data: sample() }, bearer(ana))
    expect(noVersion.status).toBe(400)
    expect(await noVersion.json()).toEqual({ version: ['Version is required'] })
  })

  test('guests are 401; unknown ids are 404; resumes and letters are separate', async () => {
    expect((await send(app, 'GET', '/api/cover-letters')).status).toBe(401)
    const guest = await send(
      app,
      'POST',
      '/api/cover-letters',
      { title: 't', template: 'cool', data: sample() },
      { Authorization: 'Guest ABCDEFGH12345678' },
    )
    expect(guest.status).toBe(401)
    expect((await send(app, 'GET', '/api/cover-letters/not-a-uuid', undefined, bearer(ana))).status).toBe(404)
    expect((await send(app, 'GET', '/api/cover-letters/00000000-0000-4000-8000-000000000000', undefined, bearer(ana))).status).toBe(404)
    const letter = await create(ana)
    const asResume = await send(app, 'GET', `/api/resumes/${letter.id}`, undefined, bearer(ana))
    expect(asResume.status).toBe(404)
    expect(await asResume.json()).toEqual({ detail: resumeMessages.notFound })
  })
})

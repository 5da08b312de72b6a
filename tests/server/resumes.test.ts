import type { Hono } from 'hono'
import { beforeAll, expect, test } from 'vitest'
import { emptyResumeData, resumeMessages, type ResumeData, type StoredResume } from '~contract/resume.ts'
import { bearer, registerUser, send } from './support/auth.ts'
import { describeDbs } from './support/db.ts'

function sample(name = 'Ana'): ResumeData {
  const data = emptyResumeData()
  data.heading = { ...data.heading, firstName: name, lastName: 'Lopez', email: 'ana@example.org', jobTitle: 'Data analyst' }
  data.experience = [
    {
      id: 'x1',
      jobTitle: 'Analyst',
      employer: 'Acme',
      city: 'Lyon',
      startDate: '2021-03',
      endDate: '',
      current: true,
      description: '- Cut reporting time by **40%**',
    },
  ]
  return data
}

describeDbs('CRUD /api/resumes', (suite) => {
  let app: Hono
  let ana: string
  let ben: string
  beforeAll(async () => {
    app = suite.app()
    ana = (await registerUser(app)).access
    ben = (await registerUser(app)).access
  })

  async function create(access: string, title = 'My resume'): Promise<StoredResume> {
    const response = await send(app, 'POST', '/api/resumes', { title, template: 'cool', data: sample() }, bearer(access))
    expect(response.status).toBe(201)
    return (await response.json()) as StoredResume
  }

  test('creates, reads, lists, updates and deletes the owner’s resume', async () => {
    const made = await create(ana, 'Analyst resume')
    expect(made).toMatchObject({ title: 'Analyst resume', template: 'cool', version: 1, data: sample() })
    expect(made.updated_at).toBe(suite.clock.now().toISOString())

    const read = await send(app, 'GET', `/api/resumes/${made.id}`, undefined, bearer(ana))
    expect(await read.json()).toEqual(made)

    const list = (await (await send(app, 'GET', '/api/resumes', undefined, bearer(ana))).json()) as { count: number; results: StoredResume[] }
    expect(list.results.map((r) => r.id)).toContain(made.id)

    suite.clock.advance(60_000)
    const changed = { ...sample('Ana María'), design: { ...sample().design, template: 'brilliant' as const } }
    const put = await send(app, 'PUT', `/api/resumes/${made.id}`, { title: 'Renamed', template: 'brilliant', data: changed, version: 1 }, bearer(ana))
    expect(put.status).toBe(200)
    const updated = (await put.json()) as StoredResume
    expect(updated).toMatchObject({ id: made.id, title: 'Renamed', template: 'brilliant', version: 2, data: changed })
    expect(updated.updated_at).toBe(suite.clock.now().toISOString())

    expect((await send(app, 'DELETE', `/api/resumes/${made.id}`, undefined, bearer(ana))).status).toBe(204)
    expect((await send(app, 'GET', `/api/resumes/${made.id}`, undefined, bearer(ana))).status).toBe(404)
  })

  test('another user’s resume is 404 to you, for every method, and stays untouched', async () => {
    const mine = await create(ana)
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { title: 'Taken', template: 'cool', data: sample('Ben'), version: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const response = await send(app, method, `/api/resumes/${mine.id}`, body, bearer(ben))
      expect(response.status, method).toBe(404)
      expect(await response.json()).toEqual({ detail: resumeMessages.notFound })
    }
    const benList = (await (await send(app, 'GET', '/api/resumes', undefined, bearer(ben))).json()) as { results: StoredResume[] }
    expect(benList.results.map((r) => r.id)).not.toContain(mine.id)
    expect(await (await send(app, 'GET', `/api/resumes/${mine.id}`, undefined, bearer(ana))).json()).toEqual(mine)
  })

  test('a write based on a stale version is 409 with the server copy, which is kept', async () => {
    const made = await create(ana)
    const first = await send(
      app,
      'PUT',
      `/api/resumes/${made.id}`,
      { title: 'From laptop', template: 'cool', data: sample('Laptop'), version: 1 },
      bearer(ana),
    )
    expect(first.status).toBe(200)
    const current = (await first.json()) as StoredResume

    const stale = await send(
      app,
      'PUT',
      `/api/resumes/${made.id}`,
      { title: 'From phone', template: 'cool', data: sample('Phone'), version: 1 },
      bearer(ana),
    )
    expect(stale.status).toBe(409)
    expect(await stale.json()).toEqual({ detail: resumeMessages.stale, current })
    expect(await (await send(app, 'GET', `/api/resumes/${made.id}`, undefined, bearer(ana))).json()).toEqual(current)

    const retried = await send(
      app,
      'PUT',
      `/api/resumes/${made.id}`,
      { title: 'From phone', template: 'cool', data: sample('Phone'), version: current.version },
      bearer(ana),
    )
    expect(retried.status).toBe(200)
    expect(((await retried.json()) as StoredResume).version).toBe(3)
  })

  test('bad payloads are 400 with field errors', async () => {
    const missing = await send(app, 'POST', '/api/resumes', { template: 'retro', data: sample() }, bearer(ana))
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ title: ['Title is required'], template: ['Pick cool, visionary or brilliant'] })

    const badData = sample()
    badData.design.themeColor = 'red'
    badData.experience[0]!.startDate = 'March 2021'
    const nested = await send(app, 'POST', '/api/resumes', { title: 'x', template: 'cool', data: badData }, bearer(ana))
    expect(nested.status).toBe(400)
    const errors = (await nested.json()) as Record<string, string[]>
    expect(Object.keys(errors)).toEqual(['data'])
    expect(errors.data).toEqual(expect.arrayContaining(['Dates are YYYY-MM', 'A colour is #rrggbb']))

    const made = await create(ana)
    const noVersion = await send(app, 'PUT', `/api/resumes/${made.id}`, { title: 'x', template: 'cool', data: sample() }, bearer(ana))
    expect(noVersion.status).toBe(400)
    expect(await noVersion.json()).toEqual({ version: ['Version is required'] })
    // Past what the database stores: a clear 400, not a 500 (found by the property test).
    const huge = await send(
      app,
      'PUT',
      `/api/resumes/${made.id}`,
      { title: 'x', template: 'cool', data: sample(), version: 1125899906842063 },
      bearer(ana),
    )
    expect(huge.status).toBe(400)
    expect(await huge.json()).toEqual({ version: ['Version is at most 2147483647'] })
  })

  test('guests and unknown ids are refused', async () => {
    expect((await send(app, 'GET', '/api/resumes')).status).toBe(401)
    expect(
      (await send(app, 'POST', '/api/resumes', { title: 't', template: 'cool', data: sample() }, { Authorization: 'Guest ABCDEFGH12345678' })).status,
    ).toBe(401)
    expect((await send(app, 'GET', '/api/resumes/not-a-uuid', undefined, bearer(ana))).status).toBe(404)
    expect((await send(app, 'GET', '/api/resumes/00000000-0000-4000-8000-000000000000', undefined, bearer(ana))).status).toBe(404)
  })
})

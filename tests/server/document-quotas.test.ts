import { count, eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { emptyCoverLetterData } from '~contract/cover-letter.ts'
import { emptyResumeData } from '~contract/resume.ts'
import { defaultRateLimits } from '../../server/config.ts'
import { resumes, users } from '../../server/db/schema.ts'
import { bearer, registerUser, send } from './support/auth.ts'
import { describeDbs } from './support/db.ts'

describeDbs('per-account bounds on saved documents', (suite) => {
  const resume = (title: string) => ({ title, template: 'cool', data: emptyResumeData() })

  test('an account keeps at most 100 resumes: the 101st is refused with what to do, and fits again after a deletion', async () => {
    const app = suite.app()
    const user = await registerUser(app)
    const [row] = await suite.db.select({ id: users.id }).from(users).where(eq(users.email, user.email))
    await suite.db
      .insert(resumes)
      .values(Array.from({ length: 99 }, (_, i) => ({ userId: row!.id, title: `Resume ${i}`, template: 'cool', data: emptyResumeData() })))
    const hundredth = await send(app, 'POST', '/api/resumes', resume('The hundredth'), bearer(user.access))
    expect(hundredth.status).toBe(201)

    const refused = await send(app, 'POST', '/api/resumes', resume('One too many'), bearer(user.access))

    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({
      detail: 'Your account already keeps 100 resumes, the most it can. Delete one you no longer need from your dashboard, then save this one again.',
    })
    const [kept] = await suite.db.select({ n: count() }).from(resumes).where(eq(resumes.userId, row!.id))
    expect(Number(kept!.n)).toBe(100)
    // Cover letters count apart.
    const letter = await send(
      app,
      'POST',
      '/api/cover-letters',
      { title: 'Letter', template: 'cool', data: emptyCoverLetterData() },
      bearer(user.access),
    )
    expect(letter.status).toBe(201)
    const { id } = (await hundredth.json()) as { id: string }
    expect((await send(app, 'DELETE', `/api/resumes/${id}`, undefined, bearer(user.access))).status).toBe(204)
    expect((await send(app, 'POST', '/api/resumes', resume('One too many'), bearer(user.access))).status).toBe(201)
  })

  test('saves, changes and deletions: 120 a minute per account, then 429 with Retry-After', async () => {
    const app = suite.app({ config: { ...suite.config, rateLimits: defaultRateLimits } })
    const user = await registerUser(suite.app())
    const other = await registerUser(suite.app())
    const made = (await (await send(app, 'POST', '/api/resumes', resume('Draft'), bearer(user.access))).json()) as { id: string; version: number }
    let version = made.version
    for (let i = 2; i <= 120; i++) {
      const response = await send(app, 'PUT', `/api/resumes/${made.id}`, { ...resume(`Draft ${i}`), version }, bearer(user.access))
      expect(response.status).toBe(200)
      version = ((await response.json()) as { version: number }).version
    }

    const limited = await send(app, 'PUT', `/api/resumes/${made.id}`, { ...resume('Draft 121'), version }, bearer(user.access))

    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(await limited.json()).toEqual({
      detail: expect.stringMatching(
        /^You are saving faster than we can keep up with\. Your work is kept on this device; try saving again in \d+ minutes?\.$/,
      ),
    })
    // Reading is not limited, nor is another account.
    expect((await send(app, 'GET', `/api/resumes/${made.id}`, undefined, bearer(user.access))).status).toBe(200)
    expect((await send(app, 'POST', '/api/resumes', resume('Mine'), bearer(other.access))).status).toBe(201)
  })
})

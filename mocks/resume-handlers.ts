import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { authErrorCodes, authMessages } from '~contract/auth.ts'
import { createResumeRequest, resumeMessages, updateResumeRequest, type StoredResume } from '~contract/resume.ts'
import type { createMockAccounts } from './auth-handlers'
import { fieldErrors } from './field-errors'

/** CRUD /api/resumes in memory, with the real API's rules: owner-only, 409 with the server copy on a stale version. */
export function createResumeHandlers(accounts: ReturnType<typeof createMockAccounts>) {
  const resumes = new Map<string, { owner: string; resume: StoredResume }>()
  let sequence = 0
  const unauthorized = () => HttpResponse.json({ detail: authMessages.tokenNotValid, code: authErrorCodes.tokenNotValid }, { status: 401 })
  const notFound = () => HttpResponse.json({ detail: resumeMessages.notFound }, { status: 404 })
  const owned = (request: Request, id: unknown) => {
    const user = accounts.userFrom(request)
    const entry = typeof id === 'string' ? resumes.get(id) : undefined
    return { user, entry: user && entry?.owner === user.id ? entry : undefined }
  }

  return [
    http.get('*/api/resumes', ({ request }) => {
      const user = accounts.userFrom(request)
      if (!user) return unauthorized()
      const results = [...resumes.values()].filter((entry) => entry.owner === user.id).map((entry) => entry.resume)
      return HttpResponse.json({ count: results.length, next: null, previous: null, results })
    }),
    http.post('*/api/resumes', async ({ request }) => {
      const user = accounts.userFrom(request)
      if (!user) return unauthorized()
      const parsed = v.safeParse(createResumeRequest, await request.json())
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      sequence += 1
      const resume: StoredResume = { id: `resume-${sequence}`, ...parsed.output, version: 1, updated_at: new Date().toISOString() }
      resumes.set(resume.id, { owner: user.id, resume })
      return HttpResponse.json(resume, { status: 201 })
    }),
    http.get('*/api/resumes/:id', ({ request, params }) => {
      const { user, entry } = owned(request, params.id)
      if (!user) return unauthorized()
      return entry ? HttpResponse.json(entry.resume) : notFound()
    }),
    http.put('*/api/resumes/:id', async ({ request, params }) => {
      const { user, entry } = owned(request, params.id)
      if (!user) return unauthorized()
      if (!entry) return notFound()
      const parsed = v.safeParse(updateResumeRequest, await request.json())
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      if (parsed.output.version !== entry.resume.version) return HttpResponse.json({ detail: resumeMessages.stale, current: entry.resume }, { status: 409 })
      const { version, ...body } = parsed.output
      entry.resume = { ...entry.resume, ...body, version: version + 1, updated_at: new Date().toISOString() }
      return HttpResponse.json(entry.resume)
    }),
    http.delete('*/api/resumes/:id', ({ request, params }) => {
      const { user, entry } = owned(request, params.id)
      if (!user) return unauthorized()
      if (!entry) return notFound()
      resumes.delete(entry.resume.id)
      return new HttpResponse(null, { status: 204 })
    }),
  ]
}

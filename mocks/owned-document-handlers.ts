import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { authErrorCodes, authMessages } from '~contract/auth.ts'
import type { DocumentBody, StoredDocument } from '~contract/documents.ts'
import { resumeListQuery } from '~contract/resume.ts'
import type { createMockAccounts } from './auth-handlers'
import { fieldErrors } from './field-errors'

type Stored<Body> = Body & Omit<StoredDocument, keyof DocumentBody>

type Options<Body> = {
  /** The API collection, e.g. `resumes`, `cover-letters`. */
  collection: string
  create: v.GenericSchema<unknown, Body>
  update: v.GenericSchema<unknown, Body & { version: number }>
  messages: { notFound: string; stale: string }
}

/**
 * CRUD /api/<collection> in memory, with the real API's rules (server/routes/owned-documents.ts):
 * owner-only, uuid ids, newest change first, `page`/`page_size`, 409 with the server copy on a
 * stale version.
 */
export function createOwnedDocumentHandlers<Body extends object>(
  accounts: ReturnType<typeof createMockAccounts>,
  { collection, create, update, messages }: Options<Body>,
) {
  const documents = new Map<string, { owner: string; document: Stored<Body> }>()
  let last = 0
  // Two saves in one millisecond still sort in the order they happened.
  const now = () => new Date((last = Math.max(Date.now(), last + 1))).toISOString()
  const unauthorized = () => HttpResponse.json({ detail: authMessages.tokenNotValid, code: authErrorCodes.tokenNotValid }, { status: 401 })
  const notFound = () => HttpResponse.json({ detail: messages.notFound }, { status: 404 })
  const owned = (request: Request, id: unknown) => {
    const user = accounts.userFrom(request)
    const entry = typeof id === 'string' ? documents.get(id) : undefined
    return { user, entry: user && entry?.owner === user.id ? entry : undefined }
  }
  const path = `*/api/${collection}`

  return [
    http.get(path, ({ request }) => {
      const user = accounts.userFrom(request)
      if (!user) return unauthorized()
      const query = v.safeParse(resumeListQuery, Object.fromEntries(new URL(request.url).searchParams))
      if (!query.success) return HttpResponse.json(fieldErrors(query.issues), { status: 400 })
      const { page, page_size } = query.output
      const all = [...documents.values()]
        .filter((entry) => entry.owner === user.id)
        .map((entry) => entry.document)
        .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
      const at = (n: number) => `/api/${collection}?page=${n}&page_size=${page_size}`
      return HttpResponse.json({
        count: all.length,
        next: page * page_size < all.length ? at(page + 1) : null,
        previous: page > 1 ? at(page - 1) : null,
        results: all.slice((page - 1) * page_size, page * page_size),
      })
    }),
    http.post(path, async ({ request }) => {
      const user = accounts.userFrom(request)
      if (!user) return unauthorized()
      const parsed = v.safeParse(create, await request.json())
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      const document: Stored<Body> = { ...parsed.output, id: crypto.randomUUID(), version: 1, updated_at: now() }
      documents.set(document.id, { owner: user.id, document })
      return HttpResponse.json(document, { status: 201 })
    }),
    http.get(`${path}/:id`, ({ request, params }) => {
      const { user, entry } = owned(request, params.id)
      if (!user) return unauthorized()
      return entry ? HttpResponse.json(entry.document) : notFound()
    }),
    http.put(`${path}/:id`, async ({ request, params }) => {
      const { user, entry } = owned(request, params.id)
      if (!user) return unauthorized()
      if (!entry) return notFound()
      const parsed = v.safeParse(update, await request.json())
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      if (parsed.output.version !== entry.document.version)
        return HttpResponse.json({ detail: messages.stale, current: entry.document }, { status: 409 })
      const { version, ...body } = parsed.output
      entry.document = { ...entry.document, ...body, version: version + 1, updated_at: now() }
      return HttpResponse.json(entry.document)
    }),
    http.delete(`${path}/:id`, ({ request, params }) => {
      const { user, entry } = owned(request, params.id)
      if (!user) return unauthorized()
      if (!entry) return notFound()
      documents.delete(entry.document.id)
      return new HttpResponse(null, { status: 204 })
    }),
  ]
}

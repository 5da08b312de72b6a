import { Hono, type MiddlewareHandler } from 'hono'
import type * as v from 'valibot'
import { rateLimitMessages } from '~contract/auth.ts'
import type { DocumentBody } from '~contract/documents.ts'
import { DOCUMENTS_PER_ACCOUNT, resumeListQuery } from '~contract/resume.ts'
import type { AuthEnv } from '../http/auth.ts'
import { detailError } from '../http/errors.ts'
import { jsonBody, queryParams } from '../http/validate.ts'
import type { OwnedDocuments } from '../services/documents/index.ts'
import { refuseWhenLimited } from '../services/rate-limit.ts'
import type { RouteContext } from './context.ts'

/** The API of one builder document kind (resumes, cover letters): its service, the contract's schemas and its messages. */
export type DocumentResource<Data, Template extends string> = {
  documents: OwnedDocuments<Data, Template>
  create: v.GenericSchema<unknown, DocumentBody<Data, Template>>
  update: v.GenericSchema<unknown, DocumentBody<Data, Template> & { version: number }>
  messages: { notFound: string; stale: string; quota: (limit: number) => string }
}

/**
 * CRUD for a builder document kind: signed-in owners only; PUT carries the version it was based
 * on. Not a route module of its own: resumes.ts and cover-letters.ts build theirs with it.
 */
export function ownedDocumentRoutes<Data, Template extends string>(
  { config, services, requireUser }: RouteContext,
  { documents, create, update, messages }: DocumentResource<Data, Template>,
) {
  const { limiter } = services
  // Saves, changes and deletions of one account, all builder kinds together.
  const writesPerAccount = config.rateLimits.documentWritesPerAccount
  const notFound = () => detailError(404, messages.notFound)
  const countWrite: MiddlewareHandler<AuthEnv> = async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      refuseWhenLimited([await limiter.hit(`documents:account:${c.var.user.id}`, writesPerAccount)], rateLimitMessages.documentWrites)
    }
    await next()
  }

  return new Hono<AuthEnv>()
    .use('*', requireUser)
    .use('*', async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store')
    })
    .use('*', countWrite)
    .get('/', queryParams(resumeListQuery), async (c) => {
      const { page, page_size } = c.req.valid('query')
      const { count, results } = await documents.list(c.var.user.id, page, page_size)
      const at = (n: number) => `${new URL(c.req.url).pathname}?page=${n}&page_size=${page_size}`
      return c.json({
        count,
        next: page * page_size < count ? at(page + 1) : null,
        previous: page > 1 ? at(page - 1) : null,
        results,
      })
    })
    .post('/', jsonBody(create), async (c) => {
      const made = await documents.create(c.var.user.id, c.req.valid('json'), DOCUMENTS_PER_ACCOUNT)
      if (!made) throw detailError(403, messages.quota(DOCUMENTS_PER_ACCOUNT))
      return c.json(made, 201, { Location: `${new URL(c.req.url).pathname.replace(/\/$/, '')}/${made.id}` })
    })
    .get('/:id', async (c) => {
      const found = await documents.find(c.var.user.id, c.req.param('id'))
      if (!found) throw notFound()
      return c.json(found)
    })
    .put('/:id', jsonBody(update), async (c) => {
      const outcome = await documents.update(c.var.user.id, c.req.param('id'), c.req.valid('json'))
      if (outcome.kind === 'missing') throw notFound()
      // 409 with the server's copy, so the user can choose.
      if (outcome.kind === 'stale') return c.json({ detail: messages.stale, current: outcome.current }, 409)
      return c.json(outcome.document)
    })
    .delete('/:id', async (c) => {
      if (!(await documents.remove(c.var.user.id, c.req.param('id')))) throw notFound()
      return c.body(null, 204)
    })
}

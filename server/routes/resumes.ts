import { Hono, type MiddlewareHandler } from 'hono'
import { createResumeRequest, resumeListQuery, resumeMessages, updateResumeRequest, type ResumeConflict } from '~contract/resume.ts'
import { detailError } from '../http/errors.ts'
import type { AuthEnv } from '../http/auth.ts'
import { jsonBody, queryParams } from '../http/validate.ts'
import type { Resumes } from '../services/resumes.ts'

/** CRUD /api/resumes: signed-in owners only; PUT carries the version it was based on. */
export function resumeRoutes({ resumes, requireUser }: { resumes: Resumes; requireUser: MiddlewareHandler<AuthEnv> }) {
  const notFound = () => detailError(404, resumeMessages.notFound)

  return new Hono<AuthEnv>()
    .use('*', requireUser)
    .use('*', async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store')
    })
    .get('/', queryParams(resumeListQuery), async (c) => {
      const { page, page_size } = c.req.valid('query')
      const { count, results } = await resumes.list(c.var.user.id, page, page_size)
      const at = (n: number) => `${new URL(c.req.url).pathname}?page=${n}&page_size=${page_size}`
      return c.json({
        count,
        next: page * page_size < count ? at(page + 1) : null,
        previous: page > 1 ? at(page - 1) : null,
        results,
      })
    })
    .post('/', jsonBody(createResumeRequest), async (c) => {
      const resume = await resumes.create(c.var.user.id, c.req.valid('json'))
      return c.json(resume, 201, { Location: `${new URL(c.req.url).pathname.replace(/\/$/, '')}/${resume.id}` })
    })
    .get('/:id', async (c) => {
      const resume = await resumes.find(c.var.user.id, c.req.param('id'))
      if (!resume) throw notFound()
      return c.json(resume)
    })
    .put('/:id', jsonBody(updateResumeRequest), async (c) => {
      const outcome = await resumes.update(c.var.user.id, c.req.param('id'), c.req.valid('json'))
      if (outcome.kind === 'missing') throw notFound()
      if (outcome.kind === 'stale') {
        const conflict: ResumeConflict = { detail: resumeMessages.stale, current: outcome.current }
        return c.json(conflict, 409)
      }
      return c.json(outcome.resume)
    })
    .delete('/:id', async (c) => {
      if (!(await resumes.remove(c.var.user.id, c.req.param('id')))) throw notFound()
      return c.body(null, 204)
    })
}

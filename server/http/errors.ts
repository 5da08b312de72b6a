import type { ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { FieldErrors } from '~contract/common.ts'
import type { Log } from '../log.ts'

export const serverErrorDetail = 'Something went wrong on our side. Please try again in a moment.'

/** 400 `{"field": ["message", ...]}`: thrown by the validator and by routes (e.g. duplicates). */
export class FieldError extends Error {
  constructor(readonly fields: FieldErrors) {
    super('Invalid fields')
  }
}

type DetailOptions = { code?: string; headers?: Record<string, string> }

/** An HTTPException that also carries a machine-readable `code` and response headers. */
class DetailException extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    detail: string,
    readonly options: DetailOptions,
  ) {
    super(status, { message: detail })
  }
}

/** Any other client error: `{"detail": "..."}` (plus `code` when given) with the status. */
export const detailError = (status: ContentfulStatusCode, detail: string, options: DetailOptions = {}) =>
  new DetailException(status, detail, options)

/** The one place that turns a thrown error into a response. */
export const errorHandler =
  (log: Log): ErrorHandler =>
  (error, c) => {
    if (error instanceof FieldError) return c.json(error.fields, 400)
    if (error instanceof HTTPException) {
      const detail = error.message || 'The request was not accepted.'
      const { code, headers } = error instanceof DetailException ? error.options : {}
      for (const [name, value] of Object.entries(headers ?? {})) c.header(name, value)
      return c.json(code ? { detail, code } : { detail }, error.status as ContentfulStatusCode)
    }
    // The path only (a query string may hold an OAuth code); the log drops bound query parameters.
    log.error(`${c.req.method} ${c.req.path} failed`, error)
    return c.json({ detail: serverErrorDetail }, 500)
  }

/**
 * Unknown paths answer 404, and known paths with another method 405 with `Allow`.
 * `app.routes` is read per request so routes mounted after this call count too.
 */
type Routes = { routes: readonly { method: string; path: string }[] }

export const notFound =
  (app: Routes): NotFoundHandler =>
  (c) => {
    const allowed = allowedMethods(app, c.req.path)
    if (allowed.length === 0) return c.json({ detail: 'Not found.' }, 404)
    c.header('Allow', allowed.join(', '))
    return c.json({ detail: `Method ${c.req.method} is not allowed here.` }, 405)
  }

function allowedMethods(app: Routes, path: string): string[] {
  const methods = new Set<string>()
  for (const route of app.routes) {
    if (route.method === 'ALL' || route.path.includes('*')) continue // middleware, not endpoints
    if (!routePattern(route.path).test(path)) continue
    methods.add(route.method)
    if (route.method === 'GET') methods.add('HEAD')
  }
  return [...methods]
}

const routePattern = (routePath: string) =>
  new RegExp(
    `^${routePath
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}$`,
  )

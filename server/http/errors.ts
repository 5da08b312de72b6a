import type { ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { oauthMessages } from '~contract/auth.ts'
import { isDatabaseUnavailable } from '../db/unavailable.ts'
import { describeError, type Log } from '../log.ts'
import { FieldError, Refusal, type RefusalKind } from '../services/errors.ts'
import { OAuthError } from '../services/accounts/index.ts'

export const serverErrorDetail = 'Something went wrong on our side. Please try again in a moment.'
export const databaseUnavailableDetail = 'The service is briefly unavailable: our database is not answering. Please try again in a moment.'
/** Seconds a client is asked to wait when the database is away (a PostgreSQL restart takes a few). */
export const databaseRetryAfterSeconds = 5

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
export const detailError = (status: ContentfulStatusCode, detail: string, options: DetailOptions = {}) => new DetailException(status, detail, options)

/** The status of each kind of refusal a service may throw. */
const refusalStatus: Record<RefusalKind, ContentfulStatusCode> = {
  invalid: 400,
  'not-found': 404,
  conflict: 409,
  'rate-limited': 429,
  busy: 503,
}

/**
 * The one place that turns a thrown error into a response: services' refusals and field
 * errors, the HTTP layer's own exceptions, the database being away, and everything else (500).
 */
export function errorHandler(log: Log): ErrorHandler {
  // While the database is away every request fails the same way: one log line per interval.
  const logEveryMs = 5000
  let lastLogged = Number.NEGATIVE_INFINITY
  let unlogged = 0
  return (error, c) => {
    if (error instanceof FieldError) return c.json(error.fields, 400)
    if (error instanceof Refusal) {
      if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds))
      return c.json({ detail: error.message }, refusalStatus[error.kind])
    }
    // The provider did not answer (502), or would not vouch for the code or the address (400).
    if (error instanceof OAuthError) {
      const { provider, reason } = error
      if (reason === 'unavailable') return c.json({ detail: oauthMessages.unavailable(provider) }, 502)
      if (reason === 'unverified') return c.json({ detail: oauthMessages.emailNotVerified(provider) }, 400)
      return c.json({ detail: oauthMessages.exchangeFailed(provider) }, 400)
    }
    if (error instanceof HTTPException) {
      const detail = error.message || 'The request was not accepted.'
      const { code, headers } = error instanceof DetailException ? error.options : {}
      for (const [name, value] of Object.entries(headers ?? {})) c.header(name, value)
      return c.json(code ? { detail, code } : { detail }, error.status as ContentfulStatusCode)
    }
    if (isDatabaseUnavailable(error)) {
      const now = Date.now()
      if (now - lastLogged >= logEveryMs) {
        const more = unlogged > 0 ? `; ${unlogged} more requests since the last such line` : ''
        log.warn(`${c.req.method} ${c.req.path} answered 503, the database is unavailable (${describeError(error)})${more}`)
        lastLogged = now
        unlogged = 0
      } else unlogged += 1
      c.header('Retry-After', String(databaseRetryAfterSeconds))
      c.header('Cache-Control', 'no-store')
      return c.json({ detail: databaseUnavailableDetail }, 503)
    }
    // The path only (a query string may hold an OAuth code); the log drops bound query parameters.
    log.error(`${c.req.method} ${c.req.path} failed`, error)
    return c.json({ detail: serverErrorDetail }, 500)
  }
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

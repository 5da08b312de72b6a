import type { ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { FieldErrors } from '~contract/common.ts'
import { describeError, type Log } from '../log.ts'

export const serverErrorDetail = 'Something went wrong on our side. Please try again in a moment.'
export const databaseUnavailableDetail = 'The service is briefly unavailable: our database is not answering. Please try again in a moment.'
/** Seconds a client is asked to wait when the database is away (a PostgreSQL restart takes a few). */
export const databaseRetryAfterSeconds = 5

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

/**
 * PostgreSQL SQLSTATEs that say "no database right now", not "this query is wrong":
 * class 08 (connection exception), 57P01 admin_shutdown (a restart ends our sessions),
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down),
 * 53300 too_many_connections.
 */
const unavailableSqlState = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/
/** Socket errors of a connection to the database. */
const unavailableSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
/** node-postgres's own words for a connection that failed, timed out or was cut (these carry no code). */
const unavailablePgMessage =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/

const isQueryError = (error: unknown) => error instanceof Error && 'query' in error && 'params' in error

/**
 * Whether a thrown error means the database cannot be reached (PostgreSQL down, restarting
 * or out of connections) rather than a bug: then the request may simply be tried again.
 * Socket codes count only at the top (node-postgres's pool.connect() inside a transaction)
 * or right under drizzle's query error, so a failed outgoing fetch (OAuth, an LLM provider;
 * fetch wraps its socket error in a TypeError) is not mistaken for the database.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  let parent: unknown
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') {
      if (unavailableSqlState.test(code)) return true
      if (unavailableSocketCodes.has(code) && (parent === undefined || isQueryError(parent))) return true
    }
    if (unavailablePgMessage.test(current.message)) return true
    // Node reports a refused dual-stack connect (localhost) as an AggregateError of both attempts.
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) {
      return parent === undefined || isQueryError(parent)
    }
    parent = current
    current = current.cause
  }
  return false
}

/** The one place that turns a thrown error into a response. */
export function errorHandler(log: Log): ErrorHandler {
  // While the database is away every request fails the same way: one log line per interval.
  const logEveryMs = 5000
  let lastLogged = Number.NEGATIVE_INFINITY
  let unlogged = 0
  return (error, c) => {
    if (error instanceof FieldError) return c.json(error.fields, 400)
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

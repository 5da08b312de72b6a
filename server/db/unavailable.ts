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

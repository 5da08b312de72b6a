import type { Hono } from 'hono'
import type { Db } from '../../../server/db/open.ts'

/** POSTs a JSON body (a string is sent as is, to test malformed bodies). */
export function postJson(app: Hono, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

export function getJson(app: Hono, path: string) {
  return app.request(path, { headers: { 'Content-Type': 'application/json', Accept: 'application/json' } })
}

/** A database whose every call fails, as when PostgreSQL has gone away. */
export function unreachableDb(): Db {
  const fail = () => {
    throw new Error('connection refused')
  }
  return new Proxy({}, { get: () => fail }) as Db
}

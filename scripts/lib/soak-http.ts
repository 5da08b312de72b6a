// HTTP for the soak's PostgreSQL phases: one call that never throws (`Answer`), what an answer
// says (brief, a clean 503, a 409's server copy), a signed-up user, and counting by a key.

import type { UserData } from '../../contract/auth.ts'
import type { DetailError } from '../../contract/common.ts'
import type { ResumeConflict } from '../../contract/resume.ts'

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** An HTTP answer (`data`: its JSON, typed as the endpoint answers when it succeeds), or a network failure. */
export type Answer<T = unknown> =
  | { status: number; data: T; retryAfter: string | null; contentType: string; started: number; ended: number; error?: undefined }
  | { status: 'network'; error: string; started: number; ended: number; data?: undefined; retryAfter?: undefined; contentType?: undefined }

/** The server's copy that a stale save's 409 carries back. */
export const conflict = (r: Answer<unknown>): ResumeConflict | null => (r.status === 409 ? (r.data as ResumeConflict) : null)

/** One HTTP call; never throws: a network failure is `status: 'network'`. */
export async function request<T = unknown>(
  base: string,
  method: string,
  path: string,
  { body, token, ip, timeoutMs = 15_000 }: { body?: unknown; token?: string; ip?: string; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  // The servers of the scale-out phase run with TRUST_PROXY=1, as behind a load balancer.
  if (ip) headers['x-forwarded-for'] = ip
  const started = Date.now()
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const data = parseBody(await res.text()) as T
    return {
      status: res.status,
      data,
      retryAfter: res.headers.get('retry-after'),
      contentType: res.headers.get('content-type') ?? '',
      started,
      ended: Date.now(),
    }
  } catch (err) {
    return { status: 'network', error: networkError(err), started, ended: Date.now() }
  }
}

/** An answer's body: its JSON, the text itself when it is not JSON, null when empty. */
export function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return text
  }
}

/** A failed fetch's cause code (ECONNREFUSED...), else its message. */
export const networkError = (err: unknown) => {
  const error = err as Error & { cause?: { code?: string } }
  return error.cause?.code ?? error.message
}

export const brief = (r: Answer<unknown>) =>
  r.status === 'network'
    ? `network ${r.error}`
    : `${r.status} ${typeof r.data === 'string' ? r.data.slice(0, 100) : JSON.stringify(r.data)?.slice(0, 100)}`

/** The app's error shape for a 503: exactly `{"detail": "..."}` as JSON, with Retry-After seconds. */
export const clean503 = (r: Answer<unknown>) =>
  r.status === 503 &&
  r.contentType.startsWith('application/json') &&
  r.data !== null &&
  typeof r.data === 'object' &&
  Object.keys(r.data).join() === 'detail' &&
  typeof (r.data as DetailError).detail === 'string' &&
  /^\d+$/.test(r.retryAfter ?? '')

let registered = 0
export type SoakUser = { email: string; password: string; ip: string | undefined; access: string; refresh: string }

export async function register(base: string, label: string, ip?: string): Promise<SoakUser> {
  const credentials = { email: `soak-${label}-${process.pid}-${++registered}@example.org`, password: `Soak-passphrase-${label}-long` }
  const r = await request<UserData>(base, 'POST', '/api/users/register', { body: credentials, ip })
  if (r.status !== 201) throw new Error(`register answered ${brief(r)}`)
  return { ...credentials, ip, access: r.data.access, refresh: r.data.refresh }
}

export function countBy<T>(records: T[], key: (record: T) => string | number): string {
  const m = new Map<string | number, number>()
  for (const r of records) m.set(key(r), (m.get(key(r)) ?? 0) + 1)
  return [...m].map(([k, n]) => `${k}×${n}`).join(' ')
}

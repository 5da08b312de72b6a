import type { HTTPError, KyInstance } from 'ky'
import type { FieldErrors } from '~contract/common.ts'

/** Base of every API call: VITE_API_URL, else this origin's /api (absolute, for jsdom too). */
export let apiBaseUrl = (import.meta.env.VITE_API_URL as string | undefined) ?? `${globalThis.location?.origin ?? 'http://127.0.0.1:8080'}/api`

/** How the client reaches the signed-in session; the auth feature connects it at start. */
export type AuthBridge = {
  /** The current access token, or null for a guest. */
  accessToken: () => string | null
  /** `Guest {token}` credentials for a guest, when the guest cookie exists. */
  guestToken: () => string | null
  /** Trades the refresh token for a new access token; rejects (and signs out) when it can't. */
  refreshAccess: () => Promise<string>
}

let bridge: AuthBridge = {
  accessToken: () => null,
  guestToken: () => null,
  refreshAccess: () => Promise.reject(new Error('No session to refresh')),
}

export function connectAuth(next: AuthBridge) {
  bridge = next
}

let refreshing: Promise<string> | null = null

/** One refresh for any number of concurrent 401s (single flight). */
function sharedRefresh(): Promise<string> {
  refreshing ??= bridge.refreshAccess().finally(() => {
    refreshing = null
  })
  return refreshing
}

/** Calls whose 401 means "wrong credentials", not "expired access token". */
const sessionCalls = ['users/login', 'users/register', 'users/refresh', 'users/logout']

/**
 * The one ky instance. ky itself loads with the first API call, not with the first page:
 * every page pays for the client only once it talks to the server.
 */
let client: Promise<KyInstance> | null = null

/** What API calls go through: the browser's fetch, or in the server's own rendering its app. */
let apiFetch: typeof fetch | undefined

/** Rendering in Node (src/app/prerender.tsx): the API at another address, reached with `fetcher`. */
export function setApiBaseUrl(url: string, fetcher?: typeof fetch) {
  if (url === apiBaseUrl && fetcher === apiFetch) return
  apiBaseUrl = url
  apiFetch = fetcher
  client = null
}

export function apiClient(): Promise<KyInstance> {
  client ??= import('ky').then(({ default: ky }) =>
    ky.create({
      prefixUrl: apiBaseUrl,
      ...(apiFetch ? { fetch: apiFetch } : {}),
      timeout: 15_000,
      credentials: 'same-origin',
      retry: { limit: 1, methods: ['get'], statusCodes: [408, 502, 503, 504] },
      hooks: {
        beforeRequest: [
          (request) => {
            const access = bridge.accessToken()
            const guest = access ? null : bridge.guestToken()
            if (access) request.headers.set('Authorization', `Bearer ${access}`)
            else if (guest) request.headers.set('Authorization', `Guest ${guest}`)
          },
        ],
        afterResponse: [
          async (request, _options, response, state) => {
            if (response.status !== 401 || state.retryCount !== 0 || !bridge.accessToken()) return
            if (sessionCalls.some((call) => request.url.endsWith(call))) return
            const access = await sharedRefresh()
            const headers = new Headers(request.headers)
            headers.set('Authorization', `Bearer ${access}`)
            return ky.retry({ request: new Request(request, { headers }), code: 'TOKEN_REFRESHED' })
          },
        ],
      },
    }),
  )
  return client
}

/** Runs one call on the client; any failure comes back as an ApiError. */
export async function callApi<T>(run: (api: KyInstance) => Promise<T>): Promise<T> {
  try {
    return await run(await apiClient())
  } catch (error) {
    throw await toApiError(error)
  }
}

/** An API failure in the one error shape of server/http/errors.ts (docs/architecture.md, Errors), ready for a form to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(detail)
    this.name = 'ApiError'
  }

  /** The first message for one field, e.g. `email`. */
  field(name: string): string | undefined {
    return this.fieldErrors[name]?.[0]
  }
}

const offlineDetail = 'We could not reach Waypoint. Check your connection and try again.'

function isHttpError(error: unknown): error is HTTPError {
  return error instanceof Error && error.name === 'HTTPError' && 'response' in error
}

/** Turns whatever ky threw into an ApiError (network failures included). */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error
  if (isHttpError(error)) {
    const status = error.response.status
    const body: unknown = await error.response.json().catch(() => null)
    if (body && typeof body === 'object') {
      const record = body as Record<string, unknown>
      if (typeof record.detail === 'string') return new ApiError(status, record.detail)
      const fields: FieldErrors = {}
      for (const [key, value] of Object.entries(record)) {
        if (Array.isArray(value)) fields[key] = value.filter((m): m is string => typeof m === 'string')
      }
      const first = Object.values(fields)[0]?.[0]
      if (first) return new ApiError(status, first, fields)
    }
    return new ApiError(status, `The server answered ${status}. Please try again in a moment.`)
  }
  return new ApiError(0, offlineDetail)
}

/** POST JSON and parse the answer; failures become ApiError. */
export function postJson<T>(path: string, json: unknown): Promise<T> {
  return callApi((api) => api.post(path, { json }).json<T>())
}

import type { KyInstance } from 'ky'
import type { RefreshResponse } from '~contract/auth.ts'
import { apiBaseUrl, toApiError } from '@/lib/api-client'

/**
 * Refresh and logout go through a plain ky without the shared hooks: a 401 here must not
 * trigger another refresh.
 */
let plain: Promise<KyInstance> | null = null
const plainClient = () => (plain ??= import('ky').then(({ default: ky }) => ky.create({ prefixUrl: apiBaseUrl, timeout: 15_000, retry: 0 })))

export async function refreshTokens(refresh: string): Promise<RefreshResponse> {
  try {
    return await (await plainClient()).post('users/refresh', { json: { refresh } }).json<RefreshResponse>()
  } catch (error) {
    throw await toApiError(error)
  }
}

/**
 * Revokes the refresh token. `keepalive` lets the request finish even when the page that
 * sent it is already being replaced, so it is never cut off: the caller waits for it at
 * most `waitMs` and then moves on.
 */
export async function logout(refresh: string, waitMs = 5000): Promise<void> {
  const request = plainClient().then((client) => client.post('users/logout', { json: { refresh }, keepalive: true, timeout: false }))
  let timer: ReturnType<typeof setTimeout> | undefined
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))
  try {
    await Promise.race([request, waited])
  } finally {
    clearTimeout(timer)
  }
}

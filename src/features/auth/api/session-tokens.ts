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

export async function logout(refresh: string): Promise<void> {
  await (await plainClient()).post('users/logout', { json: { refresh }, timeout: 5000 })
}

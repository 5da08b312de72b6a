import { callApi } from '@/lib/api-client'

/**
 * PUT /users/me/playlist/{audioId}/position { position }. Best effort: a lost save only means
 * the listener continues from an earlier point; `keepalive` lets one sent on page hide finish.
 */
export function savePosition(audioId: string, position: number): Promise<void> {
  return callApi(async (api) => {
    await api.put(`users/me/playlist/${encodeURIComponent(audioId)}/position`, { json: { position }, keepalive: true, retry: 0 })
  }).catch(() => undefined)
}

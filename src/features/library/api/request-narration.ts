import { apiBaseUrl, callApi } from '@/lib/api-client'

/** `/api/audio/x.mp3?v=1` (or an absolute URL under the API base) as a path for the API client. */
function apiPath(url: string): string {
  if (url.startsWith(apiBaseUrl)) return url.slice(apiBaseUrl.length).replace(/^\/+/, '')
  return url.replace(/^\/api\//, '')
}

/**
 * Asking for the audio file moves its article to the front of the narration queue (the server
 * answers 202 until it is ready). A HEAD is enough; failures only mean the poll waits longer.
 */
export function requestNarration(url: string): Promise<void> {
  return callApi(async (api) => {
    await api.head(apiPath(url), { retry: 0 })
  }).catch(() => undefined)
}

import type { AudioPeaks } from '~contract/library.ts'
import { apiBaseUrl, callApi } from '@/lib/api-client'

export type PeaksAnswer = { status: 'ready'; peaks: AudioPeaks } | { status: 'pending'; retryAfter: number }

/** `/api/audio/x/peaks.json?v=1` as a path for the API client. */
function apiPath(url: string): string {
  if (url.startsWith(apiBaseUrl)) return url.slice(apiBaseUrl.length).replace(/^\/+/, '')
  return url.replace(/^\/api\//, '')
}

/** The track's precomputed waveform; 202 while the narration is being made. */
export function getPeaks(url: string, signal?: AbortSignal): Promise<PeaksAnswer> {
  return callApi(async (api) => {
    const response = await api.get(apiPath(url), { signal })
    if (response.status === 202) {
      const body = (await response.json()) as { retry_after?: number }
      return { status: 'pending', retryAfter: Math.max(2, Math.min(body.retry_after ?? 10, 30)) }
    }
    return { status: 'ready', peaks: await response.json<AudioPeaks>() }
  })
}

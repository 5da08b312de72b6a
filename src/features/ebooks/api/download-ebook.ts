import { apiBaseUrl, callApi } from '@/lib/api-client'

export type EbookFormat = 'epub' | 'pdf'

/** GET /ebooks/{slug}.{format}; the slug is checked so a stored value cannot point elsewhere. */
export function ebookPath(slug: string, format: EbookFormat): string | null {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? `ebooks/${slug}.${format}` : null
}

/** An absolute or /api/… URL from the server, as a path for the API client. */
export function toApiPath(url: string): string {
  if (url.startsWith(apiBaseUrl)) return url.slice(apiBaseUrl.length).replace(/^\/+/, '')
  const { pathname, search } = new URL(url, globalThis.location?.origin ?? 'http://localhost')
  return `${pathname.replace(/^\/api\//, '').replace(/^\/+/, '')}${search}`
}

/** Fetches the file with the Bearer header (signed-in only); `onProgress` gets 0..1 when the size is known. */
export function fetchEbookFile(path: string, onProgress: (fraction: number | null) => void): Promise<Blob> {
  return callApi((api) =>
    api
      .get(path, {
        timeout: 120_000,
        onDownloadProgress: ({ percent, totalBytes }) => onProgress(totalBytes > 0 ? percent : null),
      })
      .blob(),
  )
}

import { useSyncExternalStore } from 'react'
import { ApiError } from '@/lib/api-client'
import { saveFile } from '@/lib/save-file'
import { ebookPath, fetchEbookFile, toApiPath, type EbookFormat } from './api/download-ebook'

export type EbookDownload = {
  key: string
  title: string
  format: EbookFormat
  status: 'downloading' | 'done' | 'error'
  /** 0..1 once the size is known. */
  progress: number | null
  error?: string
  /** Start order within this tab: the newest download is the one to talk about. */
  seq: number
}

/** Downloads in this tab, by `${slug}.${format}`, shared by the cards and the home page toast. */
let downloads = new Map<string, EbookDownload>()
let latest: string | null = null
let started = 0
const listeners = new Set<() => void>()

function update(next: EbookDownload) {
  downloads = new Map(downloads).set(next.key, next)
  latest = next.key
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const downloadKey = (slug: string, format: EbookFormat) => `${slug}.${format}`

function failure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return 'Your session has ended. Please sign in again to download.'
  if (error instanceof ApiError && error.status === 404) return 'This eBook is not available right now.'
  if (error instanceof ApiError) return error.detail
  return 'The download did not finish. Please try again.'
}

type StartArgs = { slug: string; format: EbookFormat; title: string; url?: string }

/** Fetches the file with the session's Bearer header and saves it; progress goes to the store. */
export async function startEbookDownload({ slug, format, title, url }: StartArgs): Promise<void> {
  const key = downloadKey(slug, format)
  if (downloads.get(key)?.status === 'downloading') return
  const path = url ? toApiPath(url) : ebookPath(slug, format)
  started += 1
  const base = { key, title, format, progress: null, seq: started }
  if (!path) {
    update({ ...base, status: 'error', error: 'This eBook is not available right now.' })
    return
  }
  update({ ...base, status: 'downloading' })
  try {
    const blob = await fetchEbookFile(path, (progress) => {
      const current = downloads.get(key)
      if (current?.status === 'downloading') update({ ...current, progress })
    })
    saveFile(blob, `${slug}.${format}`)
    update({ ...base, status: 'done', progress: 1 })
  } catch (error) {
    update({ ...base, status: 'error', error: failure(error) })
  }
}

export function useEbookDownload(key: string): EbookDownload | undefined {
  return useSyncExternalStore(
    subscribe,
    () => downloads.get(key),
    () => undefined,
  )
}

/** The most recent download of this tab (for the toast after the sign-in detour). */
export function useLatestEbookDownload(): EbookDownload | undefined {
  return useSyncExternalStore(
    subscribe,
    () => (latest ? downloads.get(latest) : undefined),
    () => undefined,
  )
}

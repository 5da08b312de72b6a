import type { EbookFormat } from './api/download-ebook'

/** The ebook a guest asked for, kept across the sign-in detour (spec: homepage → /?actived). */
const PENDING_EBOOK_KEY = 'waypoint:pending-ebook'

export type PendingEbook = { slug: string; format: EbookFormat }

export function savePendingEbook(pending: PendingEbook) {
  try {
    sessionStorage.setItem(PENDING_EBOOK_KEY, JSON.stringify(pending))
  } catch {
    // Storage unavailable: after signing in, the user clicks the download again.
  }
}

/** Reads and forgets the waiting request; anything malformed counts as none. */
export function takePendingEbook(): PendingEbook | null {
  try {
    const raw = sessionStorage.getItem(PENDING_EBOOK_KEY)
    sessionStorage.removeItem(PENDING_EBOOK_KEY)
    if (!raw) return null
    const value = JSON.parse(raw) as Partial<PendingEbook>
    if (typeof value.slug !== 'string' || (value.format !== 'epub' && value.format !== 'pdf')) return null
    return { slug: value.slug, format: value.format }
  } catch {
    return null
  }
}

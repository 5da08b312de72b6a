import type { StoredCoverLetter } from '~contract/cover-letter.ts'
import { callApi } from '@/lib/api-client'

/** GET /cover-letters/{id}: one of the signed-in user's cover letters (404 when it is not, or no longer, theirs). */
export function getCoverLetter(id: string) {
  return callApi((api) => api.get(`cover-letters/${encodeURIComponent(id)}`).json<StoredCoverLetter>())
}

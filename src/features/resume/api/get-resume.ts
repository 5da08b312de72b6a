import type { StoredResume } from '~contract/resume.ts'
import { callApi } from '@/lib/api-client'

/** GET /resumes/{id}: one of the signed-in user's resumes (404 when it is not, or no longer, theirs). */
export function getResume(id: string) {
  return callApi((api) => api.get(`resumes/${encodeURIComponent(id)}`).json<StoredResume>())
}

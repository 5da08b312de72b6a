import type { ResumeConflict, StoredResume } from '~contract/resume.ts'
import { callApi, toApiError } from '@/lib/api-client'
import type { ResumeDraft } from '../model'

export type SaveOutcome = { kind: 'saved'; resume: StoredResume } | { kind: 'conflict'; current: StoredResume }

/**
 * Saves a draft to the account: POST the first time, then PUT with the version it was based
 * on. A 409 comes back as a conflict carrying the server copy, for the user to choose.
 */
export function saveResume(draft: ResumeDraft, basedOn = draft.serverVersion): Promise<SaveOutcome> {
  const body = { title: draft.title.trim() || 'My resume', template: draft.data.design.template, data: draft.data }
  return callApi(async (api) => {
    if (!draft.serverId) return { kind: 'saved', resume: await api.post('resumes', { json: body }).json<StoredResume>() }
    const response = await api.put(`resumes/${draft.serverId}`, { json: { ...body, version: basedOn }, throwHttpErrors: false })
    if (response.status === 409) return { kind: 'conflict', current: ((await response.json()) as ResumeConflict).current }
    if (response.status === 404) {
      // Deleted elsewhere: nothing to overwrite, so save it as a new resume.
      return { kind: 'saved', resume: await api.post('resumes', { json: body }).json<StoredResume>() }
    }
    if (!response.ok) throw await toApiError(Object.assign(new Error('HTTPError'), { name: 'HTTPError', response }))
    return { kind: 'saved', resume: await response.json<StoredResume>() }
  })
}

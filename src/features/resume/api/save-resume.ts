import type { StoredResume } from '~contract/resume.ts'
import { saveDocument } from '@/lib/save-document'
import type { ResumeDraft } from '../model'

export type SaveOutcome = { kind: 'saved'; resume: StoredResume } | { kind: 'conflict'; current: StoredResume }

/**
 * Saves a draft to the account: POST the first time, then PUT with the version it was based
 * on. A 409 comes back as a conflict carrying the server copy, for the user to choose.
 */
export async function saveResume(draft: ResumeDraft, basedOn = draft.serverVersion): Promise<SaveOutcome> {
  const body = { title: draft.title.trim() || 'My resume', template: draft.data.design.template, data: draft.data }
  const outcome = await saveDocument<ResumeDraft['data'], StoredResume>('resumes', draft, body, basedOn)
  return outcome.kind === 'saved' ? { kind: 'saved', resume: outcome.document } : outcome
}

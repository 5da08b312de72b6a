import { emptyResumeData, resumeData, type ResumeData } from '~contract/resume.ts'
import { createDrafts, draftDatabases, draftStoreHolder, idbStorage, type DraftKind, type DraftState as State, type DraftStorage as Storage } from '@/lib/drafts'
import { steps, type ResumeDraft, type StepKey } from './model'

export { PERSIST_TIMEOUT_MS, SAVE_DEBOUNCE_MS } from '@/lib/drafts'

export type StoredDrafts = { currentId: string; drafts: ResumeDraft[] }
export type DraftStorage = Storage<ResumeDraft>
export type DraftState = State<ResumeDraft>

export const resumeDraftKind: DraftKind<ResumeData, StepKey> = {
  schema: resumeData,
  empty: emptyResumeData,
  steps: steps.map((step) => step.key),
  defaultTitle: 'My resume',
}

export const idbDraftStorage: DraftStorage = idbStorage(draftDatabases.resume)

/** The builder's drafts (src/lib/drafts.ts), with the resume builder's names for adding and removing. */
export function createDraftStore(storage: DraftStorage = idbDraftStorage) {
  const drafts = createDrafts(resumeDraftKind, storage)
  return {
    ...drafts,
    addResume: (draft: ResumeDraft = drafts.newDraft(`Resume ${drafts.get().drafts.length + 1}`)) => drafts.add(draft),
    removeResume: drafts.remove,
  }
}

export type DraftStore = ReturnType<typeof createDraftStore>

const holder = draftStoreHolder(() => createDraftStore())
export const draftStore = holder.store
/** Test hook: a store on another storage (tests pass an in-memory one or fake IndexedDB). */
export const setDraftStore = holder.setStore
export const useDrafts = holder.useDrafts
export const useCurrentDraft = holder.useCurrentDraft

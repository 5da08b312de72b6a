import { emptyResumeData, resumeData, type ResumeData, type ResumeList, type StoredResume } from '~contract/resume.ts'
import {
  createDrafts,
  defineDocumentKind,
  documentListQueryOptions,
  documentPlaces,
  draftStoreHolder,
  getDocument,
  idbStorage,
  readDrafts,
  type DraftState as State,
  type DraftStorage as Storage,
} from '@/features/documents'
import { steps, type ResumeDraft, type StepKey } from './model'

/** The resume as a kind of document (the documents feature keeps, saves and syncs it). */

export { PERSIST_TIMEOUT_MS, SAVE_DEBOUNCE_MS } from '@/features/documents'

export type StoredDrafts = { currentId: string; drafts: ResumeDraft[] }
export type DraftStorage = Storage<ResumeDraft>
export type DraftState = State<ResumeDraft>

export const resumeKind = defineDocumentKind<ResumeData, StepKey>({
  ...documentPlaces.resume,
  schema: resumeData,
  empty: emptyResumeData,
  steps: steps.map((step) => step.key),
  template: (data) => data.design.template,
})

export const idbDraftStorage: DraftStorage = idbStorage(resumeKind.database)

/** The builder's drafts (the documents feature's store), with the resume builder's names for adding and removing. */
export function createDraftStore(storage: DraftStorage = idbDraftStorage) {
  const drafts = createDrafts(resumeKind, storage)
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

/** GET /resumes/{id}: one of the signed-in user's resumes (404 when it is not, or no longer, theirs). */
export const getResume = (id: string) => getDocument<StoredResume>(resumeKind.collection, id)

/** GET /resumes?page_size=: the signed-in user's resumes, most recently changed first. */
export const resumeListQueryOptions = (pageSize: number) => documentListQueryOptions<ResumeList>(resumeKind.collection, pageSize)

/**
 * The resume the user last worked on in this browser, if it has anything in it (what a new cover
 * letter is filled from). Read from the device as stored, once.
 */
export async function latestResume(): Promise<{ title: string; data: ResumeData } | null> {
  const stored = await readDrafts(resumeKind, idbDraftStorage)
  const draft = stored?.drafts.find((d) => d.id === stored.currentId)
  if (!draft) return null
  const { heading } = draft.data
  return heading.firstName || heading.lastName || heading.email || draft.data.experience.length > 0 ? { title: draft.title, data: draft.data } : null
}

import { coverLetterData, emptyCoverLetterData, type CoverLetterData, type CoverLetterList, type StoredCoverLetter } from '~contract/cover-letter.ts'
import {
  createDrafts,
  defineDocumentKind,
  documentListQueryOptions,
  documentPlaces,
  draftStoreHolder,
  getDocument,
  idbStorage,
  type Draft,
  type DraftStorage,
} from '@/features/documents'
import { stepKeys, type StepKey } from './model'

/** The cover letter as a kind of document (the documents feature keeps, saves and syncs it). */

export type CoverLetterDraft = Draft<CoverLetterData, StepKey>

export const coverLetterKind = defineDocumentKind<CoverLetterData, StepKey>({
  ...documentPlaces.coverLetter,
  schema: coverLetterData,
  empty: emptyCoverLetterData,
  steps: stepKeys,
  template: (data) => data.design.template,
})

export const idbCoverLetterStorage: DraftStorage<CoverLetterDraft> = idbStorage(coverLetterKind.database)

/** The cover letters in this browser (the shared draft store), plus the breadcrumb of visited steps. */
export function createCoverLetterStore(storage: DraftStorage<CoverLetterDraft> = idbCoverLetterStorage) {
  const drafts = createDrafts(coverLetterKind, storage)
  return {
    ...drafts,
    go(step: StepKey) {
      drafts.setStep(step)
      const { visited } = drafts.current().data
      if (!visited.includes(step)) drafts.updateData((d) => ({ ...d, visited: [...d.visited, step] }))
    },
  }
}

export type CoverLetterStore = ReturnType<typeof createCoverLetterStore>

const holder = draftStoreHolder(() => createCoverLetterStore())
export const coverLetterStore = holder.store
/** Test hook: a store on another storage. */
export const setCoverLetterStore = holder.setStore
export const useCoverLetterDrafts = holder.useDrafts
export const useCurrentCoverLetter = holder.useCurrentDraft

/** GET /cover-letters/{id}: one of the signed-in user's cover letters (404 when it is not, or no longer, theirs). */
export const getCoverLetter = (id: string) => getDocument<StoredCoverLetter>(coverLetterKind.collection, id)

/** GET /cover-letters?page_size=: the signed-in user's cover letters, most recently changed first. */
export const coverLetterListQueryOptions = (pageSize: number) => documentListQueryOptions<CoverLetterList>(coverLetterKind.collection, pageSize)

import { coverLetterData, emptyCoverLetterData, type CoverLetterData } from '~contract/cover-letter.ts'
import { createDrafts, draftDatabases, draftStoreHolder, idbStorage, type Draft, type DraftKind, type DraftStorage } from '@/lib/drafts'
import { stepKeys, type StepKey } from './model'

export type CoverLetterDraft = Draft<CoverLetterData, StepKey>

export const coverLetterDraftKind: DraftKind<CoverLetterData, StepKey> = {
  schema: coverLetterData,
  empty: emptyCoverLetterData,
  steps: stepKeys,
  defaultTitle: 'My cover letter',
}

export const idbCoverLetterStorage: DraftStorage<CoverLetterDraft> = idbStorage(draftDatabases.coverLetter)

/** The cover letters in this browser (the shared draft store), plus the breadcrumb of visited steps. */
export function createCoverLetterStore(storage: DraftStorage<CoverLetterDraft> = idbCoverLetterStorage) {
  const drafts = createDrafts(coverLetterDraftKind, storage)
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

import type { CoverLetterData } from '~contract/cover-letter.ts'
import type { TemplateName } from '~contract/resume.ts'
import type { Db } from '../../db/open.ts'
import { coverLetters } from '../../db/schema.ts'
import type { Clock } from '../../clock.ts'
import { createOwnedDocuments } from './owned-documents.ts'

export type CoverLetters = ReturnType<typeof createCoverLetters>

/** Cover letters saved to accounts: owner-only, versioned, like resumes. */
export const createCoverLetters = (deps: { db: Db; clock: Clock }) => createOwnedDocuments<CoverLetterData, TemplateName>(coverLetters, deps)

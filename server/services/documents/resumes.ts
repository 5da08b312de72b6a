import type { ResumeData, TemplateName } from '~contract/resume.ts'
import type { Db } from '../../db/open.ts'
import { resumes } from '../../db/schema.ts'
import type { Clock } from '../../clock.ts'
import { createOwnedDocuments } from './owned-documents.ts'

export type Resumes = ReturnType<typeof createResumes>

/** Resumes saved to accounts: owner-only, versioned (see owned-documents.ts). */
export const createResumes = (deps: { db: Db; clock: Clock }) => createOwnedDocuments<ResumeData, TemplateName>(resumes, deps)

// Documents: the resumes and cover letters kept in an account, and the cover letter's polish.
export { createCoverLetterPolish, type CoverLetterPolish } from './cover-letter-polish.ts'
export { createCoverLetters, type CoverLetters } from './cover-letters.ts'
export type { OwnedDocuments } from './owned-documents.ts'
export { createResumes, type Resumes } from './resumes.ts'

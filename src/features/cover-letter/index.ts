export { CoverLetterBuilder } from './components/cover-letter-builder'
export { coverLetterListQueryOptions } from './draft-store'

export { CoverLetterBuilder } from './components/cover-letter-builder'
export { coverLetterListQueryOptions } from './api/list-cover-letters'

// The /coverletter route's search schema (first page load) reads a link's answers from ./prefill-search, without the builder this index brings.
export { CoverLetterBuilder } from './components/cover-letter-builder'
export { coverLetterListQueryOptions } from './draft-store'

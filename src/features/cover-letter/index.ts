export { CoverLetterBuilder } from './components/cover-letter-builder'

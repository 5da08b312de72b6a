export { SearchPage, SearchPending, searchLead } from './components/search-page'
export { parseSnippet } from './snippet'

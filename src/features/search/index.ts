// Light on purpose (the route loader imports it); the page is in pages.ts.
export { searchQueryOptions } from './api/search'

// Light on purpose: route search schemas (first page load) import this, so no components, no
// CSS, no API code. Query options are in queries.ts, pages in pages.ts, shared cards in cards.ts.
export type { CategoryWithCount } from './api/get-categories'
export type { ArticleListArgs } from './api/get-articles'
export { pageNumber, slugParam } from './search-params'

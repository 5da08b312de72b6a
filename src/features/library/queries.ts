// The library's query options, imported by route loaders on demand (`await import(...)`), so
// the API code loads with the first library page instead of with every first page.
export { categoriesQueryOptions, type CategoryWithCount } from './api/get-categories'
export { articlesQueryOptions, type ArticleListArgs } from './api/get-articles'
export { articleQueryOptions } from './api/get-article'

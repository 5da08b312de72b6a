// Article cards and list states for other features (home, search) without the library pages.
export { ArticleCard, ArticleCardSkeleton } from './components/article-card'
export { ArticleGrid } from './components/article-grid'
export { CardGridSkeleton, EmptyState, ErrorState } from './components/list-states'
export { CategoryIcon } from './components/category-icon'

// The library's page-sized pieces, imported by the route components (each in its own chunk).
export { LibraryPage, libraryLead } from './components/library-page'
export { PostsPage, postsLead } from './components/posts-page'
export { ArticlePage } from './components/article-page'
export { ArticleNotFound, ArticlePending } from './components/article-status'
export { ListError, ListPending } from './components/route-states'

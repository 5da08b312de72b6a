// Library: the articles, their search, covers and e-books.
export { articleCover } from './covers.ts'
export { createEbooks, ebookFormats, type EbookFormat, type Ebooks } from './ebooks.ts'
export { articleCard, articleDetail, createLibrary, type Library, type LibrarySnapshot, type StoredArticle } from './library.ts'
export { createSearch, noLocations, type LocationSearch, type Search } from './search.ts'

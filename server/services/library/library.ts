import { createHash } from 'node:crypto'
import { asc } from 'drizzle-orm'
import type { ArticleCard, ArticleDetail, LibraryCategory } from '~contract/library.ts'
import type { Db } from '../../db/open.ts'
import { articles, categories, type SourceRow, type TocRow } from '../../db/schema.ts'

/** The spec's CategoryLibrary carries a Django content-type id; ours is one fixed number. */
export const categoryContentType = 12

export type StoredArticle = {
  id: number
  slug: string
  title: string
  summary: string
  author: string
  tags: string[]
  publishedAt: Date
  readingMinutes: number
  category: { id: number; slug: string; title: string }
  subCategory: { id: number; slug: string; title: string } | null
  html: string
  toc: TocRow[]
  sources: SourceRow[]
  bodyMd: string
  bodyText: string
  contentHash: string
}

export type LibrarySnapshot = {
  /** Main categories with their sub-categories, in file order. */
  categories: LibraryCategory[]
  categoryBySlug: Map<string, LibraryCategory>
  /** Newest first. */
  articles: StoredArticle[]
  bySlug: Map<string, StoredArticle>
  /** An earlier slug to the article's slug now (the files' `formerly`). */
  movedFrom: Map<string, string>
  /** Changes whenever any article or category changes: a cache key for derived files. */
  version: string
}

export type Library = {
  snapshot(): Promise<LibrarySnapshot>
  /** Forget the cached content (after a seed in this process). */
  invalidate(): void
}

/**
 * Read-mostly content cached in process: the seed at start is the only writer, and every process
 * seeds from the same files, so each may keep its own copy.
 */
export function createLibrary(db: Db): Library {
  let loading: Promise<LibrarySnapshot> | undefined
  return {
    snapshot() {
      loading ??= load(db).catch((error: unknown) => {
        loading = undefined
        throw error
      })
      return loading
    },
    invalidate() {
      loading = undefined
    },
  }
}

async function load(db: Db): Promise<LibrarySnapshot> {
  const categoryRows = await db.select().from(categories).orderBy(asc(categories.position), asc(categories.id))
  const shape = (row: (typeof categoryRows)[number]): LibraryCategory => ({
    id: row.id,
    title: row.title,
    description: row.description,
    slug: row.slug,
    icon: row.icon,
    is_main: row.isMain,
    polymorphic_ctype: categoryContentType,
    parent: row.parentId,
    sub_category: [],
    resourcetype: 'CategoryLibrary',
  })
  const mains = categoryRows.filter((row) => row.parentId === null).map(shape)
  const byId = new Map(mains.map((c) => [c.id, c]))
  const categoryBySlug = new Map(mains.map((c) => [c.slug, c]))
  const allById = new Map(mains.map((c) => [c.id, c]))
  for (const row of categoryRows) {
    if (row.parentId === null) continue
    const sub = shape(row)
    byId.get(row.parentId)?.sub_category.push(sub)
    categoryBySlug.set(sub.slug, sub)
    allById.set(sub.id, sub)
  }

  const rows = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      summary: articles.summary,
      author: articles.author,
      tags: articles.tags,
      publishedAt: articles.publishedAt,
      readingMinutes: articles.readingMinutes,
      categoryId: articles.categoryId,
      subCategoryId: articles.subCategoryId,
      html: articles.html,
      toc: articles.toc,
      sources: articles.sources,
      bodyMd: articles.bodyMd,
      bodyText: articles.bodyText,
      contentHash: articles.contentHash,
      formerSlugs: articles.formerSlugs,
    })
    .from(articles)
  const ref = (id: number | null) => {
    const c = id === null ? undefined : allById.get(id)
    return c ? { id: c.id, slug: c.slug, title: c.title } : null
  }
  const movedFrom = new Map(rows.flatMap((row) => row.formerSlugs.map((former) => [former, row.slug] as const)))
  const list: StoredArticle[] = rows
    .map(({ categoryId, subCategoryId, formerSlugs: _former, ...row }) => ({
      ...row,
      category: ref(categoryId) ?? { id: categoryId, slug: '', title: '' },
      subCategory: ref(subCategoryId),
    }))
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || a.slug.localeCompare(b.slug))

  const version = createHash('sha256')
  for (const c of categoryRows) version.update(`${c.id}:${c.slug}:${c.title}:${c.description}:${c.parentId}\n`)
  for (const a of list) version.update(`${a.slug}:${a.contentHash}\n`)
  return {
    categories: mains,
    categoryBySlug,
    articles: list,
    bySlug: new Map(list.map((a) => [a.slug, a])),
    movedFrom,
    version: version.digest('hex').slice(0, 16),
  }
}

/** Card and detail shapes; `audio` comes from the narrator, which knows what is on this disk. */
export function articleCard(article: StoredArticle, audio: ArticleCard['audio']): ArticleCard {
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    summary: article.summary,
    category: { slug: article.category.slug, title: article.category.title },
    sub_category: article.subCategory && { slug: article.subCategory.slug, title: article.subCategory.title },
    tags: article.tags,
    author: article.author,
    published_at: article.publishedAt.toISOString(),
    reading_minutes: article.readingMinutes,
    cover: coverUrl(article),
    audio,
  }
}

export const coverUrl = (article: Pick<StoredArticle, 'slug' | 'contentHash'>) =>
  `/api/library/covers/${article.slug}.svg?v=${article.contentHash.slice(0, 8)}`

/** Up to three others of the same category: same sub-category first, then newest. */
export function relatedArticles(snapshot: LibrarySnapshot, article: StoredArticle, count = 3): StoredArticle[] {
  const same = snapshot.articles.filter((a) => a.category.id === article.category.id && a.id !== article.id)
  const closer = (a: StoredArticle) => (article.subCategory && a.subCategory?.id === article.subCategory.id ? 0 : 1)
  return same
    .map((a, index) => ({ a, index }))
    .sort((x, y) => closer(x.a) - closer(y.a) || x.index - y.index)
    .slice(0, count)
    .map(({ a }) => a)
}

export function articleDetail(snapshot: LibrarySnapshot, article: StoredArticle, audioOf: (a: StoredArticle) => ArticleCard['audio']): ArticleDetail {
  return {
    ...articleCard(article, audioOf(article)),
    html: article.html,
    toc: article.toc,
    related: relatedArticles(snapshot, article).map((a) => articleCard(a, audioOf(a))),
    sources: article.sources,
  }
}

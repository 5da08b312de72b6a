import { Hono } from 'hono'
import { articleListQuery, type ArticleCard, type LibraryCategory, type Paginated } from '~contract/library.ts'
import { jsonCache, sendCachedJson } from '../http/cached-json.ts'
import { detailError } from '../http/errors.ts'
import { queryParams } from '../http/validate.ts'
import { articleCover, articleCard, articleDetail, type LibrarySnapshot } from '../services/library/index.ts'
import type { Narrator } from '../services/narration/index.ts'
import type { RouteContext } from './context.ts'

export const articleNotFound = 'Article not found.'

type ListQuery = { category?: string; sub_category?: string; page: number; page_size: number }

function articlePage(snapshot: LibrarySnapshot, query: ListQuery, narrator: Narrator): Paginated<ArticleCard> {
  let list = snapshot.articles
  if (query.category !== undefined) {
    const category = snapshot.categoryBySlug.get(query.category)
    if (!category?.is_main) throw detailError(404, 'Category not found.')
    list = list.filter((a) => a.category.id === category.id)
  }
  if (query.sub_category !== undefined) {
    const sub = snapshot.categoryBySlug.get(query.sub_category)
    if (!sub || sub.is_main || (query.category !== undefined && sub.parent !== snapshot.categoryBySlug.get(query.category)?.id)) {
      throw detailError(404, 'Sub-category not found.')
    }
    list = list.filter((a) => a.subCategory?.id === sub.id)
  }
  const { page, page_size: size } = query
  const pages = Math.max(1, Math.ceil(list.length / size))
  if (page > pages) throw detailError(404, 'Invalid page.')
  const link = (to: number) => {
    const params = new URLSearchParams()
    if (query.category !== undefined) params.set('category', query.category)
    if (query.sub_category !== undefined) params.set('sub_category', query.sub_category)
    params.set('page', String(to))
    params.set('page_size', String(size))
    return `/api/library/articles?${params}`
  }
  return {
    count: list.length,
    next: page < pages ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results: list.slice((page - 1) * size, page * size).map((a) => articleCard(a, narrator.audioOf(a))),
  }
}

/** GET /library/categories, /library/articles, /library/covers/{slug}.svg (and .png) and /articles/{slug}. */
export function libraryRoutes({ services }: RouteContext) {
  const { library, narrator } = services.content
  const { shareCards } = services
  const covers = new Map<string, string>()
  // Answers are kept serialised and compressed; the key names the content and audio versions.
  const answers = jsonCache(500)

  const content = async () => {
    const [snapshot] = await Promise.all([library.snapshot(), narrator.loaded()])
    return snapshot
  }

  return (
    new Hono()
      .get('/library/categories', async (c) => {
        const snapshot = await content()
        const body = answers.get(`categories ${snapshot.version}`, () => snapshot.categories satisfies LibraryCategory[])
        return sendCachedJson(c, body, 'public, max-age=300')
      })

      // Audio status changes while the server runs: revalidated (cheaply, by ETag).
      .get('/library/articles', queryParams(articleListQuery), async (c) => {
        const query = c.req.valid('query')
        const snapshot = await content()
        const key = `list ${snapshot.version} ${narrator.generation()} ${JSON.stringify(query)}`
        return sendCachedJson(
          c,
          answers.get(key, () => articlePage(snapshot, query, narrator)),
          'no-cache',
        )
      })
      // The SVG for the pages, the PNG for shared links (share-cards.ts).
      .get('/library/covers/:file', async (c) => {
        const [, slug, type] = /^([a-z0-9-]+)\.(svg|png)$/.exec(c.req.param('file')) ?? []
        const article = slug ? (await library.snapshot()).bySlug.get(slug) : undefined
        if (!article) throw detailError(404, articleNotFound)
        const etagValue = `"${article.contentHash.slice(0, 16)}${type === 'png' ? '-png' : ''}"`
        const versioned = c.req.query('v') === article.contentHash.slice(0, 8)
        c.header('ETag', etagValue)
        c.header('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
        if (c.req.header('If-None-Match') === etagValue) return c.body(null, 304)
        if (type === 'png') {
          const card = await shareCards.article(article.slug)
          if (!card) throw detailError(404, articleNotFound)
          c.header('Content-Type', 'image/png')
          return c.body(card.png)
        }
        const key = `${article.slug}:${article.contentHash}`
        let svg = covers.get(key)
        if (!svg) {
          svg = articleCover({
            slug: article.slug,
            title: article.title,
            categorySlug: article.category.slug,
            categoryTitle: article.category.title,
          })
          covers.set(key, svg)
        }
        c.header('Content-Type', 'image/svg+xml; charset=utf-8')
        return c.body(svg)
      })

      .get('/articles/:slug', async (c) => {
        const snapshot = await content()
        const article = snapshot.bySlug.get(c.req.param('slug'))
        if (!article) throw detailError(404, articleNotFound)
        const key = `article ${snapshot.version} ${narrator.generation()} ${article.slug}`
        const body = answers.get(key, () => articleDetail(snapshot, article, (a) => narrator.audioOf(a)))
        return sendCachedJson(c, body, 'no-cache')
      })
  )
}

import { Hono } from 'hono'
import { searchQuery, type SearchResponse } from '~contract/library.ts'
import { jsonCache, sendCachedJson } from '../http/cached-json.ts'
import { queryParams } from '../http/validate.ts'
import type { RouteContext } from './context.ts'

/** GET /search?title=: ranked articles, categories, tools and locations. */
export function searchRoutes({ services }: RouteContext) {
  const { search, library } = services.content
  const answers = jsonCache(1000)
  return new Hono().get('/', queryParams(searchQuery), async (c) => {
    const { title, page_size: limit } = c.req.valid('query')
    const { version } = await library.snapshot()
    const key = `${version} ${limit} ${title}`
    let body = answers.peek(key)
    if (!body) {
      const response: SearchResponse = await search.search(title, limit)
      body = answers.get(key, () => response)
    }
    return sendCachedJson(c, body, 'public, max-age=60')
  })
}

import { queryOptions } from '@tanstack/react-query'
import type { ArticleCard, Paginated } from '~contract/library.ts'
import { ApiError, callApi } from '@/lib/api-client'

export type ArticleListArgs = {
  category?: string
  sub_category?: string
  page?: number
  page_size?: number
}

/** Without `page_size` the server sends PAGE_SIZE_DEFAULT (12) a page. */
export function getArticles({ category, sub_category, page = 1, page_size }: ArticleListArgs) {
  const searchParams: Record<string, string> = { page: String(page) }
  if (page_size) searchParams.page_size = String(page_size)
  if (category) searchParams.category = category
  if (sub_category) searchParams.sub_category = sub_category
  return callApi((api) => api.get('library/articles', { searchParams }).json<Paginated<ArticleCard>>()).catch((error: unknown) => {
    // A page past the end or a topic that moved (an old link) is an empty list, not a failure.
    if (error instanceof ApiError && error.status === 404) return emptyPage
    throw error
  })
}

const emptyPage: Paginated<ArticleCard> = { count: 0, next: null, previous: null, results: [] }

/** Newest first, across all categories unless one is given. */
export const articlesQueryOptions = (args: ArticleListArgs) =>
  queryOptions({
    queryKey: [
      'library',
      'articles',
      { category: args.category ?? null, sub_category: args.sub_category ?? null, page: args.page ?? 1, page_size: args.page_size ?? null },
    ],
    queryFn: () => getArticles(args),
  })

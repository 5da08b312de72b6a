import { queryOptions } from '@tanstack/react-query'
import type { LibraryCategory } from '~contract/library.ts'
import { callApi } from '@/lib/api-client'

/** A category as the page uses it; `article_count` shows when the server sends it. */
export type CategoryWithCount = LibraryCategory & { article_count?: number }

export function getCategories() {
  return callApi((api) => api.get('library/categories').json<CategoryWithCount[]>())
}

/** The eight categories change with a deploy, not during a visit. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['library', 'categories'],
    queryFn: getCategories,
    staleTime: 30 * 60_000,
  })

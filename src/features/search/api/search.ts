import { queryOptions } from '@tanstack/react-query'
import type { SearchResponse } from '~contract/library.ts'
import { callApi } from '@/lib/api-client'

export function searchSite(title: string) {
  return callApi((api) => api.get('search', { searchParams: { title } }).json<SearchResponse>())
}

export const searchQueryOptions = (title: string) =>
  queryOptions({
    queryKey: ['search', title],
    queryFn: () => searchSite(title),
  })

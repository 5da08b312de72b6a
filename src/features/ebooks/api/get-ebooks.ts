import { queryOptions } from '@tanstack/react-query'
import type { Ebook, Paginated } from '~contract/library.ts'
import { callApi } from '@/lib/api-client'

export function getEbooks() {
  // A small fixed list: a plain array, or the paginated shape if the server pages it.
  return callApi((api) => api.get('ebooks').json<Ebook[] | Paginated<Ebook>>()).then((data) => (Array.isArray(data) ? data : data.results))
}

export const ebooksQueryOptions = () =>
  queryOptions({
    queryKey: ['ebooks'],
    queryFn: getEbooks,
    staleTime: 30 * 60_000,
  })

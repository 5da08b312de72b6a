import { queryOptions } from '@tanstack/react-query'
import { callApi } from '@/lib/api-client'
import type { DocumentPlace } from '../kinds'

type Collection = DocumentPlace['collection']
type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] }

/** GET /{collection}/{id}: one of the signed-in user's documents (404 when it is not, or no longer, theirs). */
export function getDocument<T>(collection: Collection, id: string) {
  return callApi((api) => api.get(`${collection}/${encodeURIComponent(id)}`).json<T>())
}

/** GET /{collection}?page_size=: the signed-in user's documents, most recently changed first. */
export function listDocuments<L extends Page<unknown>>(collection: Collection, pageSize: number) {
  return callApi((api) => api.get(collection, { searchParams: { page: 1, page_size: pageSize } }).json<L>())
}

export const documentListQueryOptions = <L extends Page<unknown>>(collection: Collection, pageSize: number) =>
  queryOptions({
    queryKey: [collection, 'list', { pageSize }],
    queryFn: () => listDocuments<L>(collection, pageSize),
    // Saved from this builder or another device a moment ago: ask again whenever it is shown.
    staleTime: 0,
  })

import { queryOptions } from '@tanstack/react-query'
import type { CoverLetterList } from '~contract/cover-letter.ts'
import { callApi } from '@/lib/api-client'

/** GET /cover-letters?page_size=: the signed-in user's cover letters, most recently changed first. */
export function listCoverLetters(pageSize: number) {
  return callApi((api) => api.get('cover-letters', { searchParams: { page: 1, page_size: pageSize } }).json<CoverLetterList>())
}

export const coverLetterListQueryOptions = (pageSize: number) =>
  queryOptions({
    queryKey: ['cover-letters', 'list', { pageSize }],
    queryFn: () => listCoverLetters(pageSize),
    // Saved from this builder or another device a moment ago: ask again whenever it is shown.
    staleTime: 0,
  })

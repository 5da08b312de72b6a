import { queryOptions } from '@tanstack/react-query'
import type { ArticleDetail } from '~contract/library.ts'
import { callApi } from '@/lib/api-client'

/** While its audio is being generated, the article is asked for again this often. */
export const AUDIO_POLL_MS = 10_000

export function getArticle(slug: string) {
  return callApi((api) => api.get(`articles/${encodeURIComponent(slug)}`).json<ArticleDetail>())
}

export const articleQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['library', 'article', slug],
    queryFn: () => getArticle(slug),
    refetchInterval: (query) => (query.state.data?.audio?.status === 'pending' ? AUDIO_POLL_MS : false),
  })

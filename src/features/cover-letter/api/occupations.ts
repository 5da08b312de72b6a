import { queryOptions } from '@tanstack/react-query'
import type { OccupationMatch } from '~contract/locations.ts'
import { callApi } from '@/lib/api-client'

/** Job title suggestions from the salary occupation list (GET /api/salary/occupations?q=). */
export const occupationSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['cover-letter', 'occupations', q],
    queryFn: () => callApi((api) => api.get('salary/occupations', { searchParams: { q, limit: '8' } }).json<OccupationMatch[]>()),
    staleTime: 5 * 60_000,
  })

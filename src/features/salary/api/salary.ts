import { queryOptions } from '@tanstack/react-query'
import type { OccupationMatch, SalaryResult } from '~contract/locations.ts'
import { callApi } from '@/lib/api-client'

export const occupationSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['salary', 'occupations', q],
    queryFn: () => callApi((api) => api.get('salary/occupations', { searchParams: { q, limit: '10' } }).json<OccupationMatch[]>()),
    staleTime: 60 * 60_000,
  })

/** Signed-in users only: the server answers 401 to guests. */
export const salaryQueryOptions = (job: string, location: string) =>
  queryOptions({
    queryKey: ['salary', 'result', job, location],
    queryFn: () => callApi((api) => api.get('salary', { searchParams: { job, location } }).json<SalaryResult>()),
    staleTime: 60 * 60_000,
  })

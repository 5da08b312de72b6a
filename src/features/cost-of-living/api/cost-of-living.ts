import { queryOptions } from '@tanstack/react-query'
import type { CostOfLivingResult } from '~contract/locations.ts'
import { callApi } from '@/lib/api-client'

export type CostArgs = { city: string; compare?: string; household: number; currency: string; salary?: number; bedrooms?: number }

/** Signed-in users only: the server answers 401 to guests. */
export const costQueryOptions = (args: CostArgs) =>
  queryOptions({
    queryKey: ['cost-of-living', args],
    queryFn: () => {
      const searchParams: Record<string, string> = { city: args.city, household: String(args.household), currency: args.currency }
      if (args.compare) searchParams.compare = args.compare
      if (args.salary) searchParams.salary = String(args.salary)
      if (args.bedrooms !== undefined) searchParams.bedrooms = String(args.bedrooms)
      return callApi((api) => api.get('cost-of-living', { searchParams }).json<CostOfLivingResult>())
    },
    staleTime: 60 * 60_000,
  })

export const currenciesQueryOptions = () =>
  queryOptions({
    queryKey: ['cost-of-living', 'currencies'],
    queryFn: () => callApi((api) => api.get('cost-of-living/currencies').json<string[]>()),
    staleTime: 60 * 60_000,
  })

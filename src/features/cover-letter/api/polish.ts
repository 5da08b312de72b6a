import { queryOptions } from '@tanstack/react-query'
import { polishPath, type PolishAvailability, type PolishRequest, type PolishResponse } from '~contract/cover-letter-polish.ts'
import { callApi, postJson } from '@/lib/api-client'

/** GET /api/cover-letters/polish: whether an AI provider is configured, and its name (signed-in users). */
export const polishAvailabilityQueryOptions = (userKey: string) =>
  queryOptions({
    queryKey: ['cover-letter', 'polish', userKey],
    queryFn: () => callApi((api) => api.get(polishPath).json<PolishAvailability>()),
    staleTime: 10 * 60_000,
    // Without it the builder is complete: a failed check just hides the buttons.
    retry: false,
  })

/** POST /api/cover-letters/polish: one part rewritten, facts kept; failures are ApiError. */
export const polishPart = (request: PolishRequest) => postJson<PolishResponse>(polishPath, request)

import { queryOptions } from '@tanstack/react-query'
import type { Me } from '~contract/auth.ts'
import { ApiError, callApi } from '@/lib/api-client'

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me'],
    // A 401 here already went through the client's refresh: asking again cannot help.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 401) && failures < 1,
    queryFn: () => callApi((api) => api.get('users/me').json<Me>()),
  })

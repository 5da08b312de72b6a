import { queryOptions } from '@tanstack/react-query'
import type { OAuthProvider, UserData } from '~contract/auth.ts'
import { callApi } from '@/lib/api-client'

export async function authorizationUrl(provider: OAuthProvider, redirectUri: string): Promise<string> {
  const body = await callApi((api) =>
    api.get(`auth/o/${provider}/`, { searchParams: { redirect_uri: redirectUri }, credentials: 'include' }).json<{ authorization_url: string }>(),
  )
  return body.authorization_url
}

export function exchangeCode(provider: OAuthProvider, state: string, code: string): Promise<UserData> {
  return callApi((api) => api.post(`auth/o/${provider}/`, { searchParams: { state, code }, credentials: 'include' }).json<UserData>())
}

export type ProviderStatus = { provider: OAuthProvider; configured: boolean }

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: () => callApi((api) => api.get('auth/providers').json<ProviderStatus[]>()),
    staleTime: 10 * 60_000,
  })

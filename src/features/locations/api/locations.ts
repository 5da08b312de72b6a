import { queryOptions } from '@tanstack/react-query'
import type { CountryListEntry, LocationDetail, LocationList } from '~contract/locations.ts'
import { callApi } from '@/lib/api-client'

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['locations', 'countries'],
    queryFn: () => callApi((api) => api.get('countries').json<CountryListEntry[]>()),
    staleTime: 60 * 60_000,
  })

/** Type-ahead over every place: countries, cities and U.S. metro areas. */
export const placeSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['locations', 'search', q],
    queryFn: () => callApi((api) => api.get('locations', { searchParams: { q, page_size: '8' } }).json<LocationList>()),
    staleTime: 10 * 60_000,
  })

export const locationQueryOptions = (country: string, slug: string) =>
  queryOptions({
    queryKey: ['locations', 'place', country, slug],
    queryFn: () => callApi((api) => api.get(`locations/${encodeURIComponent(country)}/${encodeURIComponent(slug)}`).json<LocationDetail>()),
  })

/** Country details: signed-in users only (the server answers 401 to guests). */
export const countryQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['locations', 'country', slug],
    queryFn: () => callApi((api) => api.get(`countries/${encodeURIComponent(slug)}`).json<LocationDetail>()),
  })

import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PlaylistItem } from '~contract/playlist.ts'
import { callApi } from '@/lib/api-client'
import { playlistQueryKey } from '../player-bus'

/** GET /users/me/playlist: the signed-in user's tracks in order. */
export function getPlaylist() {
  return callApi((api) => api.get('users/me/playlist').json<PlaylistItem[]>())
}

export const playlistQueryOptions = () =>
  queryOptions({
    queryKey: playlistQueryKey,
    queryFn: getPlaylist,
    // Narrations still being made become ready on the server: look again now and then.
    refetchInterval: (query) => (query.state.data?.some((item) => item.status === 'pending') ? 30_000 : false),
  })

export function usePlaylist(enabled: boolean) {
  return useQuery({ ...playlistQueryOptions(), enabled })
}

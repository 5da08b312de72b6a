import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PlaylistItem } from '~contract/playlist.ts'
import { ApiError, callApi } from '@/lib/api-client'
import { playlistQueryKey } from '../player-bus'

/** DELETE /users/me/playlist/{audioId} */
export function removeTrack(audioId: string) {
  return callApi(async (api) => {
    await api.delete(`users/me/playlist/${encodeURIComponent(audioId)}`)
  })
}

/** PUT /users/me/playlist { audioIds }: the whole new order. */
export function reorderPlaylist(audioIds: string[]) {
  return callApi((api) => api.put('users/me/playlist', { json: { audioIds } }).json<PlaylistItem[]>())
}

export function useRemoveTrack() {
  const queryClient = useQueryClient()
  return useMutation<void, ApiError, string>({
    mutationFn: removeTrack,
    onSettled: () => queryClient.invalidateQueries({ queryKey: playlistQueryKey }),
  })
}

export function useReorderPlaylist() {
  const queryClient = useQueryClient()
  return useMutation<PlaylistItem[], ApiError, string[]>({
    mutationFn: reorderPlaylist,
    onSuccess: (items) => queryClient.setQueryData(playlistQueryKey, items),
    onError: () => queryClient.invalidateQueries({ queryKey: playlistQueryKey }),
  })
}

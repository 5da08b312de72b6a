import { useMutation } from '@tanstack/react-query'
import type { PlaylistItem } from '~contract/playlist.ts'
import { announceAdded, showPlayer } from '@/features/player'
import { postJson, type ApiError } from '@/lib/api-client'

/** POST /users/me/playlist { audioId }: 201 with the new playlist item. */
export function addToPlaylist(audioId: string) {
  return postJson<PlaylistItem>('users/me/playlist', { audioId })
}

/** Adds the article's audio; the player hears of it (spec section 4: the add flag) and shows. */
export function useAddToPlaylist() {
  return useMutation<PlaylistItem, ApiError, string>({
    mutationFn: addToPlaylist,
    onSuccess: announceAdded,
    onError: (error) => {
      if (error.status === 409) showPlayer()
    },
  })
}

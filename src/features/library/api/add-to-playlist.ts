import { useMutation } from '@tanstack/react-query'
import { postJson, type ApiError } from '@/lib/api-client'

/** POST /users/me/playlist { audioId } (ARCHITECTURE.md: playlist items by audioId). */
export function addToPlaylist(audioId: string) {
  return postJson<unknown>('users/me/playlist', { audioId })
}

export function useAddToPlaylist() {
  return useMutation<unknown, ApiError, string>({ mutationFn: addToPlaylist })
}

import type { PlaylistItem } from '~contract/playlist.ts'

// Light on purpose: the library imports this through the feature's index, so no xstate, no
// wavesurfer, no components here. The player's code loads with the first library page.

export const playlistQueryKey = ['playlist'] as const

type Listener = (track: PlaylistItem) => void
let listener: Listener | null = null
const waiting: PlaylistItem[] = []

/** A track was added to the playlist (spec section 4: the add flag); the player may not have loaded yet. */
export function announceAdded(track: PlaylistItem) {
  if (listener) listener(track)
  else waiting.push(track)
}

/** The player listens for added tracks, getting those that arrived before it did. */
export function onTrackAdded(next: Listener): () => void {
  listener = next
  for (const track of waiting.splice(0)) next(track)
  return () => {
    if (listener === next) listener = null
  }
}

import type { PlaylistItem } from '~contract/playlist.ts'

// Light on purpose: the library imports this through the feature's index, so no xstate, no
// wavesurfer, no components here. The player's code loads with the first library page.

export const playlistQueryKey = ['playlist'] as const

/** What other features ask of the player, which may not have loaded yet. */
export type PlayerCommand = { type: 'added'; track: PlaylistItem } | { type: 'show' }

type Listener = (command: PlayerCommand) => void
let listener: Listener | null = null
const waiting: PlayerCommand[] = []

function dispatch(command: PlayerCommand) {
  if (listener) listener(command)
  else waiting.push(command)
}

/** A track was added to the playlist (spec section 4: the add flag). */
export const announceAdded = (track: PlaylistItem) => dispatch({ type: 'added', track })

/** The playlist toggle goes on again (e.g. adding a track that is already there). */
export const showPlayer = () => dispatch({ type: 'show' })

/** The player takes the commands, getting those that arrived before it did. */
export function onPlayerCommand(next: Listener): () => void {
  listener = next
  for (const command of waiting.splice(0)) next(command)
  return () => {
    if (listener === next) listener = null
  }
}

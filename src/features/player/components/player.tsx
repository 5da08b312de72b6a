import { useQueryClient } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import type { PlaylistItem } from '~contract/playlist.ts'
import { usePlaylist } from '../api/get-playlist'
import { onPlayerCommand, playlistQueryKey } from '../player-bus'
import { playerFor } from '../player-store'
import { MiniPlayer } from './mini-player'

type PlayerProps = {
  /** Whose playlist: the signed-in user's e-mail. */
  owner: string
  /** The page is one the player shows on (/library, or an /articles page). */
  onPlayerPage: boolean
}

/**
 * The library's music player: the machine of this account, kept in step with the server's
 * playlist. Spec section 2: shown exactly when signed in, the playlist toggle is on, a current
 * track exists, and the page is one of the library's.
 */
export default function Player({ owner, onPlayerPage }: PlayerProps) {
  const actor = playerFor(owner)
  const queryClient = useQueryClient()
  const playlist = usePlaylist(true)
  const playlistOn = useSelector(actor, (snapshot) => snapshot.context.playlistOn)
  const hasTrack = useSelector(actor, (snapshot) => snapshot.context.currentId !== null)
  const playerActive = useLocation({ select: (location) => (location.search as { playerActive?: unknown }).playerActive === true })

  useEffect(() => {
    if (playlist.data) actor.send({ type: 'SYNC', tracks: playlist.data })
  }, [actor, playlist.data])

  // Spec section 4: adding sets the add flag; the playlist is then fetched again.
  useEffect(
    () =>
      onPlayerCommand((command) => {
        if (command.type === 'show') {
          actor.send({ type: 'SHOW' })
          return
        }
        const { track } = command
        actor.send({ type: 'ADD', track })
        queryClient.setQueryData<PlaylistItem[]>(playlistQueryKey, (items) =>
          items && !items.some((item) => item.audioId === track.audioId) ? [...items, track] : items,
        )
        void queryClient.invalidateQueries({ queryKey: playlistQueryKey })
      }),
    [actor, queryClient],
  )

  // Leaving the site: the audio stops with the page, and where the listener was goes to the server.
  useEffect(() => {
    const leave = () => actor.send({ type: 'PAUSE' })
    window.addEventListener('pagehide', leave)
    return () => window.removeEventListener('pagehide', leave)
  }, [actor])

  // Spec section 4: back from signing in from the library (playerActive), the player opens.
  useEffect(() => {
    if (playerActive) actor.send({ type: 'OPEN_MAIN' })
  }, [actor, playerActive])

  if (!onPlayerPage || !playlistOn || !hasTrack) return null
  return <MiniPlayer actor={actor} />
}

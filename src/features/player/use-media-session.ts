import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import type { PlayerActor } from './player-store'

/** Skip size of the OS media keys and of the arrow keys, in seconds. */
export const SKIP_S = 10

/**
 * Media session metadata and actions, so the OS media keys, the lock screen and headphones
 * control the player (play, pause, next, previous, seek).
 */
export function useMediaSession(actor: PlayerActor) {
  const track = useSelector(
    actor,
    (snapshot) => snapshot.context.tracks[snapshot.context.playIndex] ?? null,
    (a, b) => a?.audioId === b?.audioId && a?.title === b?.title,
  )
  const playing = useSelector(actor, (snapshot) => snapshot.matches('playing'))
  const duration = useSelector(actor, (snapshot) => snapshot.context.duration)
  const second = useSelector(actor, (snapshot) => Math.floor(snapshot.context.currentTime))

  useEffect(() => {
    const session = typeof navigator === 'undefined' ? undefined : navigator.mediaSession
    if (!session) return
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => actor.send({ type: 'PLAY' })],
      ['pause', () => actor.send({ type: 'PAUSE' })],
      ['nexttrack', () => actor.send({ type: 'NEXT' })],
      ['previoustrack', () => actor.send({ type: 'PREVIOUS' })],
      ['seekbackward', (details) => actor.send({ type: 'SKIP', seconds: -(details.seekOffset ?? SKIP_S) })],
      ['seekforward', (details) => actor.send({ type: 'SKIP', seconds: details.seekOffset ?? SKIP_S })],
      ['seekto', (details) => details.seekTime !== undefined && actor.send({ type: 'SEEK', seconds: details.seekTime })],
    ]
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler)
      } catch {
        // This browser does not know the action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null)
        } catch {
          // As above.
        }
      }
    }
  }, [actor])

  useEffect(() => {
    const session = typeof navigator === 'undefined' ? undefined : navigator.mediaSession
    if (!session || typeof MediaMetadata === 'undefined') return
    session.metadata = track
      ? new MediaMetadata({
          title: track.title,
          artist: 'Waypoint',
          album: 'Career library',
          artwork: [{ src: `/api/library/covers/${track.articleSlug}.svg`, sizes: '1280x720', type: 'image/svg+xml' }],
        })
      : null
  }, [track])

  useEffect(() => {
    const session = typeof navigator === 'undefined' ? undefined : navigator.mediaSession
    if (!session) return
    session.playbackState = track ? (playing ? 'playing' : 'paused') : 'none'
    if (track && duration > 0 && session.setPositionState) {
      try {
        session.setPositionState({ duration, position: Math.min(second, duration), playbackRate: 1 })
      } catch {
        // A position past the duration while the next track loads: the next second fixes it.
      }
    }
  }, [track, playing, duration, second])
}

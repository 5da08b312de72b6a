import { createActor, type ActorRefFrom } from 'xstate'
import { inspect } from '@/lib/inspection'
import { savePosition } from './api/save-position'
import { playerMachine, type PlayerInput, type Track } from './machines/player.machine'

export type PlayerActor = ActorRefFrom<typeof playerMachine>

/** Spec section 4: the music state persists (cleared with the rest of local storage on sign-out). */
const STORAGE_KEY = 'waypoint:player'

type Persisted = { owner: string; tracks: Track[]; currentId: string | null; playlistOn: boolean }

function load(owner: string): PlayerInput {
  try {
    const raw = localStorage.getItem(STORAGE_KEY)
    if (!raw) return {}
    const saved = JSON.parse(raw) as Partial<Persisted>
    // Another account's player stays theirs.
    if (saved.owner !== owner || !Array.isArray(saved.tracks)) return {}
    return { tracks: saved.tracks, currentId: saved.currentId ?? null, playlistOn: saved.playlistOn === true }
  } catch {
    return {}
  }
}

function save(value: Persisted) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(value))
  } catch {
    // Private mode or a full quota: the server still has the playlist and the positions.
  }
}

let player: { owner: string; actor: PlayerActor } | null = null

/**
 * One player per page and account, outliving the components that show it, so the music state
 * survives moving between pages (and the mini player hiding on pages without it).
 */
export function playerFor(owner: string): PlayerActor {
  if (player?.owner === owner) return player.actor
  player?.actor.stop()
  const actor = createActor(playerMachine, { input: load(owner), inspect })
  actor.on('position.save', ({ audioId, position }) => void savePosition(audioId, position))
  // Spec section 8: an audio load error is only logged; the machine has moved on to the next track.
  actor.on('audio.error', ({ audioId, message }) => console.warn(`Audio of ${audioId ?? 'a track'} could not be played: ${message}`))
  let last = ''
  actor.subscribe(({ context }) => {
    const value: Persisted = { owner, tracks: context.tracks, currentId: context.currentId, playlistOn: context.playlistOn }
    const text = JSON.stringify(value)
    if (text !== last) {
      last = text
      save(value)
    }
  })
  actor.start()
  player = { owner, actor }
  return actor
}

/** Drops this page's player (tests start each case from a fresh page). */
export function forgetPlayer() {
  player?.actor.stop()
  player = null
}

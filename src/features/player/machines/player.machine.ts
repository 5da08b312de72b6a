import { assign, emit, enqueueActions, setup } from 'xstate'
import type { PlaylistItem } from '~contract/playlist.ts'

export type Track = PlaylistItem

/** Spec section 3 (music player), in the product's words. */
export type PlayerContext = {
  /** playList: the tracks in order. */
  tracks: Track[]
  /** currentMusic: the audio id of the track in the player, or null. */
  currentId: string | null
  /** playIndex: where the current track is in `tracks` (-1 without one). */
  playIndex: number
  /** togglePlaylist: the listener wants the player shown (off once they close it). */
  playlistOn: boolean
  /** The main player (with the playlist) is open, not only the mini player. */
  mainOpen: boolean
  /** Elapsed time text, '00:00' at the start. */
  elapsed: string
  currentTime: number
  duration: number
  /** 0..1 of the current track. */
  progress: number
  /** setCurrentTime: the rounded second to jump to; `count` changes on every seek (the seek counter). */
  seek: { to: number; count: number }
  /** Where a newly loaded track starts (its remembered position). */
  startAt: number
  /** Changes whenever the current track must be (re)loaded. */
  loadCount: number
  /** Changes when the audio was found paused while it should play: the waveform resumes it. */
  resumeCount: number
  /** Add flag: a track was added and the next playlist from the server must still hold it. */
  addFlag: boolean
  addedTrack: Track | null
  /** Remove flag: tracks were removed and the next playlist from the server rebuilds the list. */
  removeFlag: boolean
  removedIds: string[]
  wavesurferStatus: 'idle' | 'loading' | 'ready' | 'error'
  /** What the audio itself last reported. */
  mainPlayerStatus: 'playing' | 'pause'
  /** The last position sent to the server for the current track. */
  savedPosition: number
}

/** What the waveform hook reports from wavesurfer and the media element. */
export type MediaEvent =
  | { type: 'media.loading' }
  /** `loadCount` names the load it answers: a superseded load's late answer is ignored. */
  | { type: 'media.ready'; duration: number; loadCount?: number }
  | { type: 'media.time'; seconds: number }
  | { type: 'media.play' }
  | { type: 'media.pause' }
  | { type: 'media.finish' }
  | { type: 'media.error'; message: string }

export type PlayerEvent =
  /** The playlist as the server has it (initial load and after every change). */
  | { type: 'SYNC'; tracks: Track[] }
  | { type: 'ADD'; track: Track }
  | { type: 'REMOVE'; audioId: string }
  | { type: 'MOVE'; audioId: string; to: number }
  /** Play the current track, or `audioId` from the start of where it was left. */
  | { type: 'PLAY'; audioId?: string }
  | { type: 'PAUSE' }
  | { type: 'TOGGLE' }
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  | { type: 'SEEK'; seconds: number }
  | { type: 'SKIP'; seconds: number }
  | { type: 'SHOW' }
  | { type: 'HIDE' }
  | { type: 'OPEN_MAIN' }
  | { type: 'CLOSE_MAIN' }
  | { type: 'RESET' }
  | MediaEvent

/**
 * Side effects the machine asks for (listen with `actor.on`): the server remembers where the
 * listener stopped in a track; an audio error is logged.
 */
export type PlayerEmitted =
  { type: 'position.save'; audioId: string; position: number } | { type: 'audio.error'; audioId: string | null; message: string }

/** What survives a page load (spec section 4: the music state persists). */
export type PlayerInput = { tracks?: Track[]; currentId?: string | null; playlistOn?: boolean }

/** How often, in seconds of listening, the position is saved while playing. */
export const SAVE_EVERY_S = 15
/** Spec section 9. */
export const PLAYER_VOLUME = 1
export const FADE_MS = 1000
export const PLAY_HINT_MS = 600
export const PLAYER_MOBILE_BREAKPOINT_PX = 768
/** PREVIOUS restarts the track instead once this far into it. */
const RESTART_AFTER_S = 3

/** Seconds → '00:00' ('1:02:05' past an hour). */
export function elapsedText(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0))
  const h = Math.floor(total / 3600)
  const mm = String(Math.floor((total % 3600) / 60)).padStart(2, '0')
  const ss = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`
}

const indexOf = (tracks: Track[], id: string | null) => (id === null ? -1 : tracks.findIndex((t) => t.audioId === id))
const currentOf = (context: PlayerContext) => context.tracks[context.playIndex]
const durationOf = (context: PlayerContext) => context.duration || currentOf(context)?.duration || 0

/** A remembered position worth continuing from: not the very end of the track. */
function resumePoint(track: Track): number {
  if (track.duration !== null && track.position >= track.duration - RESTART_AFTER_S) return 0
  return Math.max(0, track.position)
}

/** The context with `track` in the player, at its remembered position, loading. */
function selected(context: PlayerContext, tracks: Track[], track: Track | undefined): Partial<PlayerContext> {
  if (!track) {
    return {
      tracks,
      currentId: null,
      playIndex: -1,
      elapsed: elapsedText(0),
      currentTime: 0,
      duration: 0,
      progress: 0,
      startAt: 0,
      wavesurferStatus: 'idle',
    }
  }
  const startAt = resumePoint(track)
  const duration = track.duration ?? 0
  return {
    tracks,
    currentId: track.audioId,
    playIndex: indexOf(tracks, track.audioId),
    startAt,
    currentTime: startAt,
    elapsed: elapsedText(startAt),
    duration,
    progress: duration > 0 ? startAt / duration : 0,
    loadCount: context.loadCount + 1,
    wavesurferStatus: 'loading',
    savedPosition: startAt,
  }
}

/** The list with the current track kept where it is (its index follows the list). */
function withList(context: PlayerContext, tracks: Track[]): Partial<PlayerContext> {
  const playIndex = indexOf(tracks, context.currentId)
  if (playIndex >= 0) return { tracks, playIndex }
  // The current track left the list: the one now at its place (or the last) takes over.
  const next = tracks[Math.min(Math.max(context.playIndex, 0), tracks.length - 1)]
  return selected(context, tracks, next)
}

/** Local positions are newer than the server's for tracks this tab has played. */
function keepPositions(local: Track[], incoming: Track[]): Track[] {
  const known = new Map(local.map((t) => [t.audioId, t.position]))
  return incoming.map((t) => (known.has(t.audioId) ? { ...t, position: known.get(t.audioId)! } : t))
}

function initialContext(input: PlayerInput): PlayerContext {
  const tracks = input.tracks ?? []
  const playIndex = indexOf(tracks, input.currentId ?? null)
  const track = tracks[playIndex]
  const startAt = track ? resumePoint(track) : 0
  const duration = track?.duration ?? 0
  return {
    tracks,
    currentId: track ? track.audioId : null,
    playIndex,
    // On until the listener closes the player: a playlist from another device shows at once.
    playlistOn: input.playlistOn ?? true,
    mainOpen: false,
    elapsed: elapsedText(startAt),
    currentTime: startAt,
    duration,
    progress: duration > 0 ? startAt / duration : 0,
    seek: { to: 0, count: 0 },
    startAt,
    loadCount: track ? 1 : 0,
    resumeCount: 0,
    addFlag: false,
    addedTrack: null,
    removeFlag: false,
    removedIds: [],
    wavesurferStatus: track ? 'loading' : 'idle',
    mainPlayerStatus: 'pause',
    savedPosition: startAt,
  }
}

/**
 * The library's music player (spec sections 3 and 4). It owns the play state; the waveform
 * hook only carries it out (load, play, pause, jump) and reports back with `media.*` events.
 * Side effects are emitted (`position.save`, `audio.error`) for the player to carry out.
 */
export const playerMachine = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    input: {} as PlayerInput,
    emitted: {} as PlayerEmitted,
  },
  guards: {
    hasCurrent: ({ context }) => context.currentId !== null,
    noCurrent: ({ context }) => context.currentId === null,
    hasTracks: ({ context }) => context.tracks.length > 0,
    canPlay: ({ context, event }) => {
      if (event.type === 'PLAY' && event.audioId !== undefined) return indexOf(context.tracks, event.audioId) >= 0
      return context.currentId !== null
    },
    hasNext: ({ context }) => context.playIndex >= 0 && context.playIndex < context.tracks.length - 1,
    canGoBack: ({ context }) => context.playIndex > 0 || context.currentTime > 0,
    /** A pause the audio reports at the very end is the finish, not a pause to undo. */
    pausedBeforeEnd: ({ context }) => {
      const duration = durationOf(context)
      return duration === 0 || context.currentTime < duration - 0.5
    },
    /** A jump needs a current track and a number of seconds (the inspector can send the event bare). */
    canSeek: ({ context, event }) =>
      context.currentId !== null && (event.type !== 'SEEK' && event.type !== 'SKIP' ? true : Number.isFinite(event.seconds)),
    isCurrentLoad: ({ context, event }) => event.type !== 'media.ready' || event.loadCount === undefined || event.loadCount === context.loadCount,
  },
  actions: {
    /** Spec section 8: an audio load error is only logged (by whoever listens for 'audio.error'). */
    logError: emit(({ context, event }) => ({
      type: 'audio.error' as const,
      audioId: context.currentId,
      message: event.type === 'media.error' ? event.message : 'unknown error',
    })),
    /** Sends the current position to the server when it moved since the last save. */
    saveHere: enqueueActions(({ context, enqueue }) => {
      const position = Math.round(context.currentTime)
      if (context.currentId === null || position === context.savedPosition) return
      enqueue.emit({ type: 'position.save', audioId: context.currentId, position })
      enqueue.assign({ savedPosition: position })
    }),
    /** While playing, the position goes to the server every SAVE_EVERY_S seconds of listening. */
    saveWhilePlaying: enqueueActions(({ context, enqueue }) => {
      const position = Math.round(context.currentTime)
      if (context.currentId === null || Math.abs(position - context.savedPosition) < SAVE_EVERY_S) return
      enqueue.emit({ type: 'position.save', audioId: context.currentId, position })
      enqueue.assign({ savedPosition: position })
    }),

    sync: assign(({ context, event }) => {
      if (event.type !== 'SYNC' || !Array.isArray(event.tracks)) return {}
      let tracks = keepPositions(context.tracks, event.tracks)
      const changes: Partial<PlayerContext> = {}
      // Spec section 4: with the add flag set, the added track is appended if absent...
      if (context.addFlag) {
        const added = context.addedTrack
        if (added && indexOf(tracks, added.audioId) < 0) tracks = [...tracks, added]
        Object.assign(changes, { addFlag: false, addedTrack: null })
      }
      // ...with the remove flag set, the list is rebuilt without what was removed.
      if (context.removeFlag) {
        const removed = new Set(context.removedIds)
        tracks = tracks.filter((t) => !removed.has(t.audioId))
        Object.assign(changes, { removeFlag: false, removedIds: [] })
      }
      const list = context.currentId === null ? selected(context, tracks, tracks[0]) : withList(context, tracks)
      return { ...changes, ...list }
    }),
    add: assign(({ context, event }) => {
      if (event.type !== 'ADD' || typeof event.track?.audioId !== 'string') return {}
      const present = indexOf(context.tracks, event.track.audioId) >= 0
      const tracks = present ? context.tracks : [...context.tracks, event.track]
      const base = { addFlag: true, addedTrack: event.track, playlistOn: true }
      return context.currentId === null ? { ...base, ...selected(context, tracks, event.track) } : { ...base, tracks }
    }),
    remove: assign(({ context, event }) => {
      if (event.type !== 'REMOVE' || typeof event.audioId !== 'string') return {}
      const tracks = context.tracks.filter((t) => t.audioId !== event.audioId)
      return { removeFlag: true, removedIds: [...context.removedIds, event.audioId], ...withList(context, tracks) }
    }),
    move: assign(({ context, event }) => {
      if (event.type !== 'MOVE' || !Number.isFinite(event.to)) return {}
      const from = indexOf(context.tracks, event.audioId)
      if (from < 0) return {}
      const tracks = [...context.tracks]
      const [track] = tracks.splice(from, 1)
      tracks.splice(Math.max(0, Math.min(event.to, tracks.length)), 0, track!)
      return { tracks, playIndex: indexOf(tracks, context.currentId) }
    }),
    selectRequested: assign(({ context, event }) => {
      if (event.type !== 'PLAY' || event.audioId === undefined || event.audioId === context.currentId) return {}
      return selected(context, context.tracks, context.tracks[indexOf(context.tracks, event.audioId)])
    }),
    selectNext: assign(({ context }) => selected(context, context.tracks, context.tracks[context.playIndex + 1])),
    /** Back to the previous track, or to the start of this one once it has been playing a while. */
    goBack: assign(({ context }) => {
      if (context.playIndex > 0 && context.currentTime <= RESTART_AFTER_S) {
        return selected(context, context.tracks, context.tracks[context.playIndex - 1])
      }
      return { seek: { to: 0, count: context.seek.count + 1 }, currentTime: 0, elapsed: elapsedText(0), progress: 0 }
    }),
    /** Spec section 4: on seeking the rounded current time in seconds is stored; the player jumps to it. */
    seek: assign(({ context, event }) => {
      const duration = durationOf(context)
      const wanted = event.type === 'SEEK' ? event.seconds : event.type === 'SKIP' ? context.currentTime + event.seconds : context.currentTime
      const to = Math.round(Math.max(0, duration > 0 ? Math.min(wanted, duration) : wanted))
      return {
        seek: { to, count: context.seek.count + 1 },
        currentTime: to,
        elapsed: elapsedText(to),
        progress: duration > 0 ? to / duration : 0,
      }
    }),
    rewind: assign(({ context }) => ({
      seek: { to: 0, count: context.seek.count + 1 },
      currentTime: 0,
      elapsed: elapsedText(0),
      progress: 0,
    })),
    show: assign({ playlistOn: true }),
    hide: assign({ playlistOn: false, mainOpen: false }),
    openMain: assign({ mainOpen: true, playlistOn: true }),
    closeMain: assign({ mainOpen: false }),
    reset: assign(() => initialContext({})),
    loading: assign({ wavesurferStatus: 'loading' }),
    ready: assign(({ context, event }) => {
      if (event.type !== 'media.ready') return {}
      const duration = event.duration > 0 ? event.duration : context.duration
      return { wavesurferStatus: 'ready', duration, progress: duration > 0 ? context.currentTime / duration : 0 }
    }),
    /** Elapsed text, progress and the remembered position of the current track. */
    time: assign(({ context, event }) => {
      if (event.type !== 'media.time' || !Number.isFinite(event.seconds)) return {}
      const duration = durationOf(context)
      const position = Math.round(event.seconds)
      const tracks = context.tracks.map((t, i) => (i === context.playIndex && t.position !== position ? { ...t, position } : t))
      return {
        tracks,
        currentTime: event.seconds,
        elapsed: elapsedText(event.seconds),
        progress: duration > 0 ? Math.min(1, event.seconds / duration) : 0,
      }
    }),
    reportPlaying: assign({ mainPlayerStatus: 'playing' }),
    reportPaused: assign({ mainPlayerStatus: 'pause' }),
    /** Spec section 4: an observed paused state while playing resumes the audio. */
    resume: assign(({ context }) => ({ resumeCount: context.resumeCount + 1 })),
    failed: assign({ wavesurferStatus: 'error' }),
    /** A finished track starts from the beginning next time. */
    finished: assign(({ context }) => ({
      tracks: context.tracks.map((t, i) => (i === context.playIndex ? { ...t, position: 0 } : t)),
      currentTime: 0,
    })),
  },
}).createMachine({
  id: 'player',
  context: ({ input }) => initialContext(input),
  initial: 'empty',
  on: {
    SYNC: { actions: 'sync' },
    ADD: { actions: 'add' },
    REMOVE: { actions: 'remove' },
    MOVE: { actions: 'move' },
    NEXT: { guard: 'hasNext', actions: ['saveHere', 'selectNext'] },
    PREVIOUS: { guard: 'canGoBack', actions: ['saveHere', 'goBack'] },
    SEEK: { guard: 'canSeek', actions: 'seek' },
    SKIP: { guard: 'canSeek', actions: 'seek' },
    SHOW: { actions: 'show' },
    HIDE: { target: '.paused', actions: ['saveHere', 'hide'] },
    OPEN_MAIN: { actions: 'openMain' },
    CLOSE_MAIN: { actions: 'closeMain' },
    RESET: { target: '.empty', actions: 'reset' },
    'media.loading': { actions: 'loading' },
    'media.ready': { guard: 'isCurrentLoad', actions: 'ready' },
    'media.time': { actions: 'time' },
    'media.play': { actions: 'reportPlaying' },
    'media.pause': { actions: 'reportPaused' },
    'media.finish': { actions: ['finished', 'saveHere', 'rewind'] },
    // Spec section 8: an audio load error is only logged, and the next track takes over.
    'media.error': [{ guard: 'hasNext', actions: ['logError', 'selectNext'] }, { actions: ['logError', 'failed'] }],
  },
  states: {
    /** No current track (nothing in the playlist). */
    empty: {
      always: { guard: 'hasCurrent', target: 'paused' },
    },
    paused: {
      always: { guard: 'noCurrent', target: 'empty' },
      on: {
        PLAY: { guard: 'canPlay', target: 'playing', actions: ['saveHere', 'selectRequested', 'show'] },
        TOGGLE: { guard: 'canPlay', target: 'playing', actions: 'show' },
        // The audio started without us (OS media keys with no session handler): follow it.
        'media.play': { target: 'playing', actions: 'reportPlaying' },
      },
    },
    playing: {
      always: { guard: 'noCurrent', target: 'empty' },
      on: {
        PLAY: { guard: 'canPlay', actions: ['saveHere', 'selectRequested'] },
        PAUSE: { target: 'paused', actions: 'saveHere' },
        TOGGLE: { target: 'paused', actions: 'saveHere' },
        'media.time': { actions: ['time', 'saveWhilePlaying'] },
        // Spec section 4: a paused state observed while playing resumes the audio.
        'media.pause': [{ guard: 'pausedBeforeEnd', actions: ['reportPaused', 'resume'] }, { actions: 'reportPaused' }],
        'media.finish': [
          { guard: 'hasNext', actions: ['finished', 'saveHere', 'selectNext'] },
          { target: 'paused', actions: ['finished', 'saveHere', 'rewind'] },
        ],
        'media.error': [
          { guard: 'hasNext', actions: ['logError', 'selectNext'] },
          { target: 'paused', actions: ['logError', 'failed'] },
        ],
      },
    },
  },
})

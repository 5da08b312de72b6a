import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { elapsedText, playerMachine, type PlayerEmitted, type PlayerInput, type Track } from '@/features/player/machines/player.machine'

const track = (n: number, extra: Partial<Track> = {}): Track => ({
  audioId: `article-${n}`,
  title: `Article ${n}`,
  articleSlug: `article-${n}`,
  url: `/api/audio/article-${n}.mp3?v=1`,
  peaksUrl: `/api/audio/article-${n}/peaks.json?v=1`,
  duration: 120,
  status: 'ready',
  position: 0,
  ...extra,
})

const [one, two, three] = [track(1), track(2), track(3)]

/** A started player and everything it emitted. */
function start(input: PlayerInput = {}) {
  const actor = createActor(playerMachine, { input }).start()
  const emitted: PlayerEmitted[] = []
  actor.on('*', (event) => emitted.push(event))
  return { actor, emitted, context: () => actor.getSnapshot().context, state: () => actor.getSnapshot().value }
}

/** A player with the three tracks from the server, the first one current. */
function withTracks(input: PlayerInput = {}) {
  const player = start(input)
  player.actor.send({ type: 'SYNC', tracks: [one, two, three] })
  return player
}

describe('player machine: the playlist', () => {
  it('starts empty, with the elapsed time at 00:00 and the flags down', () => {
    const { actor, context, state } = start()
    expect(state()).toBe('empty')
    expect(context()).toMatchObject({
      tracks: [],
      currentId: null,
      playIndex: -1,
      playlistOn: true,
      mainOpen: false,
      elapsed: '00:00',
      progress: 0,
      addFlag: false,
      removeFlag: false,
      wavesurferStatus: 'idle',
      mainPlayerStatus: 'pause',
    })
    expect(actor.getSnapshot().can({ type: 'PLAY' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(false)
  })

  it('the server list makes the first track current, paused and loading', () => {
    const { context, state } = withTracks()
    expect(state()).toBe('paused')
    expect(context()).toMatchObject({ currentId: 'article-1', playIndex: 0, wavesurferStatus: 'loading', loadCount: 1 })
    expect(context().tracks.map((t) => t.audioId)).toEqual(['article-1', 'article-2', 'article-3'])
  })

  it('restores the persisted list and current track, continuing where the listener stopped', () => {
    const { context, state } = start({ tracks: [one, track(2, { position: 65 })], currentId: 'article-2', playlistOn: true })
    expect(state()).toBe('paused')
    expect(context()).toMatchObject({ currentId: 'article-2', playIndex: 1, startAt: 65, elapsed: '01:05', playlistOn: true })
    expect(context().progress).toBeCloseTo(65 / 120)
  })

  it('a remembered position at the very end starts the track over', () => {
    const { context } = start({ tracks: [track(1, { position: 119 })], currentId: 'article-1' })
    expect(context()).toMatchObject({ startAt: 0, elapsed: '00:00' })
  })

  it('ADD appends the track at once, sets the add flag and turns the player on', () => {
    const { actor, context, state } = start({ playlistOn: false })
    actor.send({ type: 'ADD', track: one })
    expect(state()).toBe('paused')
    expect(context()).toMatchObject({ currentId: 'article-1', addFlag: true, addedTrack: one, playlistOn: true })

    actor.send({ type: 'ADD', track: two })
    // The current track stays; the new one joins the end.
    expect(context().currentId).toBe('article-1')
    expect(context().tracks.map((t) => t.audioId)).toEqual(['article-1', 'article-2'])
    actor.send({ type: 'ADD', track: two })
    expect(context().tracks).toHaveLength(2)
  })

  it('with the add flag set, a playlist change appends the added track if absent, then drops the flag', () => {
    const { actor, context } = start()
    actor.send({ type: 'ADD', track: one })
    actor.send({ type: 'ADD', track: two })
    // A list fetched before the add reached the server.
    actor.send({ type: 'SYNC', tracks: [one] })
    expect(context().tracks.map((t) => t.audioId)).toEqual(['article-1', 'article-2'])
    expect(context()).toMatchObject({ addFlag: false, addedTrack: null })

    // Without the flag the server's list is the truth.
    actor.send({ type: 'SYNC', tracks: [one] })
    expect(context().tracks.map((t) => t.audioId)).toEqual(['article-1'])
  })

  it('with the add flag set, a playlist that already holds the track is not doubled', () => {
    const { actor, context } = start()
    actor.send({ type: 'ADD', track: one })
    actor.send({ type: 'SYNC', tracks: [one, two] })
    expect(context().tracks.map((t) => t.audioId)).toEqual(['article-1', 'article-2'])
  })

  it('REMOVE updates the list at once; with the remove flag set the next playlist rebuilds it', () => {
    const { actor, context } = withTracks()
    actor.send({ type: 'REMOVE', audioId: 'article-2' })
    expect(context().tracks.map((t) => t.audioId)).toEqual(['article-1', 'article-3'])
    expect(context()).toMatchObject({ removeFlag: true, removedIds: ['article-2'] })

    // A stale list (fetched before the delete) still names it: the rebuild leaves it out.
    actor.send({ type: 'SYNC', tracks: [one, two, three] })
    expect(context().tracks.map((t) => t.audioId)).toEqual(['article-1', 'article-3'])
    expect(context()).toMatchObject({ removeFlag: false, removedIds: [] })
  })

  it('removing the current track moves the player to the one that took its place, still playing', () => {
    const { actor, context, state } = withTracks()
    actor.send({ type: 'PLAY' })
    actor.send({ type: 'REMOVE', audioId: 'article-1' })
    expect(state()).toBe('playing')
    expect(context()).toMatchObject({ currentId: 'article-2', playIndex: 0, wavesurferStatus: 'loading' })

    actor.send({ type: 'REMOVE', audioId: 'article-3' })
    actor.send({ type: 'REMOVE', audioId: 'article-2' })
    expect(state()).toBe('empty')
    expect(context()).toMatchObject({ currentId: null, playIndex: -1, elapsed: '00:00' })
  })

  it('MOVE reorders and the play index follows the current track', () => {
    const { actor, context } = withTracks()
    actor.send({ type: 'MOVE', audioId: 'article-1', to: 2 })
    expect(context().tracks.map((t) => t.audioId)).toEqual(['article-2', 'article-3', 'article-1'])
    expect(context()).toMatchObject({ currentId: 'article-1', playIndex: 2 })
  })

  it('a server list without the current track moves the player on; RESET forgets everything', () => {
    const { actor, context, state } = withTracks()
    actor.send({ type: 'SYNC', tracks: [two, three] })
    expect(context()).toMatchObject({ currentId: 'article-2', playIndex: 0 })
    actor.send({ type: 'RESET' })
    expect(state()).toBe('empty')
    expect(context()).toMatchObject({ tracks: [], currentId: null, playlistOn: true, mainOpen: false })
  })
})

describe('player machine: playing', () => {
  it('PLAY, PAUSE and TOGGLE move between playing and paused', () => {
    const { actor, state, context } = withTracks()
    actor.send({ type: 'PLAY' })
    expect(state()).toBe('playing')
    expect(context().playlistOn).toBe(true)
    actor.send({ type: 'PAUSE' })
    expect(state()).toBe('paused')
    actor.send({ type: 'TOGGLE' })
    expect(state()).toBe('playing')
    actor.send({ type: 'TOGGLE' })
    expect(state()).toBe('paused')
  })

  it('PLAY with an audio id plays that track from where it was left', () => {
    const { actor, state, context } = start()
    actor.send({ type: 'SYNC', tracks: [one, track(2, { position: 30 })] })
    actor.send({ type: 'PLAY', audioId: 'article-2' })
    expect(state()).toBe('playing')
    expect(context()).toMatchObject({ currentId: 'article-2', playIndex: 1, startAt: 30, elapsed: '00:30', loadCount: 2 })
    expect(actor.getSnapshot().can({ type: 'PLAY', audioId: 'no-such-track' })).toBe(false)
  })

  it('play and pause of the audio are reported to the main-player status', () => {
    const { actor, context } = withTracks()
    actor.send({ type: 'PLAY' })
    actor.send({ type: 'media.play' })
    expect(context().mainPlayerStatus).toBe('playing')
    actor.send({ type: 'PAUSE' })
    actor.send({ type: 'media.pause' })
    expect(context().mainPlayerStatus).toBe('pause')
  })

  it('the audio starting by itself while paused is followed', () => {
    const { actor, state } = withTracks()
    actor.send({ type: 'media.play' })
    expect(state()).toBe('playing')
  })

  it('a paused state observed while playing resumes the audio', () => {
    const { actor, context, state } = withTracks()
    actor.send({ type: 'media.ready', duration: 120 })
    actor.send({ type: 'PLAY' })
    actor.send({ type: 'media.time', seconds: 40 })
    const before = context().resumeCount
    actor.send({ type: 'media.pause' })
    expect(state()).toBe('playing')
    expect(context()).toMatchObject({ resumeCount: before + 1, mainPlayerStatus: 'pause' })
    // At the very end the pause belongs to the finish: nothing to resume.
    actor.send({ type: 'media.time', seconds: 119.8 })
    actor.send({ type: 'media.pause' })
    expect(context().resumeCount).toBe(before + 1)
  })

  it('time updates set the elapsed text, the progress and the track position', () => {
    const { actor, context } = withTracks()
    actor.send({ type: 'media.ready', duration: 200 })
    expect(context()).toMatchObject({ wavesurferStatus: 'ready', duration: 200 })
    actor.send({ type: 'PLAY' })
    actor.send({ type: 'media.time', seconds: 61.7 })
    expect(context()).toMatchObject({ elapsed: '01:01', currentTime: 61.7 })
    expect(context().progress).toBeCloseTo(61.7 / 200)
    expect(context().tracks[0]!.position).toBe(62)
    expect(elapsedText(3725)).toBe('1:02:05')
  })

  it('on seeking the rounded second is stored and the seek counter moves, even to the same second', () => {
    const { actor, context } = withTracks()
    actor.send({ type: 'media.ready', duration: 120 })
    actor.send({ type: 'SEEK', seconds: 59.6 })
    expect(context()).toMatchObject({ seek: { to: 60, count: 1 }, elapsed: '01:00', currentTime: 60, progress: 0.5 })
    actor.send({ type: 'SEEK', seconds: 60.2 })
    expect(context().seek).toEqual({ to: 60, count: 2 })
    actor.send({ type: 'SEEK', seconds: 500 })
    expect(context().seek.to).toBe(120)
    actor.send({ type: 'SKIP', seconds: -200 })
    expect(context().seek).toEqual({ to: 0, count: 4 })
    expect(start().actor.getSnapshot().can({ type: 'SEEK', seconds: 3 })).toBe(false)
  })

  it('NEXT and PREVIOUS change tracks and keep playing; PREVIOUS restarts a track a while in', () => {
    const { actor, context, state } = withTracks()
    actor.send({ type: 'PLAY' })
    actor.send({ type: 'NEXT' })
    expect(state()).toBe('playing')
    expect(context()).toMatchObject({ currentId: 'article-2', playIndex: 1, elapsed: '00:00' })
    actor.send({ type: 'NEXT' })
    expect(context().currentId).toBe('article-3')
    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(false)

    actor.send({ type: 'PREVIOUS' })
    expect(context().currentId).toBe('article-2')
    actor.send({ type: 'media.time', seconds: 20 })
    actor.send({ type: 'PREVIOUS' })
    expect(context()).toMatchObject({ currentId: 'article-2', seek: { to: 0 }, elapsed: '00:00' })
    actor.send({ type: 'PREVIOUS' })
    expect(context().currentId).toBe('article-1')
    expect(actor.getSnapshot().can({ type: 'PREVIOUS' })).toBe(false)
  })

  it('a finished track plays the next one and is remembered as finished; the last one stops', () => {
    const { actor, context, state, emitted } = withTracks()
    actor.send({ type: 'PLAY' })
    actor.send({ type: 'media.time', seconds: 100 })
    actor.send({ type: 'media.finish' })
    expect(state()).toBe('playing')
    expect(context().currentId).toBe('article-2')
    expect(context().tracks[0]!.position).toBe(0)
    expect(emitted).toContainEqual({ type: 'position.save', audioId: 'article-1', position: 0 })

    actor.send({ type: 'NEXT' })
    actor.send({ type: 'media.finish' })
    expect(state()).toBe('paused')
    expect(context()).toMatchObject({ currentId: 'article-3', elapsed: '00:00', seek: { to: 0 } })
  })

  it('an audio load error is logged and the next track plays', () => {
    const { actor, context, state, emitted } = withTracks()
    actor.send({ type: 'PLAY' })
    actor.send({ type: 'media.error', message: 'MEDIA_ERR_SRC_NOT_SUPPORTED' })
    expect(state()).toBe('playing')
    expect(context()).toMatchObject({ currentId: 'article-2', wavesurferStatus: 'loading' })
    expect(emitted).toContainEqual({ type: 'audio.error', audioId: 'article-1', message: 'MEDIA_ERR_SRC_NOT_SUPPORTED' })
  })

  it('an error on the last track stops the player there, marked as failed', () => {
    const { actor, context, state } = withTracks()
    actor.send({ type: 'PLAY', audioId: 'article-3' })
    actor.send({ type: 'media.error', message: 'network' })
    expect(state()).toBe('paused')
    expect(context()).toMatchObject({ currentId: 'article-3', wavesurferStatus: 'error' })
  })

  it('an error while paused moves on to the next track without playing it', () => {
    const { actor, context, state } = withTracks()
    actor.send({ type: 'media.error', message: 'network' })
    expect(state()).toBe('paused')
    expect(context().currentId).toBe('article-2')
  })

  it('the position is saved on pause, on changing tracks and every 15 s of listening, only when it moved', () => {
    const { actor, emitted } = withTracks()
    const saves = () => emitted.filter((e) => e.type === 'position.save')
    actor.send({ type: 'PLAY' })
    actor.send({ type: 'media.time', seconds: 5 })
    expect(saves()).toEqual([])
    actor.send({ type: 'media.time', seconds: 15.2 })
    expect(saves()).toEqual([{ type: 'position.save', audioId: 'article-1', position: 15 }])
    actor.send({ type: 'media.time', seconds: 21 })
    actor.send({ type: 'PAUSE' })
    expect(saves().at(-1)).toEqual({ type: 'position.save', audioId: 'article-1', position: 21 })
    actor.send({ type: 'PLAY' })
    actor.send({ type: 'PAUSE' })
    expect(saves()).toHaveLength(2)
    actor.send({ type: 'PLAY' })
    actor.send({ type: 'media.time', seconds: 30 })
    actor.send({ type: 'NEXT' })
    expect(saves().at(-1)).toEqual({ type: 'position.save', audioId: 'article-1', position: 30 })
  })

  it('SHOW, HIDE and the main player flags; hiding pauses', () => {
    const { actor, context, state } = withTracks()
    actor.send({ type: 'OPEN_MAIN' })
    expect(context()).toMatchObject({ mainOpen: true, playlistOn: true })
    actor.send({ type: 'CLOSE_MAIN' })
    expect(context().mainOpen).toBe(false)
    actor.send({ type: 'PLAY' })
    actor.send({ type: 'HIDE' })
    expect(state()).toBe('paused')
    expect(context()).toMatchObject({ playlistOn: false, mainOpen: false })
    actor.send({ type: 'SHOW' })
    expect(context().playlistOn).toBe(true)
  })

  it('a ready report of a superseded load is ignored', () => {
    const { actor, context } = withTracks()
    const stale = context().loadCount
    actor.send({ type: 'NEXT' })
    actor.send({ type: 'media.ready', duration: 99, loadCount: stale })
    expect(context()).toMatchObject({ currentId: 'article-2', wavesurferStatus: 'loading' })
    actor.send({ type: 'media.ready', duration: 99, loadCount: stale + 1 })
    expect(context()).toMatchObject({ wavesurferStatus: 'ready', duration: 99 })
  })

  it('the loading and ready reports set the wavesurfer status', () => {
    const { actor, context } = withTracks()
    actor.send({ type: 'media.loading' })
    expect(context().wavesurferStatus).toBe('loading')
    actor.send({ type: 'media.ready', duration: 0 })
    // No duration from the audio: the track's own stays.
    expect(context()).toMatchObject({ wavesurferStatus: 'ready', duration: 120 })
  })
})

// The inspector (?inspect=1) lets QA send any event the player accepts, often without its payload.
describe('player machine: events without their payload', () => {
  it('change nothing and never stop the machine', () => {
    const player = withTracks()
    player.actor.send({ type: 'PLAY' })
    player.actor.send({ type: 'media.ready', duration: 120, loadCount: player.context().loadCount })
    const before = player.context()
    for (const type of ['SYNC', 'ADD', 'REMOVE', 'MOVE', 'SEEK', 'SKIP', 'media.time', 'media.ready']) {
      player.actor.send({ type } as never)
    }
    expect(player.actor.getSnapshot().status).toBe('active')
    expect(player.state()).toBe('playing')
    expect(player.context()).toMatchObject({
      tracks: before.tracks,
      currentId: before.currentId,
      currentTime: before.currentTime,
      elapsed: before.elapsed,
      seek: before.seek,
      duration: 120,
    })
  })
})

describe('player machine: tracks the server could not narrate', () => {
  it('a failed track reported as a media error hands over to the next one', () => {
    const player = start()
    player.actor.send({ type: 'SYNC', tracks: [track(1, { status: 'failed', duration: null }), two] })
    player.actor.send({ type: 'PLAY' })
    player.actor.send({ type: 'media.error', message: 'Audio is not available for this article' })
    expect(player.context().currentId).toBe(two.audioId)
    expect(player.emitted).toContainEqual({ type: 'audio.error', audioId: 'article-1', message: 'Audio is not available for this article' })
  })
})

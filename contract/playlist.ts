import * as v from 'valibot'

/** A playlist holds at most this many tracks. */
export const PLAYLIST_MAX = 100

/**
 * One track of the signed-in user's playlist (items keyed by audioId; server/routes/playlist.ts). The audio id
 * is the article's narration id; `position` is where the listener stopped, in seconds.
 */
export type PlaylistItem = {
  audioId: string
  title: string
  articleSlug: string
  /** The MP3 (answers 202 while the narration is being made). */
  url: string
  /** Precomputed waveform peaks (`AudioPeaks`), so the player never decodes the file to draw it. */
  peaksUrl: string
  /** Seconds; null until the narration exists. */
  duration: number | null
  status: 'ready' | 'pending' | 'failed'
  /** Where the listener stopped, in whole seconds (0 when never played). */
  position: number
}

export const playlistMessages = {
  audioIdRequired: 'audioId is required',
  unknownAudio: 'There is no narrated article with this audio id.',
  duplicate: 'This article is already in your playlist.',
  full: `A playlist holds at most ${PLAYLIST_MAX} tracks. Remove one to add another.`,
  notInPlaylist: 'This track is not in your playlist.',
  orderMismatch: 'Send every track of the playlist exactly once.',
  positionInvalid: 'position must be a number of seconds from 0',
} as const

const audioId = v.pipe(
  v.string(playlistMessages.audioIdRequired),
  v.trim(),
  v.nonEmpty(playlistMessages.audioIdRequired),
  v.maxLength(200, 'audioId must be at most 200 characters'),
)

/** POST /api/users/me/playlist: appends a track; 201 with the item, 409 if already there. */
export const addTrackRequest = v.object({ audioId })
export type AddTrackRequest = v.InferInput<typeof addTrackRequest>

/** PUT /api/users/me/playlist: the new order, every audio id of the playlist once; 200 with the list. */
export const reorderRequest = v.object({
  audioIds: v.pipe(v.array(audioId, 'audioIds must be a list of audio ids'), v.maxLength(PLAYLIST_MAX)),
})
export type ReorderRequest = v.InferInput<typeof reorderRequest>

/** PUT /api/users/me/playlist/{audioId}/position: remembers where the listener stopped; 204. */
export const positionRequest = v.object({
  position: v.pipe(
    v.number(playlistMessages.positionInvalid),
    v.finite(playlistMessages.positionInvalid),
    v.minValue(0, playlistMessages.positionInvalid),
    v.maxValue(24 * 3600, playlistMessages.positionInvalid),
  ),
})
export type PositionRequest = v.InferInput<typeof positionRequest>

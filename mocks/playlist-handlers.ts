import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { authErrorCodes, authMessages } from '~contract/auth.ts'
import { addTrackRequest, playlistMessages, positionRequest, reorderRequest, type PlaylistItem } from '~contract/playlist.ts'
import type { createMockAccounts } from './auth-handlers'
import { fieldErrors } from './field-errors'
import { mockArticles } from './library-handlers'

/** The playlist item the real server makes of a mock article. */
export function mockPlaylistItem(audioId: string, position = 0): PlaylistItem | undefined {
  const article = mockArticles().find((a) => a.audio?.id === audioId)
  if (!article?.audio) return undefined
  return {
    audioId,
    title: article.title,
    articleSlug: article.slug,
    url: article.audio.url,
    peaksUrl: article.audio.peaks_url,
    duration: article.audio.duration,
    status: article.audio.status,
    position,
  }
}

/** Per-user playlists in memory, with the real API's shapes and messages. */
export function createPlaylistHandlers(accounts: ReturnType<typeof createMockAccounts>) {
  const playlists = new Map<string, PlaylistItem[]>()
  const unauthorized = () => HttpResponse.json({ detail: authMessages.tokenNotValid, code: authErrorCodes.tokenNotValid }, { status: 401 })
  const listOf = (userId: string) => {
    let list = playlists.get(userId)
    if (!list) playlists.set(userId, (list = []))
    return list
  }

  return [
    // The player's waveform: made-up peaks for a ready narration, 202 for one being made.
    http.get('*/api/audio/:slug/peaks.json', ({ params }) => {
      const audio = mockArticles().find((a) => a.slug === params.slug)?.audio
      if (!audio) return HttpResponse.json({ detail: 'Article not found.' }, { status: 404 })
      if (audio.status === 'pending') {
        return HttpResponse.json({ detail: 'Audio is being prepared', retry_after: 10 }, { status: 202, headers: { 'Retry-After': '10' } })
      }
      const peaks = Array.from({ length: 200 }, (_, i) => Math.round((0.3 + 0.6 * Math.abs(Math.sin(i / 7))) * 100) / 100)
      return HttpResponse.json({ duration: audio.duration, peaks })
    }),
    http.get('*/api/users/me/playlist', ({ request }) => {
      const user = accounts.userFrom(request)
      return user ? HttpResponse.json(listOf(user.id)) : unauthorized()
    }),
    http.post('*/api/users/me/playlist', async ({ request }) => {
      const user = accounts.userFrom(request)
      if (!user) return unauthorized()
      const parsed = v.safeParse(addTrackRequest, await request.json())
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      const item = mockPlaylistItem(parsed.output.audioId)
      if (!item) return HttpResponse.json({ audioId: [playlistMessages.unknownAudio] }, { status: 400 })
      const list = listOf(user.id)
      if (list.some((i) => i.audioId === item.audioId)) return HttpResponse.json({ detail: playlistMessages.duplicate }, { status: 409 })
      list.push(item)
      return HttpResponse.json(item, { status: 201 })
    }),
    http.put('*/api/users/me/playlist', async ({ request }) => {
      const user = accounts.userFrom(request)
      if (!user) return unauthorized()
      const parsed = v.safeParse(reorderRequest, await request.json())
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      const list = listOf(user.id)
      const reordered = parsed.output.audioIds.map((id) => list.find((i) => i.audioId === id))
      if (reordered.length !== list.length || reordered.some((i) => !i) || new Set(parsed.output.audioIds).size !== list.length) {
        return HttpResponse.json({ audioIds: [playlistMessages.orderMismatch] }, { status: 400 })
      }
      playlists.set(user.id, reordered as PlaylistItem[])
      return HttpResponse.json(reordered)
    }),
    http.delete('*/api/users/me/playlist/:audioId', ({ request, params }) => {
      const user = accounts.userFrom(request)
      if (!user) return unauthorized()
      const list = listOf(user.id)
      const index = list.findIndex((i) => i.audioId === params.audioId)
      if (index < 0) return HttpResponse.json({ detail: playlistMessages.notInPlaylist }, { status: 404 })
      list.splice(index, 1)
      return new HttpResponse(null, { status: 204 })
    }),
    http.put('*/api/users/me/playlist/:audioId/position', async ({ request, params }) => {
      const user = accounts.userFrom(request)
      if (!user) return unauthorized()
      const parsed = v.safeParse(positionRequest, await request.json())
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      const item = listOf(user.id).find((i) => i.audioId === params.audioId)
      if (item) item.position = Math.round(parsed.output.position)
      return new HttpResponse(null, { status: 204 })
    }),
  ]
}

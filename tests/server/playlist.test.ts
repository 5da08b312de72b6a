import * as v from 'valibot'
import { expect, test } from 'vitest'
import { accountExport } from '~contract/auth.ts'
import type { PlaylistItem } from '~contract/playlist.ts'
import { playlistMessages } from '~contract/playlist.ts'
import { listeningPositions, playlistItems } from '../../server/db/schema.ts'
import { bearer, registerUser, send } from './support/auth.ts'
import { describeDbs } from './support/db.ts'
import { useLibrary } from './support/library.ts'

const first = 'ten-interview-tips'
const second = 'quick-word-on-follow-ups'
const third = 'where-to-find-job-openings'

describeDbs('playlist API', (suite) => {
  const library = useLibrary(suite)
  const call = (method: string, path: string, access?: string, body?: unknown) =>
    send(library.app(), method, `/api/users/me/playlist${path}`, body, access ? bearer(access) : {})
  const listOf = async (access: string) => {
    const response = await call('GET', '', access)
    expect(response.status).toBe(200)
    return (await response.json()) as PlaylistItem[]
  }

  test('guests get 401 in the error shape on every call', async () => {
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '', { audioId: first }],
      ['PUT', '', { audioIds: [] }],
      ['DELETE', '', undefined],
      ['DELETE', `/${first}`, undefined],
      ['PUT', `/${first}/position`, { position: 3 }],
    ] as const) {
      const response = await call(method, path, undefined, body)
      expect(response.status, `${method} ${path}`).toBe(401)
      expect(await response.json()).toEqual({ detail: expect.any(String), code: expect.any(String) })
    }
    const guest = await send(library.app(), 'GET', '/api/users/me/playlist', undefined, { Authorization: 'Guest abcdefghijklmnop' })
    expect(guest.status).toBe(401)
  })

  test('adding answers 201 with the item; the list keeps the order of adding', async () => {
    const user = await registerUser(suite.app())
    expect(await listOf(user.access)).toEqual([])

    const added = await call('POST', '', user.access, { audioId: first })
    expect(added.status).toBe(201)
    expect(added.headers.get('Cache-Control')).toBe('no-store')
    expect(await added.json()).toEqual({
      audioId: first,
      title: 'Ten Interview Tips That Actually Work',
      articleSlug: first,
      url: expect.stringMatching(new RegExp(`^/api/audio/${first}\\.mp3\\?v=[0-9a-f]+$`)),
      peaksUrl: expect.stringMatching(new RegExp(`^/api/audio/${first}/peaks\\.json\\?v=[0-9a-f]+$`)),
      duration: null,
      status: 'pending',
      position: 0,
    })
    expect((await call('POST', '', user.access, { audioId: second })).status).toBe(201)

    expect((await listOf(user.access)).map((item) => item.audioId)).toEqual([first, second])
  })

  test('the playlist is per user: another user sees and changes only their own', async () => {
    const alice = await registerUser(suite.app())
    const bob = await registerUser(suite.app())
    await call('POST', '', alice.access, { audioId: first })
    await call('POST', '', bob.access, { audioId: second })

    expect((await listOf(alice.access)).map((item) => item.audioId)).toEqual([first])
    expect((await listOf(bob.access)).map((item) => item.audioId)).toEqual([second])
    // Bob cannot remove Alice's track: it is not in his playlist.
    const foreign = await call('DELETE', `/${first}`, bob.access)
    expect(foreign.status).toBe(404)
    expect(await foreign.json()).toEqual({ detail: playlistMessages.notInPlaylist })
    expect((await listOf(alice.access)).map((item) => item.audioId)).toEqual([first])
    // Clearing Bob's playlist leaves Alice's alone.
    expect((await call('DELETE', '', bob.access)).status).toBe(204)
    expect(await listOf(bob.access)).toEqual([])
    expect(await listOf(alice.access)).toHaveLength(1)
  })

  test('validation answers 400 with field errors; a duplicate 409 with a detail', async () => {
    const user = await registerUser(suite.app())
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { audioId: [playlistMessages.audioIdRequired] }],
      [{ audioId: '   ' }, { audioId: [playlistMessages.audioIdRequired] }],
      [{ audioId: 42 }, { audioId: [playlistMessages.audioIdRequired] }],
      [{ audioId: 'no-such-article' }, { audioId: [playlistMessages.unknownAudio] }],
    ]
    for (const [body, errors] of cases) {
      const response = await call('POST', '', user.access, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(await response.json()).toEqual(errors)
    }
    const notJson = await send(library.app(), 'POST', '/api/users/me/playlist', undefined, bearer(user.access))
    expect(notJson.status).toBe(400)
    expect(await notJson.json()).toEqual({ detail: expect.any(String) })

    expect((await call('POST', '', user.access, { audioId: first })).status).toBe(201)
    const again = await call('POST', '', user.access, { audioId: first })
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ detail: playlistMessages.duplicate })
    expect(await listOf(user.access)).toHaveLength(1)
  })

  test('reorder takes every track exactly once', async () => {
    const user = await registerUser(suite.app())
    for (const audioId of [first, second, third]) await call('POST', '', user.access, { audioId })

    const reordered = await call('PUT', '', user.access, { audioIds: [third, first, second] })
    expect(reordered.status).toBe(200)
    expect(((await reordered.json()) as PlaylistItem[]).map((item) => item.audioId)).toEqual([third, first, second])
    expect((await listOf(user.access)).map((item) => item.audioId)).toEqual([third, first, second])

    for (const audioIds of [
      [third, first],
      [third, first, first],
      [third, first, 'no-such-article'],
      [third, first, second, second],
    ]) {
      const response = await call('PUT', '', user.access, { audioIds })
      expect(response.status, audioIds.join(',')).toBe(400)
      expect(await response.json()).toEqual({ audioIds: [playlistMessages.orderMismatch] })
    }
    const notList = await call('PUT', '', user.access, { audioIds: 'abc' })
    expect(notList.status).toBe(400)
    expect(await notList.json()).toEqual({ audioIds: [expect.any(String)] })
    // A new track still goes to the end.
    await call('DELETE', `/${first}`, user.access)
    await call('POST', '', user.access, { audioId: first })
    expect((await listOf(user.access)).map((item) => item.audioId)).toEqual([third, second, first])
  })

  test('the position in a track is remembered, rounded, and survives removing and adding again', async () => {
    const user = await registerUser(suite.app())
    await call('POST', '', user.access, { audioId: first })

    expect((await call('PUT', `/${first}/position`, user.access, { position: 41.6 })).status).toBe(204)
    expect((await listOf(user.access))[0]).toMatchObject({ audioId: first, position: 42 })
    expect((await call('PUT', `/${first}/position`, user.access, { position: 12.2 })).status).toBe(204)
    expect((await listOf(user.access))[0]).toMatchObject({ position: 12 })

    expect((await call('DELETE', `/${first}`, user.access)).status).toBe(204)
    expect(await listOf(user.access)).toEqual([])
    const back = await call('POST', '', user.access, { audioId: first })
    expect(await back.json()).toMatchObject({ audioId: first, position: 12 })

    // Another user's position in the same track is their own.
    const other = await registerUser(suite.app())
    await call('POST', '', other.access, { audioId: first })
    expect((await listOf(other.access))[0]).toMatchObject({ position: 0 })

    for (const position of [-1, 'ten', null, 1e9]) {
      const response = await call('PUT', `/${first}/position`, user.access, { position })
      expect(response.status, String(position)).toBe(400)
      expect(await response.json()).toEqual({ position: [playlistMessages.positionInvalid] })
    }
    const unknown = await call('PUT', '/no-such-article/position', user.access, { position: 3 })
    expect(unknown.status).toBe(404)
  })

  test('the GDPR export holds the playlist and the positions; erasing the account erases them', async () => {
    const user = await registerUser(suite.app())
    await call('POST', '', user.access, { audioId: second })
    await call('POST', '', user.access, { audioId: first })
    await call('PUT', `/${first}/position`, user.access, { position: 30 })

    const exported = await send(library.app(), 'GET', '/api/users/me/export', undefined, bearer(user.access))
    expect(exported.status).toBe(200)
    const data = v.parse(accountExport, await exported.json())
    expect(data.playlist).toEqual([
      { audio_id: second, title: expect.any(String), added_at: expect.any(String) },
      { audio_id: first, title: 'Ten Interview Tips That Actually Work', added_at: expect.any(String) },
    ])
    expect(data.listening_positions).toEqual([{ audio_id: first, position: 30, updated_at: expect.any(String) }])

    expect((await send(library.app(), 'DELETE', '/api/users/me', undefined, bearer(user.access))).status).toBe(204)
    const left = await suite.db.select().from(playlistItems)
    const positions = await suite.db.select().from(listeningPositions)
    expect(left.filter((row) => row.userId === data.account.id)).toEqual([])
    expect(positions.filter((row) => row.userId === data.account.id)).toEqual([])
  })
})

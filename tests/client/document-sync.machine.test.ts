// The document sync machine without React: the queue of saves, the autosave pause, a 409 and
// the network going away and coming back. The account is played by a fake `save` actor whose
// answers the test releases one by one.

import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ApiError } from '@/lib/api-client'
import { createDrafts, defineDocumentKind, type Draft, type DraftStorage, type SaveInput, type StoredDocument } from '@/features/documents'
import { documentSyncMachine } from '@/features/documents/sync-machine'

type Data = { text: string }
const kind = defineDocumentKind<Data, 'write'>({
  database: 'test-documents',
  collection: 'resumes',
  noun: 'resume',
  defaultTitle: 'My resume',
  schema: v.object({ text: v.string() }),
  empty: () => ({ text: '' }),
  steps: ['write'],
  template: () => 'classic',
})

/** Drafts in memory only: nothing of these tests reaches IndexedDB. */
const memory: DraftStorage<Draft<Data, 'write'>> = { read: async () => undefined, write: async () => {}, clear: async () => {} }

/** A short autosave pause, so the tests wait for it for real. */
const PAUSE = 40
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Answer = { kind: 'saved'; document: StoredDocument<unknown> } | { kind: 'conflict'; current: StoredDocument<unknown> }
type Call = { input: SaveInput; answer: (outcome: Answer) => void; fail: (error: unknown) => void }

const stored = (id: string, version: number, data: Data): StoredDocument<unknown> => ({
  id,
  title: 'My resume',
  template: 'classic',
  data,
  version,
  updated_at: '2026-11-20T10:00:00.000Z',
})

const actors: { stop(): void }[] = []
afterEach(() => {
  for (const actor of actors.splice(0)) actor.stop()
})

function start({ online = true } = {}) {
  const store = createDrafts(kind, memory)
  const calls: Call[] = []
  const machine = documentSyncMachine.provide({
    delays: { autosave: PAUSE },
    actors: {
      save: fromPromise<Answer, SaveInput>(({ input }) => new Promise<Answer>((answer, fail) => calls.push({ input, answer, fail }))),
    },
  })
  const actor = createActor(machine, { input: { store: () => store as never, kind, online } }).start()
  actors.push(actor)
  const type = (text: string) => store.updateData(() => ({ text }))
  /** Waits for the next save to reach the fake account. */
  const nextCall = async (count: number) => {
    await waitFor(actor, () => calls.length >= count, { timeout: 1000 })
    return calls[count - 1]!
  }
  return { actor, store, calls, type, nextCall }
}

/** A draft saved once (version 1), so later changes autosave. */
async function savedOnce(online = true) {
  const sync = start({ online })
  sync.type('first')
  sync.actor.send({ type: 'SAVE' })
  const call = await sync.nextCall(1)
  call.answer({ kind: 'saved', document: stored('srv-1', 1, { text: 'first' }) })
  await waitFor(sync.actor, (s) => s.matches({ sync: 'idle' }))
  return sync
}

describe('document sync machine', () => {
  it('the first save is by hand: it creates the account copy and ties the draft to it', async () => {
    const { actor, store, type, nextCall } = start()
    type('Ana')
    await sleep(PAUSE * 2)
    expect(actor.getSnapshot().matches({ sync: 'idle' })).toBe(true)

    actor.send({ type: 'SAVE' })
    expect(actor.getSnapshot().matches({ sync: 'saving' })).toBe(true)
    const call = await nextCall(1)
    expect(call.input).toMatchObject({
      collection: 'resumes',
      draft: { serverId: null },
      body: { title: 'My resume', template: 'classic', data: { text: 'Ana' } },
      basedOn: null,
    })
    call.answer({ kind: 'saved', document: stored('srv-1', 1, { text: 'Ana' }) })

    await waitFor(actor, (s) => s.matches({ sync: 'idle' }))
    expect(store.current()).toMatchObject({ serverId: 'srv-1', serverVersion: 1, dirty: false })
    expect(actor.getSnapshot().context.status).toEqual({ tone: 'info', text: 'Saved to your account.' })
  })

  it('after the first save, a change goes to the account once typing pauses', async () => {
    const { type, calls, nextCall } = await savedOnce()
    type('second')
    await sleep(PAUSE / 2)
    type('second, longer')
    await sleep(PAUSE / 2)
    // The pause started over with the second change.
    expect(calls).toHaveLength(1)
    const call = await nextCall(2)
    expect(call.input).toMatchObject({ draft: { serverId: 'srv-1' }, body: { data: { text: 'second, longer' } }, basedOn: 1 })
  })

  it('one save at a time: saves asked for while one is in flight become one follow-up, from the draft as it is then', async () => {
    const { actor, store, type, calls, nextCall } = await savedOnce()
    type('second')
    actor.send({ type: 'SAVE' })
    const second = await nextCall(2)
    type('third')
    actor.send({ type: 'SAVE' })
    actor.send({ type: 'SAVE' })
    await sleep(PAUSE * 2)
    // The autosave came due too; still only the save in flight.
    expect(calls).toHaveLength(2)

    second.answer({ kind: 'saved', document: stored('srv-1', 2, { text: 'second' }) })
    const third = await nextCall(3)
    expect(third.input).toMatchObject({ body: { data: { text: 'third' } }, basedOn: 2 })
    third.answer({ kind: 'saved', document: stored('srv-1', 3, { text: 'third' }) })
    await waitFor(actor, (s) => s.matches({ sync: 'idle' }))
    await sleep(PAUSE * 2)
    expect(calls).toHaveLength(3)
    expect(store.current()).toMatchObject({ serverVersion: 3, dirty: false })
  })

  it('a change made in the same millisecond as the save in flight was sent still goes to the account', async () => {
    const { actor, store, type, nextCall } = await savedOnce()
    // The clock stands still (timers still run): both changes have the same time.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      type('second')
      actor.send({ type: 'SAVE' })
      const second = await nextCall(2)
      type('third')
      actor.send({ type: 'SAVE' })
      second.answer({ kind: 'saved', document: stored('srv-1', 2, { text: 'second' }) })
      expect(store.current().dirty).toBe(true)
      const third = await nextCall(3)
      expect(third.input).toMatchObject({ body: { data: { text: 'third' } }, basedOn: 2 })
    } finally {
      vi.useRealTimers()
    }
  })

  it('a save asked for during one in flight is dropped when nothing changed meanwhile', async () => {
    const { actor, type, calls, nextCall } = await savedOnce()
    type('second')
    actor.send({ type: 'SAVE' })
    const second = await nextCall(2)
    actor.send({ type: 'SAVE' })
    second.answer({ kind: 'saved', document: stored('srv-1', 2, { text: 'second' }) })
    await waitFor(actor, (s) => s.matches({ sync: 'idle' }))
    await sleep(PAUSE * 2)
    expect(calls).toHaveLength(2)
  })

  it('a 409 waits in conflict for the user; keeping this browser’s copy saves it on top of the account’s version', async () => {
    const { actor, store, type, calls, nextCall } = await savedOnce()
    type('mine')
    actor.send({ type: 'SAVE' })
    const theirs = stored('srv-1', 2, { text: 'theirs' })
    ;(await nextCall(2)).answer({ kind: 'conflict', current: theirs })

    await waitFor(actor, (s) => s.matches({ sync: 'conflict' }))
    expect(actor.getSnapshot().context.conflict).toEqual(theirs)
    // No autosave while the user chooses, though the draft is still changed.
    await sleep(PAUSE * 2)
    expect(calls).toHaveLength(2)
    expect(actor.getSnapshot().can({ type: 'SAVE' })).toBe(false)

    actor.send({ type: 'KEEP_BROWSER_COPY' })
    const keep = await nextCall(3)
    expect(keep.input).toMatchObject({ body: { data: { text: 'mine' } }, basedOn: 2 })
    keep.answer({ kind: 'saved', document: stored('srv-1', 3, { text: 'mine' }) })
    await waitFor(actor, (s) => s.matches({ sync: 'idle' }))
    expect(actor.getSnapshot().context.conflict).toBeNull()
    expect(store.current()).toMatchObject({ serverVersion: 3, dirty: false, data: { text: 'mine' } })
  })

  it('using the account copy loads it and keeps this browser’s version as another draft', async () => {
    const { actor, store, type, nextCall } = await savedOnce()
    type('mine')
    actor.send({ type: 'SAVE' })
    ;(await nextCall(2)).answer({ kind: 'conflict', current: stored('srv-1', 2, { text: 'theirs' }) })
    await waitFor(actor, (s) => s.matches({ sync: 'conflict' }))

    actor.send({ type: 'USE_ACCOUNT_COPY' })
    expect(actor.getSnapshot().matches({ sync: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.status?.text).toBe('Using the account copy; this browser’s version is kept as another draft.')
    expect(store.current()).toMatchObject({ serverId: 'srv-1', serverVersion: 2, dirty: false, data: { text: 'theirs' } })
    const kept = store.get().drafts.find((d) => d.id !== store.current().id)
    expect(kept).toMatchObject({ title: 'My resume (this browser)', serverId: null, dirty: true, data: { text: 'mine' } })
  })

  it('offline, changes wait; when the network returns they go to the account', async () => {
    const { actor, type, calls, nextCall } = await savedOnce()
    actor.send({ type: 'OFFLINE' })
    type('on the train')
    await sleep(PAUSE * 3)
    expect(calls).toHaveLength(1)

    actor.send({ type: 'ONLINE' })
    const call = await nextCall(2)
    expect(call.input).toMatchObject({ body: { data: { text: 'on the train' } }, basedOn: 1 })
  })

  it('a save that cannot reach the account says so, and is tried again when the network returns', async () => {
    const { actor, type, calls, nextCall } = await savedOnce()
    type('second')
    ;(await nextCall(2)).fail(new TypeError('Failed to fetch'))
    await waitFor(actor, (s) => s.matches({ sync: 'idle' }))
    expect(actor.getSnapshot().context.status).toEqual({ tone: 'error', text: 'We could not save your resume.' })
    // Not again on its own: the next change or the network coming back starts the pause over.
    await sleep(PAUSE * 3)
    expect(calls).toHaveLength(2)

    actor.send({ type: 'OFFLINE' })
    actor.send({ type: 'ONLINE' })
    const retry = await nextCall(3)
    expect(retry.input).toMatchObject({ body: { data: { text: 'second' } }, basedOn: 1 })
  })

  it('the server’s reason for refusing a save is the status', async () => {
    const { actor, type, nextCall } = start()
    type('Ana')
    actor.send({ type: 'SAVE' })
    ;(await nextCall(1)).fail(new ApiError(403, 'Your account already keeps 100 resumes.', {}))
    await waitFor(actor, (s) => s.matches({ sync: 'idle' }))
    expect(actor.getSnapshot().context.status).toEqual({ tone: 'error', text: 'Your account already keeps 100 resumes.' })
  })
})

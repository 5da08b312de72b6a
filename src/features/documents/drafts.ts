import type { StoredDocument } from '~contract/documents.ts'
import { createStore, del, get, set, type UseStore } from 'idb-keyval'
import { useSyncExternalStore } from 'react'
import * as v from 'valibot'
import type { DraftKind } from './draft-kind'
import { documentPlaces } from './kinds'

/**
 * Builder drafts (resumes, cover letters): kept in memory, written to IndexedDB after every
 * change (debounced), read back once on load. Each builder has its own IndexedDB database.
 */

/** Spec section 4: drafts persist; the spec's persist timeout is 5000 ms. */
export const PERSIST_TIMEOUT_MS = 5000
/** A change reaches the device at most this long after it is made (one write per such span). */
export const SAVE_DEBOUNCE_MS = 400

/** After a draft's first save to the account, later changes follow it after this pause (sync-machine.ts). */
export const AUTOSAVE_MS = 3000
const KEY = 'drafts'

/** The IndexedDB database of each builder's drafts. */
export const draftDatabases = { resume: documentPlaces.resume.database, coverLetter: documentPlaces.coverLetter.database } as const

/** One document in this browser: its data plus what ties it to a copy on the server. */
export type Draft<Data, Step extends string> = {
  id: string
  title: string
  data: Data
  step: Step
  /** Set once saved to the account and the version it was based on. */
  serverId: string | null
  serverVersion: number | null
  /** Changed since the last save to the account. */
  dirty: boolean
  updatedAt: string
}

export type StoredDrafts<D> = { currentId: string; drafts: D[] }

export type DraftStorage<D> = {
  read: () => Promise<unknown>
  write: (value: StoredDrafts<D>) => Promise<void>
  clear: () => Promise<void>
  /** The IndexedDB database behind it (the device's drafts that sign-out clears). */
  database?: string
}

/** What sign-out needs of a builder's store living in this tab (device-drafts.ts). */
export type LiveDrafts = {
  load(): Promise<void>
  flush(): Promise<void>
  get(): StoredDrafts<Draft<unknown, string>>
  markSaved(id: string, serverId: string, serverVersion: number, savedAt: string): void
}
/** The stores on IndexedDB created in this tab, by database. */
export const liveDrafts = new Map<string, LiveDrafts>()

/**
 * Once sign-out has cleared the device's drafts, nothing in this tab may write them back (a
 * pending debounce, an autosave answering late): every store stops writing until the page loads
 * again.
 */
let sealed = false
export function sealDrafts() {
  sealed = true
}
/** Test hook: a fresh page. */
export function unsealDrafts() {
  sealed = false
}

const stores = new Map<string, UseStore>()
const idbStore = (database: string) => {
  let store = stores.get(database)
  if (!store) {
    store = createStore(database, 'drafts')
    stores.set(database, store)
  }
  return store
}

export function idbStorage<D>(database: string): DraftStorage<D> {
  return {
    database,
    read: () => get(KEY, idbStore(database)),
    write: (value) => set(KEY, value, idbStore(database)),
    clear: () => del(KEY, idbStore(database)),
  }
}

export const newId = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`).slice(0, 36)

/** A stored value revived as drafts of this kind, or null when nothing usable is stored. */
export function reviveDrafts<Data, Step extends string>(kind: DraftKind<Data, Step>, raw: unknown): StoredDrafts<Draft<Data, Step>> | null {
  if (!raw || typeof raw !== 'object') return null
  const { currentId, drafts } = raw as Partial<StoredDrafts<Draft<Data, Step>>>
  if (!Array.isArray(drafts)) return null
  const valid = drafts.flatMap((draft): Draft<Data, Step>[] => {
    if (!draft || typeof draft.id !== 'string') return []
    const data = v.safeParse(kind.schema, { ...(kind.empty() as object), ...(draft.data as object) })
    if (!data.success) return []
    return [
      {
        id: draft.id,
        title: typeof draft.title === 'string' ? draft.title : kind.defaultTitle,
        data: data.output,
        step: kind.steps.includes(draft.step) ? draft.step : kind.steps[0]!,
        serverId: typeof draft.serverId === 'string' ? draft.serverId : null,
        serverVersion: typeof draft.serverVersion === 'number' ? draft.serverVersion : null,
        dirty: draft.dirty === true,
        updatedAt: typeof draft.updatedAt === 'string' ? draft.updatedAt : new Date().toISOString(),
      },
    ]
  })
  if (valid.length === 0) return null
  return { currentId: valid.some((d) => d.id === currentId) ? currentId! : valid[0]!.id, drafts: valid }
}

/** Reads another builder's drafts once (e.g. the resume that prefills a cover letter). */
export async function readDrafts<Data, Step extends string>(kind: DraftKind<Data, Step>, storage: DraftStorage<Draft<Data, Step>>) {
  const raw = await Promise.resolve()
    .then(() => storage.read())
    .catch(() => null)
  return reviveDrafts(kind, raw)
}

export type DraftState<D> = StoredDrafts<D> & { status: 'loading' | 'ready' }

/** A document as the account stores it (GET /resumes/{id}, /cover-letters/{id}). */
export type AccountCopy = Omit<StoredDocument, 'template'>

/**
 * What opening an account copy did: `added` it as a new draft, `updated` the draft already tied
 * to it (or only switched to it), `kept` that draft's unsaved changes, or found the copy
 * `unreadable` (a shape this builder no longer reads).
 */
export type OpenOutcome = 'added' | 'updated' | 'kept' | 'unreadable'

/** Never edited and never saved: nothing of the user's is in it. */
const untouched = (draft: Draft<unknown, string>) => !draft.dirty && !draft.serverId

/**
 * A change's time: now, or a millisecond after the draft's last change when that is not earlier.
 * The sync tells a change made after a save was sent by its stamp (markSaved, the follow-up
 * save), so two changes never share one, even in the same millisecond.
 */
function stampAfter(previous: string): string {
  const now = Date.now()
  const last = Date.parse(previous)
  return new Date(Number.isNaN(last) || now > last ? now : last + 1).toISOString()
}

export function createDrafts<Data, Step extends string>(kind: DraftKind<Data, Step>, storage: DraftStorage<Draft<Data, Step>>) {
  type D = Draft<Data, Step>
  const newDraft = (title = kind.defaultTitle): D => ({
    id: newId(),
    title,
    data: kind.empty(),
    step: kind.steps[0]!,
    serverId: null,
    serverVersion: null,
    dirty: false,
    updatedAt: new Date().toISOString(),
  })
  const first = newDraft()
  let state: DraftState<D> = { status: 'loading', currentId: first.id, drafts: [first] }
  const listeners = new Set<() => void>()
  let timer: ReturnType<typeof setTimeout> | null = null
  let loading: Promise<void> | null = null
  let disposed = false

  const emit = () => {
    for (const listener of listeners) listener()
  }

  async function flush() {
    if (timer) clearTimeout(timer)
    timer = null
    if (sealed || disposed) return
    try {
      await Promise.resolve().then(() => storage.write({ currentId: state.currentId, drafts: state.drafts }))
    } catch {
      // Private mode or a full quota: the draft still lives in this tab.
    }
  }

  /**
   * A change is on the device at most SAVE_DEBOUNCE_MS after it is made, however long the
   * typing goes on (the timer is not restarted by later changes: a reload mid-sentence loses
   * at most that much). `now` writes at once: what ties a draft to its account copy.
   */
  function commit(next: Omit<DraftState<D>, 'status'>, now = false) {
    state = { ...next, status: state.status }
    emit()
    if (now) void flush()
    else timer ??= setTimeout(() => void flush(), SAVE_DEBOUNCE_MS)
  }

  const current = () => state.drafts.find((d) => d.id === state.currentId) ?? state.drafts[0]!

  function replaceCurrent(change: (draft: D) => D, markDirty = true) {
    const before = current()
    const after = change(before)
    if (after === before) return
    const stamped = markDirty ? { ...after, dirty: true, updatedAt: stampAfter(before.updatedAt) } : after
    commit({ currentId: state.currentId, drafts: state.drafts.map((d) => (d.id === before.id ? stamped : d)) })
  }

  const store = {
    newDraft,
    /**
     * Replaced (tests: a fresh page): a change still waiting for its debounce is dropped and the
     * store writes nothing more, so it cannot put its drafts back into the next page's database.
     */
    dispose() {
      disposed = true
      if (timer) clearTimeout(timer)
      timer = null
      if (storage.database && liveDrafts.get(storage.database) === (store as unknown as LiveDrafts)) liveDrafts.delete(storage.database)
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    get: () => state,
    current,
    /** Reads the drafts once; waits at most the persist timeout, then starts fresh. */
    load(): Promise<void> {
      loading ??= (async () => {
        const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), PERSIST_TIMEOUT_MS))
        // No IndexedDB at all (old browser, some private modes) throws before any promise exists.
        const read = Promise.resolve()
          .then(() => storage.read())
          .catch(() => null)
        const stored = reviveDrafts(kind, await Promise.race([read, timeout]))
        state = stored ? { ...stored, status: 'ready' } : { ...state, status: 'ready' }
        emit()
      })()
      return loading
    },
    flush,
    updateData(change: (data: Data) => Data) {
      replaceCurrent((draft) => {
        const data = change(draft.data)
        return data === draft.data ? draft : { ...draft, data }
      })
    },
    setTitle(title: string) {
      replaceCurrent((draft) => ({ ...draft, title }))
    },
    setStep(step: Step) {
      replaceCurrent((draft) => (draft.step === step ? draft : { ...draft, step }), false)
    },
    /** After a save to the account: remember the server copy it matches. */
    markSaved(id: string, serverId: string, serverVersion: number, savedAt: string) {
      commit(
        {
          currentId: state.currentId,
          // Typing during the request keeps the draft dirty: the next save sends that too.
          drafts: state.drafts.map((d) => (d.id === id ? { ...d, serverId, serverVersion, dirty: d.updatedAt !== savedAt } : d)),
        },
        // At once: a draft that forgot its account copy would save a second one after a reload.
        true,
      )
    },
    /** Spec section 4, 'Clear': the current document goes back to defaults (it keeps its place). */
    clear() {
      replaceCurrent((draft) => ({ ...draft, data: kind.empty(), step: kind.steps[0]! }))
    },
    add(draft: D = newDraft(`${kind.defaultTitle} ${state.drafts.length + 1}`)) {
      commit({ currentId: draft.id, drafts: [...state.drafts, draft] })
      return draft
    },
    switchTo(id: string) {
      if (state.drafts.some((d) => d.id === id)) commit({ currentId: id, drafts: state.drafts })
    },
    remove(id: string) {
      const rest = state.drafts.filter((d) => d.id !== id)
      const drafts = rest.length > 0 ? rest : [newDraft()]
      commit({ currentId: drafts.some((d) => d.id === state.currentId) ? state.currentId : drafts[0]!.id, drafts })
    },
    /**
     * Makes an account copy the current document. The draft already tied to it comes forward and
     * takes the copy only when it has no unsaved changes (those are never dropped; a newer copy
     * then meets them as a conflict on the next save). Otherwise the copy becomes a new draft, in
     * place of the untouched one a new device starts with.
     */
    openCopy(copy: AccountCopy): OpenOutcome {
      const data = v.safeParse(kind.schema, { ...(kind.empty() as object), ...(copy.data as object) })
      if (!data.success) return 'unreadable'
      const local = state.drafts.find((d) => d.serverId === copy.id)
      if (local?.dirty) {
        commit({ currentId: local.id, drafts: state.drafts })
        return 'kept'
      }
      const fromCopy = {
        title: copy.title,
        data: data.output,
        serverId: copy.id,
        serverVersion: copy.version,
        dirty: false,
        updatedAt: copy.updated_at,
      }
      if (local) {
        const next = (local.serverVersion ?? 0) < copy.version ? { ...local, ...fromCopy } : local
        commit({ currentId: local.id, drafts: state.drafts.map((d) => (d.id === local.id ? next : d)) })
        return 'updated'
      }
      const added: D = { ...newDraft(), ...fromCopy }
      const others = state.drafts.length === 1 && untouched(state.drafts[0]!) ? [] : state.drafts
      commit({ currentId: added.id, drafts: [...others, added] })
      return 'added'
    },
    /** Replaces the current document's content (an import, or the server copy the user chose). */
    replaceData(data: Data) {
      replaceCurrent((draft) => ({ ...draft, data }))
    },
  }
  if (storage.database) liveDrafts.set(storage.database, store as unknown as LiveDrafts)
  return store
}

export type Drafts<Data, Step extends string> = ReturnType<typeof createDrafts<Data, Step>>

type Observable<D> = { subscribe(listener: () => void): () => boolean; get(): DraftState<D>; current(): D; dispose?(): void }

/** A builder's shared store (replaceable in tests) and its React hooks. */
export function draftStoreHolder<D, S extends Observable<D>>(make: () => S & Observable<D>) {
  let shared: S | null = null
  const store = () => (shared ??= make())
  return {
    store,
    setStore(next: S | null) {
      if (shared !== next) shared?.dispose?.()
      shared = next
    },
    useDrafts<T>(select: (state: DraftState<D>) => T): T {
      const s = store()
      // The same snapshot in Node (src/app/prerender.tsx): the store there is still loading.
      return useSyncExternalStore(
        s.subscribe,
        () => select(s.get()),
        () => select(s.get()),
      )
    },
    useCurrentDraft(): D {
      const s = store()
      return useSyncExternalStore(s.subscribe, s.current, s.current)
    },
  }
}

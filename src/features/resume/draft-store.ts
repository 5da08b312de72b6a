import { createStore, del, get, set, type UseStore } from 'idb-keyval'
import { useSyncExternalStore } from 'react'
import * as v from 'valibot'
import { emptyResumeData, resumeData, type ResumeData } from '~contract/resume.ts'
import { newDraft, steps, type ResumeDraft, type StepKey } from './model'

/** Spec section 4: drafts persist; the spec's persist timeout is 5000 ms. */
export const PERSIST_TIMEOUT_MS = 5000
/** Writes wait this long after the last change, so typing costs one write per pause. */
export const SAVE_DEBOUNCE_MS = 400
const KEY = 'drafts'

export type DraftStorage = {
  read: () => Promise<unknown>
  write: (value: StoredDrafts) => Promise<void>
  clear: () => Promise<void>
}

export type StoredDrafts = { currentId: string; drafts: ResumeDraft[] }

let idbStore: UseStore | null = null
const store = () => (idbStore ??= createStore('waypoint-resume', 'drafts'))

export const idbDraftStorage: DraftStorage = {
  read: () => get(KEY, store()),
  write: (value) => set(KEY, value, store()),
  clear: () => del(KEY, store()),
}

const stepKeys = steps.map((step) => step.key) as string[]

/** A stored draft is trusted only if it still has the shape of today's builder. */
function revive(raw: unknown): StoredDrafts | null {
  if (!raw || typeof raw !== 'object') return null
  const { currentId, drafts } = raw as Partial<StoredDrafts>
  if (!Array.isArray(drafts)) return null
  const valid = drafts.flatMap((draft): ResumeDraft[] => {
    if (!draft || typeof draft.id !== 'string') return []
    const data = v.safeParse(resumeData, { ...emptyResumeData(), ...draft.data })
    if (!data.success) return []
    return [
      {
        id: draft.id,
        title: typeof draft.title === 'string' ? draft.title : 'My resume',
        data: data.output,
        step: stepKeys.includes(draft.step) ? draft.step : 'heading',
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

export type DraftState = StoredDrafts & { status: 'loading' | 'ready' }

/** The builder's drafts: kept in memory, written to IndexedDB after every change (debounced). */
export function createDraftStore(storage: DraftStorage = idbDraftStorage) {
  const first = newDraft()
  let state: DraftState = { status: 'loading', currentId: first.id, drafts: [first] }
  const listeners = new Set<() => void>()
  let timer: ReturnType<typeof setTimeout> | null = null
  let loading: Promise<void> | null = null

  const emit = () => {
    for (const listener of listeners) listener()
  }

  async function flush() {
    if (timer) clearTimeout(timer)
    timer = null
    try {
      await Promise.resolve().then(() => storage.write({ currentId: state.currentId, drafts: state.drafts }))
    } catch {
      // Private mode or a full quota: the draft still lives in this tab.
    }
  }

  function commit(next: Omit<DraftState, 'status'>) {
    state = { ...next, status: state.status }
    emit()
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => void flush(), SAVE_DEBOUNCE_MS)
  }

  const current = () => state.drafts.find((d) => d.id === state.currentId) ?? state.drafts[0]!

  function replaceCurrent(change: (draft: ResumeDraft) => ResumeDraft, markDirty = true) {
    const before = current()
    const after = change(before)
    if (after === before) return
    const stamped = markDirty ? { ...after, dirty: true, updatedAt: new Date().toISOString() } : after
    commit({ currentId: state.currentId, drafts: state.drafts.map((d) => (d.id === before.id ? stamped : d)) })
  }

  return {
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
        const read = Promise.resolve().then(() => storage.read()).catch(() => null)
        const raw = await Promise.race([read, timeout])
        const stored = revive(raw)
        state = stored ? { ...stored, status: 'ready' } : { ...state, status: 'ready' }
        emit()
      })()
      return loading
    },
    flush,
    updateData(change: (data: ResumeData) => ResumeData) {
      replaceCurrent((draft) => {
        const data = change(draft.data)
        return data === draft.data ? draft : { ...draft, data }
      })
    },
    setTitle(title: string) {
      replaceCurrent((draft) => ({ ...draft, title }))
    },
    setStep(step: StepKey) {
      replaceCurrent((draft) => (draft.step === step ? draft : { ...draft, step }), false)
    },
    /** After a save to the account: remember the server copy it matches. */
    markSaved(id: string, serverId: string, serverVersion: number, savedAt: string) {
      commit({
        currentId: state.currentId,
        // Typing during the request keeps the draft dirty: the next save sends that too.
        drafts: state.drafts.map((d) => (d.id === id ? { ...d, serverId, serverVersion, dirty: d.updatedAt !== savedAt } : d)),
      })
    },
    /** Spec section 4, 'Clear': the current resume goes back to defaults (it keeps its place). */
    clear() {
      replaceCurrent((draft) => ({ ...draft, data: emptyResumeData(), step: 'heading' }))
    },
    addResume(draft: ResumeDraft = newDraft(`Resume ${state.drafts.length + 1}`)) {
      commit({ currentId: draft.id, drafts: [...state.drafts, draft] })
      return draft
    },
    switchTo(id: string) {
      if (state.drafts.some((d) => d.id === id)) commit({ currentId: id, drafts: state.drafts })
    },
    removeResume(id: string) {
      const rest = state.drafts.filter((d) => d.id !== id)
      const drafts = rest.length > 0 ? rest : [newDraft()]
      commit({ currentId: drafts.some((d) => d.id === state.currentId) ? state.currentId : drafts[0]!.id, drafts })
    },
    /** Replaces the current resume's content (an import, or the server copy the user chose). */
    replaceData(data: ResumeData) {
      replaceCurrent((draft) => ({ ...draft, data }))
    },
  }
}

export type DraftStore = ReturnType<typeof createDraftStore>

let shared: DraftStore | null = null
export const draftStore = () => (shared ??= createDraftStore())

/** Test hook: a store on another storage (tests pass an in-memory one or fake IndexedDB). */
export function setDraftStore(next: DraftStore | null) {
  shared = next
}

export function useDrafts<T>(select: (state: DraftState) => T): T {
  const s = draftStore()
  return useSyncExternalStore(s.subscribe, () => select(s.get()))
}

export function useCurrentDraft(): ResumeDraft {
  const s = draftStore()
  return useSyncExternalStore(s.subscribe, s.current)
}

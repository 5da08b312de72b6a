import { ApiError } from '@/lib/api-client'
import { idbStorage, liveDrafts, sealDrafts, type Draft } from './drafts'
import { documentPlaces, type DocumentPlace } from './kinds'
import { saveDocument } from './api/save-document'

/**
 * The builders' drafts on this device, as sign-out sees them (spec section 4: sign-out clears
 * local storage; on a shared computer the next person must not find the user's name, phone or
 * address). Loaded only when someone signs out: it reads both builders' IndexedDB databases
 * without the builders' own code.
 */

/** A builder whose drafts live on the device. */
export type DeviceDraftKind = DocumentPlace

export const deviceDraftKinds: readonly DeviceDraftKind[] = [documentPlaces.resume, documentPlaces.coverLetter]

type AnyDraft = Draft<unknown, string>
type Stored = { currentId: string; drafts: AnyDraft[] }

/** A draft with changes its account does not have yet. */
export type UnsavedDraft = { kind: DeviceDraftKind; id: string; title: string }

const storageOf = (kind: DeviceDraftKind) => idbStorage<AnyDraft>(kind.database)

const isDraft = (value: unknown): value is AnyDraft => typeof value === 'object' && value !== null && typeof (value as AnyDraft).id === 'string'

/** The drafts of one builder as stored now: this tab's live store is written out first. */
async function readKind(kind: DeviceDraftKind): Promise<Stored | null> {
  const live = liveDrafts.get(kind.database)
  if (live) {
    await live.load()
    await live.flush()
    const { currentId, drafts } = live.get()
    return { currentId, drafts }
  }
  try {
    const raw = (await storageOf(kind).read()) as Partial<Stored> | undefined
    if (!raw || !Array.isArray(raw.drafts)) return null
    return { currentId: String(raw.currentId ?? ''), drafts: raw.drafts.filter(isDraft) }
  } catch {
    // No IndexedDB here (some private modes): nothing of the user's is on the device either.
    return null
  }
}

/** Every draft on this device with changes not saved to the account. */
export async function unsavedDrafts(): Promise<UnsavedDraft[]> {
  const found: UnsavedDraft[] = []
  for (const kind of deviceDraftKinds) {
    const stored = await readKind(kind)
    for (const draft of stored?.drafts ?? []) {
      if (draft.dirty === true)
        found.push({ kind, id: draft.id, title: typeof draft.title === 'string' && draft.title.trim() ? draft.title.trim() : kind.defaultTitle })
    }
  }
  return found
}

/** A draft saved during sign-out: remembered at once, so a later failure cannot save it twice. */
async function rememberSaved(kind: DeviceDraftKind, id: string, serverId: string, serverVersion: number, savedAt: string) {
  const live = liveDrafts.get(kind.database)
  if (live) {
    live.markSaved(id, serverId, serverVersion, savedAt)
    await live.flush()
    return
  }
  const stored = await readKind(kind)
  if (!stored) return
  const drafts = stored.drafts.map((d) => (d.id === id ? { ...d, serverId, serverVersion, dirty: d.updatedAt !== savedAt } : d))
  await storageOf(kind).write({ currentId: stored.currentId, drafts })
}

export type SaveFailure = { draft: UnsavedDraft; message: string }

type Template = { design?: { template?: unknown } }

/**
 * Saves the drafts to the account, one after another. A copy changed elsewhere meanwhile is kept:
 * this browser's version goes to the account as a document of its own. Answers what could not
 * be saved, with the reason in the user's words (a full account, too many saves, offline).
 */
export async function saveUnsavedDrafts(list: readonly UnsavedDraft[]): Promise<SaveFailure[]> {
  const failures: SaveFailure[] = []
  for (const item of list) {
    const stored = await readKind(item.kind)
    const draft = stored?.drafts.find((d) => d.id === item.id)
    if (!draft?.dirty) continue
    const body = {
      title: item.title,
      template: String((draft.data as Template | null)?.design?.template ?? ''),
      data: draft.data,
    }
    try {
      let outcome = await saveDocument(item.kind.collection, draft, body)
      if (outcome.kind === 'conflict') {
        outcome = await saveDocument(
          item.kind.collection,
          { serverId: null, serverVersion: null },
          { ...body, title: `${item.title} (this browser)` },
        )
      }
      if (outcome.kind === 'saved') await rememberSaved(item.kind, draft.id, outcome.document.id, outcome.document.version, draft.updatedAt)
    } catch (error) {
      failures.push({
        draft: item,
        message:
          error instanceof ApiError
            ? error.detail
            : `We could not reach Waypoint to save your ${item.kind.noun}. Check your connection and try again.`,
      })
    }
  }
  return failures
}

/**
 * Removes the builders' drafts from this device, and any answer of the API a cache of this
 * origin holds (the service worker keeps none today; should one ever, it goes too). Nothing in
 * this tab writes drafts again until the page loads afresh.
 */
export async function clearDeviceDrafts(): Promise<void> {
  sealDrafts()
  for (const kind of deviceDraftKinds) {
    try {
      await storageOf(kind).clear()
    } catch {
      // No IndexedDB: nothing was kept there.
    }
  }
  if (typeof caches === 'undefined') return
  try {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        if (new URL(request.url).pathname.startsWith('/api/')) await cache.delete(request)
      }
    }
  } catch {
    // Cache storage unavailable (an insecure origin): it holds nothing then.
  }
}

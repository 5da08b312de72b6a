import type { StoredDocument } from '~contract/documents.ts'
import { assign, createActor, fromCallback, fromPromise, raise, setup } from 'xstate'
import { ApiError } from '@/lib/api-client'
import { inspect } from '@/lib/inspection'
import { saveDocument, type SaveOutcome } from './api/save-document'
import { AUTOSAVE_MS, newId, type Draft } from './drafts'
import type { DocumentPlace } from './kinds'

/** A document as the account stores it (what a save answers, and the copy a 409 carries). */
type AnyDraft = Draft<unknown, string>

/** What the sync needs of a builder's draft store (drafts.ts). */
export type SyncStore<Data = unknown, Step extends string = string> = {
  subscribe(listener: () => void): () => unknown
  get(): { drafts: Draft<Data, Step>[] }
  current(): Draft<Data, Step>
  markSaved(id: string, serverId: string, serverVersion: number, savedAt: string): void
  add(draft: Draft<Data, Step>): unknown
  switchTo(id: string): void
  replaceData(data: Data): void
}

export type SyncStatus = { tone: 'info' | 'error'; text: string }

export type DocumentSyncInput = {
  /** The builder's draft store (its holder's getter: tests replace the store behind it). */
  store: () => SyncStore
  kind: Pick<DocumentPlace, 'collection' | 'noun' | 'defaultTitle'> & { template: (data: never) => string }
  /** Whether the browser has a network now; ONLINE and OFFLINE follow it. */
  online: boolean
}

export type DocumentSyncContext = DocumentSyncInput & {
  /** A save's own outcome, shown beside the button until the next change. */
  status: SyncStatus | null
  /** The draft being saved (or in conflict), and the draft as it was sent. */
  draftId: string | null
  sent: AnyDraft | null
  /** The account version the save in flight is based on (the conflict copy's, to overwrite it). */
  basedOn: number | undefined
  /** A save asked for while one is in flight: it runs once that one ends. */
  queued: { basedOn?: number } | null
  /** The account's newer copy after a 409, for the user to choose. */
  conflict: StoredDocument<unknown> | null
}

export type DocumentSyncEvent =
  | { type: 'SAVE' }
  | { type: 'KEEP_BROWSER_COPY' }
  | { type: 'USE_ACCOUNT_COPY' }
  | { type: 'ONLINE' }
  | { type: 'OFFLINE' }
  /** The current draft changed (another draft, a change, a save): the autosave pause starts over. */
  | { type: 'DRAFT_CHANGED' }

export type SaveInput = {
  collection: string
  draft: { serverId: string | null; serverVersion: number | null }
  body: { title: string; template: string; data: unknown }
  basedOn: number | null
}

const draftOf = (context: DocumentSyncContext, id = context.draftId) =>
  context
    .store()
    .get()
    .drafts.find((d) => d.id === id)
const currentId = (context: DocumentSyncContext) => context.store().current().id

/** What identifies the current draft's sync-relevant state: a change in any of these restarts the autosave pause. */
const syncKey = (draft: AnyDraft) => `${draft.id}|${draft.serverId ?? ''}|${draft.dirty}|${draft.updatedAt}`

/**
 * Saving a builder document to the signed-in user's account (spec section 4): the first save by
 * hand (SAVE), then every change after a pause of AUTOSAVE_MS; offline, changes wait in IndexedDB
 * and go when the network returns. One save at a time: a save asked for while one is in flight
 * runs once it ends, from the stored draft as it is then, and only if the first one saved and
 * the draft changed since (two at once would create the document twice, or conflict with
 * itself). A 409 (changed elsewhere) waits in `conflict` for the user's choice; the other copy
 * is never lost.
 *
 * Two regions: `sync` (idle, saving, conflict) and `autosave` (a pause restarted by every change
 * of the current draft, the connection or the conflict; when it ends with the draft saved once,
 * changed, online and no conflict open, it asks for a save).
 */
export const documentSyncMachine = setup({
  types: {
    input: {} as DocumentSyncInput,
    context: {} as DocumentSyncContext,
    events: {} as DocumentSyncEvent,
  },
  actors: {
    save: fromPromise<SaveOutcome<StoredDocument<unknown>>, SaveInput>(({ input }) =>
      saveDocument<unknown, StoredDocument<unknown>>(input.collection, input.draft, input.body, input.basedOn),
    ),
    /** Tells the machine when the current draft changes in the store. */
    watchDraft: fromCallback<DocumentSyncEvent, { store: () => SyncStore }>(({ sendBack, input }) => {
      const store = input.store()
      let last = syncKey(store.current())
      return store.subscribe(() => {
        const key = syncKey(store.current())
        if (key === last) return
        last = key
        sendBack({ type: 'DRAFT_CHANGED' })
      })
    }),
    /** The browser's online and offline events. */
    watchConnection: fromCallback<DocumentSyncEvent>(({ sendBack }) => {
      if (typeof window === 'undefined') return
      const online = () => sendBack({ type: 'ONLINE' })
      const offline = () => sendBack({ type: 'OFFLINE' })
      window.addEventListener('online', online)
      window.addEventListener('offline', offline)
      return () => {
        window.removeEventListener('online', online)
        window.removeEventListener('offline', offline)
      }
    }),
  },
  delays: {
    autosave: AUTOSAVE_MS,
  },
  guards: {
    currentDraftExists: ({ context }) => draftOf(context, currentId(context)) !== undefined,
    conflictDraftExists: ({ context }) => draftOf(context) !== undefined,
    conflicted: ({ event }) => (event as unknown as { output: SaveOutcome<unknown> }).output.kind === 'conflict',
    /** The first save saved and a save was asked for meanwhile, with changes still unsaved. */
    followUpDue: ({ context }) => {
      const draft = draftOf(context)
      return context.queued !== null && draft !== undefined && draft.updatedAt !== context.sent?.updatedAt
    },
    autosaveDue: ({ context }) => {
      const draft = context.store().current()
      return context.online && context.conflict === null && draft.serverId !== null && draft.dirty
    },
  },
  actions: {
    /** The draft to save: its id and its content as it is now. */
    take: assign(({ context }, params: { id: string; basedOn?: number }) => ({
      draftId: params.id,
      sent: draftOf(context, params.id) ?? null,
      basedOn: params.basedOn,
      queued: null,
    })),
    queue: assign({ queued: () => ({}) }),
    markSaved: ({ context, event }) => {
      const { document } = (event as unknown as { output: Extract<SaveOutcome<StoredDocument<unknown>>, { kind: 'saved' }> }).output
      context.store().markSaved(context.sent!.id, document.id, document.version, context.sent!.updatedAt)
    },
    saved: assign({ status: { tone: 'info', text: 'Saved to your account.' } }),
    failed: assign({
      status: ({ context, event }) => {
        const error = (event as unknown as { error: unknown }).error
        return { tone: 'error' as const, text: error instanceof ApiError ? error.detail : `We could not save your ${context.kind.noun}.` }
      },
      queued: null,
    }),
    holdConflict: assign({
      conflict: ({ event }) => (event as unknown as { output: Extract<SaveOutcome<StoredDocument<unknown>>, { kind: 'conflict' }> }).output.current,
      queued: null,
    }),
    /** Nothing is lost: this browser's version stays as a draft of its own. */
    useAccountCopy: ({ context }) => {
      const drafts = context.store()
      const current = context.conflict!
      const id = context.draftId!
      const local = draftOf(context)
      if (local) drafts.add({ ...local, id: newId(), title: `${local.title} (this browser)`, serverId: null, serverVersion: null, dirty: true })
      drafts.switchTo(id)
      drafts.replaceData(current.data)
      drafts.markSaved(id, current.id, current.version, drafts.current().updatedAt)
    },
    usingAccountCopy: assign({
      conflict: null,
      status: { tone: 'info', text: 'Using the account copy; this browser’s version is kept as another draft.' },
    }),
    restartAutosave: raise({ type: 'DRAFT_CHANGED' }),
  },
}).createMachine({
  id: 'documentSync',
  type: 'parallel',
  context: ({ input }) => ({ ...input, status: null, draftId: null, sent: null, basedOn: undefined, queued: null, conflict: null }),
  invoke: [{ src: 'watchDraft', input: ({ context }) => ({ store: context.store }) }, { src: 'watchConnection' }],
  on: {
    ONLINE: { actions: [assign({ online: true }), 'restartAutosave'] },
    OFFLINE: { actions: [assign({ online: false }), 'restartAutosave'] },
  },
  states: {
    sync: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SAVE: { guard: 'currentDraftExists', target: 'saving', actions: { type: 'take', params: ({ context }) => ({ id: currentId(context) }) } },
          },
        },
        saving: {
          invoke: {
            src: 'save',
            input: ({ context }) => {
              const sent = context.sent!
              return {
                collection: context.kind.collection,
                draft: sent,
                body: { title: sent.title.trim() || context.kind.defaultTitle, template: context.kind.template(sent.data as never), data: sent.data },
                basedOn: context.basedOn ?? sent.serverVersion,
              }
            },
            onDone: [
              { guard: 'conflicted', target: 'conflict', actions: 'holdConflict' },
              {
                guard: 'followUpDue',
                target: 'saving',
                reenter: true,
                actions: [
                  'markSaved',
                  'saved',
                  { type: 'take', params: ({ context }) => ({ id: context.draftId!, basedOn: context.queued?.basedOn }) },
                ],
              },
              { target: 'idle', actions: ['markSaved', 'saved', assign({ queued: null })] },
            ],
            onError: { target: 'idle', actions: 'failed' },
          },
          on: { SAVE: { actions: 'queue' } },
        },
        conflict: {
          // The autosave waits while the user chooses, and starts over after.
          exit: 'restartAutosave',
          on: {
            KEEP_BROWSER_COPY: {
              guard: 'conflictDraftExists',
              target: 'saving',
              actions: [
                { type: 'take', params: ({ context }) => ({ id: context.draftId!, basedOn: context.conflict!.version }) },
                assign({ conflict: null }),
              ],
            },
            USE_ACCOUNT_COPY: { target: 'idle', actions: ['useAccountCopy', 'usingAccountCopy'] },
          },
        },
      },
    },
    autosave: {
      initial: 'waiting',
      // Handled by the region's states, not the region: a transition that re-entered the region
      // itself would re-enter the whole machine (its parallel root) and drop a save in flight.
      states: {
        waiting: {
          on: { DRAFT_CHANGED: { target: 'waiting', reenter: true } },
          after: {
            autosave: [{ guard: 'autosaveDue', target: 'spent', actions: raise({ type: 'SAVE' }) }, { target: 'spent' }],
          },
        },
        /** Nothing more to do until something changes (a failed autosave is not retried on its own). */
        spent: {
          on: { DRAFT_CHANGED: 'waiting' },
        },
      },
    },
  },
})

/** Starts the sync of a builder's drafts (registered with the inspector as `documentSync`). */
export function startDocumentSync(input: DocumentSyncInput) {
  return createActor(documentSyncMachine, { input, inspect }).start()
}

export type DocumentSyncActor = ReturnType<typeof startDocumentSync>

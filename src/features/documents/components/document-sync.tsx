import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { AlertDialog } from 'radix-ui'
import { Button } from '@/components/button/button'
import type { Draft } from '../drafts'
import type { DocumentKind } from '../kinds'
import type { StoredDocument } from '~contract/documents.ts'
import type { DocumentSyncActor, DocumentSyncEvent, DocumentSyncInput, SyncStatus, SyncStore } from '../sync-machine'
import styles from './builder-kit.module.css'

type DocumentSyncProps<Data, Step extends string> = {
  kind: Pick<DocumentKind<Data, Step>, 'collection' | 'noun' | 'defaultTitle' | 'template'>
  /** The builder's draft store (its holder's getter). */
  store: () => SyncStore<Data, Step>
  /** The current draft, as the builder shows it. */
  draft: Draft<Data, Step>
}

/** The line beside the save button: a save's own outcome until the next change. */
function syncState(draft: Draft<unknown, string>, status: SyncStatus | null, online: boolean) {
  if (!online && draft.dirty) return 'Offline: your changes are saved on this device and go to your account when you are back online.'
  if (status && (status.tone === 'error' || !draft.dirty)) return status.text
  if (!draft.serverId) return 'Not saved to your account yet'
  return draft.dirty ? 'Unsaved changes' : 'Saved to your account'
}

const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine)

type SyncView = { saving: boolean; status: SyncStatus | null; online: boolean; conflict: StoredDocument<unknown> | null }

const notStarted = { subscribe: () => ({ unsubscribe() {} }), getSnapshot: () => null }
const couldNotStart: SyncStatus = {
  tone: 'error',
  text: 'Saving to your account could not start. Your changes are kept on this device: reload the page to try again.',
}

/**
 * The document sync machine of a builder. The machine and XState come in a chunk of their own,
 * loaded when a signed-in user's builder opens (guests never load them); a click on save before
 * it has arrived is kept and sent once it has.
 */
function useDocumentSync(input: Omit<DocumentSyncInput, 'online'>): { view: SyncView; send: (event: DocumentSyncEvent) => void } {
  const [actor, setActor] = useState<DocumentSyncActor | null>(null)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  // Events asked for before the machine came: they go to it first.
  const waiting = useRef<DocumentSyncEvent[]>([])
  const [waitingCount, setWaitingCount] = useState(0)
  const initial = useRef(input)

  useEffect(() => {
    let started: DocumentSyncActor | null = null
    let cancelled = false
    import('../sync-machine').then(
      ({ startDocumentSync }) => {
        if (cancelled) return
        started = startDocumentSync({ ...initial.current, online: isOnline() })
        for (const event of waiting.current.splice(0)) started.send(event)
        setWaitingCount(0)
        setFailed(false)
        setActor(started)
      },
      () => {
        if (!cancelled) setFailed(true)
      },
    )
    return () => {
      cancelled = true
      started?.stop()
      setActor(null)
    }
  }, [attempt])

  const source = actor ?? notStarted
  const subscribe = useCallback(
    (listener: () => void) => {
      const subscription = source.subscribe(listener)
      return () => subscription.unsubscribe()
    },
    [source],
  )
  const snapshot = useSyncExternalStore(subscribe, () => source.getSnapshot())
  const send = (event: DocumentSyncEvent) => {
    if (actor) return actor.send(event)
    waiting.current.push(event)
    setWaitingCount(waiting.current.length)
    if (failed) {
      setFailed(false)
      setAttempt((n) => n + 1)
    }
  }
  if (!snapshot)
    return { view: { saving: waitingCount > 0 && !failed, status: failed ? couldNotStart : null, online: isOnline(), conflict: null }, send }
  const view: SyncView = {
    saving: snapshot.matches({ sync: 'saving' }),
    status: snapshot.context.status,
    online: snapshot.context.online,
    conflict: snapshot.matches({ sync: 'conflict' }) ? snapshot.context.conflict : null,
  }
  return { view, send }
}

/**
 * Saving a builder document to the signed-in user's account: the button, the line that says
 * where the document stands, and the dialog of a 409. The saving itself (queue, autosave,
 * offline, conflict) is the document sync machine's (../sync-machine.ts).
 */
export function DocumentSync<Data, Step extends string>({ kind, store, draft }: DocumentSyncProps<Data, Step>) {
  // The machine handles any kind's drafts as plain data (it only moves them between store and API).
  const { view, send } = useDocumentSync({ store: store as unknown as () => SyncStore, kind })
  const { saving, status, online, conflict } = view
  const { noun } = kind

  return (
    <div className={styles.sync}>
      <Button variant="secondary" loading={saving} onClick={() => send({ type: 'SAVE' })}>
        {draft.serverId ? 'Save now' : 'Save to account'}
      </Button>
      <span className={styles.syncState} role="status">
        {syncState(draft, status, online)}
      </span>
      <AlertDialog.Root open={conflict !== null}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={styles.overlay} />
          <AlertDialog.Content className={styles.dialog}>
            <AlertDialog.Title>This {noun} changed elsewhere</AlertDialog.Title>
            <AlertDialog.Description>
              Your account has a newer copy (saved {conflict ? new Date(conflict.updated_at).toLocaleString() : ''}). Which one do you want to keep?
            </AlertDialog.Description>
            <div className={styles.actions}>
              <AlertDialog.Action asChild>
                <Button onClick={() => send({ type: 'KEEP_BROWSER_COPY' })}>Keep this browser’s copy</Button>
              </AlertDialog.Action>
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" onClick={() => send({ type: 'USE_ACCOUNT_COPY' })}>
                  Use the account copy
                </Button>
              </AlertDialog.Cancel>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  )
}

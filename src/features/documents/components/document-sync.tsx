import { useActorRef, useSelector } from '@xstate/react'
import { AlertDialog } from 'radix-ui'
import { Button } from '@/components/button/button'
import { inspect } from '@/lib/inspection'
import type { Draft } from '../drafts'
import type { DocumentKind } from '../kinds'
import { documentSyncMachine, type SyncStatus, type SyncStore } from '../sync-machine'
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

/**
 * Saving a builder document to the signed-in user's account: the button, the line that says
 * where the document stands, and the dialog of a 409. The saving itself (queue, autosave,
 * offline, conflict) is the document sync machine's (../sync-machine.ts).
 */
export function DocumentSync<Data, Step extends string>({ kind, store, draft }: DocumentSyncProps<Data, Step>) {
  // The machine handles any kind's drafts as plain data (it only moves them between store and API).
  const input = { store: store as unknown as () => SyncStore, kind, online: isOnline() }
  const actor = useActorRef(documentSyncMachine, { input, inspect })
  const saving = useSelector(actor, (snapshot) => snapshot.matches({ sync: 'saving' }))
  const status = useSelector(actor, (snapshot) => snapshot.context.status)
  const online = useSelector(actor, (snapshot) => snapshot.context.online)
  const conflict = useSelector(actor, (snapshot) => (snapshot.matches({ sync: 'conflict' }) ? snapshot.context.conflict : null))
  const { noun } = kind

  return (
    <div className={styles.sync}>
      <Button variant="secondary" loading={saving} onClick={() => actor.send({ type: 'SAVE' })}>
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
                <Button onClick={() => actor.send({ type: 'KEEP_BROWSER_COPY' })}>Keep this browser’s copy</Button>
              </AlertDialog.Action>
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" onClick={() => actor.send({ type: 'USE_ACCOUNT_COPY' })}>
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

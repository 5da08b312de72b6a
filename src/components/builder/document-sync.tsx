import { AlertDialog } from 'radix-ui'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Button } from '@/components/button/button'
import { ApiError } from '@/lib/api-client'
import { newId, type Draft } from '@/lib/drafts'
import { saveDocument } from '@/lib/save-document'
import { useOnline } from '@/lib/use-online'
import styles from './builder-kit.module.css'

/** After the first save, later changes follow to the account after this pause. */
export const AUTOSAVE_MS = 3000

type Stored<Data> = { id: string; title: string; template: string; data: Data; version: number; updated_at: string }
type AnyDraft<Data> = Draft<Data, string>
/** What the sync needs of a builder's draft store (src/lib/drafts.ts). */
type SyncStore<Data, D extends AnyDraft<Data>> = {
  get(): { drafts: D[] }
  current(): D
  markSaved(id: string, serverId: string, serverVersion: number, savedAt: string): void
  add(draft: D): unknown
  switchTo(id: string): void
  replaceData(data: Data): void
}
type Status = { tone: 'info' | 'error'; text: string }

type DocumentSyncProps<Data, D extends AnyDraft<Data>> = {
  /** The API collection: `resumes` or `cover-letters`. */
  collection: string
  /** The document in the user's words, e.g. 'resume', 'cover letter'. */
  noun: string
  defaultTitle: string
  store: () => SyncStore<Data, NoInfer<D>>
  draft: D
  template: (data: Data) => string
}

/** The line beside the save button: a save's own outcome until the next change. */
function syncState(draft: AnyDraft<unknown>, status: Status | null, online: boolean) {
  if (!online && draft.dirty) return 'Offline: your changes are saved on this device and go to your account when you are back online.'
  if (status && (status.tone === 'error' || !draft.dirty)) return status.text
  if (!draft.serverId) return 'Not saved to your account yet'
  return draft.dirty ? 'Unsaved changes' : 'Saved to your account'
}

/**
 * Saving a builder document to the signed-in user's account: the first save by hand, then
 * every change after a pause; offline, changes wait in IndexedDB and go when the network
 * returns. A 409 (changed elsewhere) lets the user choose, and the other copy is never lost.
 */
export function DocumentSync<Data, D extends AnyDraft<Data>>({ collection, noun, defaultTitle, store, draft, template }: DocumentSyncProps<Data, D>) {
  const [status, setStatus] = useState<Status | null>(null)
  const [saving, setSaving] = useState(false)
  const [conflict, setConflict] = useState<Stored<Data> | null>(null)
  const online = useOnline()

  // One save at a time: a save asked for while one is in flight runs once it ends, from the
  // stored draft as it is then (two at once would create the document twice, or conflict with itself).
  const inFlight = useRef<Promise<void> | null>(null)
  const again = useRef<{ basedOn?: number } | null>(null)

  const saveOnce = useCallback(
    async (basedOn?: number): Promise<boolean> => {
      const sent = store()
        .get()
        .drafts.find((d) => d.id === draft.id)
      if (!sent) return false
      try {
        const body = { title: sent.title.trim() || defaultTitle, template: template(sent.data), data: sent.data }
        const outcome = await saveDocument<Data, Stored<Data>>(collection, sent, body, basedOn ?? sent.serverVersion)
        if (outcome.kind === 'conflict') {
          setConflict(outcome.current)
          return false
        }
        store().markSaved(sent.id, outcome.document.id, outcome.document.version, sent.updatedAt)
        setStatus({ tone: 'info', text: 'Saved to your account.' })
        return true
      } catch (error) {
        setStatus({ tone: 'error', text: error instanceof ApiError ? error.detail : `We could not save your ${noun}.` })
        return false
      }
    },
    [draft.id, store, collection, noun, defaultTitle, template],
  )

  const save = useCallback(
    (basedOn?: number): Promise<void> => {
      if (inFlight.current) {
        again.current = { basedOn }
        return inFlight.current
      }
      setSaving(true)
      const run = (async () => {
        let saved = await saveOnce(basedOn)
        // The follow-up goes only when the first one saved and the draft changed since.
        while (again.current) {
          const next = again.current
          again.current = null
          if (saved && store().get().drafts.find((d) => d.id === draft.id)?.dirty) saved = await saveOnce(next.basedOn)
        }
      })().finally(() => {
        inFlight.current = null
        setSaving(false)
      })
      inFlight.current = run
      return run
    },
    [saveOnce, store, draft.id],
  )

  useEffect(() => {
    if (!draft.serverId || !draft.dirty || conflict || !online) return
    const timer = setTimeout(() => void save(), AUTOSAVE_MS)
    return () => clearTimeout(timer)
  }, [draft.serverId, draft.dirty, draft.updatedAt, conflict, online, save])

  const keepAccountCopy = (current: Stored<Data>) => {
    const drafts = store()
    // Nothing is lost: this browser's version stays as a draft of its own.
    const local = drafts.get().drafts.find((d) => d.id === draft.id)
    if (local) drafts.add({ ...local, id: newId(), title: `${local.title} (this browser)`, serverId: null, serverVersion: null, dirty: true })
    drafts.switchTo(draft.id)
    drafts.replaceData(current.data)
    drafts.markSaved(draft.id, current.id, current.version, drafts.current().updatedAt)
    setConflict(null)
    setStatus({ tone: 'info', text: 'Using the account copy; this browser’s version is kept as another draft.' })
  }

  return (
    <div className={styles.sync}>
      <Button variant="secondary" loading={saving} onClick={() => void save()}>
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
                <Button onClick={() => conflict && (setConflict(null), void save(conflict.version))}>Keep this browser’s copy</Button>
              </AlertDialog.Action>
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" onClick={() => conflict && keepAccountCopy(conflict)}>
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

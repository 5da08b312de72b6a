import { AlertDialog } from 'radix-ui'
import { useCallback, useEffect, useState } from 'react'
import type { StoredResume } from '~contract/resume.ts'
import { Button } from '@/components/button/button'
import { SignInToSave, useAuth } from '@/features/auth'
import { ApiError } from '@/lib/api-client'
import { useOnline } from '@/lib/use-online'
import { saveResume } from '../api/save-resume'
import { draftStore } from '../draft-store'
import { newId, type ResumeDraft } from '../model'
import styles from './builder.module.css'

/** After the first save, later changes follow to the account after this pause. */
const AUTOSAVE_MS = 3000

/** The line beside the save button: a save's own outcome until the next change. */
function syncState(draft: ResumeDraft, status: { tone: 'info' | 'error'; text: string } | null, online: boolean) {
  if (!online && draft.dirty) return 'Offline: your changes are saved on this device and go to your account when you are back online.'
  if (status && (status.tone === 'error' || !draft.dirty)) return status.text
  if (!draft.serverId) return 'Not saved to your account yet'
  return draft.dirty ? 'Unsaved changes' : 'Saved to your account'
}

/** Saving to the account: gated for guests (loginfrom=resume); a 409 lets the user choose. */
export function AccountSync({ draft }: { draft: ResumeDraft }) {
  const signedIn = useAuth((state) => state.userData !== null)
  const [status, setStatus] = useState<{ tone: 'info' | 'error'; text: string } | null>(null)
  const [saving, setSaving] = useState(false)
  const [conflict, setConflict] = useState<StoredResume | null>(null)
  const online = useOnline()

  const save = useCallback(
    async (basedOn?: number) => {
      const store = draftStore()
      const sent = store.get().drafts.find((d) => d.id === draft.id)
      if (!sent) return
      setSaving(true)
      try {
        const outcome = await saveResume(sent, basedOn ?? sent.serverVersion)
        if (outcome.kind === 'conflict') setConflict(outcome.current)
        else {
          store.markSaved(sent.id, outcome.resume.id, outcome.resume.version, sent.updatedAt)
          setStatus({ tone: 'info', text: 'Saved to your account.' })
        }
      } catch (error) {
        setStatus({ tone: 'error', text: error instanceof ApiError ? error.detail : 'We could not save your resume.' })
      } finally {
        setSaving(false)
      }
    },
    [draft.id],
  )

  // Offline, changes wait in IndexedDB; coming back online sends them (or a failed save
  // is tried again).
  useEffect(() => {
    if (!signedIn || !draft.serverId || !draft.dirty || conflict || !online) return
    const timer = setTimeout(() => void save(), AUTOSAVE_MS)
    return () => clearTimeout(timer)
  }, [signedIn, draft.serverId, draft.dirty, draft.updatedAt, conflict, online, save])

  if (!signedIn) return <SignInToSave loginfrom="resume" what="resume" />

  const keepAccountCopy = (current: StoredResume) => {
    const store = draftStore()
    // Nothing is lost: this browser's version stays as a draft of its own.
    const local = store.get().drafts.find((d) => d.id === draft.id)
    if (local) store.addResume({ ...local, id: newId(), title: `${local.title} (this browser)`, serverId: null, serverVersion: null, dirty: true })
    store.switchTo(draft.id)
    store.replaceData(current.data)
    store.markSaved(draft.id, current.id, current.version, store.current().updatedAt)
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
            <AlertDialog.Title>This resume changed elsewhere</AlertDialog.Title>
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

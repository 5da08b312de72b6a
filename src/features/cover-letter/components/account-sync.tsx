import { AlertDialog } from 'radix-ui'
import { useCallback, useEffect, useState } from 'react'
import type { CoverLetterData, StoredCoverLetter } from '~contract/cover-letter.ts'
import { Button } from '@/components/button/button'
import { SignInToSave, useAuth } from '@/features/auth'
import { ApiError } from '@/lib/api-client'
import { newId } from '@/lib/drafts'
import { saveDocument } from '@/lib/save-document'
import { useOnline } from '@/lib/use-online'
import { coverLetterStore, type CoverLetterDraft } from '../draft-store'
import styles from './cover-letter.module.css'

const AUTOSAVE_MS = 3000

/** Saving to the account: gated for guests (loginfrom=cover); a 409 lets the user choose. */
export function AccountSync({ draft }: { draft: CoverLetterDraft }) {
  const signedIn = useAuth((state) => state.userData !== null)
  const [status, setStatus] = useState<{ tone: 'info' | 'error'; text: string } | null>(null)
  const [saving, setSaving] = useState(false)
  const [conflict, setConflict] = useState<StoredCoverLetter | null>(null)
  const online = useOnline()

  const save = useCallback(
    async (basedOn?: number) => {
      const store = coverLetterStore()
      const sent = store.get().drafts.find((d) => d.id === draft.id)
      if (!sent) return
      setSaving(true)
      try {
        const body = { title: sent.title.trim() || 'My cover letter', template: sent.data.design.template, data: sent.data }
        const outcome = await saveDocument<CoverLetterData, StoredCoverLetter>('cover-letters', sent, body, basedOn ?? sent.serverVersion)
        if (outcome.kind === 'conflict') setConflict(outcome.current)
        else {
          store.markSaved(sent.id, outcome.document.id, outcome.document.version, sent.updatedAt)
          setStatus({ tone: 'info', text: 'Saved to your account.' })
        }
      } catch (error) {
        setStatus({ tone: 'error', text: error instanceof ApiError ? error.detail : 'We could not save your cover letter.' })
      } finally {
        setSaving(false)
      }
    },
    [draft.id],
  )

  useEffect(() => {
    if (!signedIn || !draft.serverId || !draft.dirty || conflict || !online) return
    const timer = setTimeout(() => void save(), AUTOSAVE_MS)
    return () => clearTimeout(timer)
  }, [signedIn, draft.serverId, draft.dirty, draft.updatedAt, conflict, online, save])

  if (!signedIn) return <SignInToSave loginfrom="cover" what="cover letter" />

  const keepAccountCopy = (current: StoredCoverLetter) => {
    const store = coverLetterStore()
    const local = store.get().drafts.find((d) => d.id === draft.id)
    if (local) store.add({ ...local, id: newId(), title: `${local.title} (this browser)`, serverId: null, serverVersion: null, dirty: true })
    store.switchTo(draft.id)
    store.replaceData(current.data)
    store.markSaved(draft.id, current.id, current.version, store.current().updatedAt)
    setConflict(null)
    setStatus({ tone: 'info', text: 'Using the account copy; this browser’s version is kept as another draft.' })
  }

  const line =
    !online && draft.dirty
      ? 'Offline: your changes are saved on this device and go to your account when you are back online.'
      : status && (status.tone === 'error' || !draft.dirty)
        ? status.text
        : !draft.serverId
          ? 'Not saved to your account yet'
          : draft.dirty
            ? 'Unsaved changes'
            : 'Saved to your account'

  return (
    <div className={styles.sync}>
      <SignInToSave loginfrom="cover" what="cover letter" />
      <Button variant="secondary" loading={saving} onClick={() => void save()}>
        {draft.serverId ? 'Save now' : 'Save to account'}
      </Button>
      <span className={styles.syncState} role="status">
        {line}
      </span>
      <AlertDialog.Root open={conflict !== null}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={styles.overlay} />
          <AlertDialog.Content className={styles.dialog}>
            <AlertDialog.Title>This cover letter changed elsewhere</AlertDialog.Title>
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

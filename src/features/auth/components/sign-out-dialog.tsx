import { AlertDialog } from 'radix-ui'
import { useState } from 'react'
import { Button } from '@/components/button/button'
import type { SaveFailure } from '@/features/documents'
import { returnFocusAfterSignOutQuestion, type SignOutQuestion } from '../sign-out-store'
import styles from './sign-out-dialog.module.css'

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * Sign-out met changes not yet in the account. Signing out removes the user's resumes and cover
 * letters from this browser (the next person at a shared computer must not find them), so the
 * user chooses first: save them to the account, or discard them. Cancel (or Escape) stays
 * signed in with everything as it was.
 */
export default function SignOutDialog({ question }: { question: SignOutQuestion | null }) {
  const [saving, setSaving] = useState(false)
  const [failures, setFailures] = useState<SaveFailure[]>([])
  const open = question !== null

  const save = async () => {
    if (!question || saving) return
    setSaving(true)
    const failed = await question
      .save()
      .catch((): SaveFailure[] => question.unsaved.map((draft) => ({ draft, message: 'Your changes could not be saved. Please try again.' })))
    setSaving(false)
    setFailures(failed)
    if (failed.length === 0) question.answer('saved')
  }

  const close = (choice: 'discarded' | 'cancelled') => {
    if (!question || saving) return
    setFailures([])
    question.answer(choice)
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (next ? undefined : close('cancelled'))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content
          className={styles.dialog}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocusAfterSignOutQuestion()
          }}
        >
          <AlertDialog.Title className={styles.title}>Save your changes before signing out?</AlertDialog.Title>
          <AlertDialog.Description className={styles.text}>
            Signing out removes your resumes and cover letters from this browser, so the next person using it cannot see them. These have changes that
            are not in your account yet:
          </AlertDialog.Description>
          <ul className={styles.list}>
            {(question?.unsaved ?? []).map((draft) => (
              <li key={`${draft.kind.collection}:${draft.id}`}>
                {capitalised(draft.kind.noun)}: <strong>{draft.title}</strong>
              </li>
            ))}
          </ul>
          {failures.length > 0 ? (
            <div role="alert" className={styles.failure}>
              {failures.map(({ draft, message }) => (
                <p key={`${draft.kind.collection}:${draft.id}`}>
                  “{draft.title}” was not saved: {message}
                </p>
              ))}
              <p>Try again, discard the changes, or cancel to stay signed in.</p>
            </div>
          ) : null}
          <div className={styles.actions}>
            <Button loading={saving} onClick={() => void save()}>
              Save to account and sign out
            </Button>
            <Button variant="secondary" disabled={saving} onClick={() => close('discarded')}>
              Discard changes and sign out
            </Button>
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={saving}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

import { AlertDialog } from 'radix-ui'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button, buttonClass } from '@/components/button/button'
import { TextField } from '@/components/field/text-field'
import { authStore, useDeleteAccount } from '@/features/auth'
import { toFailure } from '../failure'
import { FailureAlert } from './messages'
import styles from './delete-account.module.css'
import settingsStyles from './settings.module.css'
import { browserNavigation } from '@/lib/browser-navigation'

const confirmWord = 'DELETE'

/** Erasure: a typed confirmation in an alert dialog, then a clean start on the home page. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const mutation = useDeleteAccount()
  const confirmed = typed === confirmWord

  const onOpenChange = (next: boolean) => {
    // While the account is being erased the dialog stays, so the outcome is seen.
    if (mutation.isPending) return
    setOpen(next)
    if (!next) {
      setTyped('')
      mutation.reset()
    }
  }

  const erase = () => {
    if (!confirmed || mutation.isPending) return
    mutation.mutate(undefined, {
      onSuccess: async () => {
        // The erased account's resumes and cover letters leave this browser too.
        await import('@/features/documents').then(({ clearDeviceDrafts }) => clearDeviceDrafts()).catch(() => undefined)
        authStore.clear()
        try {
          localStorage.clear()
        } catch {
          // Storage unavailable: nothing left to clear.
        }
        browserNavigation.load('/')
      },
    })
  }

  const failure = mutation.error ? toFailure(mutation.error, 'Your account was not deleted. Please try again.').detail : null

  return (
    <>
      <p className={settingsStyles.intro}>
        Deleting your account erases it and all its data from Waypoint for good. If you want a copy, download your data first.
      </p>
      <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
        <AlertDialog.Trigger asChild>
          <Button className={styles.danger}>
            <Trash2 size={16} aria-hidden="true" />
            Delete my account
          </Button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={styles.overlay} />
          <AlertDialog.Content className={styles.content}>
            <AlertDialog.Title className={styles.title}>Delete your Waypoint account?</AlertDialog.Title>
            <AlertDialog.Description asChild>
              <div className={styles.description}>
                <p>This erases, for good and at once:</p>
                <ul>
                  <li>your account, its email address and password</li>
                  <li>your Google and LinkedIn connections and every signed-in session</li>
                  <li>everything you saved to your account and all other data linked to it</li>
                </ul>
                <p>It cannot be undone.</p>
              </div>
            </AlertDialog.Description>
            <form
              className={styles.form}
              noValidate
              onSubmit={(event) => {
                event.preventDefault()
                erase()
              }}
            >
              <TextField
                label={`Type ${confirmWord} to confirm`}
                name="confirm"
                autoComplete="off"
                autoCapitalize="characters"
                autoCorrect="off"
                spellCheck={false}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                disabled={mutation.isPending}
              />
              <FailureAlert title="Your account was not deleted." message={failure} />
              <div className={styles.buttons}>
                <AlertDialog.Cancel className={buttonClass('secondary')} disabled={mutation.isPending}>
                  Keep my account
                </AlertDialog.Cancel>
                <Button type="submit" className={styles.danger} disabled={!confirmed} loading={mutation.isPending}>
                  {mutation.isPending ? 'Deleting…' : 'Delete my account forever'}
                </Button>
              </div>
            </form>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  )
}

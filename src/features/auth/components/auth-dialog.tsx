import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import type { LoginFrom } from '../login-from'
import { AuthPanels } from './auth-panels'
import styles from './auth-panels.module.css'

type AuthDialogProps = {
  open: boolean
  onClose: () => void
  /** After signing in the panels forward by themselves; by default the dialog also closes. */
  onSignedIn?: () => void
  loginfrom?: LoginFrom
  redirect?: string
  /** Called once the dialog has closed, to put focus back where it belongs. */
  onClosed?: () => void
  /** On /userlogin the dialog is the page, so its title is the page's h1. */
  titleLevel?: 1 | 2
}

/** The authentication dialog of spec section 2: over any page, or as the /userlogin page. */
export default function AuthDialog({ open, onClose, onSignedIn = onClose, onClosed, loginfrom, redirect, titleLevel = 2 }: AuthDialogProps) {
  const Title = titleLevel === 1 ? PageTitle : DialogTitle
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.dialog}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!onClosed) return
            event.preventDefault()
            onClosed()
          }}
        >
          <Dialog.Close className={styles.close} aria-label="Close">
            <X size={20} aria-hidden="true" />
          </Dialog.Close>
          {/* A fresh machine (login panel) each time the dialog opens. */}
          {open ? <AuthPanels loginfrom={loginfrom} redirect={redirect} onSignedIn={onSignedIn} Title={Title} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function DialogTitle({ children }: { children: string }) {
  return (
    <Dialog.Title asChild>
      <h2 className={styles.title}>{children}</h2>
    </Dialog.Title>
  )
}

function PageTitle({ children }: { children: string }) {
  return (
    <Dialog.Title asChild>
      <h1 className={styles.title}>{children}</h1>
    </Dialog.Title>
  )
}

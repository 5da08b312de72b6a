import { CircleAlert, CircleCheck, X } from 'lucide-react'
import { AlertDialog, Dialog } from 'radix-ui'
import { useEffect } from 'react'
import styles from './timed-dialog.module.css'

type TimedDialogProps = {
  open: boolean
  onClose: () => void
  /** How long the dialog stays before it closes by itself. */
  durationMs: number
  tone: 'success' | 'error'
  title: string
  message: string
}

/**
 * A centred confirmation that closes by itself after `durationMs` (spec: 3 s for success,
 * 10 s for the subscribe error). Errors are alert dialogs; both close on Escape or the button.
 */
export function TimedDialog({ open, onClose, durationMs, tone, title, message }: TimedDialogProps) {
  useEffect(() => {
    if (!open) return
    const timer = window.setTimeout(onClose, durationMs)
    return () => window.clearTimeout(timer)
  }, [open, durationMs, onClose])

  const Primitive = tone === 'error' ? AlertDialog : Dialog
  const Icon = tone === 'error' ? CircleAlert : CircleCheck
  const onOpenChange = (next: boolean) => {
    if (!next) onClose()
  }

  return (
    <Primitive.Root open={open} onOpenChange={onOpenChange}>
      <Primitive.Portal>
        <Primitive.Overlay className={styles.overlay} />
        <Primitive.Content className={styles.content} data-tone={tone}>
          <Icon className={styles.icon} size={44} aria-hidden="true" />
          <Primitive.Title className={styles.title}>{title}</Primitive.Title>
          <Primitive.Description className={styles.message}>{message}</Primitive.Description>
          {tone === 'error' ? (
            <AlertDialog.Cancel className={styles.close}>OK</AlertDialog.Cancel>
          ) : (
            <Dialog.Close className={styles.dismiss} aria-label="Close">
              <X size={18} aria-hidden="true" />
            </Dialog.Close>
          )}
          <span className={styles.timer} style={{ animationDuration: `${durationMs}ms` }} aria-hidden="true" />
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  )
}

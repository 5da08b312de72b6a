import { AlertDialog } from 'radix-ui'
import { Button } from '@/components/button/button'
import styles from './builder-kit.module.css'

type ClearDocumentProps = {
  /** e.g. 'resume', 'cover letter'. */
  noun: string
  /** What goes back to the defaults, in a sentence. */
  detail: string
  onClear: () => void
}

/** Spec section 4, 'Clear': resets the document to its defaults, after a confirmation. */
export function ClearDocument({ noun, detail, onClear }: ClearDocumentProps) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button variant="ghost">Clear</Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.dialog}>
          <AlertDialog.Title>Clear this {noun}?</AlertDialog.Title>
          <AlertDialog.Description>{detail} This cannot be undone.</AlertDialog.Description>
          <div className={styles.actions}>
            <AlertDialog.Action asChild>
              <Button onClick={onClear}>Yes, clear it</Button>
            </AlertDialog.Action>
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

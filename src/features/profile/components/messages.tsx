import { CircleAlert, CircleCheck } from 'lucide-react'
import styles from './settings.module.css'

/**
 * A polite live region that is always in the page, so the message is announced when it
 * appears (a region inserted together with its text is often missed).
 */
export function StatusMessage({ message }: { message: string | null }) {
  return (
    <div role="status" className={message ? styles.status : undefined}>
      {message ? (
        <>
          <CircleCheck size={20} aria-hidden="true" />
          <p>{message}</p>
        </>
      ) : null}
    </div>
  )
}

/** What went wrong with a request, under the form. */
export function FailureAlert({ title, message }: { title: string; message: string | null }) {
  if (!message) return null
  return (
    <div className={styles.alert} role="alert">
      <CircleAlert size={20} aria-hidden="true" />
      <p>
        <strong>{title}</strong> {message}
      </p>
    </div>
  )
}

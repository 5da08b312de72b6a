import { Spinner } from '../spinner/spinner'
import styles from './loading-overlay.module.css'

/** Full-screen overlay with a dimmed backdrop, for work that blocks the whole page. */
export function LoadingOverlay({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className={styles.backdrop} role="alert" aria-busy="true" aria-live="assertive">
      <div className={styles.card}>
        <Spinner size={28} />
        <span>{label}</span>
      </div>
    </div>
  )
}

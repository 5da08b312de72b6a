import styles from './spinner.module.css'

/** A small spinning ring. Pass `label` when nothing else tells that work is in progress. */
export function Spinner({ label, size = 18 }: { label?: string; size?: number }) {
  return (
    <span
      className={styles.spinner}
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  )
}

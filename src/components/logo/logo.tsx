import styles from './logo.module.css'

/** Waypoint's mark and word mark. Decorative: the surrounding link names it. */
export function Logo({ tone = 'ink' }: { tone?: 'ink' | 'light' }) {
  return (
    <span className={styles.logo} data-tone={tone}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
        <path d="M16 5l7 18-7-4-7 4z" fill="#fff" />
        <circle cx="16" cy="25.5" r="1.8" fill="#f5b544" />
      </svg>
      <span className={styles.word}>Waypoint</span>
    </span>
  )
}

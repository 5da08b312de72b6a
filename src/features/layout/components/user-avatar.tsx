import styles from './user-menu.module.css'

/**
 * The first letter of the user's e-mail, on the user menu's button. Both the stand-in button
 * (user-menu.tsx) and the lazily loaded dropdown draw it, so it lives apart from either.
 */
export function Avatar({ email }: { email: string }) {
  return (
    <span className={styles.avatar} aria-hidden="true">
      {email.charAt(0).toUpperCase()}
    </span>
  )
}

import { Link, useLocation, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { CircleAlert, LogIn } from 'lucide-react'
import { Button, buttonClass } from '@/components/button/button'
import { PageFrame } from '@/components/page-frame/page-frame'
import { signInLocation, useAuth } from '@/features/auth'
import { ApiError } from '@/lib/api-client'
import styles from './account-status.module.css'

/** Shown while the account loads: the page's frame with grey placeholders. */
export function AccountPending({ title }: { title: string }) {
  return (
    <PageFrame eyebrow="Your account" title={title}>
      <div className={styles.skeleton} aria-busy="true">
        <span role="status" className="visually-hidden">
          Loading your account…
        </span>
        <div className={styles.block} aria-hidden="true" />
        <div className={styles.stack} aria-hidden="true">
          <div className={styles.block} />
          <div className={styles.block} />
        </div>
      </div>
    </PageFrame>
  )
}

/**
 * The account could not be loaded. A 401 that survives the client's refresh attempt means
 * the session is gone (the client has already signed out): offer to sign in again.
 */
export function AccountError({ title, error, reset }: ErrorComponentProps & { title: string }) {
  const signedIn = useAuth((state) => state.userData !== null)
  const sessionEnded = (error instanceof ApiError && error.status === 401) || !signedIn
  return (
    <PageFrame eyebrow="Your account" title={title}>
      {sessionEnded ? <SessionEnded /> : <LoadFailed error={error} reset={reset} />}
    </PageFrame>
  )
}

function SessionEnded() {
  const location = useLocation()
  return (
    <section className={styles.panel} aria-labelledby="session-ended-title">
      <LogIn className={styles.icon} size={28} aria-hidden="true" />
      <div>
        <h2 id="session-ended-title" className={styles.title}>
          Your session has ended
        </h2>
        <p className={styles.text}>
          You were signed out, for example because you signed out on another device or have not used Waypoint for a while. Sign in again to see your
          account.
        </p>
        <Link {...signInLocation(location.pathname, location.href)} className={buttonClass('primary')}>
          Sign in
        </Link>
      </div>
    </section>
  )
}

function LoadFailed({ error, reset }: Pick<ErrorComponentProps, 'error' | 'reset'>) {
  const router = useRouter()
  const detail = error instanceof ApiError ? error.detail : 'Something went wrong on our side.'
  return (
    <section className={styles.panel} aria-labelledby="load-failed-title" role="alert">
      <CircleAlert className={styles.icon} size={28} aria-hidden="true" />
      <div>
        <h2 id="load-failed-title" className={styles.title}>
          We could not load your account
        </h2>
        <p className={styles.text}>{detail}</p>
        <Button
          onClick={() => {
            reset()
            void router.invalidate()
          }}
        >
          Try again
        </Button>
      </div>
    </section>
  )
}

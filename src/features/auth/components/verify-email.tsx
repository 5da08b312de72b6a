import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CircleAlert, CircleCheck } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { buttonClass } from '@/components/button/button'
import { ApiError } from '@/lib/api-client'
import { meQueryOptions } from '../api/me'
import { openVerificationLink } from '../api/verify-email'
import styles from './reset-password-form.module.css'

type Outcome = { kind: 'done'; detail: string } | { kind: 'failed'; message: string }

/** The page behind the link of a confirmation e-mail: opens it once and says what it did. */
export function VerifyEmail({ token }: { token: string | undefined }) {
  const queryClient = useQueryClient()
  const [outcome, setOutcome] = useState<Outcome | null>(
    token ? null : { kind: 'failed', message: 'This confirmation link is incomplete. Open the link in the e-mail we sent you.' },
  )

  useEffect(() => {
    if (!token) return
    let current = true
    openVerificationLink(token).then(
      (answer) => {
        void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey })
        if (current) setOutcome({ kind: 'done', detail: answer.detail })
      },
      (error: unknown) => {
        const message =
          error instanceof ApiError
            ? (error.field('token') ?? error.detail)
            : 'Your address could not be confirmed. Please try again in a moment.'
        if (current) setOutcome({ kind: 'failed', message })
      },
    )
    return () => {
      current = false
    }
  }, [token, queryClient])

  if (!outcome) {
    return (
      <p role="status" aria-busy="true">
        Confirming your e-mail address…
      </p>
    )
  }
  return <Notice outcome={outcome} />
}

function Notice({ outcome }: { outcome: Outcome }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  const done = outcome.kind === 'done'
  const Icon = done ? CircleCheck : CircleAlert
  return (
    <div ref={ref} className={styles.notice} data-tone={done ? 'success' : 'error'} role={done ? 'status' : 'alert'} tabIndex={-1}>
      <Icon className={styles.noticeIcon} size={28} aria-hidden="true" />
      <div>
        <h2 className={styles.noticeTitle}>{done ? 'E-mail address confirmed' : 'This link cannot be used'}</h2>
        <p>{done ? outcome.detail : outcome.message}</p>
        <Link to="/userauth/profile" className={buttonClass('primary')}>
          Go to your dashboard
        </Link>
      </div>
    </div>
  )
}

import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { buttonClass } from '@/components/button/button'
import { OutcomeNotice } from '@/components/outcome-notice/outcome-notice'
import { ApiError } from '@/lib/api-client'
import { meQueryOptions } from '../api/me'
import { openVerificationLink } from '../api/verify-email'

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
          error instanceof ApiError ? (error.field('token') ?? error.detail) : 'Your address could not be confirmed. Please try again in a moment.'
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
  const done = outcome.kind === 'done'
  return (
    <OutcomeNotice tone={done ? 'success' : 'error'} title={done ? 'E-mail address confirmed' : 'This link cannot be used'}>
      <p>{done ? outcome.detail : outcome.message}</p>
      <Link to="/userauth/profile" className={buttonClass('primary')}>
        Go to your dashboard
      </Link>
    </OutcomeNotice>
  )
}

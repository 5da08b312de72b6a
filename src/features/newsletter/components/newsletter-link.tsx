import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { buttonClass } from '@/components/button/button'
import { OutcomeNotice } from '@/components/outcome-notice/outcome-notice'
import { ApiError } from '@/lib/api-client'
import { openNewsletterLink, type NewsletterLinkAction } from '../api/link-actions'
import styles from './newsletter-link.module.css'

type Outcome = { kind: 'done'; email: string; detail: string } | { kind: 'failed'; message: string }

const texts = {
  confirm: {
    busy: 'Confirming your subscription…',
    done: 'Subscription confirmed',
    incomplete:
      'This confirmation link is incomplete. Open the link in the e-mail we sent you, or subscribe again with the form at the bottom of this page.',
    offline: 'Your subscription could not be confirmed just now. Check your connection and open the link again.',
  },
  unsubscribe: {
    busy: 'Unsubscribing you…',
    done: 'You are unsubscribed',
    incomplete: 'This unsubscribe link is incomplete. Open the link at the end of one of our newsletters.',
    offline: 'You could not be unsubscribed just now. Check your connection and open the link again.',
  },
} as const

/**
 * The page behind a newsletter mail's link: confirming a subscription (double opt-in) or ending
 * it (the one-click unsubscribe link). It follows the link once and says what happened.
 */
export function NewsletterLink({ action, token }: { action: NewsletterLinkAction; token: string | undefined }) {
  const text = texts[action]
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { kind: 'failed', message: text.incomplete })

  useEffect(() => {
    if (!token) return
    let current = true
    openNewsletterLink(action, token).then(
      (answer) => current && setOutcome({ kind: 'done', email: answer.email, detail: answer.detail }),
      (error: unknown) => {
        const message = error instanceof ApiError ? (error.field('token') ?? error.detail) : text.offline
        if (current) setOutcome({ kind: 'failed', message })
      },
    )
    return () => {
      current = false
    }
  }, [action, token, text])

  if (!outcome) {
    return (
      <p role="status" aria-busy="true">
        {text.busy}
      </p>
    )
  }
  return <Notice outcome={outcome} title={outcome.kind === 'done' ? text.done : 'This link cannot be used'} action={action} />
}

function Notice({ outcome, title, action }: { outcome: Outcome; title: string; action: NewsletterLinkAction }) {
  const done = outcome.kind === 'done'
  return (
    <OutcomeNotice tone={done ? 'success' : 'error'} title={title}>
      {done ? (
        <p>
          <strong className={styles.address}>{outcome.email}</strong>
        </p>
      ) : null}
      <p>{done ? outcome.detail : outcome.message}</p>
      {done && action === 'unsubscribe' ? <p>Changed your mind? Subscribe again with the form at the bottom of this page.</p> : null}
      <Link to="/library" className={buttonClass('primary')}>
        Browse the library
      </Link>
    </OutcomeNotice>
  )
}

import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { Button } from '@/components/button/button'
import { ApiError } from '@/lib/api-client'
import type { AccountCopy, OpenOutcome } from '../drafts'
import styles from './builder-kit.module.css'

type Phase = { tone: 'info' | 'error'; text: string; retry: boolean }

type OpenFromAccountProps = {
  /** The account copy's id from the page's `open` search value. */
  id: string | undefined
  /** The document in the user's words, e.g. 'resume', 'cover letter'. */
  noun: string
  signedIn: boolean
  /** The app's sign-in gate, which brings the user back to this address. */
  signIn: () => void
  /** Module-level functions (stable): the GET of one copy and the builder's draft store. */
  fetchCopy: (id: string) => Promise<AccountCopy>
  store: () => { openCopy(copy: AccountCopy): OpenOutcome }
}

const opened = (outcome: OpenOutcome, title: string, noun: string): Phase => {
  if (outcome === 'unreadable')
    return { tone: 'error', text: `“${title}” could not be opened: this ${noun} was saved in a form the builder no longer reads.`, retry: false }
  if (outcome === 'kept')
    return { tone: 'info', text: `Opened “${title}”. This device has changes to it that are not in your account yet; they are kept.`, retry: false }
  return { tone: 'info', text: `Opened “${title}” from your account.`, retry: false }
}

function failed(error: unknown, noun: string): Phase {
  const status = error instanceof ApiError ? error.status : 0
  if (status === 404)
    return {
      tone: 'error',
      text: `This ${noun} is no longer in your account. It may have been deleted on another device; your drafts here are unchanged.`,
      retry: false,
    }
  if (status === 0)
    return { tone: 'error', text: `We could not reach Waypoint to open your ${noun}. Check your connection, then try again.`, retry: true }
  if (status === 401) return { tone: 'error', text: `Your session has ended: sign in again to open this ${noun}.`, retry: false }
  return { tone: 'error', text: `We could not open your ${noun}. ${error instanceof ApiError ? error.detail : ''}`.trim(), retry: true }
}

/**
 * Opens a document saved to the account (`?open=<id>`, the dashboard's links) in this builder:
 * it becomes the current draft (../drafts.ts `openCopy`), then `open` leaves the address.
 * A copy that is gone leaves the drafts as they are; a network failure keeps `open` for a retry.
 */
export function OpenFromAccount({ id, noun, signedIn, signIn, fetchCopy, store }: OpenFromAccountProps) {
  const navigate = useNavigate()
  const [attempt, setAttempt] = useState(0)
  // The outcome of the attempt `key`; until it arrives, that attempt is still opening.
  const [outcome, setOutcome] = useState<{ key: string; phase: Phase } | null>(null)
  const key = id && signedIn ? `${id}#${attempt}` : null

  useEffect(() => {
    if (!id || !key) return
    let live = true
    const settle = (phase: Phase, handled: boolean) => {
      setOutcome({ key, phase })
      if (handled) void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, open: undefined }), replace: true })
    }
    fetchCopy(id).then(
      (copy) => live && settle(opened(store().openCopy(copy), copy.title, noun), true),
      // Only a copy that is gone is done with; otherwise `open` stays for a retry or a sign-in.
      (error: unknown) => live && settle(failed(error, noun), error instanceof ApiError && error.status === 404),
    )
    return () => {
      live = false
    }
  }, [id, key, fetchCopy, store, noun, navigate])

  if (id && !signedIn) {
    return (
      <p className={styles.openNotice}>
        Sign in to open this {noun} from your account.{' '}
        <Button variant="secondary" onClick={signIn}>
          Sign in to open it
        </Button>
      </p>
    )
  }
  if (key && outcome?.key !== key) {
    return (
      <p className={styles.openNotice} role="status">
        Opening your {noun} from your account…
      </p>
    )
  }
  if (!outcome) return null
  const { phase } = outcome
  return (
    <p className={styles.openNotice} data-tone={phase.tone} role={phase.tone === 'error' ? 'alert' : 'status'}>
      {phase.text}
      {phase.retry ? (
        <>
          {' '}
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </>
      ) : null}
    </p>
  )
}

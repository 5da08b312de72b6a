import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { emailField } from '~contract/common.ts'
import { subscribeMessages } from '~contract/newsletter.ts'
import { Button } from '@/components/button/button'
import { TextField } from '@/components/field/text-field'
import { ApiError } from '@/lib/api-client'
import { subscribe } from '../api/subscribe'
import styles from './newsletter-form.module.css'

const loadDialog = () => import('@/components/timed-dialog/timed-dialog')
const TimedDialog = lazy(() => loadDialog().then((module) => ({ default: module.TimedDialog })))

/** Spec section 8: success shows for 3 s, the subscribe error for 10 s. */
export const SUCCESS_DIALOG_MS = 3000
export const ERROR_DIALOG_MS = 10_000

type Outcome = { tone: 'success' | 'error'; title: string; message: string } | null

function validate(email: string): string | undefined {
  const result = v.safeParse(emailField, email)
  return result.success ? undefined : result.issues[0].message
}

/**
 * The footer's newsletter form. It is on every page, so it is deliberately small: one field
 * with plain React state (no form library), and the result dialog loads when first needed.
 */
export function NewsletterForm({ tone = 'dark' }: { tone?: 'light' | 'dark' }) {
  // Plain state rather than useMutation: this form is on every page, and the first page load
  // has no other use for the mutation machinery.
  const [pending, setPending] = useState(false)
  const [email, setEmail] = useState('')
  const [touched, setTouched] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const closeOutcome = useCallback(() => setOutcome(null), [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const problem = validate(email)
    setTouched(true)
    setError(problem)
    if (problem || pending) return
    setPending(true)
    try {
      await subscribe({ email })
      setEmail('')
      setTouched(false)
      setOutcome({ tone: 'success', title: 'Check your inbox to confirm', message: subscribeMessages.success })
    } catch (failure) {
      const message = failure instanceof ApiError ? (failure.field('email') ?? failure.detail) : String(failure)
      setOutcome({
        tone: 'error',
        title: message === subscribeMessages.duplicate ? 'Already subscribed' : 'We could not subscribe you',
        message,
      })
    } finally {
      setPending(false)
    }
  }

  return (
    <>
      <form className={styles.form} aria-label="Newsletter" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="Email address"
          tone={tone}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onFocus={() => void loadDialog()}
          onChange={(event) => {
            setEmail(event.target.value)
            // Once an error shows, re-check while typing so it clears as soon as the value is fixed.
            if (error) setError(validate(event.target.value))
          }}
          onBlur={() => {
            setTouched(true)
            setError(validate(email))
          }}
          touched={touched}
          error={error}
        />
        <Button type="submit" className={styles.submit} loading={pending}>
          Subscribe
        </Button>
      </form>
      {outcome ? (
        <Suspense fallback={null}>
          <TimedDialog
            open
            onClose={closeOutcome}
            durationMs={outcome.tone === 'error' ? ERROR_DIALOG_MS : SUCCESS_DIALOG_MS}
            tone={outcome.tone}
            title={outcome.title}
            message={outcome.message}
          />
        </Suspense>
      ) : null}
    </>
  )
}

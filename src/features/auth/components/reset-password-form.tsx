import { useForm, useStore } from '@tanstack/react-form'
import { Link } from '@tanstack/react-router'
import { CircleAlert, KeyRound } from 'lucide-react'
import { useState } from 'react'
import { authMessages, newPassword } from '~contract/auth.ts'
import { Button, buttonClass } from '@/components/button/button'
import { OutcomeNotice } from '@/components/outcome-notice/outcome-notice'
import { PasswordField } from '@/components/field/password-field'
import { recheckWhileInvalid } from '@/components/field/recheck-while-invalid'
import { bindField } from '@/components/field/bind-field'
import { ApiError } from '@/lib/api-client'
import { useResetPassword } from '../api/reset-password'
import styles from './reset-password-form.module.css'

type Outcome = { kind: 'changed'; detail: string } | { kind: 'bad-token'; message: string }

/**
 * The form behind the link of the password reset e-mail: a new password and its
 * confirmation. The token comes from the link; a used, expired or missing one gets a way to
 * ask for a new link instead of a form that cannot work.
 */
export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  if (!token) {
    return (
      <OutcomeNotice tone="error" title="This reset link is incomplete">
        <p>
          To choose a new password, open the link in the password reset e-mail we sent you. If the link in the e-mail does not work, or you cannot
          find the e-mail, ask for a new one.
        </p>
        <Link to="/userlogin" className={buttonClass('primary')}>
          Ask for a new reset link
        </Link>
      </OutcomeNotice>
    )
  }

  if (outcome?.kind === 'changed') {
    return (
      <OutcomeNotice tone="success" title="Password changed">
        <p>{outcome.detail}</p>
        <Link to="/userlogin" className={buttonClass('primary')}>
          Sign in
        </Link>
      </OutcomeNotice>
    )
  }

  if (outcome?.kind === 'bad-token') {
    return (
      <OutcomeNotice tone="error" title="This reset link cannot be used">
        <p>{outcome.message}</p>
        <Link to="/userlogin" className={buttonClass('primary')}>
          Ask for a new reset link
        </Link>
      </OutcomeNotice>
    )
  }

  return <NewPasswordForm token={token} onOutcome={setOutcome} />
}

function NewPasswordForm({ token, onOutcome }: { token: string; onOutcome: (outcome: Outcome) => void }) {
  const mutation = useResetPassword()
  const [failure, setFailure] = useState<string | null>(null)

  const form = useForm({
    defaultValues: { password: '', confirmPassword: '' },
    canSubmitWhenInvalid: true,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        const answer = await mutation.mutateAsync({ token, password: value.password })
        onOutcome({ kind: 'changed', detail: answer.detail })
      } catch (error) {
        const apiError = error instanceof ApiError ? error : new ApiError(0, 'Your new password was not saved. Please try again.')
        const tokenMessage = apiError.field('token')
        if (tokenMessage) return onOutcome({ kind: 'bad-token', message: tokenMessage })
        const passwordMessage = apiError.field('password')
        if (passwordMessage) {
          formApi.setFieldMeta('password', (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: passwordMessage } }))
        } else {
          setFailure(apiError.detail)
        }
      }
    },
  })

  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const isSubmitting = useStore(form.store, (state) => state.isSubmitting)

  return (
    <form
      className={styles.form}
      aria-label="Choose a new password"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <p className={styles.intro}>
        <KeyRound size={20} aria-hidden="true" />
        <span>
          Choose a password of at least 6 characters that you do not use anywhere else. Saving it also signs your Waypoint account out on every
          device.
        </span>
      </p>

      <form.Field name="password" validators={{ onBlur: newPassword }} listeners={recheckWhileInvalid}>
        {(field) => <PasswordField label="New password" {...bindField(field, submitted)} autoComplete="new-password" />}
      </form.Field>

      <form.Field
        name="confirmPassword"
        validators={{
          onBlurListenTo: ['password'],
          onBlur: ({ value, fieldApi }) => {
            if (!value) return authMessages.confirmRequired
            return value === fieldApi.form.getFieldValue('password') ? undefined : authMessages.passwordsMustMatch
          },
        }}
        listeners={recheckWhileInvalid}
      >
        {(field) => <PasswordField label="Confirm new password" {...bindField(field, submitted)} autoComplete="new-password" />}
      </form.Field>

      {failure ? (
        <div className={styles.alert} role="alert">
          <CircleAlert size={20} aria-hidden="true" />
          <p>
            <strong>Your new password was not saved.</strong> {failure}
          </p>
        </div>
      ) : null}

      <Button type="submit" block loading={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save new password'}
      </Button>
    </form>
  )
}

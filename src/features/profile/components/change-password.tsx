import { useForm, useStore } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { authMessages, newPassword, presentedPassword, type Me } from '~contract/auth.ts'
import { Button } from '@/components/button/button'
import { PasswordField } from '@/components/field/password-field'
import { recheckWhileInvalid } from '@/components/field/recheck-while-invalid'
import { bindField } from '@/components/field/bind-field'
import { meQueryOptions, useChangePassword } from '@/features/auth'
import { placeFieldErrors, toFailure } from '../failure'
import { FailureAlert, StatusMessage } from './messages'
import styles from './settings.module.css'

const changedMessage = 'Your password has been changed.'

/** The change-password section: after a change the form starts over, empty. */
export function ChangePassword({ me }: { me: Me }) {
  const [round, setRound] = useState(0)
  const [changed, setChanged] = useState(false)
  return (
    <>
      <p className={styles.intro}>
        {me.has_password
          ? 'Enter your current password, then choose a new one of at least 6 characters.'
          : 'You sign in with Google or LinkedIn, so your account has no password yet. Set one to also sign in with your email address.'}
      </p>
      <StatusMessage message={changed ? changedMessage : null} />
      <ChangePasswordForm
        key={round}
        me={me}
        onStart={() => setChanged(false)}
        onChanged={() => {
          setChanged(true)
          setRound((value) => value + 1)
        }}
      />
    </>
  )
}

type FormProps = { me: Me; onStart: () => void; onChanged: () => void }
const serverFields = ['current_password', 'new_password'] as const

function ChangePasswordForm({ me, onStart, onChanged }: FormProps) {
  const mutation = useChangePassword()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)

  const form = useForm({
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
    canSubmitWhenInvalid: true,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      onStart()
      try {
        await mutation.mutateAsync({
          ...(me.has_password ? { current_password: value.current_password } : {}),
          new_password: value.new_password,
        })
        // A first password adds a sign-in method.
        if (!me.has_password) void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey })
        onChanged()
      } catch (error) {
        const apiError = toFailure(error, 'Your password was not changed. Please try again.')
        setFailure(
          placeFieldErrors(apiError, serverFields, (name, message) =>
            formApi.setFieldMeta(name, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: message } })),
          ),
        )
      }
    },
  })

  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const isSubmitting = useStore(form.store, (state) => state.isSubmitting)

  return (
    <form
      className={styles.form}
      aria-label="Change password"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      {/* Tells password managers whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={me.email} readOnly hidden />

      {me.has_password ? (
        <form.Field name="current_password" validators={{ onBlur: presentedPassword }} listeners={recheckWhileInvalid}>
          {(field) => <PasswordField label="Current password" {...bindField(field, submitted)} autoComplete="current-password" />}
        </form.Field>
      ) : null}

      <form.Field name="new_password" validators={{ onBlur: newPassword }} listeners={recheckWhileInvalid}>
        {(field) => <PasswordField label="New password" {...bindField(field, submitted)} autoComplete="new-password" />}
      </form.Field>

      <form.Field
        name="confirm_password"
        validators={{
          onBlurListenTo: ['new_password'],
          onBlur: ({ value, fieldApi }) => {
            if (!value) return authMessages.confirmRequired
            return value === fieldApi.form.getFieldValue('new_password') ? undefined : authMessages.passwordsMustMatch
          },
        }}
        listeners={recheckWhileInvalid}
      >
        {(field) => <PasswordField label="Confirm new password" {...bindField(field, submitted)} autoComplete="new-password" />}
      </form.Field>

      <FailureAlert title="Your password was not changed." message={failure} />

      <div className={styles.actions}>
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? 'Saving…' : me.has_password ? 'Change password' : 'Set password'}
        </Button>
      </div>
    </form>
  )
}

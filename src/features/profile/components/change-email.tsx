import { useForm, useStore } from '@tanstack/react-form'
import { useState } from 'react'
import * as v from 'valibot'
import { authMessagesVerify, presentedPassword, type Me } from '~contract/auth.ts'
import { emailField } from '~contract/common.ts'
import { Button } from '@/components/button/button'
import { PasswordField } from '@/components/field/password-field'
import { recheckWhileInvalid } from '@/components/field/recheck-while-invalid'
import { bindField } from '@/components/field/bind-field'
import { TextField } from '@/components/field/text-field'
import { useUpdateEmail } from '@/features/auth'
import { placeFieldErrors, toFailure } from '../failure'
import { FailureAlert, StatusMessage } from './messages'
import styles from './settings.module.css'

/** The change-email section: on success it says where the link went, and the form empties. */
export function ChangeEmail({ me }: { me: Me }) {
  const [round, setRound] = useState(0)
  const [changedTo, setChangedTo] = useState<string | null>(null)
  return (
    <>
      <p className={styles.intro}>
        Your email address is <strong className={styles.currentEmail}>{me.email}</strong>. You use it to sign in, and we send password reset links to
        it. A new address takes the place of this one when you open the link we send to it.
      </p>
      <StatusMessage message={changedTo ? authMessagesVerify.changeRequested(changedTo) : null} />
      <ChangeEmailForm
        key={round}
        me={me}
        onStart={() => setChangedTo(null)}
        onChanged={(email) => {
          setChangedTo(email)
          setRound((value) => value + 1)
        }}
      />
    </>
  )
}

type FormProps = { me: Me; onStart: () => void; onChanged: (email: string) => void }
const serverFields = ['email', 'current_password'] as const

function ChangeEmailForm({ me, onStart, onChanged }: FormProps) {
  const mutation = useUpdateEmail()
  const [failure, setFailure] = useState<string | null>(null)

  const newEmail = v.pipe(
    emailField,
    v.check((email) => email.toLowerCase() !== me.email.toLowerCase(), 'This is already your email address.'),
  )

  const form = useForm({
    defaultValues: { email: '', current_password: '' },
    canSubmitWhenInvalid: true,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      onStart()
      try {
        // The mutation puts the answer into the account query, so the page shows it at once.
        const updated = await mutation.mutateAsync({
          email: value.email.trim(),
          ...(me.has_password ? { current_password: value.current_password } : {}),
        })
        onChanged(updated.pending_email ?? updated.email)
      } catch (error) {
        const apiError = toFailure(error, 'Your email address was not changed. Please try again.')
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
      aria-label="Change email"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <form.Field name="email" validators={{ onBlur: newEmail }} listeners={recheckWhileInvalid}>
        {(field) => (
          <TextField
            label="New email"
            type="email"
            {...bindField(field, submitted)}
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
          />
        )}
      </form.Field>

      {me.has_password ? (
        <form.Field name="current_password" validators={{ onBlur: presentedPassword }} listeners={recheckWhileInvalid}>
          {(field) => (
            <PasswordField
              label="Current password"
              {...bindField(field, submitted)}
              autoComplete="current-password"
              hint="To keep your account safe, confirm it is you."
            />
          )}
        </form.Field>
      ) : null}

      <FailureAlert title="Your email address was not changed." message={failure} />

      <div className={styles.actions}>
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Change email'}
        </Button>
      </div>
    </form>
  )
}

import { useForm, useStore } from '@tanstack/react-form'
import { emailField } from '~contract/common.ts'
import { Button } from '@/components/button/button'
import { recheckWhileInvalid } from '@/components/field/recheck-while-invalid'
import { firstError } from '@/components/field/first-error'
import { TextField } from '@/components/field/text-field'
import type { TitleComponent } from './panel-title'
import styles from './auth-panels.module.css'

type ForgotPasswordPanelProps = {
  Title: TitleComponent
  submitting: boolean
  /** The server's answer when the request failed, shown under the field. */
  error: string | null
  onSubmit: (values: { email: string }) => void
  onBack: () => void
}

export function ForgotPasswordPanel({ Title, submitting, error, onSubmit, onBack }: ForgotPasswordPanelProps) {
  const form = useForm({
    defaultValues: { email: '' },
    onSubmit: ({ value }) => onSubmit({ email: value.email.trim() }),
  })
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)

  return (
    <section className={styles.panel} aria-label="Forgot password">
      <Title>Forgot Password?</Title>
      <p className={styles.prompt}>Fill in the email address you used to create your account.</p>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void form.handleSubmit()
        }}
      >
        <form.Field name="email" validators={{ onBlur: emailField }} listeners={recheckWhileInvalid}>
          {(field) => (
            <TextField
              label="Email"
              type="email"
              name={field.name}
              autoComplete="email"
              inputMode="email"
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
              onBlur={field.handleBlur}
              touched={Boolean(error) || field.state.meta.isBlurred || submitted}
              error={error ?? firstError(field.state.meta.errors)}
            />
          )}
        </form.Field>
        <Button type="submit" block loading={submitting}>
          Confirm
        </Button>
      </form>
      <p className={styles.switch}>
        <button type="button" className={styles.linkButton} onClick={onBack}>
          Back to Sign In
        </button>
      </p>
    </section>
  )
}

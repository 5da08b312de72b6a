import { useForm, useStore } from '@tanstack/react-form'
import { emailField } from '~contract/common.ts'
import { newPassword } from '~contract/auth.ts'
import { Button } from '@/components/button/button'
import { PasswordField } from '@/components/field/password-field'
import { recheckWhileInvalid } from '@/components/field/recheck-while-invalid'
import { bindField } from '@/components/field/bind-field'
import { TextField } from '@/components/field/text-field'
import { signInPrompt, type LoginFrom } from '../login-from'
import type { TitleComponent } from './panel-title'
import { SocialButtons, type SocialContext } from './social-buttons'
import styles from './auth-panels.module.css'

type LoginPanelProps = {
  Title: TitleComponent
  loginfrom?: LoginFrom
  social: SocialContext
  submitting: boolean
  /** The server's detail, shown under the submit button (spec section 3). */
  error: string | null
  onSubmit: (values: { email: string; password: string }) => void
  onForgot: () => void
  onSignUp: () => void
}

export function LoginPanel({ Title, loginfrom, social, submitting, error, onSubmit, onForgot, onSignUp }: LoginPanelProps) {
  const form = useForm({
    defaultValues: { email: '', password: '' },
    onSubmit: ({ value }) => onSubmit({ email: value.email.trim(), password: value.password }),
  })
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)

  return (
    <section className={styles.panel} aria-label="Sign in">
      <Title>Sign In to Your Account</Title>
      {loginfrom ? <p className={styles.prompt}>{signInPrompt(loginfrom)}.</p> : null}
      <SocialButtons context={social} />
      <div className={styles.divider} role="separator">
        <span>Or</span>
      </div>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void form.handleSubmit()
        }}
      >
        <form.Field name="email" validators={{ onBlur: emailField }} listeners={recheckWhileInvalid}>
          {(field) => <TextField label="Email" type="email" {...bindField(field, submitted)} autoComplete="email" inputMode="email" />}
        </form.Field>
        <form.Field name="password" validators={{ onBlur: newPassword }} listeners={recheckWhileInvalid}>
          {(field) => <PasswordField label="Password" {...bindField(field, submitted)} autoComplete="current-password" />}
        </form.Field>
        <button type="button" className={styles.linkButton} onClick={onForgot}>
          Forgot your password?
        </button>
        <Button type="submit" block loading={submitting}>
          {loginfrom ? 'Sign In & Next' : 'Sign In'}
        </Button>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </form>
      <p className={styles.switch}>
        New to Waypoint?{' '}
        <button type="button" className={styles.linkButton} onClick={onSignUp}>
          Sign Up
        </button>
      </p>
    </section>
  )
}

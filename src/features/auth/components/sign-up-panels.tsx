import { useForm, useStore } from '@tanstack/react-form'
import { Mail } from 'lucide-react'
import * as v from 'valibot'
import { authMessages, newPassword } from '~contract/auth.ts'
import { emailField } from '~contract/common.ts'
import { Button } from '@/components/button/button'
import { PasswordField } from '@/components/field/password-field'
import { recheckWhileInvalid } from '@/components/field/recheck-while-invalid'
import { firstError } from '@/components/field/first-error'
import { TextField } from '@/components/field/text-field'
import { signUpPrompt, type LoginFrom } from '../login-from'
import type { TitleComponent } from './panel-title'
import { ConsentText } from './consent-text'
import { SocialButtons, SocialIcons, type SocialContext } from './social-buttons'
import styles from './auth-panels.module.css'

const SIGN_UP_TITLE = 'Sign up for Waypoint'

type SignUpPanelProps = {
  Title: TitleComponent
  loginfrom?: LoginFrom
  social: SocialContext
  onEmail: () => void
  onSignIn: () => void
}

/** The first sign-up view: choose a provider or e-mail. */
export function SignUpPanel({ Title, loginfrom, social, onEmail, onSignIn }: SignUpPanelProps) {
  return (
    <section className={styles.panel} aria-label="Sign up">
      <Title>{SIGN_UP_TITLE}</Title>
      {loginfrom ? <p className={styles.prompt}>{signUpPrompt(loginfrom)}.</p> : null}
      <SocialButtons context={social} />
      <button type="button" className={styles.socialButton} onClick={onEmail}>
        <Mail size={20} aria-hidden="true" />
        <span>Continue with Email</span>
      </button>
      <ConsentText />
      <p className={styles.switch}>
        Already have an account?{' '}
        <button type="button" className={styles.linkButton} onClick={onSignIn}>
          Sign In
        </button>
      </p>
    </section>
  )
}

type SignUpEmailPanelProps = {
  Title: TitleComponent
  loginfrom?: LoginFrom
  social: SocialContext
  submitting: boolean
  error: string | null
  serverFieldErrors: Record<string, string[]>
  onSubmit: (values: { email: string; password: string }) => void
}

const confirmPasswordRequired = v.pipe(v.string(authMessages.confirmRequired), v.nonEmpty(authMessages.confirmRequired))

/** The sign-up e-mail view: e-mail, password and its confirmation. */
export function SignUpEmailPanel({ Title, loginfrom, social, submitting, error, serverFieldErrors, onSubmit }: SignUpEmailPanelProps) {
  const form = useForm({
    defaultValues: { email: '', password: '', confirmPassword: '' },
    onSubmit: ({ value }) => onSubmit({ email: value.email.trim(), password: value.password }),
  })
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const shown = (blurred: boolean) => blurred || submitted

  return (
    <section className={styles.panel} aria-label="Sign up with email">
      <Title>{SIGN_UP_TITLE}</Title>
      {loginfrom ? <p className={styles.prompt}>{signUpPrompt(loginfrom)}.</p> : null}
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
              touched={shown(field.state.meta.isBlurred) || Boolean(serverFieldErrors.email)}
              error={firstError(field.state.meta.errors) ?? serverFieldErrors.email?.[0]}
            />
          )}
        </form.Field>
        <form.Field name="password" validators={{ onBlur: newPassword }} listeners={recheckWhileInvalid}>
          {(field) => (
            <PasswordField
              label="Password"
              name={field.name}
              autoComplete="new-password"
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
              onBlur={field.handleBlur}
              touched={shown(field.state.meta.isBlurred) || Boolean(serverFieldErrors.password)}
              error={firstError(field.state.meta.errors) ?? serverFieldErrors.password?.[0]}
            />
          )}
        </form.Field>
        <form.Field
          name="confirmPassword"
          validators={{
            onBlur: ({ value, fieldApi }) => {
              if (!v.is(confirmPasswordRequired, value)) return authMessages.confirmRequired
              return value === fieldApi.form.getFieldValue('password') ? undefined : authMessages.passwordsMustMatch
            },
          }}
          listeners={recheckWhileInvalid}
        >
          {(field) => (
            <PasswordField
              label="Confirm Password"
              name={field.name}
              autoComplete="new-password"
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
              onBlur={field.handleBlur}
              touched={shown(field.state.meta.isBlurred)}
              error={firstError(field.state.meta.errors)}
            />
          )}
        </form.Field>
        <Button type="submit" block loading={submitting}>
          {loginfrom ? 'Sign up & Next' : 'Sign up'}
        </Button>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </form>
      <SocialIcons context={social} />
      <p className={styles.promise}>We promise not to post on your timeline.</p>
      <ConsentText />
    </section>
  )
}

import { useRouter } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { fromPromise } from 'xstate'
import { authMessages, type UserData } from '~contract/auth.ts'
import { TimedDialog } from '@/components/timed-dialog/timed-dialog'
import { browserNavigation } from '@/lib/browser-navigation'
import { inspect } from '@/lib/inspection'
import { login } from '../api/login'
import { register } from '../api/register'
import { requestResetEmail } from '../api/request-reset-email'
import type { LoginFrom } from '../login-from'
import { authDialogMachine, type LoginValues, type ResetValues, type SignUpValues } from '../machines/auth-dialog.machine'
import { afterSignInTarget, currentPage, storeSignedIn } from '../session'
import { ForgotPasswordPanel } from './forgot-password-panel'
import { LoginPanel } from './login-panel'
import type { TitleComponent } from './panel-title'
import { SignUpEmailPanel, SignUpPanel } from './sign-up-panels'
import styles from './auth-panels.module.css'

type AuthPanelsProps = {
  loginfrom?: LoginFrom
  redirect?: string
  /** Renders each panel's title: an h1 on the sign-in page, the dialog title in the dialog. */
  Title: TitleComponent
  onSignedIn?: () => void
}

/** Spec section 9: success dialogs stay 3 seconds. */
const RESET_SENT_MS = 3000

/** The four panels of the authentication dialog, driven by one XState machine. */
export function AuthPanels({ loginfrom, redirect, Title, onSignedIn }: AuthPanelsProps) {
  const router = useRouter()
  const [resetSentOpen, setResetSentOpen] = useState(false)
  const [resetFormKey, setResetFormKey] = useState(0)
  const actor = useActorRef(
    authDialogMachine.provide({
      actors: {
        login: fromPromise<UserData, LoginValues>(({ input }) => login(input)),
        register: fromPromise<UserData, SignUpValues>(({ input }) => register(input)),
        requestReset: fromPromise<unknown, ResetValues>(({ input }) => requestResetEmail(input)),
      },
    }),
    { inspect },
  )

  useEffect(() => {
    const signedIn = actor.on('signedIn', ({ userData }) => {
      storeSignedIn(userData)
      const target = afterSignInTarget(loginfrom, redirect)
      onSignedIn?.()
      if (target.fullLoad) browserNavigation.load(target.href)
      else void router.navigate({ href: target.href })
    })
    const resetSent = actor.on('resetEmailSent', () => {
      // Spec section 4: on success the e-mail field is cleared.
      setResetFormKey((key) => key + 1)
      setResetSentOpen(true)
    })
    return () => {
      signedIn.unsubscribe()
      resetSent.unsubscribe()
    }
  }, [actor, loginfrom, redirect, onSignedIn, router])

  const panel = useSelector(actor, (snapshot) => {
    if (snapshot.matches('signup')) return 'signup'
    if (snapshot.matches('signupemail')) return 'signupemail'
    if (snapshot.matches('forgetpass')) return 'forgetpass'
    return 'login'
  })
  const submitting = useSelector(
    actor,
    (snapshot) =>
      snapshot.matches({ login: 'submitting' }) || snapshot.matches({ signupemail: 'submitting' }) || snapshot.matches({ forgetpass: 'submitting' }),
  )
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors)
  const social = { loginfrom, redirect }

  return (
    <div className={styles.panels} data-panel={panel}>
      {panel === 'login' ? (
        <LoginPanel
          Title={Title}
          loginfrom={loginfrom}
          social={social}
          submitting={submitting}
          error={error}
          onSubmit={(values) => actor.send({ type: 'SUBMIT_LOGIN', values: { ...values, path: currentPage() } })}
          onForgot={() => actor.send({ type: 'SHOW_FORGOT' })}
          onSignUp={() => actor.send({ type: 'SHOW_SIGNUP' })}
        />
      ) : null}
      {panel === 'signup' ? (
        <SignUpPanel
          Title={Title}
          loginfrom={loginfrom}
          social={social}
          onEmail={() => actor.send({ type: 'CONTINUE_WITH_EMAIL' })}
          onSignIn={() => actor.send({ type: 'SHOW_LOGIN' })}
        />
      ) : null}
      {panel === 'signupemail' ? (
        <SignUpEmailPanel
          Title={Title}
          loginfrom={loginfrom}
          social={social}
          submitting={submitting}
          error={Object.keys(fieldErrors).length > 0 ? null : error}
          serverFieldErrors={fieldErrors}
          onSubmit={(values) => actor.send({ type: 'SUBMIT_SIGNUP', values })}
        />
      ) : null}
      {panel === 'forgetpass' ? (
        <ForgotPasswordPanel
          key={resetFormKey}
          Title={Title}
          submitting={submitting}
          error={error}
          onSubmit={(values) => actor.send({ type: 'SUBMIT_RESET', values })}
          onBack={() => actor.send({ type: 'SHOW_LOGIN' })}
        />
      ) : null}
      <TimedDialog
        open={resetSentOpen}
        onClose={() => setResetSentOpen(false)}
        durationMs={RESET_SENT_MS}
        tone="success"
        title="Check your inbox"
        message={authMessages.resetEmailSent}
      />
    </div>
  )
}

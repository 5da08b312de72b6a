import { lazy, Suspense, useState } from 'react'
import { closeAuthDialog, returnFocusToOpener, useAuthDialogOpen } from '../dialog-store'
import { useSignOutQuestion } from '../sign-out-store'

const AuthDialog = lazy(() => import('./auth-dialog'))
const SignOutDialog = lazy(() => import('./sign-out-dialog'))

/** Mounts the sign-in dialog and sign-out's question; their code loads the first time they open. */
export function AuthDialogHost() {
  const open = useAuthDialogOpen()
  const question = useSignOutQuestion()
  const [used, setUsed] = useState(false)
  const [asked, setAsked] = useState(false)
  if (open && !used) setUsed(true)
  if (question && !asked) setAsked(true)
  return (
    <>
      {used ? (
        <Suspense fallback={null}>
          <AuthDialog open={open} onClose={closeAuthDialog} onClosed={returnFocusToOpener} />
        </Suspense>
      ) : null}
      {asked ? (
        <Suspense fallback={null}>
          <SignOutDialog question={question} />
        </Suspense>
      ) : null}
    </>
  )
}

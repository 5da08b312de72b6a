import { lazy, Suspense, useState } from 'react'
import { closeAuthDialog, returnFocusToOpener, useAuthDialogOpen } from '../dialog-store'

const AuthDialog = lazy(() => import('./auth-dialog'))

/** Mounts the sign-in dialog; its code loads the first time it opens. */
export function AuthDialogHost() {
  const open = useAuthDialogOpen()
  const [used, setUsed] = useState(false)
  if (open && !used) setUsed(true)
  if (!used) return null
  return (
    <Suspense fallback={null}>
      <AuthDialog open={open} onClose={closeAuthDialog} onClosed={returnFocusToOpener} />
    </Suspense>
  )
}

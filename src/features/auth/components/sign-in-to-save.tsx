import { buttonClass } from '@/components/button/button'
import { useAuth } from '../auth-store'
import { useGate } from '../gate'
import type { LoginFrom } from '../login-from'

type SignInToSaveProps = {
  loginfrom: LoginFrom
  /** What gets saved, e.g. "resume". */
  what: string
}

/** A gated "save" action: guests go through the sign-in page and come back here. */
export function SignInToSave({ loginfrom, what }: SignInToSaveProps) {
  const email = useAuth((state) => state.userData?.email ?? null)
  const gate = useGate()
  if (email)
    return (
      <p>
        You are signed in as {email}: your {what} will be saved to your account.
      </p>
    )
  return (
    <p>
      <button type="button" className={buttonClass('primary')} onClick={() => gate(loginfrom)}>
        Sign in to save your {what}
      </button>
    </p>
  )
}

import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { LoginFrom } from '../login-from'
import AuthDialog from './auth-dialog'
import styles from './sign-in-page.module.css'

/**
 * /userlogin: the authentication dialog as a page. Closing it goes back to where the user
 * was heading (or home).
 */
export function SignInPage({ loginfrom, redirect }: { loginfrom?: LoginFrom; redirect?: string }) {
  const navigate = useNavigate()
  useEffect(() => {
    document.title = 'Sign in · Waypoint'
  }, [])

  return (
    <div className={styles.page}>
      <AuthDialog
        open
        titleLevel={1}
        loginfrom={loginfrom}
        redirect={redirect}
        onClose={() => void navigate({ href: redirect ?? '/' })}
        onSignedIn={() => {}}
      />
    </div>
  )
}

import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { oauthProviders, type OAuthProvider } from '~contract/auth.ts'
import { Spinner } from '@/components/spinner/spinner'
import { isSameOriginPath } from '@/lib/safe-redirect'
import { exchangeCode } from '../api/social'
import { authStore } from '../auth-store'
import styles from './social-redirect.module.css'
import { browserNavigation } from '@/lib/browser-navigation'

/** Set by the social buttons before leaving for Google or LinkedIn. */
const PROVIDER_KEY = 'waypoint:oauth-provider'

type Return = { provider: OAuthProvider; code: string; state: string }

function isProvider(value: string | null): value is OAuthProvider {
  return (oauthProviders as readonly (string | null)[]).includes(value)
}

/**
 * What the provider sent back. Read from the raw query string: the router JSON-parses search
 * values, which mangles long numeric `code` and `state` values.
 */
function readReturn(): Return | null {
  const params = new URLSearchParams(window.location.search)
  const provider = sessionStorage.getItem(PROVIDER_KEY)
  sessionStorage.removeItem(PROVIDER_KEY)
  const code = params.get('code')
  const state = params.get('state')
  if (params.has('error') || !code || !state || !isProvider(provider)) return null
  return { provider, code, state }
}

/** The page to load once signed in: the remembered one, when it is a safe path on this site. */
function landingPage(): string {
  const page = authStore.get().pageUrl
  if (!page || !isSameOriginPath(page) || page.startsWith('/userauth/socialredirect')) return '/'
  return page
}

/**
 * The return point of Google and LinkedIn sign-in (spec section 4): exchange code and state
 * for the user's tokens, store them and load the remembered page afresh. Any failure stores
 * nothing and goes home without a message, as the spec says.
 */
export function SocialRedirect() {
  const navigate = useNavigate()
  // A code can be exchanged once; StrictMode runs effects twice in development.
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const goHome = () => void navigate({ to: '/', replace: true })
    const attempt = readReturn()
    if (!attempt) return goHome()
    exchangeCode(attempt.provider, attempt.state, attempt.code).then((userData) => {
      authStore.signedIn(userData)
      // `replace`: Back must not return to a page whose code is already spent.
      browserNavigation.replace(landingPage())
    }, goHome)
  }, [navigate])

  return (
    <div className={styles.waiting} role="status">
      <Spinner size={32} />
      <p className={styles.text}>Signing you in…</p>
    </div>
  )
}

import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { OAuthProvider } from '~contract/auth.ts'
import { ApiError } from '@/lib/api-client'
import { browserNavigation } from '@/lib/browser-navigation'
import { authorizationUrl, providersQueryOptions } from '../api/social'
import { authStore } from '../auth-store'
import type { LoginFrom } from '../login-from'
import { afterSignInTarget } from '../session'
import styles from './auth-panels.module.css'

export type SocialContext = { loginfrom?: LoginFrom; redirect?: string }

const providers: { id: OAuthProvider; name: string; Logo: () => React.JSX.Element }[] = [
  { id: 'google-oauth2', name: 'Google', Logo: GoogleLogo },
  { id: 'linkedin-oauth2', name: 'LinkedIn', Logo: LinkedInLogo },
]

/** Key under which the social-redirect page finds the provider it is coming back from. */
export const OAUTH_PROVIDER_KEY = 'waypoint:oauth-provider'

/**
 * Starts social sign-in: remember where to come back to, ask the server for the provider's
 * authorization address, then leave for it.
 */
function useSocialSignIn(context: SocialContext) {
  const [pending, setPending] = useState<OAuthProvider | null>(null)
  const [error, setError] = useState<string | null>(null)
  const start = async (provider: OAuthProvider) => {
    setPending(provider)
    setError(null)
    try {
      authStore.rememberPage(afterSignInTarget(context.loginfrom, context.redirect).href)
      sessionStorage.setItem(OAUTH_PROVIDER_KEY, provider)
      browserNavigation.load(await authorizationUrl(provider, `${window.location.origin}/userauth/socialredirect`))
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.detail : 'Could not start the sign-in. Please try again.')
      setPending(null)
    }
  }
  return { start, pending, error }
}

/** 'Continue with Google' and 'Continue with LinkedIn'. */
export function SocialButtons({ context }: { context: SocialContext }) {
  const { start, pending, error } = useSocialSignIn(context)
  const status = useQuery(providersQueryOptions())
  const unconfigured = new Set(status.data?.filter((item) => !item.configured).map((item) => item.provider))

  return (
    <div className={styles.social}>
      {providers.map(({ id, name, Logo }) => (
        <div key={id} className={styles.socialItem}>
          <button
            type="button"
            className={styles.socialButton}
            onClick={() => void start(id)}
            disabled={pending !== null}
            aria-describedby={unconfigured.has(id) ? `${id}-unconfigured` : undefined}
          >
            <Logo />
            <span>Continue with {name}</span>
          </button>
          {unconfigured.has(id) ? (
            <p id={`${id}-unconfigured`} className={styles.socialNote}>
              Sign-in with {name} is not configured on this server.
            </p>
          ) : null}
        </div>
      ))}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The small Google and LinkedIn icons of the sign-up e-mail view. */
export function SocialIcons({ context }: { context: SocialContext }) {
  const { start, pending, error } = useSocialSignIn(context)
  return (
    <div className={styles.socialIconsBlock}>
      <div className={styles.socialIcons}>
        {providers.map(({ id, name, Logo }) => (
          <button
            key={id}
            type="button"
            className={styles.socialIcon}
            aria-label={`Sign up with ${name}`}
            disabled={pending !== null}
            onClick={() => void start(id)}
          >
            <Logo />
          </button>
        ))}
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1 .7-2.4 1.1-4 1.1-3.1 0-5.7-2.1-6.6-4.9H1.4v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.4 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8z" />
    </svg>
  )
}

function LinkedInLogo() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <rect width="24" height="24" rx="4" fill="#0A66C2" />
      <path
        fill="#fff"
        d="M7.1 9.5h-2.6V19h2.6zM5.8 5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm13.7 8.3c0-2.6-1.4-4-3.5-4-1.5 0-2.3.8-2.7 1.4V9.5h-2.6V19h2.6v-5c0-1.3.6-2.2 1.8-2.2 1.1 0 1.7.8 1.7 2.2v5h2.7z"
      />
    </svg>
  )
}

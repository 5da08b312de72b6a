import { redirect, useRouter } from '@tanstack/react-router'
import { authStore } from './auth-store'
import type { LoginFrom } from './login-from'
import { browserNavigation } from '@/lib/browser-navigation'

const REFRESH_FLAG = 'refresh'

/** Spec section 4: the loginfrom key for the page the user is on. */
export function loginFromForPath(pathname: string): LoginFrom {
  if (pathname.startsWith('/salary')) return 'salary'
  if (pathname.startsWith('/coverletter')) return 'cover'
  if (pathname.startsWith('/resume')) return 'resume'
  if (pathname.startsWith('/living-cost')) return 'cost'
  if (pathname.startsWith('/library') || pathname.startsWith('/articles')) return 'library'
  if (pathname.startsWith('/userauth')) return 'userauth'
  return 'homepage'
}

/** Where the gate sends a guest: the sign-in page, with the prompt key and the way back. */
export function signInLocation(pathname: string, href: string, loginfrom?: LoginFrom) {
  return { to: '/userlogin' as const, search: { loginfrom: loginfrom ?? loginFromForPath(pathname), redirect: href } }
}

/**
 * The gate helper for route `beforeLoad`: a guest goes to /userlogin; a signed-in user with
 * the 'refresh' flag set gets the flag cleared and one fresh page load.
 */
export function requireSignIn({ location }: { location: { pathname: string; href: string } }) {
  if (!authStore.isLoggedIn()) throw redirect(signInLocation(location.pathname, location.href))
  if (localStorage.getItem(REFRESH_FLAG)) {
    localStorage.removeItem(REFRESH_FLAG)
    browserNavigation.reload()
  }
}

/**
 * The gate helper for actions (saving a resume, downloading the eBook, ...): a guest goes to
 * /userlogin with the prompt key and the way back; returns true when the user may go on.
 */
export function useGate() {
  const router = useRouter()
  return (loginfrom?: LoginFrom): boolean => {
    if (authStore.isLoggedIn()) return true
    const { pathname, href } = router.state.location
    void router.navigate(signInLocation(pathname, href, loginfrom))
    return false
  }
}

import type { UserData } from '~contract/auth.ts'
import { connectAuth } from '@/lib/api-client'
import { readCookie } from '@/lib/cookies'
import { browserNavigation } from '@/lib/browser-navigation'
import { logout, refreshTokens } from './api/session-tokens'
import { authStore } from './auth-store'
import type { LoginFrom } from './login-from'
import { askAboutUnsavedDrafts } from './sign-out-store'

/** Connects the API client to the session: Bearer or Guest header, and token refresh. */
export function startSession() {
  followSignOutElsewhere()
  connectAuth({
    accessToken: authStore.accessToken,
    guestToken: () => readCookie('guest_token') ?? null,
    refreshAccess: () => {
      const rejected = authStore.accessToken()
      const refresh = async () => {
        // Another tab may have refreshed meanwhile: its new token is in storage already.
        authStore.reload()
        const current = authStore.get().userData
        if (current && current.access !== rejected) return current.access
        try {
          if (!current) throw new Error('No refresh token')
          const tokens = await refreshTokens(current.refresh)
          authStore.refreshed(tokens)
          return tokens.access
        } catch (error) {
          // Spec section 8: a failed refresh is only logged; the session ends.
          console.error('error on refresh token')
          authStore.clear()
          throw error
        }
      }
      // Refresh tokens rotate and a reused one ends the session, so only one tab at a time
      // may refresh (Web Locks; one tab's own concurrent calls are single-flight already).
      return navigator.locks ? navigator.locks.request('waypoint:refresh', refresh).then((access) => access) : refresh()
    },
  })
}

/** Path, query and hash of the page the user is on. */
export function currentPage(): string {
  return `${location.pathname}${location.search}${location.hash}`
}

/**
 * Spec section 4, after sign-in: from the homepage to / with `actived`; from the library to
 * the redirect with `playerActive`; otherwise to the redirect; with no redirect, a full load
 * of the remembered page.
 */
export function afterSignInTarget(loginfrom: LoginFrom | undefined, redirect: string | undefined): { href: string; fullLoad: boolean } {
  if (loginfrom === 'homepage') return { href: '/?actived=true', fullLoad: false }
  if (redirect) {
    if (loginfrom === 'library') {
      const url = new URL(redirect, location.origin)
      url.searchParams.set('playerActive', 'true')
      return { href: `${url.pathname}${url.search}${url.hash}`, fullLoad: false }
    }
    return { href: redirect, fullLoad: false }
  }
  return { href: authStore.get().pageUrl ?? '/', fullLoad: true }
}

export function storeSignedIn(userData: UserData) {
  authStore.signedIn(userData)
}

/** Spec section 4: where sign-out lands, by the page it starts from. */
export function signOutTarget(pathname: string): string {
  const stays = ['/services', '/about-us', '/library', '/contact-us']
  if (stays.includes(pathname) || pathname.startsWith('/articles/')) return pathname
  if (pathname.startsWith('/living-cost')) return '/living-cost'
  if (pathname.startsWith('/salary')) return '/salary'
  if (pathname.startsWith('/countries/')) return '/countries'
  return '/'
}

let signingOut: Promise<void> | null = null

/** Tabs of this browser hear of a sign-out in another: drafts they hold in memory must go too. */
const SIGNED_OUT_CHANNEL = 'waypoint:signed-out'

/**
 * Sign-out (spec section 4): clears local storage, the logged-in flag and the access-token
 * cookie, then loads the landing page afresh. On a shared computer the next person must not find
 * the user's resumes and cover letters either: they leave the device too, and changes not yet in
 * the account are first saved or discarded as the user chooses (or sign-out is cancelled).
 */
export function signOut(current: { pathname: string; href: string }): Promise<void> {
  // One sign-out at a time: a second click must not start a second request that the page
  // load of the first would cut off.
  signingOut ??= signOutOnce(current).finally(() => {
    signingOut = null
  })
  return signingOut
}

async function signOutOnce(current: { pathname: string; href: string }) {
  // Loaded at sign-out only (the first page's script budget); a failed load is tried once more.
  const drafts = await import('@/features/documents').catch(() => import('@/features/documents'))
  const unsaved = await drafts.unsavedDrafts()
  if (unsaved.length > 0) {
    const choice = await askAboutUnsavedDrafts(unsaved, () => drafts.saveUnsavedDrafts(unsaved))
    if (choice === 'cancelled') return
  }
  const refresh = authStore.get().userData?.refresh
  if (refresh) await logout(refresh).catch(() => undefined)
  await drafts.clearDeviceDrafts()
  const target = signOutTarget(current.pathname)
  authStore.clear()
  for (const storage of [globalThis.localStorage, globalThis.sessionStorage]) {
    try {
      storage?.clear()
    } catch {
      // Storage unavailable: the in-memory session is already cleared.
    }
  }
  try {
    // Through this tab's own listening channel: a channel never hears its own messages, so only
    // the other tabs reload (this one is about to load the sign-out target).
    const channel = signedOutChannel ?? new BroadcastChannel(SIGNED_OUT_CHANNEL)
    channel.postMessage('signed-out')
    if (channel !== signedOutChannel) channel.close()
  } catch {
    // No BroadcastChannel: other tabs still follow the cleared session through storage events.
  }
  browserNavigation.load(target === current.pathname ? current.href : target)
}

/** Another tab signed out: this one stops writing drafts and loads afresh (showing none). */
let signedOutChannel: BroadcastChannel | null = null
function followSignOutElsewhere() {
  if (typeof BroadcastChannel === 'undefined' || signedOutChannel) return
  const channel = new BroadcastChannel(SIGNED_OUT_CHANNEL)
  signedOutChannel = channel
  channel.onmessage = () => {
    // The drafts module is already loaded where a builder is open; elsewhere this loads little.
    void import('@/features/documents').then(({ sealDrafts }) => sealDrafts()).finally(() => browserNavigation.reload())
  }
}

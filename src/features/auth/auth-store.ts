import { useSyncExternalStore } from 'react'
import type { UserData } from '~contract/auth.ts'
import { deleteCookie, writeCookie } from '@/lib/cookies'

/** Spec section 3: the persisted part of the auth state. */
export type AuthState = {
  userData: UserData | null
  /** The page to come back to after signing in (saved before login or social login starts). */
  pageUrl: string | null
}

const STORAGE_KEY = 'waypoint:auth'
const ACCESS_COOKIE = 'accessToken'
/** The access token lives 15 minutes; the cookie no longer than that. */
const ACCESS_COOKIE_SECONDS = 15 * 60

const empty: AuthState = { userData: null, pageUrl: null }

function load(): AuthState {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY)
    if (!raw) return empty
    const parsed = JSON.parse(raw) as Partial<AuthState>
    const user = parsed.userData
    const userData =
      user && typeof user.email === 'string' && typeof user.access === 'string' && typeof user.refresh === 'string'
        ? { email: user.email, access: user.access, refresh: user.refresh }
        : null
    return { userData, pageUrl: typeof parsed.pageUrl === 'string' ? parsed.pageUrl : null }
  } catch {
    return empty
  }
}

let state: AuthState = load()
const listeners = new Set<() => void>()

function set(next: AuthState) {
  state = next
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(state))
  } catch {
    // Private mode or a full quota: the session still works for this tab.
  }
  for (const listener of listeners) listener()
}

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return
    state = load()
    for (const listener of listeners) listener()
  })
}

export const authStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  isLoggedIn: () => state.userData !== null,
  /** Re-read the stored session (another tab may have refreshed or signed out). */
  reload() {
    state = load()
    for (const listener of listeners) listener()
  },
  accessToken: () => state.userData?.access ?? null,

  signedIn(userData: UserData) {
    writeCookie(ACCESS_COOKIE, userData.access, ACCESS_COOKIE_SECONDS)
    set({ ...state, userData })
  },
  /** Spec section 4: a refresh replaces the stored access value (and the rotated refresh token). */
  refreshed(tokens: { access: string; refresh: string }) {
    if (!state.userData) return
    writeCookie(ACCESS_COOKIE, tokens.access, ACCESS_COOKIE_SECONDS)
    set({ ...state, userData: { ...state.userData, ...tokens } })
  },
  /** The account's e-mail changed in Settings: the menus show the new one. */
  emailChanged(email: string) {
    if (state.userData) set({ ...state, userData: { ...state.userData, email } })
  },
  rememberPage(pageUrl: string) {
    set({ ...state, pageUrl })
  },
  /** Forget the session in this browser (sign-out clears all local storage on top). */
  clear() {
    deleteCookie(ACCESS_COOKIE)
    set(empty)
  },
}

export function useAuth<T>(select: (state: AuthState) => T): T {
  return useSyncExternalStore(
    authStore.subscribe,
    () => select(authStore.get()),
    () => select(empty),
  )
}

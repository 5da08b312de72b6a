import { useSyncExternalStore } from 'react'
import { readCookie, writeCookie } from '@/lib/cookies'

/** The visitor's choice; strictly necessary storage needs no consent and is always on. */
export type ConsentChoice = 'analytics' | 'necessary'

/** A cookie, not local storage: sign-out clears local storage, and the choice must outlive it. */
export const CONSENT_COOKIE = 'waypoint_consent'
const CONSENT_DAYS = 180

const listeners = new Set<() => void>()
let settingsOpen = false

function notify() {
  for (const listener of listeners) listener()
}

export const consentStore = {
  /** The stored choice, read afresh so every page view honours the latest one. */
  get(): ConsentChoice | null {
    const value = typeof document === 'undefined' ? undefined : readCookie(CONSENT_COOKIE)
    return value === 'analytics' || value === 'necessary' ? value : null
  },
  analyticsAllowed: () => consentStore.get() === 'analytics',
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  choose(choice: ConsentChoice) {
    writeCookie(CONSENT_COOKIE, choice, CONSENT_DAYS * 24 * 60 * 60)
    settingsOpen = false
    notify()
  },
  /** 'Cookie settings' in the footer and in Settings: show the choices again. */
  openSettings() {
    settingsOpen = true
    notify()
  },
  bannerVisible: () => settingsOpen || consentStore.get() === null,
}

/**
 * Whether the page came with the banner in its first view (the server leaves it out for a
 * visitor who already chose): the app takes that copy over as it is, then follows the cookie.
 */
const bannerInCopy = typeof document === 'undefined' || document.querySelector('#root[data-prerendered] [data-consent-banner]') !== null

export function useConsent() {
  const choice = useSyncExternalStore(consentStore.subscribe, consentStore.get, () => null)
  // Rendered in Node (a page's first view, src/app/prerender.tsx) the banner is in: a first visit
  // sees it painted with the page; the server takes it out for a visitor who already chose.
  const bannerVisible = useSyncExternalStore(consentStore.subscribe, consentStore.bannerVisible, () => bannerInCopy)
  return { choice, bannerVisible }
}

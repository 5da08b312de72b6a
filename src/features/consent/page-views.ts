import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { consentStore } from './consent-store'

function pathOf(url: string): string | null {
  try {
    const parsed = new URL(url)
    return parsed.origin === location.origin ? parsed.pathname : null
  } catch {
    return null
  }
}

let lastReported: { path: string; at: number } | null = null

/** One page view, if analytics consent is given now; the sender loads with the first one. */
function reportPageView(path: string, referrer: string | null) {
  if (!consentStore.analyticsAllowed()) return
  // The router can resolve the same navigation twice (pending view, then the page): count it once.
  const now = Date.now()
  if (lastReported?.path === path && now - lastReported.at < 2000) return
  lastReported = { path, at: now }
  void import('./send-page-view').then(({ sendPageView }) => sendPageView(path, referrer))
}

/** Reports the first page and every route change, each only if analytics consent is given then. */
export function usePageViews() {
  const router = useRouter()
  useEffect(() => {
    reportPageView(router.state.location.pathname, pathOf(document.referrer))
    return router.subscribe('onResolved', ({ fromLocation, toLocation, pathChanged }) => {
      if (pathChanged) reportPageView(toLocation.pathname, fromLocation?.pathname ?? null)
    })
  }, [router])
}

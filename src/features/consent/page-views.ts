import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { apiBaseUrl } from '@/lib/api-client'
import { consentStore } from './consent-store'

type DataLayerWindow = Window & { dataLayer?: unknown[] }

/** The operator's tag manager container (ANALYTICS_TAG_ID), written into the page by the server. */
function tagManagerId(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="waypoint-analytics-tag"]')?.content || null
}

let tagLoaded = false

/** Loads the tag manager once, from our own code (no inline script), only after consent. */
function loadTagManager(id: string) {
  if (tagLoaded) return
  tagLoaded = true
  const layer = ((window as DataLayerWindow).dataLayer ??= [])
  layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  const script = document.createElement('script')
  script.async = true
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`
  document.head.append(script)
}

function pathOf(url: string): string | null {
  try {
    const parsed = new URL(url)
    return parsed.origin === location.origin ? parsed.pathname : null
  } catch {
    return null
  }
}

let lastReported: { path: string; at: number } | null = null

/** One page view: to the tag manager when configured, else to our own /api/events. */
function reportPageView(path: string, referrer: string | null) {
  if (!consentStore.analyticsAllowed()) return
  // The router can resolve the same navigation twice (pending view, then the page): count it once.
  const now = Date.now()
  if (lastReported?.path === path && now - lastReported.at < 2000) return
  lastReported = { path, at: now }
  const tag = tagManagerId()
  if (tag) {
    loadTagManager(tag)
    ;(window as DataLayerWindow).dataLayer?.push({ event: 'page_view', page_path: path })
    return
  }
  void fetch(`${apiBaseUrl}/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ path, referrer }),
  }).catch(() => undefined)
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

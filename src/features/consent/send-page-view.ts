import { apiBaseUrl } from '@/lib/api-client'

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

/**
 * One page view: to the tag manager when configured, else to our own /api/events. Loaded only
 * once a visitor has allowed analytics, so nobody else downloads it.
 */
export function sendPageView(path: string, referrer: string | null) {
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

/* Waypoint's service worker: the app opens with the network off after one visit.
 * Built by scripts/vite-service-worker.mjs, which fills in the version and the list of
 * files to keep. Pages: network first; offline, the copy of that same address kept from an
 * earlier visit, else the plain app shell (index.html: no page's first view in it), which the
 * app then renders the address into. A page's HTML carries its own first view (an article's
 * text, say), so one page's copy is never answered for another address. Hashed assets:
 * cache first (they never change). The API is never cached: pages that need the server
 * say so, and drafts live in IndexedDB. */

const VERSION = self.__WAYPOINT_VERSION__
const PRECACHE = self.__WAYPOINT_PRECACHE__
const SHELL_CACHE = `waypoint-shell-${VERSION}`
const ASSET_CACHE = 'waypoint-assets'
/** Each visited page's HTML by address, for this build only (it names this build's assets). */
const PAGE_CACHE = `waypoint-pages-${VERSION}`
/** The plain app shell, served by the server as the build's index.html file (no first view). */
const SHELL_URL = '/index.html'
/** Pages kept at most; the oldest kept goes first. */
const MAX_PAGES = 60

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll([SHELL_URL, ...PRECACHE]))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set(PRECACHE)
      for (const name of await caches.keys()) {
        if (name.startsWith('waypoint-shell-') && name !== SHELL_CACHE) await caches.delete(name)
        if (name.startsWith('waypoint-pages-') && name !== PAGE_CACHE) await caches.delete(name)
      }
      // Assets of older builds that this one no longer lists.
      const assets = await caches.open(ASSET_CACHE)
      for (const request of await assets.keys()) {
        const path = new URL(request.url).pathname
        if (path.startsWith('/assets/') && !keep.has(path)) await assets.delete(request)
      }
      await self.clients.claim()
    })(),
  )
})

/** The address a page is kept under: the request's, without a fragment. */
const pageKey = (request) => {
  const url = new URL(request.url)
  url.hash = ''
  return url.href
}

async function keepPage(key, response) {
  const cache = await caches.open(PAGE_CACHE)
  await cache.delete(key) // put again last: the oldest kept is first in keys()
  await cache.put(key, response)
  const keys = await cache.keys()
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await cache.delete(old)
}

async function fromNetworkOrShell(event) {
  const { request } = event
  const key = pageKey(request)
  try {
    const response = await fetch(request)
    // Only the page's own answer at this address (not a redirect's target, an error or a 404).
    if (response.status === 200 && !response.redirected && (response.headers.get('Content-Type') ?? '').includes('text/html')) {
      event.waitUntil(keepPage(key, response.clone()).catch(() => {}))
    }
    return response
  } catch (error) {
    // Never another page's HTML: this address's own copy, else the shell without a first view.
    const page = await (await caches.open(PAGE_CACHE)).match(key, { ignoreVary: true })
    if (page) return page
    const shell = await (await caches.open(SHELL_CACHE)).match(SHELL_URL, { ignoreVary: true })
    if (shell) return shell
    throw error
  }
}

async function fromCacheOrNetwork(request) {
  const cached = await caches.match(request)
  if (cached) return cached
  const response = await fetch(request)
  if (response.ok) {
    const cache = await caches.open(ASSET_CACHE)
    await cache.put(request, response.clone())
  }
  return response
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return
  if (request.mode === 'navigate') {
    event.respondWith(fromNetworkOrShell(event))
    return
  }
  if (url.pathname.startsWith('/assets/') || /\.(?:svg|png|webmanifest|woff2?)$/.test(url.pathname)) {
    event.respondWith(fromCacheOrNetwork(request))
  }
})

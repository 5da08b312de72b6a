/* Waypoint's service worker: the app opens with the network off after one visit.
 * Built by scripts/vite-service-worker.mjs, which fills in the version and the list of
 * files to keep. Pages: network first, the cached app shell when offline. Hashed assets:
 * cache first (they never change). The API is never cached: pages that need the server
 * say so, and drafts live in IndexedDB. */

const VERSION = self.__WAYPOINT_VERSION__
const PRECACHE = self.__WAYPOINT_PRECACHE__
const SHELL_CACHE = `waypoint-shell-${VERSION}`
const ASSET_CACHE = 'waypoint-assets'
const SHELL_URL = '/index.html'

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

async function fromNetworkOrShell(request) {
  try {
    const response = await fetch(request)
    if (response.ok && (response.headers.get('Content-Type') ?? '').includes('text/html')) {
      const cache = await caches.open(SHELL_CACHE)
      await cache.put(SHELL_URL, response.clone())
    }
    return response
  } catch (error) {
    const shell = await caches.match(SHELL_URL)
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
    event.respondWith(fromNetworkOrShell(request))
    return
  }
  if (url.pathname.startsWith('/assets/') || /\.(?:svg|png|webmanifest|woff2?)$/.test(url.pathname)) {
    event.respondWith(fromCacheOrNetwork(request))
  }
})

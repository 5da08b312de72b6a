/** Production builds register the service worker that lets the app open offline. */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  window.addEventListener(
    'load',
    () => {
      navigator.serviceWorker.register('/sw.js').catch(() => {
        // Private mode or a blocked worker: the app works online as before.
      })
    },
    { once: true },
  )
}

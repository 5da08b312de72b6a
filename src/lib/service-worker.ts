/** Production builds register the service worker that lets the app open offline. */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Private mode or a blocked worker: the app works online as before.
    })
  }
  // The app may start after the page has loaded (src/app/boot.ts: a page painted from its HTML first).
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}

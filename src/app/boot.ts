// The page's entry (index.html). A page whose first view came in the HTML (src/app/prerender.tsx)
// is painted before the app's code is even asked for: the browser shows the page from the HTML
// and its inlined styles first, then loads and starts the app, which renders over the copy
// (src/app/main.tsx). A page without one (the plain app shell) starts the app at once.

// The site's base styles, in index.html's own stylesheet (inlined into pages that come with their
// first view), so they never wait for the app's code.
import webFaces from 'virtual:web-fonts'
import '@/styles/global.css'
import { nextTask } from './next-task'

/**
 * The text fonts, Inter and Fraunces, as FontFaces (scripts/vite-web-fonts.mjs). The styles name
 * them first in every font list (src/styles/tokens.css) but no @font-face rule declares them: until
 * they are added here, the browser skips the names and draws the text in local faces sized to theirs.
 * Adding a family's faces restyles only what the new faces change, where switching a custom property
 * on :root restyled the whole page (6 to 22 ms against 1 to 2 ms, measured in Chromium); its layout
 * remains. A face whose characters no text on the page uses is never fetched. A browser without the
 * font loading API (none current) keeps the local faces, and the app still starts.
 */
const families = (typeof FontFace === 'function' ? ['Inter Variable', 'Fraunces Variable'] : []).map((family) =>
  webFaces
    .filter((face) => face.family === family)
    .map(({ url, core, family: _family, ...descriptors }) => ({
      core,
      face: new FontFace(family, `url(${url}) format('woff2')`, { ...descriptors, display: 'swap' }),
    })),
)
let added = false
const addFaces = (faces: { face: FontFace }[]) => faces.forEach(({ face }) => document.fonts.add(face))
// A page the service worker serves has the fonts in its cache (vite-service-worker.mjs keeps them):
// set in them from the first paint.
if (navigator.serviceWorker?.controller) {
  families.forEach(addFaces)
  added = true
}
/**
 * On a first visit this waits for the first paint, like the app's code: the page from the HTML is
 * drawn in local faces, and the fonts' requests do not compete with the page for the network. It
 * fetches the core Latin faces, then switches: a font's first use is what costs (every word of the
 * page is shaped anew), so the switch comes in steps, the body text and then the headings, and each
 * step's styles are worked out at once (reading one makes the browser restyle) and its layout in
 * the next frame: short tasks instead of one long one.
 */
const loadWebFonts = () => {
  if (added) return
  added = true
  void Promise.allSettled(families.flat().flatMap(({ core, face }) => (core ? [face.load()] : []))).then(async () => {
    for (const faces of families) {
      addFaces(faces)
      void getComputedStyle(document.body).fontFamily
      await new Promise((laidOut) => requestAnimationFrame(() => setTimeout(laidOut, 0)))
    }
  })
}

let started = false
const start = () => {
  if (started) return
  started = true
  loadWebFonts()
  // React's code runs in a task of its own, then the router's, then the app's: each is a short
  // task instead of one long one (vite.config.ts puts them in three chunks).
  void (async () => {
    await import('./framework')
    await nextTask()
    await import('./router')
    await nextTask()
    await import('./main')
  })()
}

/** Calls `then` once the browser has shown the first contentful paint (its presentation, not just the frame). */
function afterFirstContentfulPaint(then: () => void) {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return requestAnimationFrame(() => setTimeout(then, 0))
  if (painted()) return then()
  const observer = new PerformanceObserver(() => {
    if (!painted()) return
    observer.disconnect()
    setTimeout(then, 0)
  })
  observer.observe({ type: 'paint' })
  // A page whose first frames show nothing contentful still starts, a moment after them.
  requestAnimationFrame(() => setTimeout(then, 1000))
}

/**
 * Calls `then` once the page's lead image (an <img fetchpriority="high">: an article's cover, its
 * largest paint) is on the screen, or has failed: nothing competes with it for the network.
 */
function afterLeadImage(then: () => void) {
  const image = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]')
  if (!image) return then()
  let done = false
  const go = () => {
    if (done) return
    done = true
    observer?.disconnect()
    then()
  }
  // On the screen as the browser reports it: its largest-paint entry comes once the frame with the
  // image has been presented, which is later than the frame's own callbacks.
  const observer = PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
    ? new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => (entry as LargestContentfulPaint).element === image)) setTimeout(go, 0)
      })
    : undefined
  observer?.observe({ type: 'largest-contentful-paint', buffered: true })
  // Not reported when it is not the largest paint (or after the reader has scrolled): a moment
  // after the frame that draws it.
  const drawn = () => requestAnimationFrame(() => setTimeout(go, observer ? 300 : 0))
  if (image.complete) drawn()
  else {
    image.addEventListener('load', drawn, { once: true })
    image.addEventListener('error', go, { once: true })
  }
}

if (document.getElementById('root')?.dataset.prerendered === undefined) start()
else if (document.visibilityState === 'hidden') {
  // A tab opened in the background paints nothing: start now.
  start()
} else {
  // Once the page from the HTML is on the screen: the app's code does not compete with it for
  // the network or the main thread. No fixed timer: a busy phone's first frame can take longer.
  afterFirstContentfulPaint(() => afterLeadImage(start))
  document.addEventListener('visibilitychange', start, { once: true })
}

// The page's entry (index.html). A page whose first view came in the HTML (src/prerender.tsx)
// is painted before the app's code is even asked for: the browser shows the page from the HTML
// and its inlined styles first, then loads and starts the app, which renders over the copy
// (src/main.tsx). A page without one (the plain app shell) starts the app at once.

// The site's fonts and base styles, in index.html's own stylesheet (inlined into pages that
// come with their first view), so they never wait for the app's code.
import '@fontsource-variable/inter'
import '@fontsource-variable/fraunces'
import './styles/global.css'

let started = false
const start = () => {
  if (started) return
  started = true
  void import('./main')
}

if (document.getElementById('root')?.dataset.prerendered !== undefined) {
  // After the next frame has been painted (or soon anyway, where no frame comes: a hidden tab).
  requestAnimationFrame(() => setTimeout(start, 0))
  setTimeout(start, 250)
} else {
  start()
}

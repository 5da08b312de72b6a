import '@fontsource-variable/inter'
import '@fontsource-variable/fraunces'
import './styles/global.css'
import { QueryClientProvider } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { startSession } from './features/auth'
import { createQueryClient } from './lib/query-client'
import { registerServiceWorker } from './lib/service-worker'
import { routeTree } from './routeTree.gen'

startSession()
registerServiceWorker()
const queryClient = createQueryClient()

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

/**
 * The page's prerendered first view (scripts/prerender.mjs) stays inert until the app's first
 * render replaces it; then the page is live.
 */
function Live({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useLayoutEffect(() => {
    if (container.dataset.prerendered === undefined) return
    for (const name of ['inert', 'aria-hidden', 'data-prerendered']) container.removeAttribute(name)
    // Someone already reading the copy stays where they are (the router would start at the top).
    window.removeEventListener('scroll', followScroll)
    const { scrollX, scrollY } = prerenderedScroll
    if (scrollX || scrollY) window.scrollTo(scrollX, scrollY)
  }, [container])
  return children
}

/** Where the prerendered copy was scrolled to when the app replaced it. */
const prerenderedScroll = { scrollX: 0, scrollY: 0 }
const followScroll = () => Object.assign(prerenderedScroll, { scrollX: window.scrollX, scrollY: window.scrollY })

async function start() {
  if (import.meta.env.MODE === 'mock') {
    const { worker } = await import('../mocks/browser')
    await worker.start({ onUnhandledRequest: 'warn' })
  }
  const container = document.getElementById('root')!
  // Over a prerendered page, render once its route is ready: the first render then shows the
  // page, not a frame waiting for the page's code.
  if (container.dataset.prerendered !== undefined) {
    followScroll()
    window.addEventListener('scroll', followScroll, { passive: true })
    await router.load().catch(() => {})
  }
  const root = createRoot(container)
  // As a transition, the first render yields to the browser every few milliseconds instead
  // of holding the main thread for the whole tree (one long task of several hundred ms on a
  // slow phone: input waits, Lighthouse's Total Blocking Time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Live container={container}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </Live>
      </StrictMode>,
    ),
  )
}

void start()

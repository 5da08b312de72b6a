import '@/styles/global.css'
import { hydrate, QueryClientProvider } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { startTransition, StrictMode, useEffect, useLayoutEffect, useState, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { startSession } from '@/features/auth'
import { createQueryClient } from '@/lib/query-client'
import { nextTask } from './next-task'
import { PAGE_DATA_ID } from './page-data'
import { HydratedContext } from '@/lib/use-hydrated'
import { registerServiceWorker } from '@/lib/service-worker'
import { routeTree } from '@/routeTree.gen'

startSession()
registerServiceWorker()
const queryClient = createQueryClient()

/** Over a prerendered copy, whoever already scrolled it stays where they are when the app takes over. */
let keepScroll = document.getElementById('root')?.dataset.prerendered !== undefined

/** The app's router, made in start()'s first task rather than as this module runs: two short tasks. */
const makeRouter = () =>
  createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // Asked once per rendered location: every page but the copy's starts at the top (or where it was left).
    scrollRestoration: () => {
      const restore = !keepScroll
      keepScroll = false
      return restore
    },
  })

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>
  }
}

/**
 * The page's prerendered first view (scripts/prerender.mjs) stays inert until the app's first
 * render replaces it or, over a copy the app hydrates, until the copy is the app's. React
 * hydrates the page's frame first and the parts inside Suspense boundaries (the route's page) in
 * later passes; the render after the first flips HydratedContext, which makes React hydrate every
 * part still waiting before it commits. Only then is the page live: its controls get back their
 * labels and state, and nothing of it can be typed into before it is the app's.
 */
function Live({ container, hydrating, children }: { container: HTMLElement; hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating)
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true))
  }, [hydrated])
  useLayoutEffect(() => {
    if (!hydrated || container.dataset.prerendered === undefined) return
    restoreCopy(container)
    for (const name of ['inert', 'data-prerendered']) container.removeAttribute(name)
    showToAssistiveTechnology(container)
  }, [container, hydrated])
  return <HydratedContext value={hydrated}>{children}</HydratedContext>
}

async function start() {
  if (import.meta.env.MODE === 'mock') {
    const { worker } = await import('../../mocks/browser')
    await worker.start({ onUnhandledRequest: 'warn' })
  }
  const container = document.getElementById('root')!
  const copy = container.dataset.prerendered
  const copiedPath = window.location.pathname
  // The app's modules ran in this task; the router is made in the next, the route's own work after.
  await nextTask()
  const router = makeRouter()
  await nextTask()
  // The copy's data (src/app/prerender-page.ts), so the route finds what the copy was drawn from and
  // renders the same; it refreshes later as any data does. Data that cannot be read is left out:
  // the route then asks the API.
  const data = copy === '' ? document.getElementById(PAGE_DATA_ID)?.textContent : undefined
  try {
    if (data) hydrate(queryClient, JSON.parse(data))
  } catch {
    queryClient.clear()
  }
  // Over a prerendered page, render once its route is ready: the first render then shows the
  // page, not a frame waiting for the page's code. The route's code comes first (each of its
  // chunks is asked for from script, a cost per chunk), its loading in a task of its own.
  if (copy !== undefined) {
    const routes = router.matchRoutes(router.state.location).map((match) => router.routesById[match.routeId as keyof typeof router.routesById])
    await Promise.all(routes.map((route) => router.loadRouteChunk(route))).catch(() => {})
    await nextTask()
    await router.load().catch(() => {})
  }
  // Over the prerendered copy of this very page the app takes the copy's elements over
  // (hydrates them) instead of drawing the page again: nothing is painted twice, and the copy's
  // text stays the page's largest paint. What only the browser knows (a signed-in visitor, a
  // saved draft) renders as in Node first and changes right after (useHydrated, the stores'
  // server snapshots); should a part still differ, React draws that part afresh (and reports it
  // in the console). Over a stand-in (a page the browser decides, shown as its pending view) or
  // a page the browser went on from (a signed-in visitor sent on from /userlogin), the app draws
  // the page and replaces the copy, as it does without one.
  const hydrating = copy === '' && router.state.location.pathname === copiedPath
  const app = (
    <StrictMode>
      <Live container={container} hydrating={hydrating}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </Live>
    </StrictMode>
  )
  if (!hydrating) {
    // As a transition, the first render yields to the browser every few milliseconds instead of
    // holding the main thread for the whole tree (one long task on a slow phone).
    const root = createRoot(container)
    startTransition(() => root.render(app))
    return
  }
  // The router renders the tree it renders in Node (no Suspense boundary of its own at the top),
  // as it does over a page it rendered on a server itself.
  router.ssr = { manifest: undefined }
  startTransition(() => {
    hydrateRoot(container, app)
  })
}

/**
 * Takes the copy's aria-hidden off #root. A dialog that opened over the copy (the sign-in page's)
 * has taken that over: it marks #root data-aria-hidden and, finding #root hidden already, leaves
 * it hidden when it closes. Then #root is shown once that dialog has closed.
 */
function showToAssistiveTechnology(container: HTMLElement) {
  if (!container.hasAttribute('data-aria-hidden')) return container.removeAttribute('aria-hidden')
  const observer = new MutationObserver(() => {
    if (container.hasAttribute('data-aria-hidden')) return
    observer.disconnect()
    container.removeAttribute('aria-hidden')
  })
  observer.observe(container, { attributes: true, attributeFilter: ['data-aria-hidden'] })
}

/**
 * Puts back what src/app/prerender-page.ts took off the copy's controls (their labels, their state),
 * as the app rendered them: hydration leaves attributes as it finds them.
 */
function restoreCopy(container: HTMLElement) {
  for (const element of container.querySelectorAll(
    '[data-copy-disabled], [data-copy-for], [data-copy-aria-label], [data-copy-aria-labelledby], [data-copy-placeholder]',
  )) {
    for (const { name, value } of [...element.attributes]) {
      if (!name.startsWith('data-copy-')) continue
      element.removeAttribute(name)
      if (name === 'data-copy-disabled') element.removeAttribute('disabled')
      else element.setAttribute(name.slice('data-copy-'.length), value)
    }
  }
}

void start()

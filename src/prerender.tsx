// The app rendered in Node: a page's first view as HTML, so the browser paints it before the
// app's JavaScript has run. The build renders the pages that need no data
// (scripts/prerender.mjs); the server renders the library and article pages from its own API
// (server/http/page-render.ts). The app then renders over it (src/main.tsx); nothing is hydrated.

import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { setApiBaseUrl } from './lib/api-client'
import { createQueryClient } from './lib/query-client'
import { routeTree } from './routeTree.gen'

/**
 * The markup of #root for `path` (with its search) as a guest sees it, after the route's
 * loaders have run against the API at `apiBase` (when given; reached with `fetch`). Throws
 * when the route did not load (an error, a page that does not exist): the app handles those.
 */
export async function render(path: string, { apiBase, fetch }: { apiBase?: string; fetch?: typeof globalThis.fetch } = {}): Promise<string> {
  if (apiBase) setApiBaseUrl(apiBase, fetch)
  const queryClient = createQueryClient()
  const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [path] }) })
  try {
    await router.load()
    const failed = router.state.matches.find((match) => match.status !== 'success')
    if (failed) throw new Error(`prerender: ${path} did not load (${failed.routeId}: ${failed.status})`)
    return renderToString(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )
  } finally {
    // No timers left behind in a long-running server (the cache would collect in 5 minutes).
    queryClient.clear()
  }
}

export { composePage, hasContent, readBuild } from './prerender-page'

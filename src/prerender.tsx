// Build-time entry (scripts/prerender.mjs): a page's first view as HTML, rendered in Node
// with the real route tree, so the browser paints it before the app's JavaScript has run.
// The app then renders over it (src/main.tsx); nothing is hydrated.

import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { createQueryClient } from './lib/query-client'
import { routeTree } from './routeTree.gen'

/** The markup of #root for `path` as a guest sees it before any data has loaded. */
export async function render(path: string): Promise<string> {
  const queryClient = createQueryClient()
  const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [path] }) })
  await router.load()
  const failed = router.state.matches.find((match) => match.status !== 'success')
  if (failed) throw new Error(`prerender: ${path} did not load (${failed.routeId}: ${failed.status})`)
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

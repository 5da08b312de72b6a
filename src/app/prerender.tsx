// The app rendered in Node: a page's first view as HTML, so the browser paints it before the
// app's JavaScript has run. The build renders the pages that are the same for every guest
// (scripts/prerender.mjs); the server renders every other page path per request from its own
// API (server/http/page-render.ts). The app then hydrates it, starting from the data it was
// rendered from (src/app/main.tsx).

import { dehydrate, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query'
import { createMemoryHistory, createRouter, RouterProvider, type AnyRoute } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import type { ArticleDetail, Paginated, ArticleCard } from '~contract/library.ts'
import type { LocationDetail } from '~contract/locations.ts'
import { PAGE_SIZE_DEFAULT } from '~contract/library.ts'
import { setApiBaseUrl } from '@/lib/api-client'
import { createQueryClient } from '@/lib/query-client'
import { routeTree } from '@/routeTree.gen'
import type { PageHead } from './prerender-page'

/**
 * What the server answers for a page path: its status, #root's markup and the page's head tags;
 * `standIn` when the markup is not the page itself but its pending view (a page the browser
 * decides, see `clientOnly`): the app then draws the page instead of taking that markup over.
 * `data` is what the page was rendered from (the query cache's answers): the app starts from the
 * same, so its first render is the copy's markup even if the API has moved on since.
 */
export type RenderedPage = { status: 200 | 404; markup: string; head: PageHead; standIn?: boolean; data: DehydratedState }

/**
 * Pages whose route redirects in Node (a guest is sent to sign in) render with their route's
 * pending view instead: the server cannot tell a signed-in visitor (the session lives in the
 * browser), and the pending view is right for both until the app decides.
 */
const clientOnly = new Set<string>()
for (const route of Object.values(createRouter({ routeTree, context: { queryClient: createQueryClient() } }).routesById) as AnyRoute[]) {
  if (!route.options.beforeLoad) continue
  const own: unknown = route.options.ssr
  route.options.ssr = (context: { location: { pathname: string } }) =>
    clientOnly.has(context.location.pathname) ? false : (own as boolean | undefined)
}

/**
 * The page at `path` (with its search) as a guest first sees it, after the route's loaders have
 * run against the API at `apiBase` (when given; reached with `fetch`): 404 with the app's
 * not-found view for a page, article, place or category that does not exist. Throws when the
 * page failed to load for another reason (the API down): the app then handles it in the browser.
 */
export async function render(path: string, { apiBase, fetch }: { apiBase?: string; fetch?: typeof globalThis.fetch } = {}): Promise<RenderedPage> {
  if (apiBase) setApiBaseUrl(apiBase, fetch)
  let href = path
  // A route may send the page elsewhere (search params put in their canonical form, a guest
  // sent to sign in): the first is rendered as its canonical address, the second client-only.
  for (let hop = 0; hop < 3; hop++) {
    const page = await renderOnce(href)
    if (page.kind === 'page') return page.page
    const target = new URL(page.href, 'http://waypoint.internal')
    if (target.pathname !== new URL(href, 'http://waypoint.internal').pathname) {
      clientOnly.add(new URL(href, 'http://waypoint.internal').pathname)
      try {
        const again = await renderOnce(href)
        if (again.kind === 'page') return { ...again.page, standIn: true }
      } finally {
        clientOnly.delete(new URL(href, 'http://waypoint.internal').pathname)
      }
      throw new Error(`prerender: ${path} redirects to ${page.href}`)
    }
    href = `${target.pathname}${target.search}`
  }
  throw new Error(`prerender: ${path} redirects too often`)
}

const VIEWS = ['component', 'pendingComponent', 'errorComponent', 'notFoundComponent'] as const

type Once = { kind: 'page'; page: RenderedPage } | { kind: 'redirect'; href: string }

async function renderOnce(path: string): Promise<Once> {
  const queryClient = createQueryClient()
  // One answer per question: a retry would hold the page past the server's wait for it.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [path] }) })
  try {
    await router.load()
    const result = (
      router as unknown as {
        _serverResult?: { type: 'render' | 'redirect'; status?: number; redirect?: { options?: { href?: string }; href?: string } }
      }
    )._serverResult
    if (result?.type === 'redirect') {
      const href = result.redirect?.options?.href ?? result.redirect?.href
      if (!href) throw new Error(`prerender: ${path} redirects nowhere`)
      return { kind: 'redirect', href }
    }
    const matches = router.state.matches
    const failed = matches.find((match) => match.status === 'error')
    if (failed || (result?.status ?? 200) >= 500) throw new Error(`prerender: ${path} did not load (${failed?.routeId ?? 'a route'} failed)`)
    // The code of every view the matched routes may show (a route rendered client-only shows
    // its pending view, whose code the router has not asked for): renderToString cannot wait.
    await Promise.all(
      matches.flatMap((match) => {
        const options = ((router.routesById as unknown as Record<string, AnyRoute>)[match.routeId]?.options ?? {}) as Record<
          string,
          { preload?: () => Promise<void> } | undefined
        >
        return VIEWS.map((view) => options[view]?.preload?.())
      }),
    )
    const missing =
      (result?.status ?? 200) === 404 ||
      matches.some((match) => match.status === 'notFound' || (match as { _notFound?: boolean })._notFound) ||
      showsNotFound(router.state.location, queryClient)
    // Parts of a page that load their code later (the home page's lower sections) stay as their
    // placeholders, as they are in the app's first frame over this copy.
    const markup = renderToString(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )
    return {
      kind: 'page',
      page: {
        status: missing ? 404 : 200,
        markup,
        head: headOf(matches.at(-1)?.routeId, matches.at(-1)?.params as Record<string, string> | undefined, queryClient),
        data: dehydrate(queryClient),
      },
    }
  } finally {
    // No timers left behind in a long-running server (the cache would collect in 5 minutes).
    queryClient.clear()
  }
}

/**
 * Pages that show a not-found view of their own instead of the router's: the library for a
 * category or topic it does not have, and lists asked for a page past their end.
 */
function showsNotFound(location: { pathname: string; search: Record<string, unknown> }, queryClient: QueryClient): boolean {
  const search = location.search as { category?: string; sub_category?: string; page?: number }
  if (location.pathname === '/library') {
    const categories = queryClient.getQueryData<{ slug: string; sub_category: { slug: string }[] }[]>(['library', 'categories'])
    const category = categories?.find((c) => c.slug === search.category)
    if (search.category !== undefined && categories && !category) return true
    if (
      search.sub_category !== undefined &&
      categories &&
      !(category ? [category] : categories).some((c) => c.sub_category.some((s) => s.slug === search.sub_category))
    )
      return true
  }
  if ((location.pathname === '/library' || location.pathname === '/posts') && (search.page ?? 1) > 1) {
    const lists = queryClient.getQueriesData<Paginated<ArticleCard>>({ queryKey: ['library', 'articles'] })
    const pageShown = lists.find(([key]) => (key[2] as { page?: number } | undefined)?.page === search.page)?.[1]
    if (pageShown && (search.page! - 1) * PAGE_SIZE_DEFAULT >= pageShown.count) return true
  }
  return false
}

/** What a shared link shows: an article's own title, summary and cover; other pages' from their markup (prerender-page.ts). */
function headOf(routeId: string | undefined, params: Record<string, string> | undefined, queryClient: QueryClient): PageHead {
  if (routeId === '/articles/$slug' && params?.slug) {
    const article = queryClient.getQueryData<ArticleDetail>(['library', 'article', params.slug])
    if (article) {
      // The cover's PNG twin (server/routes/library.ts), at the same version.
      const image = { url: article.cover.replace(/\.svg(?=\?|$)/, '.png'), alt: `${article.category.title}: ${article.title}` }
      return { title: article.title, description: article.summary, image, type: 'article' }
    }
  }
  if (routeId === '/$country/$location' && params?.country && params.location) {
    const place = queryClient.getQueryData<LocationDetail>(['locations', 'place', params.country, params.location])
    if (place) {
      const url = `/api/locations/${encodeURIComponent(params.country)}/${encodeURIComponent(params.location)}/card.png`
      return { image: { url, alt: `The flag of ${place.country.name} beside the name ${place.location}` } }
    }
  }
  return {}
}

export { composePage, hasContent, readBuild } from './prerender-page'

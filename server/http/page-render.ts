import { existsSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Log } from '../log.ts'

/**
 * The search params that change a page's first view, per page (the rest do not reach the
 * renderer, so a made-up query string cannot make the server render a page again). Secrets
 * (`token`) are replaced by a stand-in: the first view shows only whether there is one.
 */
const PAGE_PARAMS: Record<string, Record<string, 'value' | 'secret'>> = {
  '/library': { category: 'value', sub_category: 'value', page: 'value' },
  '/posts': { page: 'value' },
  '/search': { title: 'value' },
  '/userlogin': { loginfrom: 'value', redirect: 'value' },
  '/reset-password': { token: 'secret' },
  '/verify-email': { token: 'secret' },
  '/newsletter/confirm': { token: 'secret' },
  '/newsletter/unsubscribe': { token: 'secret' },
}
/** A rendered page is reused this long (content changes with a deploy or a seed, not by the minute). */
const FRESH_MS = 60_000
/** Rendered pages kept at most (library filters and pages, articles, places, searches). */
const MAX_PAGES = 500
/** Past this, the page goes out as the plain app shell and the rendering finishes for the next visitor. */
const WAIT_MS = 1500

/** A page as the server sends it: its status and its HTML. */
export type RenderedHtml = { status: 200 | 404; html: string }

type PageHead = Record<string, string | undefined>
type Bundle = {
  render(
    path: string,
    options: { apiBase: string; fetch: typeof fetch },
  ): Promise<{ status: 200 | 404; markup: string; head: PageHead; standIn?: boolean; data: { queries: unknown[] } }>
  composePage(
    shell: string,
    markup: string,
    stylesheets: unknown[],
    options: { head: PageHead; standIn?: boolean; data: { queries: unknown[] } },
  ): string
  hasContent(markup: string, options: { headed: boolean }): boolean
  readBuild(clientDir: string): { shell: string; stylesheets: unknown[] }
}
type Build = { shell: string; stylesheets: unknown[]; bundle: Bundle }

/**
 * Renders any page path per request with the app's Node bundle (dist/prerender,
 * src/app/prerender.tsx), reading the API through `api` in-process, so a browser paints the page
 * (cover images included) before the app's JavaScript runs, and the answer says 404 for a page,
 * article, place or category that does not exist. Any other failure, a slow render or a
 * missing bundle answers null: the page then goes out as the plain app shell.
 */
export function pageRenderer(staticDir: string, api: (request: Request) => Response | Promise<Response>, log: Log) {
  const bundleFile = join(dirname(staticDir), 'prerender', 'prerender.js')
  const pages = new Map<string, { at: number; html: Promise<RenderedHtml | null> }>()
  let build: Promise<Build | null> | undefined
  let buildVersion = -1
  const apiFetch: typeof fetch = async (input, init) => api(new Request(input, init))

  /** The bundle, the shell and the stylesheets of the current build (loaded again after a new build). */
  function currentBuild(): Promise<Build | null> {
    let version: number
    try {
      version = statSync(join(staticDir, 'index.html')).mtimeMs
      if (!existsSync(bundleFile)) return Promise.resolve(null)
    } catch {
      return Promise.resolve(null)
    }
    if (version !== buildVersion || !build) {
      // A new build: pages rendered with the old one are dropped.
      buildVersion = version
      pages.clear()
      build = (async () => {
        // React's production build: the development one writes error messages into the page.
        process.env.NODE_ENV ??= 'production'
        // A new build writes a new bundle file: the query string makes Node load it again.
        const bundle = (await import(`${pathToFileURL(bundleFile).href}?v=${version}`)) as Bundle
        return { ...bundle.readBuild(staticDir), bundle }
      })().catch((error: unknown) => {
        log.warn('pages: the prerender bundle does not load; pages go out as the app shell', error)
        return null
      })
    }
    return build
  }

  async function renderPage(path: string): Promise<RenderedHtml | null> {
    const current = await currentBuild()
    if (!current) return null
    try {
      const { status, markup, head, standIn, data } = await current.bundle.render(path, { apiBase: 'http://waypoint.internal/api', fetch: apiFetch })
      return current.bundle.hasContent(markup, { headed: false })
        ? { status, html: current.bundle.composePage(current.shell, markup, current.stylesheets, { head, standIn, data }) }
        : null
    } catch {
      return null // content the API could not give (or a page that failed in Node): the app handles it
    }
  }

  return {
    /** The page's status and HTML with its first view, or null to send the plain app shell. */
    async html(path: string, search: string): Promise<RenderedHtml | null> {
      const params = new URLSearchParams(search)
      const kept = new URLSearchParams()
      for (const [name, kind] of Object.entries(PAGE_PARAMS[path] ?? {})) {
        const value = params.get(name)
        if (value && value.length <= 200) kept.set(name, kind === 'secret' ? 'x' : value)
      }
      const key = kept.size ? `${path}?${kept}` : path
      const now = Date.now()
      let page = pages.get(key)
      if (!page || now - page.at > FRESH_MS) {
        if (pages.size >= MAX_PAGES) pages.clear()
        page = { at: now, html: renderPage(key) }
        pages.set(key, page)
      }
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), WAIT_MS)))
      try {
        return await Promise.race([page.html, late])
      } finally {
        clearTimeout(timer)
      }
    },
  }
}

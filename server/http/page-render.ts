import { existsSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Log } from '../log.ts'

/** The library and article pages: their first view depends on content in the database. */
const RENDERED = /^\/(?:library|articles\/[a-z0-9]+(?:-[a-z0-9]+)*)$/
/** The library's search params (src/routes/library.tsx). */
const LIBRARY_PARAMS = ['category', 'sub_category', 'page']
/** A rendered page is reused this long (content changes with a deploy or a seed, not by the minute). */
const FRESH_MS = 60_000
/** Rendered pages kept at most (library filters and pages, articles). */
const MAX_PAGES = 300
/** Past this, the page goes out as the plain app shell and the rendering finishes for the next visitor. */
const WAIT_MS = 1500

type Bundle = {
  render(path: string, options: { apiBase: string; fetch: typeof fetch }): Promise<string>
  composePage(shell: string, markup: string, stylesheets: unknown[]): string
  hasContent(markup: string): boolean
  readBuild(clientDir: string): { shell: string; stylesheets: unknown[] }
}
type Build = { shell: string; stylesheets: unknown[]; bundle: Bundle }

/**
 * Renders the library and article pages per request with the app's Node bundle (dist/prerender,
 * src/prerender.tsx), reading the API through `api` in-process, so a browser paints the page
 * (cover images included) before the app's JavaScript runs. Any failure, a slow render or a
 * missing bundle answers null: the page then goes out as the plain app shell, as before.
 */
export function pageRenderer(staticDir: string, api: (request: Request) => Response | Promise<Response>, log: Log) {
  const bundleFile = join(dirname(staticDir), 'prerender', 'prerender.js')
  const pages = new Map<string, { at: number; html: Promise<string | null> }>()
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

  async function renderPage(path: string): Promise<string | null> {
    const current = await currentBuild()
    if (!current) return null
    try {
      const markup = await current.bundle.render(path, { apiBase: 'http://waypoint.internal/api', fetch: apiFetch })
      return current.bundle.hasContent(markup) ? current.bundle.composePage(current.shell, markup, current.stylesheets) : null
    } catch {
      return null // a page that does not exist, or content the API could not give: the app handles it
    }
  }

  return {
    /** Whether `path` is a page this renders. */
    handles: (path: string) => RENDERED.test(path),
    /** The page's HTML with its first view, or null to send the plain app shell. */
    async html(path: string, search: string): Promise<string | null> {
      // Only what changes the page's first view (the library's filters and page), so a made-up
      // query string cannot make the server render a page again.
      const params = new URLSearchParams(search)
      const kept = new URLSearchParams()
      for (const name of path === '/library' ? LIBRARY_PARAMS : []) {
        const value = params.get(name)
        if (value && /^[a-z0-9-]{1,80}$/.test(value)) kept.set(name, value)
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

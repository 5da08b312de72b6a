import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { MiddlewareHandler } from 'hono'

const missingBuild = (staticDir: string) =>
  `Waypoint's web app is not built yet (${staticDir} is missing).\n` +
  'Run `npm run build`, then reload this page.\n' +
  'The API under /api works without it.\n'

const noop = async () => {}

/**
 * Serves the built SPA: vite's hashed /assets/* cached for a year, everything else
 * revalidated; any other page path that a browser navigates to gets index.html.
 */
export function spa(staticDir: string, options: { analyticsTagId?: string } = {}): MiddlewareHandler {
  // Made on first use: serveStatic complains at creation when the folder is missing.
  let files: MiddlewareHandler | undefined
  let indexPage: MiddlewareHandler | undefined
  const tagPage = options.analyticsTagId ? taggedIndex(staticDir, options.analyticsTagId) : undefined

  return async function spa(c, next) {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    // Checked per request so a build made while the server runs is picked up.
    if (!existsSync(join(staticDir, 'index.html'))) {
      c.header('Cache-Control', 'no-store')
      return c.text(missingBuild(staticDir), 503)
    }
    files ??= serveStatic({ root: staticDir })
    indexPage ??= serveStatic({ root: staticDir, path: 'index.html' })

    const isAsset = c.req.path.startsWith('/assets/')
    const wantsPage = !isAsset && (c.req.header('Accept') ?? '').includes('text/html')
    if (tagPage && wantsPage && (c.req.path === '/' || c.req.path === '/index.html' || !existsSync(join(staticDir, c.req.path)))) {
      c.header('Cache-Control', 'no-cache')
      return c.html(tagPage())
    }
    const file = await files(c, noop)
    if (file) {
      file.headers.set('Cache-Control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache')
      return file
    }
    if (!wantsPage) return next()
    const page = await indexPage(c, noop)
    page?.headers.set('Cache-Control', 'no-cache')
    return page ?? next()
  }
}

/**
 * index.html with the tag manager's container id in a meta tag, for the SPA to load after
 * consent (no inline script). Re-read when a new build replaces the file.
 */
function taggedIndex(staticDir: string, tagId: string) {
  const file = join(staticDir, 'index.html')
  let cached: { mtime: number; html: string } | undefined
  return () => {
    const mtime = statSync(file).mtimeMs
    if (cached?.mtime !== mtime) {
      const meta = `<meta name="waypoint-analytics-tag" content="${tagId}" />`
      cached = { mtime, html: readFileSync(file, 'utf8').replace('</head>', `    ${meta}\n  </head>`) }
    }
    return cached.html
  }
}

import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, MiddlewareHandler } from 'hono'
import type { pageRenderer } from './page-render.ts'

type PageRenderer = ReturnType<typeof pageRenderer>

const missingBuild = (staticDir: string) =>
  `Waypoint's web app is not built yet (${staticDir} is missing).\n` +
  'Run `npm run build`, then reload this page.\n' +
  'The API under /api works without it.\n'

const noop = async () => {}

/** The consent cookie (src/features/consent/consent-store.ts): a visitor with a choice gets no banner in the first view. */
const CONSENT_COOKIE = /(?:^|;\s*)waypoint_consent=(?:analytics|necessary)(?:;|$)/

/**
 * Serves the built SPA: vite's hashed /assets/* cached for a year, the other files of the build
 * revalidated (with an ETag once the file has been read whole). Every other path outside /api
 * is a page and gets HTML whatever the request's Accept header (a crawler fetching a shared
 * link, curl): its first view prerendered at build time (scripts/prerender.mjs) or rendered now
 * (`rendered`, with 404 for a page, article, place or category that does not exist), else
 * index.html. A page address with a trailing slash or capitals answers 301 to its own form.
 * Text goes out brotli- or gzip-compressed at the highest levels, compressed once per version
 * (the app's compress middleware gzips on the fly until that copy is ready).
 */
export function spa(
  staticDir: string,
  options: {
    analyticsTagId?: string
    publicUrl?: string
    rendered?: PageRenderer
    /** Where a page that is not here moved to (decoded path in, path out), if it did. */
    movedTo?: (path: string) => Promise<string | undefined>
  } = {},
): MiddlewareHandler {
  // Made on first use: serveStatic complains at creation when the folder is missing.
  let files: MiddlewareHandler | undefined
  const pageFiles = fileCache()
  const compressed = compressedCopies()

  /** A page's HTML as this visitor gets it: banner, tag manager and absolute Open Graph image. */
  function finish(c: Context, html: string): string {
    let page = html
    if (CONSENT_COOKIE.test(c.req.header('Cookie') ?? '')) page = withoutConsentBanner(page)
    if (options.analyticsTagId) page = withTag(page, options.analyticsTagId)
    const origin = options.publicUrl ?? new URL(c.req.url).origin
    return page.replace(/(<meta property="og:image" content=")\//, `$1${origin}/`)
  }

  async function sendPage(c: Context, html: string, status: 200 | 404): Promise<Response> {
    const page = finish(c, html)
    const response = new Response(c.req.method === 'HEAD' ? null : page, {
      status,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', Vary: 'Cookie' },
    })
    return compressed.text(c, response, page)
  }

  return async function spa(c, next) {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    // Checked per request so a build made while the server runs is picked up.
    if (!existsSync(join(staticDir, 'index.html'))) {
      c.header('Cache-Control', 'no-store')
      return c.text(missingBuild(staticDir), 503)
    }
    files ??= serveStatic({ root: staticDir })
    const path = c.req.path

    const isAsset = path.startsWith('/assets/')
    if (isAsset || (path !== '/' && isFile(staticDir, path))) {
      const file = await files(c, noop)
      if (!file) return next()
      file.headers.set('Cache-Control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache')
      // serveStatic answered, so the path is inside staticDir (it refuses '%', '..' and '//').
      return compressed.file(c, file, join(staticDir, path))
    }

    // A page. Its one address: no trailing slash, no capitals (every route and slug is lower-case).
    const { pathname, search } = new URL(c.req.url)
    const canonical = canonicalPath(pathname)
    if (canonical !== pathname) {
      c.header('Cache-Control', 'no-cache')
      return c.redirect(`${canonical}${search}`, 301)
    }
    const moved = await options.movedTo?.(safeDecode(pathname))
    if (moved) {
      c.header('Cache-Control', 'no-cache')
      return c.redirect(`${encodeURI(moved)}${search}`, 301)
    }
    const prerendered = prerenderedPage(staticDir, path)
    if (prerendered) return sendPage(c, pageFiles(prerendered), 200)
    // The address as a browser's router sees it (percent-escaped), as the app would render it.
    const rendered = await options.rendered?.html(pathname, search)
    if (rendered) return sendPage(c, rendered.html, rendered.status)
    return sendPage(c, pageFiles(join(staticDir, 'index.html')), 200)
  }
}

/**
 * The page without the first visit's cookie banner (marked data-consent-banner by
 * src/features/consent/components/consent-banner.tsx), for a visitor who already chose.
 */
const withoutConsentBanner = (html: string) => html.replace(/<section\b[^>]*\bdata-consent-banner=""[^>]*>[\s\S]*?<\/section>/, '')

const safeDecode = (path: string) => {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

/** Whether `path` names a file of the build (not a folder). */
function isFile(staticDir: string, path: string): boolean {
  try {
    return statSync(join(staticDir, decodeURIComponent(path))).isFile()
  } catch {
    return false
  }
}

/** A page's own address (`path` percent-escaped): no trailing slashes, ASCII capitals lower-cased (escapes kept as they are). */
function canonicalPath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path
  return trimmed.replace(/%[\dA-Fa-f]{2}|[A-Z]+/g, (part) => (part.startsWith('%') ? part : part.toLowerCase()))
}

/** A page file's text, read again when a new build replaces it. */
function fileCache() {
  const cached = new Map<string, { mtime: number; html: string }>()
  return (file: string) => {
    const mtime = statSync(file).mtimeMs
    let page = cached.get(file)
    if (page?.mtime !== mtime) {
      page = { mtime, html: readFileSync(file, 'utf8') }
      cached.set(file, page)
    }
    return page.html
  }
}

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml'])
/** Below this, compression does not pay (the compress middleware's threshold too). */
const MIN_BYTES = 1024
/** Compressed copies kept at most (bytes, all files): a few builds' worth. */
const MAX_CACHED_BYTES = 64 * 1024 * 1024

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

type Copy = { version: string; etag: string; br: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer>; bytes: number }

/**
 * Swaps serveStatic's answer for a compressed copy of the file made once per version
 * (size and mtime), or a page's answer for a copy of its text (per content): brotli at quality 11 when the client takes it, else gzip at level 9, with
 * an ETag (answered 304 on a match). The first request of a version gets serveStatic's
 * answer, and the copies are made in the background (zlib's thread pool). HEAD and range
 * requests are left to serveStatic.
 */
function compressedCopies() {
  const copies = new Map<string, Copy>()
  const making = new Map<string, Promise<void>>()
  let cachedBytes = 0

  function make(path: string, version: string, read: () => Promise<Buffer>) {
    const job = `${path}\0${version}`
    if (making.has(job)) return
    const work = (async () => {
      const body = await read()
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
        }),
        gzipped(body, { level: 9 }),
      ])
      const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`
      const old = copies.get(path)
      if (old) cachedBytes -= old.bytes
      if (cachedBytes > MAX_CACHED_BYTES) {
        copies.clear()
        cachedBytes = 0
      }
      const bytes = br.length + gz.length
      copies.set(path, { version, etag, br: bytesOf(br), gzip: bytesOf(gz), bytes })
      cachedBytes += bytes
    })()
      .catch(() => {}) // the file went away (a new build): the next request tries again
      .finally(() => making.delete(job))
    making.set(job, work)
  }

  /** The compressed copy of a file, or of a page's text (keyed by its content), when ready. */
  async function send(c: Context, response: Response, key: string, version: string, read: () => Promise<Buffer>): Promise<Response> {
    const copy = copies.get(key)
    if (copy?.version !== version) {
      make(key, version, read)
      return response
    }
    // A 404 page is compressed but not revalidated: its ETag would answer 304 for a missing page.
    if (response.status === 200) response.headers.set('ETag', copy.etag)
    const encoding = pickEncoding(c.req.header('Accept-Encoding'))
    const notModified = response.status === 200 && etagMatches(c.req.header('If-None-Match'), copy.etag)
    if (!encoding && !notModified) return response
    await response.body?.cancel()
    const headers = new Headers(response.headers)
    headers.set('Vary', 'Accept-Encoding')
    headers.delete('Content-Length')
    if (notModified) return new Response(null, { status: 304, headers })
    const body = encoding === 'br' ? copy.br : copy.gzip
    headers.set('Content-Encoding', encoding!)
    headers.set('Content-Length', String(body.byteLength))
    return new Response(body, { status: response.status, headers })
  }

  return {
    /** serveStatic's answer for `file`, swapped for its compressed copy when there is one. */
    async file(c: Context, response: Response, file: string): Promise<Response> {
      if (c.req.method !== 'GET' || response.status !== 200 || c.req.header('Range')) return response
      let path = file
      let version: string
      try {
        let stats = statSync(path)
        if (stats.isDirectory()) stats = statSync((path = join(path, 'index.html')))
        if (stats.size < MIN_BYTES || !COMPRESSIBLE.has(extname(path))) return response
        version = `${stats.size}-${stats.mtimeMs}`
      } catch {
        return response
      }
      return send(c, response, path, version, () => readFile(path))
    },
    /** A page made for this request (`text` is its body), compressed once per distinct text. */
    async text(c: Context, response: Response, text: string): Promise<Response> {
      if (c.req.method !== 'GET' || Buffer.byteLength(text) < MIN_BYTES) return response
      const version = createHash('sha1').update(text).digest('base64url')
      return send(c, response, `text:${version}`, version, async () => Buffer.from(text))
    },
  }
}

/** A Buffer's bytes as a plain Uint8Array view (what Response takes), without a copy. */
const bytesOf = (buffer: Buffer) => new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength)

/** 'br' or 'gzip' when Accept-Encoding takes it (q > 0; br first), else null. */
function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null
  const q = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const value = qParam ? Number(qParam.slice(2)) : 1
    q.set(name.trim(), Number.isFinite(value) ? value : 0)
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return null
}

function etagMatches(header: string | undefined, etag: string) {
  if (!header) return false
  const bare = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === bare
  })
}

/**
 * The page's prerendered first view (scripts/prerender.mjs writes dist/client/prerendered/
 * <page>.html, '/' as index.html), or null for pages without one.
 */
function prerenderedPage(staticDir: string, path: string): string | null {
  const name = path === '/' ? 'index' : /^\/[a-z0-9-]+$/.exec(path)?.[0].slice(1)
  if (!name) return null
  const file = join(staticDir, 'prerendered', `${name}.html`)
  return existsSync(file) ? file : null
}

/** A page naming the tag manager's container in a meta tag. */
const withTag = (html: string, tagId: string) => html.replace('</head>', `    <meta name="waypoint-analytics-tag" content="${tagId}" />\n  </head>`)

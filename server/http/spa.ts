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

/**
 * Serves the built SPA: vite's hashed /assets/* cached for a year, everything else
 * revalidated (with an ETag once the file has been read whole); any other page path that a
 * browser navigates to gets its first view prerendered at build time (scripts/prerender.mjs)
 * or rendered now (`rendered`: the library and articles), or else index.html. Text files go
 * out brotli- or gzip-compressed at the highest levels, compressed once per file version (the
 * app's compress middleware gzips on the fly until that copy is ready).
 */
export function spa(staticDir: string, options: { analyticsTagId?: string; rendered?: PageRenderer } = {}): MiddlewareHandler {
  // Made on first use: serveStatic complains at creation when the folder is missing.
  let files: MiddlewareHandler | undefined
  let indexPage: MiddlewareHandler | undefined
  const tagPage = options.analyticsTagId ? taggedIndex(options.analyticsTagId) : undefined
  const compressed = compressedCopies()

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
    const prerendered = wantsPage ? prerenderedPage(staticDir, c.req.path) : null
    if (tagPage && wantsPage && (prerendered || c.req.path === '/' || c.req.path === '/index.html' || !existsSync(join(staticDir, c.req.path)))) {
      c.header('Cache-Control', 'no-cache')
      return c.html(tagPage(prerendered ?? join(staticDir, 'index.html')))
    }
    if (wantsPage && !prerendered && c.req.method === 'GET' && options.rendered?.handles(c.req.path)) {
      const html = await options.rendered.html(c.req.path, new URL(c.req.url).search)
      if (html) {
        c.header('Cache-Control', 'no-cache')
        return c.html(options.analyticsTagId ? withTag(html, options.analyticsTagId) : html)
      }
    }
    if (prerendered) {
      const page = new Response(c.req.method === 'HEAD' ? null : await readFile(prerendered), { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' } })
      return compressed(c, page, prerendered)
    }
    const file = await files(c, noop)
    if (file) {
      file.headers.set('Cache-Control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache')
      // serveStatic answered, so the path is inside staticDir (it refuses '%', '..' and '//').
      return compressed(c, file, join(staticDir, c.req.path))
    }
    if (!wantsPage) return next()
    const page = await indexPage(c, noop)
    page?.headers.set('Cache-Control', 'no-cache')
    return page ? compressed(c, page, join(staticDir, 'index.html')) : next()
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
 * (size and mtime): brotli at quality 11 when the client takes it, else gzip at level 9, with
 * an ETag (answered 304 on a match). The first request of a version gets serveStatic's
 * answer, and the copies are made in the background (zlib's thread pool). HEAD and range
 * requests are left to serveStatic.
 */
function compressedCopies() {
  const copies = new Map<string, Copy>()
  const making = new Map<string, Promise<void>>()
  let cachedBytes = 0

  function make(path: string, version: string) {
    const job = `${path}\0${version}`
    if (making.has(job)) return
    const work = (async () => {
      const body = await readFile(path)
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } }),
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

  return async function compressed(c: Context, response: Response, file: string): Promise<Response> {
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
    const copy = copies.get(path)
    if (copy?.version !== version) {
      make(path, version)
      return response
    }
    response.headers.set('ETag', copy.etag)
    const encoding = pickEncoding(c.req.header('Accept-Encoding'))
    const notModified = etagMatches(c.req.header('If-None-Match'), copy.etag)
    if (!encoding && !notModified) return response
    await response.body?.cancel()
    const headers = new Headers(response.headers)
    headers.set('Vary', 'Accept-Encoding')
    headers.delete('Content-Length')
    if (notModified) return new Response(null, { status: 304, headers })
    const body = encoding === 'br' ? copy.br : copy.gzip
    headers.set('Content-Encoding', encoding!)
    headers.set('Content-Length', String(body.byteLength))
    return new Response(body, { status: 200, headers })
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

/**
 * A page (index.html or a prerendered one) with the tag manager's container id in a meta tag,
 * for the SPA to load after consent (no inline script). Re-read when a new build replaces it.
 */
function taggedIndex(tagId: string) {
  const cached = new Map<string, { mtime: number; html: string }>()
  return (file: string) => {
    const mtime = statSync(file).mtimeMs
    let page = cached.get(file)
    if (page?.mtime !== mtime) {
      page = { mtime, html: withTag(readFileSync(file, 'utf8'), tagId) }
      cached.set(file, page)
    }
    return page.html
  }
}

/** A page naming the tag manager's container in a meta tag. */
const withTag = (html: string, tagId: string) => html.replace('</head>', `    <meta name="waypoint-analytics-tag" content="${tagId}" />\n  </head>`)

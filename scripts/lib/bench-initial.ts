// The initial-load sizes of `npm run bench`: the JS and CSS files a page loads in headless
// Chromium (or, without a browser, a static estimate from dist/client/index.html), with their
// gzip -9 sizes, and the largest lazy chunks.

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { withFreshProfile } from './bench-browser.ts'
import { CLIENT, gzipSize, kb } from './bench-helpers.ts'

/** A JS or CSS file a page loaded (or index.html names), with its gzip -9 size. */
export type LoadedFile = { kind: 'js' | 'css'; pathname: string; bytes: number }

/** dist/client file for a URL path, or null when it is not a built file. */
function readBuilt(pathname: string): Buffer | null {
  try {
    return readFileSync(join(CLIENT, decodeURIComponent(pathname)))
  } catch {
    return null
  }
}

/**
 * Load each path in headless Chromium (one page each, in order, one profile: the first one
 * cold); per path, the gzip sizes of every JS and CSS response until network idle.
 */
export async function measureInBrowser(url: string, executablePath: string, paths = ['/']): Promise<Map<string, LoadedFile[]>> {
  return withFreshProfile(executablePath, { viewport: { width: 1280, height: 800 } }, async (ctx) => {
    const byPath = new Map<string, LoadedFile[]>()
    for (const path of paths) {
      const page = await ctx.newPage()
      const pending: Promise<LoadedFile>[] = []
      page.on('response', (res) => {
        const { pathname } = new URL(res.url())
        const type = res.request().resourceType()
        const kind = type === 'script' || /\.m?js$/.test(pathname) ? 'js' : type === 'stylesheet' || pathname.endsWith('.css') ? 'css' : null
        if (!kind || res.status() >= 300) return
        pending.push(
          res
            .body()
            .catch(() => readBuilt(pathname))
            .then((body): LoadedFile => ({ kind, pathname, bytes: body ? gzipSize(body) : 0 })),
        )
      })
      await page.goto(`${url}${path}`, { waitUntil: 'networkidle', timeout: 60_000 })
      const files = await Promise.all(pending)
      await page.close()
      const seen = new Map<string, LoadedFile>()
      for (const f of files) seen.set(f.pathname, f)
      byPath.set(path, [...seen.values()])
    }
    return byPath
  })
}

/** Entry script + modulepreload + stylesheet links of dist/client/index.html. */
export function estimateFromHtml(): LoadedFile[] {
  const html = readFileSync(join(CLIENT, 'index.html'), 'utf8')
  const files: LoadedFile[] = []
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const attr = (name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1]
    let kind: LoadedFile['kind'] | null = null
    let ref: string | undefined
    if (tag.startsWith('<script') && (ref = attr('src'))) kind = 'js'
    else if (tag.startsWith('<link') && attr('rel') === 'modulepreload' && (ref = attr('href'))) kind = 'js'
    else if (tag.startsWith('<link') && attr('rel') === 'stylesheet' && (ref = attr('href'))) kind = 'css'
    if (!kind || !ref || /^https?:/.test(ref)) continue
    const pathname = new URL(ref, 'http://x/').pathname
    const body = readBuilt(pathname)
    files.push({ kind, pathname, bytes: body ? gzipSize(body) : 0 })
  }
  return files
}

/** The few largest JS chunks that loading / does not fetch (route chunks and lazy engines). */
export function printLargestLazyChunks(loaded: Set<string>, count = 6) {
  const chunks = readdirSync(join(CLIENT, 'assets'))
    .filter((name) => /\.m?js$/.test(name) && !loaded.has(`/assets/${name}`))
    .map((name) => ({ name, bytes: gzipSize(readFileSync(join(CLIENT, 'assets', name))) }))
    .sort((a, b) => b.bytes - a.bytes)
  console.log(`# largest lazy chunks (of ${chunks.length}):`)
  for (const c of chunks.slice(0, count)) console.log(`#   ${kb(c.bytes).padStart(6)} KB assets/${c.name}`)
}

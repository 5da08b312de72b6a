// After `vite build`: renders the first view of the pages that need no data (src/app/prerender.tsx,
// built for Node into dist/prerender) into dist/client/prerendered/<page>.html, index.html with
// #root filled. The server sends that file for its page (server/http/spa.ts), so a browser paints
// the page as soon as the HTML and CSS arrive instead of after the app's JavaScript.
//
// Until the app renders over it, the copy is inert (no clicks, hidden from assistive technology)
// and its form controls are disabled: nothing typed into it can be lost.

import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'

/**
 * Pages whose first view is the same for every guest, rendered once here. Every other page path
 * (the library, articles, places, lists, account pages, unknown paths) is rendered by the server
 * per request from the same components (server/http/page-render.ts), so the build does not grow
 * with the number of articles or places.
 */
const PRERENDERED_PAGES = [
  '/',
  '/about-us',
  '/services',
  '/contact-us',
  '/privacy-policy',
  '/cookie-policy',
  '/terms-and-conditions',
  '/gdpr-compliance-statement',
  '/salary',
  '/living-cost',
  '/resume',
  '/coverletter',
]

/** The file of a page under dist/client/prerendered/ ('/' is index.html; server/http/spa.ts reads the same names). */
const prerenderedFile = (page) => `${page === '/' ? 'index' : page.slice(1)}.html`

const clientDir = 'dist/client'
const outDir = 'dist/prerender'

await build({ logLevel: 'warn', build: { ssr: 'src/app/prerender.tsx', outDir, emptyOutDir: true, copyPublicDir: false } })
const { render, composePage, hasContent, readBuild } = await import(pathToFileURL(join(process.cwd(), outDir, 'prerender.js')).href)

const { shell, stylesheets } = readBuild(clientDir)
mkdirSync(join(clientDir, 'prerendered'), { recursive: true })

const started = performance.now()
for (const page of PRERENDERED_PAGES) {
  const { status, markup, head, data } = await render(page)
  if (status !== 200 || !hasContent(markup))
    throw new Error(`prerender: ${page} rendered no content (status ${status}; did its page fail to render in Node?)`)
  // The home page keeps the shell's title, as it does once it runs.
  writeFileSync(
    join(clientDir, 'prerendered', prerenderedFile(page)),
    composePage(shell, markup, stylesheets, { keepTitle: page === '/', head, data }),
  )
}
console.log(`prerendered ${PRERENDERED_PAGES.length} pages in ${Math.round(performance.now() - started)} ms`)
process.exit(0) // the app's timers (query cache collection) would hold Node for minutes

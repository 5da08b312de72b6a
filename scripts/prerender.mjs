// After `vite build`: renders the first view of the pages that need no data (src/prerender.tsx,
// built for Node into dist/prerender) into dist/client/prerendered/<page>.html, index.html with
// #root filled. The server sends that file for its page (server/http/spa.ts), so a browser paints
// the page as soon as the HTML and CSS arrive instead of after the app's JavaScript.
//
// Until the app renders over it, the copy is inert (no clicks, hidden from assistive technology)
// and its form controls are disabled: nothing typed into it can be lost.

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'

/** Pages whose first view is the same for every guest. Data pages (library, articles) are left out. */
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
]

/** The file of a page under dist/client/prerendered/ ('/' is index.html; server/http/spa.ts reads the same names). */
const prerenderedFile = (page) => `${page === '/' ? 'index' : page.slice(1)}.html`

const clientDir = 'dist/client'
const outDir = 'dist/prerender'

await build({ logLevel: 'warn', build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, copyPublicDir: false } })
const { render } = await import(pathToFileURL(join(process.cwd(), outDir, 'prerender.js')).href)

const shell = readFileSync(join(clientDir, 'index.html'), 'utf8')
if (!shell.includes('<div id="root"></div>')) throw new Error('prerender: dist/client/index.html has no empty <div id="root"></div>')
mkdirSync(join(clientDir, 'prerendered'), { recursive: true })

/** The CSS files of the build with the (CSS module) class names each defines. */
const stylesheets = readdirSync(join(clientDir, 'assets'))
  .filter((name) => name.endsWith('.css') && !shell.includes(`/assets/${name}`))
  .map((name) => ({ href: `/assets/${name}`, classes: new Set(readFileSync(join(clientDir, 'assets', name), 'utf8').match(/(?<=\.)[A-Za-z_][\w-]*/g)) }))

/** Links to the stylesheets of the lazy chunks the markup uses (the app would load them with those chunks). */
function stylesheetLinks(markup) {
  const used = new Set([...markup.matchAll(/ class="([^"]*)"/g)].flatMap((match) => match[1].split(/\s+/)))
  return stylesheets
    .filter((sheet) => [...sheet.classes].some((name) => used.has(name)))
    .map((sheet) => `    <link rel="stylesheet" crossorigin href="${sheet.href}">\n`)
    .join('')
}

const started = performance.now()
for (const page of PRERENDERED_PAGES) {
  const markup = await render(page)
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(markup)?.[1] ?? ''
  if (!main.replace(/<[^>]*>/g, '').trim()) throw new Error(`prerender: ${page} rendered no content (did its page fail to render in Node?)`)
  // The title the page sets once it runs (PageFrame: `{h1} · Waypoint`); the home page keeps the shell's.
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(markup)?.[1].replace(/<[^>]*>/g, '')
  const html = shell
    .replace(/<title>[^<]*<\/title>/, (title) => (page === '/' || !heading ? title : `<title>${heading} · Waypoint</title>`))
    .replace('</head>', `${stylesheetLinks(markup)}  </head>`)
    .replace('<div id="root"></div>', `<div id="root" inert="" data-prerendered="">${markup.replace(/<(input|button|select|textarea)\b/g, '<$1 disabled=""')}</div>`)
  writeFileSync(join(clientDir, 'prerendered', prerenderedFile(page)), html)
}
console.log(`prerendered ${PRERENDERED_PAGES.length} pages in ${Math.round(performance.now() - started)} ms`)
process.exit(0) // the app's timers (query cache collection) would hold Node for minutes

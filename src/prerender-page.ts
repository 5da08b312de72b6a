// How a prerendered first view goes into index.html (used by scripts/prerender.mjs at build
// time and by server/http/page-render.ts per request, both through the dist/prerender bundle).

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** A stylesheet of the build and the (CSS module) class names it defines. */
export type Stylesheet = { href: string; classes: Set<string> }

/** The built index.html and the build's stylesheets it does not already link. */
export function readBuild(clientDir: string): { shell: string; stylesheets: Stylesheet[] } {
  const shell = readFileSync(join(clientDir, 'index.html'), 'utf8')
  const stylesheets = readdirSync(join(clientDir, 'assets'))
    .filter((name) => name.endsWith('.css') && !shell.includes(`/assets/${name}`))
    .map((name) => ({ href: `/assets/${name}`, classes: new Set(readFileSync(join(clientDir, 'assets', name), 'utf8').match(/(?<=\.)[A-Za-z_][\w-]*/g)) }))
  return { shell, stylesheets }
}

/**
 * index.html with `markup` in #root, inert and hidden from assistive technology until the app
 * renders over it (see `lifeless`), linking the stylesheets of
 * the lazy chunks the markup uses (the app would load them with those chunks), and titled as
 * the page titles itself (`{h1} · Waypoint`, src/components/page-frame) unless `keepTitle`.
 */
export function composePage(shell: string, markup: string, stylesheets: Stylesheet[], { keepTitle = false } = {}): string {
  if (!shell.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty <div id="root"></div>')
  const used = new Set([...markup.matchAll(/ class="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/)))
  const links = stylesheets
    .filter((sheet) => [...sheet.classes].some((name) => used.has(name)))
    .map((sheet) => `  <link rel="stylesheet" crossorigin href="${sheet.href}">\n  `)
    .join('')
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(markup)?.[1]?.replace(/<[^>]*>/g, '')
  return shell
    .replace(/<title>[^<]*<\/title>/, (title) => (keepTitle || !heading ? title : `<title>${heading} · Waypoint</title>`))
    .replace('</head>', `${links}</head>`)
    .replace('<div id="root"></div>', `<div id="root" inert="" aria-hidden="true" data-prerendered="">${lifeless(markup)}</div>`)
}

/**
 * The copy as nothing can use it: form controls disabled, and no label, accessible name or
 * placeholder to find a control by (role queries already skip an aria-hidden tree). A test or a
 * tool that looks a field up waits for the live one; nothing typed into the copy can be lost.
 */
function lifeless(markup: string): string {
  return markup.replace(/<(input|button|select|textarea)\b/g, '<$1 disabled=""').replace(/ (?:for|aria-label|aria-labelledby|placeholder)="[^"]*"/g, '')
}

/** Whether the page rendered: its main region has its heading (a page that failed in Node has none). */
export function hasContent(markup: string): boolean {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(markup)?.[1] ?? ''
  return /<h1\b[^>]*>[\s\S]*?\S[\s\S]*?<\/h1>/.test(main)
}

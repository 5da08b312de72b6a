// How a page's first view goes into index.html (used by scripts/prerender.mjs at build time and
// by server/http/page-render.ts per request, both through the dist/prerender bundle).

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PAGE_DATA_ID } from './page-data'

/** A stylesheet of the build, its text and the (CSS module) class names it defines. */
export type Stylesheet = { href: string; css: string; classes: Set<string> }

/** What a page says of itself in its head (and what a shared link shows); each falls back to the markup or the site's. */
export type PageHead = {
  title?: string
  description?: string
  /** A 1200x630 PNG (the sites that preview links take no SVG), with what it shows. */
  image?: { url: string; alt: string }
  type?: 'website' | 'article'
}

/** The site's card for shared links of pages without an image of their own (server/http/spa.ts makes it absolute). */
export const SITE_IMAGE = '/icons/icon-512.png'

/** The built index.html, the stylesheets it links (inlined into pages) and the build's other stylesheets. */
export function readBuild(clientDir: string): { shell: string; stylesheets: Stylesheet[] } {
  const shell = readFileSync(join(clientDir, 'index.html'), 'utf8')
  const stylesheets = readdirSync(join(clientDir, 'assets'))
    .filter((name) => name.endsWith('.css'))
    .map((name) => {
      const css = readFileSync(join(clientDir, 'assets', name), 'utf8')
      return { href: `/assets/${name}`, css, classes: new Set(css.match(/(?<=\.)[A-Za-z_][\w-]*/g)) }
    })
  return { shell, stylesheets }
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
const decodeHtml = (text: string) =>
  text.replace(/&(?:#(\d+)|#x([\da-f]+)|(amp|lt|gt|quot|apos|nbsp));/gi, (_, dec: string, hex: string, name: string) =>
    dec
      ? String.fromCodePoint(Number(dec))
      : hex
        ? String.fromCodePoint(parseInt(hex, 16))
        : ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' } as Record<string, string>)[name.toLowerCase()]!,
  )
const textOf = (html: string) =>
  decodeHtml(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim()

/** At most `max` characters, cut at a word with an ellipsis. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,;:.]+$/, '')}…`
}

/**
 * index.html with `markup` in #root, inert and hidden from assistive technology until the app
 * takes it over (see `lifeless`), marked as a stand-in when it is one; the data it was rendered
 * from after it, for the app to start from; the stylesheets the markup uses inlined (index.html's
 * own and those of the lazy chunks it uses), so no stylesheet request stands before the first
 * paint; titled as the page titles itself (`{h1} · Waypoint`, src/components/page-frame)
 * unless `keepTitle`; with the page's description and Open Graph tags for shared links.
 */
export function composePage(
  shell: string,
  markup: string,
  stylesheets: Stylesheet[],
  {
    keepTitle = false,
    head = {},
    standIn = false,
    data,
  }: { keepTitle?: boolean; head?: PageHead; standIn?: boolean; data?: { queries: unknown[] } } = {},
): string {
  if (!shell.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty <div id="root"></div>')
  const used = new Set([...markup.matchAll(/ class="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/)))
  // Each inlined sheet also gets a disabled link (never fetched): the app's chunk loader looks for
  // a chunk's stylesheet among the page's links, and would otherwise fetch and apply it again.
  const inline = (sheet: Stylesheet) =>
    `<style data-href="${sheet.href}">${sheet.css.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" href="${sheet.href}" disabled />`
  const linked = new Set<string>()
  let page = shell.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (link, href: string) => {
    const sheet = stylesheets.find((s) => s.href === href)
    if (!sheet) return link
    linked.add(href)
    return inline(sheet)
  })
  const chunks = stylesheets
    .filter((sheet) => !linked.has(sheet.href) && [...sheet.classes].some((name) => used.has(name)))
    .map((sheet) => `  ${inline(sheet)}\n  `)
    .join('')

  const siteTitle = /<title>([^<]*)<\/title>/.exec(shell)?.[1] ?? 'Waypoint'
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(markup)?.[1]
  const title = head.title ? `${escapeHtml(head.title)} · Waypoint` : keepTitle || !heading ? siteTitle : `${escapeHtml(textOf(heading))} · Waypoint`
  const siteDescription = /<meta name="description" content="([^"]*)"/.exec(shell)?.[1] ?? ''
  const description = head.description ? escapeHtml(clip(head.description.replace(/\s+/g, ' ').trim(), 200)) : (leadOf(markup) ?? siteDescription)
  const ogTitle = head.title ? escapeHtml(head.title) : keepTitle || !heading ? siteTitle : escapeHtml(textOf(heading))
  const tags = [
    `<meta property="og:site_name" content="Waypoint" />`,
    `<meta property="og:type" content="${head.type ?? 'website'}" />`,
    `<meta property="og:title" content="${ogTitle}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:image" content="${escapeHtml(head.image?.url ?? SITE_IMAGE)}" />`,
    ...(head.image
      ? [
          `<meta property="og:image:type" content="image/png" />`,
          `<meta property="og:image:width" content="1200" />`,
          `<meta property="og:image:height" content="630" />`,
          `<meta property="og:image:alt" content="${escapeHtml(head.image.alt)}" />`,
        ]
      : []),
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
  ]
    .map((tag) => `    ${tag}\n`)
    .join('')

  page = page
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${description}" />`)
    .replace('</head>', () => `${tags}${chunks}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" inert="" aria-hidden="true" data-prerendered="${standIn ? 'stand-in' : ''}">${lifeless(markup)}</div>${standIn ? '' : pageData(data)}`,
    )
  return page
}

/**
 * What the page was rendered from, as JSON the browser does not run; every `<` escaped, so no
 * text in it can end the element.
 */
function pageData(data: { queries: unknown[] } | undefined): string {
  if (!data?.queries.length) return ''
  return `<script type="application/json" id="${PAGE_DATA_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`
}

/**
 * The page's lead: the first paragraph with a sentence's worth of text between its heading and
 * the next one (the page's own introduction, not a card further down), escaped for an attribute.
 */
function leadOf(markup: string): string | undefined {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(markup)?.[1] ?? ''
  const intro = /<\/h1>([\s\S]*?)(?:<h[2-6]\b|$)/.exec(main)?.[1] ?? ''
  for (const [, paragraph] of intro.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)) {
    const text = textOf(paragraph!)
    if (text.length >= 40) return escapeHtml(clip(text, 200))
  }
  return undefined
}

/**
 * The copy as nothing can use it: form controls disabled, and no label, accessible name or
 * placeholder to find a control by (role queries already skip an aria-hidden tree). A test or a
 * tool that looks a field up waits for the live one; nothing typed into the copy can be lost.
 * Each change is kept in a `data-copy-*` attribute, so the app puts the markup back as it
 * rendered it (src/app/main.tsx) and takes the same elements over instead of drawing new ones.
 */
function lifeless(markup: string): string {
  return markup
    .replace(/<(input|button|select|textarea)\b([^>]*)>/g, (tag, name: string, attributes: string) =>
      / disabled=""/.test(attributes) ? tag : `<${name} disabled="" data-copy-disabled=""${attributes}>`,
    )
    .replace(/ (for|aria-label|aria-labelledby|placeholder)="/g, ' data-copy-$1="')
}

/**
 * Whether the page rendered: its main region has its heading, or at least an element of its
 * own (the sign-in page is a dialog the app opens over the page frame). A page that failed in
 * Node has neither.
 */
export function hasContent(markup: string, { headed = true } = {}): boolean {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(markup)?.[1] ?? ''
  return /<h1\b[^>]*>[\s\S]*?\S[\s\S]*?<\/h1>/.test(main) || (!headed && /<(?!template\b)[a-z]/.test(main))
}

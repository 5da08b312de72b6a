// Page paths answer HTML whatever the client asks for (curl, link-preview crawlers), with the
// page's own status (404 for what does not exist, 301 to a page's one address) and the tags a
// shared link shows. The server's side is tested here with a stand-in for the app's Node bundle;
// tests/e2e/routes.test.ts asks the built app the same questions.

import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { createApp } from '../../server/app.ts'
import { outboxMailer } from '../../server/services/mail/mail.ts'
import { composePage, type Stylesheet } from '../../src/app/prerender-page.ts'
import { fakeClock, memoryLog, tempDir, testConfig } from './support/db.ts'
import { unreachableDb } from './support/http.ts'

const shell =
  '<!doctype html><html><head><meta name="description" content="Waypoint is a free career adviser." />' +
  '<title>Waypoint: career advice</title><script type="module" src="/assets/main-abc123.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/main-abc123.css"></head><body><div id="root"></div></body></html>'

/**
 * A stand-in for the app's Node bundle (src/app/prerender.tsx): it asks the API for the article the
 * way the app does, answers 404 with a not-found view for what does not exist, and composes the
 * page with the real composePage (bundled with the app; here the source itself).
 */
const bundle = `
  import { readFileSync } from 'node:fs'
  export { composePage } from ${JSON.stringify(join(process.cwd(), 'src/app/prerender-page.ts'))}
  const banner = '<section class="banner" data-consent-banner=""><h2>Cookies on Waypoint</h2><button>Accept all</button></section>'
  const notFound = '<main><h1>Page not found</h1><p>The page you asked for does not exist or has moved.</p></main>' + banner
  export async function render(path, { apiBase, fetch }) {
    if (path.startsWith('/broken')) throw new Error('the API is down')
    const health = await fetch(apiBase + '/health')
    if (path === '/articles/a-guide') {
      return { status: 200, markup: '<main><h1>A guide</h1><p>Ignored: the article says its own summary.</p></main>' + banner,
        head: { title: 'A guide to Łódź and 日本語', description: 'How to “apply” <well> & fast.', image: { url: '/api/library/covers/a-guide.png?v=1', alt: 'Guides: A guide to Łódź' }, type: 'article' } }
    }
    if (path === '/france/paris') {
      return { status: 200, markup: '<main><h1>Paris, France</h1><p>Prices, rents and a monthly budget for Paris (health ' + health.status + ').</p></main>' + banner, head: {} }
    }
    if (path.startsWith('/search')) return { status: 200, markup: '<main><h1>Search results for ' + path.slice(7) + '</h1></main>', head: {} }
    return { status: 404, markup: notFound, head: {} }
  }
  export const hasContent = (markup) => markup.includes('<h1>')
  export const readBuild = (dir) => ({ shell: readFileSync(dir + '/index.html', 'utf8'), stylesheets: [{ href: '/assets/main-abc123.css', css: 'body{margin:0}', classes: new Set() }] })
`

function builtApp({ publicUrl }: { publicUrl?: string } = {}) {
  const root = tempDir('pages')
  const dir = join(root, 'client')
  mkdirSync(join(dir, 'assets'), { recursive: true })
  mkdirSync(join(dir, 'prerendered'))
  mkdirSync(join(root, 'prerender'))
  writeFileSync(join(dir, 'index.html'), shell)
  writeFileSync(join(dir, 'assets', 'main-abc123.css'), 'body{margin:0}')
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  writeFileSync(
    join(dir, 'prerendered', 'salary.html'),
    composePage(
      shell,
      '<main><h1>Salary Insights</h1><p>Salaries by occupation and place, from official statistics.</p></main><section data-consent-banner=""><h2>Cookies on Waypoint</h2></section>',
      [],
    ),
  )
  writeFileSync(join(root, 'prerender', 'prerender.js'), bundle)
  const log = memoryLog()
  const clock = fakeClock()
  const db = unreachableDb()
  const config = testConfig({ staticDir: dir, publicUrl })
  return createApp({ db, clock, config, log, mailer: outboxMailer(db, clock, log) })
}

/** The way curl, a crawler or a script asks. */
const accepts = [undefined, '*/*', 'application/json', 'text/html,application/xhtml+xml,*/*;q=0.8']
const asking = (accept: string | undefined, headers: Record<string, string> = {}) => ({
  headers: { ...(accept ? { Accept: accept } : {}), ...headers },
})

const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]

describe('page paths answer HTML whatever the Accept header', () => {
  test.each(accepts)('Accept %s: a page, a prerendered page and an article get HTML with 200', async (accept) => {
    const app = builtApp()
    for (const path of ['/salary', '/france/paris', '/articles/a-guide']) {
      const response = await app.request(path, asking(accept))
      expect(response.status, `${path} with Accept ${accept}`).toBe(200)
      expect(response.headers.get('Content-Type'), path).toBe('text/html; charset=utf-8')
      expect(await response.text(), path).toMatch(/^<!doctype html>[\s\S]*<h1>/)
    }
  })

  test.each(accepts)('Accept %s: the API still answers JSON, and an unknown API path a JSON 404', async (accept) => {
    const app = builtApp()
    const health = await app.request('/api/health', asking(accept))
    expect(health.headers.get('Content-Type')).toMatch(/^application\/json/)
    const missing = await app.request('/api/no-such-thing', asking(accept))
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ detail: 'Not found.' })
  })

  test('files of the build are still served as themselves', async () => {
    const response = await builtApp().request('/favicon.svg', asking('*/*'))
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/)
  })
})

describe('honest statuses', () => {
  test.each(accepts)('Accept %s: unknown pages, articles and places answer 404 with the not-found page in the HTML', async (accept) => {
    const app = builtApp()
    for (const path of ['/nonsense', '/articles/does-not-exist', '/france/nowhere', '/no/such/page/here']) {
      const response = await app.request(path, asking(accept))
      expect(response.status, path).toBe(404)
      expect(response.headers.get('Content-Type'), path).toBe('text/html; charset=utf-8')
      const html = await response.text()
      expect(html, path).toContain('<h1>Page not found</h1>')
      expect(html, path).toContain('<title>Page not found · Waypoint</title>')
      // The app still starts over it and shows its own not-found view.
      expect(html, path).toContain('<script type="module" src="/assets/main-abc123.js"></script>')
    }
  })

  test('HEAD answers the same status without a body', async () => {
    const app = builtApp()
    const missing = await app.request('/articles/does-not-exist', { method: 'HEAD' })
    expect(missing.status).toBe(404)
    expect(await missing.text()).toBe('')
    const found = await app.request('/articles/a-guide', { method: 'HEAD' })
    expect(found.status).toBe(200)
  })

  test('a page address with a trailing slash or capitals moves (301) to its one address, query kept', async () => {
    const app = builtApp()
    for (const [from, to] of [
      ['/salary/', '/salary'],
      ['/France/Paris', '/france/paris'],
      ['/articles/A-Guide/?utm_source=x', '/articles/a-guide?utm_source=x'],
      ['/switzerland/Z%C3%BCrich', '/switzerland/z%C3%BCrich'],
    ]) {
      const response = await app.request(from!, asking('*/*'))
      expect(response.status, from).toBe(301)
      expect(response.headers.get('Location'), from).toBe(to)
    }
  })

  test('a place asked for in plain letters moves (301) to its own address; one that folds to no place stays a 404', async () => {
    const app = builtApp()
    for (const [from, to] of [
      ['/poland/lodz', '/poland/%C5%82%C3%B3d%C5%BA'],
      ['/switzerland/zurich?from=mail', '/switzerland/z%C3%BCrich?from=mail'],
      ['/Brazil/Sao-Paulo', '/brazil/sao-paulo'],
      ['/brazil/sao-paulo', '/brazil/s%C3%A3o-paulo'],
    ]) {
      const response = await app.request(from!, asking('*/*'))
      expect(response.status, from).toBe(301)
      expect(response.headers.get('Location'), from).toBe(to)
    }
    expect((await app.request('/poland/lodzz', asking('*/*'))).status).toBe(404)
  })

  test('a page the server cannot render now (the API down) goes out as the app shell, for the app to handle', async () => {
    const response = await builtApp().request('/broken-page', asking('*/*'))
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(shell)
  })
})

describe('what a shared link shows', () => {
  test('an article: its title, summary and cover (absolute), escaped, every script intact', async () => {
    const html = await (await builtApp().request('/articles/a-guide', asking('*/*'))).text()

    expect(html).toContain('<title>A guide to Łódź and 日本語 · Waypoint</title>')
    expect(meta(html, 'og:title')).toBe('A guide to Łódź and 日本語')
    expect(meta(html, 'og:type')).toBe('article')
    expect(meta(html, 'description')).toBe('How to “apply” &lt;well&gt; &amp; fast.')
    expect(meta(html, 'og:description')).toBe('How to “apply” &lt;well&gt; &amp; fast.')
    expect(meta(html, 'og:image')).toBe('http://localhost/api/library/covers/a-guide.png?v=1')
    expect(meta(html, 'og:image:type')).toBe('image/png')
    expect(meta(html, 'og:image:width')).toBe('1200')
    expect(meta(html, 'og:image:height')).toBe('630')
    expect(meta(html, 'og:image:alt')).toBe('Guides: A guide to Łódź')
    expect(meta(html, 'twitter:card')).toBe('summary_large_image')
    expect(html.match(/<meta name="description"/g)).toHaveLength(1)
  })

  test('a place: its heading, its lead paragraph and the site image, at the public address when one is set', async () => {
    const html = await (await builtApp({ publicUrl: 'https://waypoint.example.com' }).request('/france/paris', asking(undefined))).text()

    expect(html).toContain('<title>Paris, France · Waypoint</title>')
    expect(meta(html, 'og:title')).toBe('Paris, France')
    expect(meta(html, 'og:type')).toBe('website')
    expect(meta(html, 'og:description')).toBe('Prices, rents and a monthly budget for Paris (health 503).')
    expect(meta(html, 'og:image')).toBe('https://waypoint.example.com/icons/icon-512.png')
  })

  test('a prerendered page carries its tags too', async () => {
    const html = await (await builtApp().request('/salary', asking('*/*'))).text()

    expect(meta(html, 'og:title')).toBe('Salary Insights')
    expect(meta(html, 'description')).toBe('Salaries by occupation and place, from official statistics.')
    expect(meta(html, 'og:image')).toBe('http://localhost/icons/icon-512.png')
  })
})

describe('the first view', () => {
  test("a first visit's cookie banner is in the page, inert with the rest; a visitor who chose gets none", async () => {
    const app = builtApp()
    for (const path of ['/salary', '/france/paris']) {
      const first = await (await app.request(path, asking('*/*'))).text()
      expect(first, path).toMatch(/<div id="root" inert="" aria-hidden="true" data-prerendered="">[\s\S]*Cookies on Waypoint/)
      for (const choice of ['analytics', 'necessary']) {
        const returning = await app.request(path, asking('*/*', { Cookie: `guest_token=abc; waypoint_consent=${choice}` }))
        const html = await returning.text()
        expect(html, `${path} (${choice})`).not.toContain('Cookies on Waypoint')
        expect(html, path).toContain('<h1>')
        expect(returning.headers.get('Vary'), path).toContain('Cookie')
      }
      const unknownChoice = await (await app.request(path, asking('*/*', { Cookie: 'waypoint_consent=maybe' }))).text()
      expect(unknownChoice, path).toContain('Cookies on Waypoint')
    }
  })

  test("the page's stylesheet is inlined: no stylesheet request stands before the first paint", async () => {
    const html = await (await builtApp().request('/france/paris', asking('*/*'))).text()

    expect(html).toContain('<style data-href="/assets/main-abc123.css">body{margin:0}</style>')
    // Its link stays, disabled (a browser does not fetch it): the app's chunk loader finds the sheet there.
    expect(html).toContain('<link rel="stylesheet" href="/assets/main-abc123.css" disabled />')
    expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]* disabled)[^>]*>/)
  })

  test('search params that do not change the first view do not make the server render again', async () => {
    const app = builtApp()
    const html = await (await app.request('/search?title=nurse&utm_source=x', asking('*/*'))).text()
    expect(html).toContain('<h1>Search results for ?title=nurse</h1>')
  })
})

describe('composePage', () => {
  const sheets: Stylesheet[] = [
    { href: '/assets/main-abc123.css', css: 'body{margin:0}', classes: new Set() },
    { href: '/assets/salary-1.css', css: '._card_x{padding:1rem}', classes: new Set(['_card_x']) },
    { href: '/assets/resume-2.css', css: '._sheet_y{margin:0}', classes: new Set(['_sheet_y']) },
  ]

  test("inlines index.html's stylesheet and those of the chunks the markup uses, no others", () => {
    const page = composePage(shell, '<main><h1>Salary</h1><div class="_card_x">x</div></main>', sheets)
    expect(page).toContain('<style data-href="/assets/main-abc123.css">body{margin:0}</style>')
    expect(page).toContain('<style data-href="/assets/salary-1.css">._card_x{padding:1rem}</style>')
    expect(page).toContain('<link rel="stylesheet" href="/assets/salary-1.css" disabled />')
    expect(page).not.toContain('_sheet_y')
    expect(page).not.toContain('resume-2.css')
  })

  test("the page's data goes in as JSON that no text in it can break out of; a page without data has none", () => {
    const data = {
      queries: [{ queryKey: ['library', 'article', 'x'], state: { data: { title: '</script><script>alert(1)</script> Łódź 日本語 <!--' } } }],
    }
    const page = composePage(shell, '<main><h1>T</h1></main>', [], { data })
    const json = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(page)?.[1]
    expect(JSON.parse(json!)).toEqual(data)
    expect(page).not.toContain('<script>alert')
    expect(composePage(shell, '<main><h1>T</h1></main>', [], { data: { queries: [] } })).not.toContain('page-data')
  })

  test('a long lead is cut at a word; a page without one keeps the site description', () => {
    const long = 'Ελληνικά και Русский '.repeat(20)
    const withLead = composePage(shell, `<main><h1>T</h1><p>${long}</p></main>`, [])
    const description = meta(withLead, 'description')!
    expect(description.length).toBeLessThanOrEqual(200)
    expect(description).toMatch(/^Ελληνικά και Русский .*…$/)
    expect(meta(composePage(shell, '<main><h1>T</h1><p>Short.</p></main>', []), 'description')).toBe('Waypoint is a free career adviser.')
  })
})

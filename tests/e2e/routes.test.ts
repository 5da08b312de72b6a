// Every route of the foundation renders its frame and page heading without a console
// error, a page error, a failed request or a >= 400 response.

import { describe, expect, test } from 'vitest'
import { SPEC_ROUTES } from '../../scripts/lib/spec-routes.mjs'
import { expectClean, setupBrowser } from './support/browser.ts'
import { urlOf } from './support/context.ts'

const browser = setupBrowser()

describe('routes', () => {
  for (const path of SPEC_ROUTES) {
    test(`${path} renders its heading cleanly`, async () => {
      const page = await browser.openPage(path)
      const h1 = page.getByRole('heading', { level: 1 }).first()
      await h1.waitFor()
      expect((await h1.textContent())?.trim(), `h1 text on ${path}`).toBeTruthy()
      // Late requests (lazy chunks, queries) must settle cleanly too.
      await page.waitForLoadState('networkidle')
      expectClean(page)
    })
  }

  test('an unknown path shows "Page not found"', async () => {
    const page = await browser.openPage('/no/such/page/here')
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
    await page.waitForLoadState('networkidle')
    // The server may answer the document itself with 404 (and the console then logs
    // it); nothing else may fail.
    expectClean(page, { allow: [/^404 for GET \S+\/no\/such\/page\/here$/, /status of 404.*\/no\/such\/page\/here/] })
  })
})

describe('HTTP', () => {
  test('the HTML has a Content-Security-Policy and hashed assets are immutable', async () => {
    const res = await fetch(urlOf('/'))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type') ?? '').toMatch(/text\/html/)
    expect(res.headers.get('content-security-policy'), 'Content-Security-Policy header on /').toBeTruthy()
    const html = await res.text()
    const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]*\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
    expect(scripts.length, 'entry <script src="/assets/*.js"> in the HTML').toBeGreaterThan(0)
    for (const src of scripts) {
      const asset = await fetch(urlOf(src))
      await asset.arrayBuffer()
      expect(asset.status, src).toBe(200)
      expect(asset.headers.get('cache-control') ?? '', `cache-control of ${src}`).toMatch(/\bimmutable\b/)
    }
  })

  test('an unknown SPA path is served the HTML with a Content-Security-Policy', async () => {
    const res = await fetch(urlOf('/no/such/page/here'), { headers: { accept: 'text/html' } })
    await res.arrayBuffer()
    expect(res.headers.get('content-type') ?? '').toMatch(/text\/html/)
    expect(res.headers.get('content-security-policy')).toBeTruthy()
  })
})

/** The way curl and link-preview crawlers ask: any type, no type, or JSON. */
const curlLike = ['*/*', '', 'application/json']
const get = (path: string, accept: string) => fetch(urlOf(path), { headers: accept ? { accept } : {}, redirect: 'manual' })
const metaOf = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]
/** The page's first view: #root as the server sent it, before any script ran. */
/** #root's markup: the page's first view (the page's data may follow it, as JSON). */
const firstView = (html: string) =>
  /<div id="root" inert="" aria-hidden="true" data-prerendered="[^"]*">([\s\S]*)<\/div>(?:<script type="application\/json" id="page-data">[^<]*<\/script>)?\s*<\/body>/.exec(
    html,
  )?.[1] ?? ''

describe('HTML for every page path, with honest statuses (issue 23)', () => {
  test.each(curlLike)('Accept "%s": every route answers 200 with its page painted in the HTML', async (accept) => {
    for (const path of SPEC_ROUTES) {
      const res = await get(path, accept)
      const html = await res.text()
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8')
      // The sign-in page is a dialog the app opens over the page frame: its frame is painted.
      const painted = path.startsWith('/userlogin') ? /<header\b[\s\S]*<main\b[\s\S]*<footer\b/ : /<h1\b[^>]*>[\s\S]*?\S[\s\S]*?<\/h1>/
      expect(firstView(html), `first view of ${path}`).toMatch(painted)
      // A first visit sees the cookie banner with the page, not after the app runs.
      expect(firstView(html), path).toContain('data-consent-banner')
      // No stylesheet to wait for before the first paint (an inlined sheet's link is disabled: never fetched).
      expect(html, path).not.toMatch(/<link rel="stylesheet"(?![^>]* disabled)[^>]*>/)
    }
  })

  test.each(curlLike)('Accept "%s": unknown pages, articles, places and library categories answer 404 with the not-found page', async (accept) => {
    for (const path of ['/nonsense', '/articles/does-not-exist', '/france/nowhere', '/no/such/page/here', '/library?category=no-such-category']) {
      const res = await get(path, accept)
      const html = await res.text()
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8')
      expect(firstView(html), path).toMatch(/not found/i)
    }
  })

  test('a page address with capitals or a trailing slash moves to its one address', async () => {
    const moved = await get('/France/Paris/', '*/*')
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe('/france/paris')
  })

  test('the API keeps answering JSON', async () => {
    const res = await get('/api/library/categories', 'text/html')
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(Array.isArray(await res.json())).toBe(true)
  })

  test('an article and a place carry their own title, description and Open Graph image', async () => {
    const article = await (await get('/articles/answering-behavioral-questions-with-star', '*/*')).text()
    const title = firstView(article)
      .match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/)![1]!
      .replace(/<[^>]*>/g, '')
    expect(metaOf(article, 'og:title')).toBe(title)
    expect(article).toContain(`<title>${title} · Waypoint</title>`)
    expect(metaOf(article, 'og:type')).toBe('article')
    expect(metaOf(article, 'og:description')!.length).toBeGreaterThan(40)
    const cover = metaOf(article, 'og:image')!
    // A PNG: the sites that preview links take no SVG.
    expect(cover).toMatch(/^http:\/\/[^/]+\/api\/library\/covers\/answering-behavioral-questions-with-star\.png\?v=/)
    expect((await fetch(cover)).headers.get('content-type')).toBe('image/png')
    expect(metaOf(article, 'og:image:width')).toBe('1200')
    expect(metaOf(article, 'og:image:alt')).toContain(title)

    const place = await (await get('/france/paris', '*/*')).text()
    expect(metaOf(place, 'og:title')).toBe('Paris')
    expect(metaOf(place, 'og:description')).toMatch(/Paris/)
    expect(metaOf(place, 'description')).toBe(metaOf(place, 'og:description'))
    // The place's own card: its flag and name.
    const image = metaOf(place, 'og:image')!
    expect(image).toMatch(/^http:\/\/[^/]+\/api\/locations\/france\/paris\/card\.png$/)
    const card = await fetch(image)
    expect(card.status).toBe(200)
    expect(card.headers.get('content-type')).toBe('image/png')
    expect(metaOf(place, 'og:image:alt')).toBe('The flag of France beside the name Paris')
    expect(metaOf(place, 'twitter:card')).toBe('summary_large_image')
  })
})

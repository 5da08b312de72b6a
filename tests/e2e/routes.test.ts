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

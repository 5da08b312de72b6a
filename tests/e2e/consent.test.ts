// Cookie consent (issue 11): the banner on a first visit, nothing sent or loaded after a
// reject, a stored page view after accepting, the tag manager only with consent and an
// ANALYTICS_TAG_ID, and every cookie the app sets listed on the cookie policy page.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../scripts/lib/server-process.mjs'
import { expectClean, setupBrowser } from './support/browser.ts'

const browser = setupBrowser({ consent: null })

function watch(page: Page) {
  const events: string[] = []
  const thirdParty: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/api/events') events.push(request.postData() ?? '')
    if (url.hostname !== '127.0.0.1') thirdParty.push(request.url())
  })
  return { events, thirdParty }
}

/** Opens a Services page from the top bar and waits until it has rendered (its h1 is the name). */
async function goTo(page: Page, name: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Services' }).click()
  await page.getByRole('menuitem', { name }).click()
  await page.getByRole('heading', { level: 1, name }).waitFor()
}

describe('cookie consent', () => {
  it('a first visit shows the banner; after "Reject all" nothing is reported and no tag loads', async () => {
    await browser.context().clearCookies()
    const page = await browser.openPage('/')
    const seen = watch(page)
    const banner = page.getByRole('region', { name: 'Cookies on Waypoint' })
    await banner.waitFor()
    await banner.getByRole('button', { name: 'Reject all' }).click()
    await banner.waitFor({ state: 'hidden' })
    await goTo(page, 'Salary Insights')
    await page.reload()
    await goTo(page, 'Cost of Living')
    await page.waitForLoadState('networkidle')
    expect(seen.events).toEqual([])
    expect(seen.thirdParty).toEqual([])
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0)
    expectClean(page)
  })

  it('after accepting analytics the next page view is stored, with no personal data', async () => {
    const page = await browser.openPage('/about-us')
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click()
    const banner = page.getByRole('region', { name: 'Cookies on Waypoint' })
    await banner.getByRole('button', { name: 'Accept all' }).click()
    const stored = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events')
    await goTo(page, 'Salary Insights')
    const response = await stored
    expect(response.status()).toBe(202)
    expect(JSON.parse(response.request().postData() ?? '{}')).toEqual({ path: '/salary', referrer: '/about-us' })
    // Under load a second report of the same view is sometimes cut off (seen on CI, not yet
    // explained; the view above is stored either way): tolerated here, nothing else is.
    expectClean(page, { allow: [/POST \S+\/api\/events failed: net::ERR_ABORTED/] })
  })

  it('every cookie the app has set is listed on the cookie policy page', async () => {
    const page = await browser.openPage('/cookie-policy')
    const policy = (await page.getByRole('main').textContent()) ?? ''
    const names = (await browser.context().cookies()).map((cookie) => cookie.name)
    expect(names.length).toBeGreaterThan(0)
    for (const name of names) expect(policy, `cookie ${name} is not on the cookie policy page`).toContain(name)
  })
})

describe('with a tag manager configured', () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let dataDir: string

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'waypoint-e2e-tag-'))
    server = await startServer({ dataDir, env: { ANALYTICS_TAG_ID: 'GTM-TEST123', AUDIO_PREGENERATE: '0' } })
  })

  afterAll(async () => {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('injects the tag script only after analytics consent, and the CSP allows it', async () => {
    const context = browser.context()
    const page = await context.newPage()
    try {
      await context.clearCookies({ domain: '127.0.0.1' })
      const response = await page.goto(`${server.url}/`)
      expect(response?.headers()['content-security-policy']).toContain('https://www.googletagmanager.com')
      const banner = page.getByRole('region', { name: 'Cookies on Waypoint' })
      await banner.waitFor()
      expect(await page.locator('script[src*="googletagmanager.com/gtm.js?id=GTM-TEST123"]').count()).toBe(0)
      await banner.getByRole('button', { name: 'Accept all' }).click()
      await goTo(page, 'Salary Insights')
      await page.locator('script[src*="googletagmanager.com/gtm.js?id=GTM-TEST123"]').waitFor({ state: 'attached' })
    } finally {
      await page.close()
    }
  })
})

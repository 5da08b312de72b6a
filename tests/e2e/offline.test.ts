// A returning user offline (issue 10): after one visit the app opens with the network off,
// the resume draft comes back from IndexedDB, an edit made offline waits on the device and
// reaches the account when the network returns. Also: the app is installable. Pages come
// with their own first view in the HTML (issue 23), so offline a page opens from its own kept
// copy or from the plain app shell, never with another page's content.

import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectClean, screenshot, setupBrowser } from './support/browser.ts'
import { urlOf } from './support/context.ts'

const browser = setupBrowser({ serviceWorkers: true })
const email = `e2e-offline-${Date.now()}@example.com`
const password = 'quiet-meadow-58'

async function savedResumes(ctx: BrowserContext): Promise<string> {
  const access = (await ctx.cookies()).find((cookie) => cookie.name === 'accessToken')?.value
  expect(access, 'the accessToken cookie').toBeTruthy()
  const response = await fetch(urlOf('/api/resumes'), { headers: { Authorization: `Bearer ${access}` } })
  expect(response.status).toBe(200)
  return response.text()
}

/** Everything the browser's IndexedDB database `name` holds, as text (runs in the page). */
function storedDrafts(name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name)
    open.onerror = () => reject(open.error)
    open.onsuccess = () => {
      const db = open.result
      const stores = [...db.objectStoreNames]
      if (stores.length === 0) return resolve('')
      const all = db.transaction(stores, 'readonly').objectStore(stores[0]!).getAll()
      all.onsuccess = () => resolve(JSON.stringify(all.result))
      all.onerror = () => reject(all.error)
    }
  })
}

/**
 * Runs in every document of the page before its own scripts: keeps the text #root held when the
 * HTML had been read (the first view, before the app renders) and all text ever put into the
 * document, so a page shown for a moment and then replaced is still seen.
 */
function recordPageText() {
  const seen: string[] = []
  const w = window as unknown as { __firstView?: string; __seenText: string[] }
  w.__seenText = seen
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) seen.push(node.textContent ?? '')
  }).observe(document, { childList: true, subtree: true, characterData: true })
  document.addEventListener('DOMContentLoaded', () => {
    w.__firstView = document.getElementById('root')?.textContent ?? ''
  })
}

const firstView = (page: Page) => page.evaluate(() => (window as unknown as { __firstView?: string }).__firstView ?? '')
const seenText = (page: Page) => page.evaluate(() => (window as unknown as { __seenText: string[] }).__seenText.join('\n'))

describe('offline', () => {
  it('reloads /resume offline, keeps the edit and saves it to the account once online', async () => {
    const register = await fetch(urlOf('/api/users/register'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    expect(register.status).toBe(201)

    const page = await browser.openPage('/userlogin?loginfrom=resume&redirect=%2Fresume')
    await page.getByRole('textbox', { name: 'Email' }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Sign In & Next' }).click()
    await page.waitForURL((url) => url.pathname === '/resume')

    const firstName = page.getByLabel('First name', { exact: true })
    await firstName.fill('Ines')
    await page.getByRole('button', { name: 'Save to account' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved to your account/ })
      .waitFor()
    expect(await savedResumes(browser.context())).toContain('Ines')
    // The worker has installed (and kept the app's files) once it is active.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true)
    expectClean(page)

    await browser.context().setOffline(true)
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Resume Builder' }).waitFor()
    await expect.poll(() => firstName.inputValue()).toBe('Ines')
    await page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor()

    await firstName.fill('Inès')
    await page.getByRole('status').filter({ hasText: 'Offline: your changes are saved on this device' }).waitFor()
    await screenshot(page, 'offline-resume')
    expect(await savedResumes(browser.context())).not.toContain('Inès')

    await browser.context().setOffline(false)
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved to your account/ })
      .waitFor()
    await expect.poll(() => savedResumes(browser.context())).toContain('Inès')
    expect(await page.getByText('You are offline.').count()).toBe(0)
  })

  it('the home page opens offline and the app is installable; a cover-letter draft comes back offline', async () => {
    const page = await browser.openPage('/')
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
    const manifest = (await (await fetch(urlOf(manifestHref!))).json()) as {
      name: string
      start_url: string
      display: string
      icons: { sizes: string; type: string }[]
    }
    expect(manifest.start_url).toBe('/')
    expect(manifest.display).toBe('standalone')
    expect(manifest.icons.some((icon) => icon.sizes === '512x512' && icon.type === 'image/png')).toBe(true)
    await page.evaluate(() => navigator.serviceWorker.ready)
    // What the first paint showed: the page from the HTML, and whether it was set in the web fonts.
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length)
          Object.assign(window, {
            firstPaint: {
              copy: document.getElementById('root')?.dataset.prerendered !== undefined,
              fonts: [...document.fonts].some((face) => face.family.replaceAll('"', '') === 'Inter Variable'),
            },
          })
      }).observe({ type: 'paint' })
    })
    await page.goto('/coverletter')
    // A returning visitor (the worker has the fonts): the page from the HTML is set in them from its first paint.
    await expect.poll(() => page.evaluate(() => (window as { firstPaint?: object }).firstPaint)).toEqual({ copy: true, fonts: true })
    const firstName = page.getByLabel('First name', { exact: true })
    await firstName.fill('Marta')
    // Drafts are written to IndexedDB after a short pause in typing: wait until it holds the name.
    await expect.poll(() => page.evaluate(storedDrafts, 'waypoint-cover-letter')).toContain('Marta')

    await browser.context().setOffline(true)
    try {
      await page.goto('/')
      await page.getByRole('heading', { level: 1, name: /Find your next step/ }).waitFor()
      // The worker keeps the text fonts: offline too, the page is set in them.
      await expect.poll(() => page.evaluate(() => document.fonts.check('1rem "Inter Variable"', 'Find your next step'))).toBe(true)
      expect(
        await page.evaluate(() =>
          [...document.fonts].some((face) => face.family.replaceAll('"', '') === 'Fraunces Variable' && face.status === 'loaded'),
        ),
      ).toBe(true)
      await page.goto('/coverletter')
      await expect.poll(() => firstName.inputValue()).toBe('Marta')
      expect(await page.getByRole('status').filter({ hasText: 'You are offline.' }).count()).toBe(1)
    } finally {
      await browser.context().setOffline(false)
    }
  })

  it('offline, /resume opens as itself with its draft, never with the article read last', async () => {
    const page = await browser.openPage('/resume')
    await page.evaluate(() => navigator.serviceWorker.ready)
    await page.addInitScript(recordPageText)
    const firstName = page.getByLabel('First name', { exact: true })
    await firstName.fill('Łucja')
    await expect.poll(() => page.evaluate(storedDrafts, 'waypoint-resume')).toContain('Łucja')

    // An article, opened by its address: its HTML carries its text (the server renders it).
    await page.goto('/library')
    const href = await page.getByRole('heading', { level: 3 }).getByRole('link').first().getAttribute('href')
    expect(href).toMatch(/^\/articles\//)
    // The server renders a page's first view within a moment, else sends the shell and renders for the next visitor.
    await expect.poll(async () => (await fetch(urlOf(href!))).text()).toContain('data-prerendered')
    await page.goto(href!)
    const title = (await page.getByRole('heading', { level: 1 }).first().textContent())!.trim()
    expect(title.length).toBeGreaterThan(10)
    expect(await firstView(page)).toContain(title)

    await browser.context().setOffline(true)
    try {
      await page.goto('/resume')
      await page.getByRole('heading', { level: 1, name: 'Resume Builder' }).waitFor()
      await expect.poll(() => firstName.inputValue()).toBe('Łucja')
      expect(await firstView(page)).not.toContain(title)
      expect(await seenText(page)).not.toContain(title)
      expect(page.url()).toBe(urlOf('/resume'))

      // A page not visited before opens from the plain app shell, rendered by the app.
      await page.goto('/about-us')
      await page.getByRole('heading', { level: 1, name: 'About Waypoint' }).waitFor()
      expect(await firstView(page)).not.toContain(title)
      expect(await seenText(page)).not.toContain(title)
      expect(await page.getByText(title).count()).toBe(0)
    } finally {
      await browser.context().setOffline(false)
    }
  })
})

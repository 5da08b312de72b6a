// Prerendered first views (scripts/prerender.mjs): the page is there before any of the app's
// JavaScript has run, it cannot be used until the app takes over, and then it works.

import { describe, expect, onTestFinished, test } from 'vitest'
import { expectClean, screenshot, setupBrowser } from './support/browser.ts'
import { urlOf } from './support/context.ts'

const browser = setupBrowser()

describe('a prerendered page', () => {
  test('/salary shows its page and title before the app runs, with no control anything could use or find', async () => {
    const page = await browser.openPage('/about-us')
    const cdp = await browser.context().newCDPSession(page)
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true })
    await page.goto('/salary')

    expect(await page.title()).toBe('Salary Insights · Waypoint')
    expect(await page.locator('h1').textContent()).toBe('Salary Insights')
    // Until the app takes over: no clicks, nothing for assistive technology, every control off.
    expect(await page.locator('#root').getAttribute('inert')).toBe('')
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0)
    expect(await page.getByLabel('Occupation').count()).toBe(0)
    expect(await page.getByPlaceholder('e.g. Software developer, nurse, accountant').count()).toBe(0)
    expect(await page.getByLabel('Email address').count()).toBe(0)
    expect(await page.locator('#root').locator('input, button, select, textarea').count()).toBeGreaterThan(5)
    expect(await page.locator('#root').locator('input:enabled, button:enabled, select:enabled, textarea:enabled').count()).toBe(0)
    // The page's own stylesheet came with it: the form sits in its card, not unstyled.
    const box = await page.locator('#root main input').first().boundingBox()
    expect(box!.x).toBeGreaterThan(40)
    await screenshot(page, 'prerendered-salary-without-javascript')
  })

  test('with scripts off, pages rendered per request show their page, its styles and the cookie banner of a first visit', async () => {
    const page = await browser.openPage('/about-us', { width: 375, height: 812 })
    const cdp = await browser.context().newCDPSession(page)
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true })
    // A first visit: no choice made yet (this file's browser starts with one; put back after).
    const choice = (await browser.context().cookies()).find((cookie) => cookie.name === 'waypoint_consent')
    await browser.context().clearCookies({ name: 'waypoint_consent' })
    onTestFinished(async () => {
      if (choice) await browser.context().addCookies([choice])
    })
    for (const [path, heading] of [
      ['/countries', 'Countries'],
      ['/france/paris', 'Paris'],
      ['/posts', 'Posts'],
      ['/no/such/page', 'Page not found'],
    ] as const) {
      await page.goto(path)
      expect(await page.locator('#root h1').textContent(), path).toBe(heading)
      expect(await page.title(), path).toBe(`${heading} · Waypoint`)
      const banner = page.locator('#root [data-consent-banner]')
      expect(await banner.isVisible(), path).toBe(true)
      expect(await banner.locator('button:enabled').count(), path).toBe(0)
      // Styled from the HTML alone: the banner is laid out as a banner, not as loose text.
      expect(await banner.evaluate((element) => getComputedStyle(element).position), path).not.toBe('static')
    }
    await screenshot(page, 'server-rendered-404-without-javascript')
  })

  test('the app takes over: the page is live, its controls work and nothing is shown twice', async () => {
    const page = await browser.openPage('/salary', { width: 375, height: 812 })
    await expect.poll(() => page.locator('#root').getAttribute('inert')).toBeNull()
    expect(await page.locator('#root[inert], #root[aria-hidden], [data-prerendered]').count()).toBe(0)
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1)

    const occupation = page.getByRole('combobox', { name: 'Occupation' })
    expect(await occupation.isEnabled()).toBe(true)
    await occupation.fill('Registered nurse')
    expect(await occupation.inputValue()).toBe('Registered nurse')
    await occupation.press('Escape')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog').waitFor()
    expectClean(page)
  })

  test('the app’s code is asked for only once the page from the HTML is on the screen', async () => {
    const page = await browser.openPage('/salary')
    await expect.poll(() => page.locator('#root').getAttribute('inert')).toBeNull()
    const { painted, asked } = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      // React's chunk, the router's and the app's (vite.config.ts), each asked for once.
      asked: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/(framework|router|app)-[\w-]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }))
    expect(painted).toBeGreaterThan(0)
    expect(asked).toHaveLength(3)
    for (const started of asked) expect(started).toBeGreaterThan(painted!)
  })

  test('on an article and on /library, the app’s code and the fonts wait until the lead cover, the page’s largest paint, is reported on the screen, even when it comes late', async () => {
    const page = await browser.openPage('/about-us', { width: 412, height: 823, waitUntil: 'networkidle' })
    await page.route('**/api/library/covers/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800))
      await route.continue()
    })
    for (const path of ['/articles/answering-behavioral-questions-with-star', '/library']) {
      await expect
        .poll(async () => (await fetch(urlOf(path), { headers: { Accept: 'text/html' } })).text(), { timeout: 10_000 })
        .toContain('data-prerendered')
      await page.goto(path)
      // One image is the page's lead: the first cover in view.
      expect(await page.locator('#root img[fetchpriority="high"]').count(), path).toBe(1)
      await expect.poll(() => page.locator('#root').getAttribute('inert'), { timeout: 10_000 }).toBeNull()
      const { cover, painted, asked } = await page.evaluate(async () => {
        const image = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]')!
        const lead = image.currentSrc
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
        // When the browser reported the cover on the screen: the page's largest paint.
        const painted = await new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = list.getEntries().find((candidate) => (candidate as LargestContentfulPaint).element === image)
            if (entry) resolve(entry.startTime)
          }).observe({ type: 'largest-contentful-paint', buffered: true })
          setTimeout(() => resolve(0), 2000)
        })
        return {
          painted,
          cover: entries.find((entry) => entry.name === lead)?.responseEnd ?? 0,
          asked: entries.filter((entry) => /\/assets\/(framework|router|app)-[\w-]+\.js$|\.woff2$/.test(entry.name)).map((entry) => entry.startTime),
        }
      })
      expect(cover, path).toBeGreaterThan(800)
      expect(painted, path).toBeGreaterThan(cover)
      expect(asked.length, path).toBeGreaterThanOrEqual(4)
      for (const started of asked) expect(started, path).toBeGreaterThan(painted)
    }
  })

  test('a first visit is drawn in local faces, then set in the web fonts after the first paint: only the faces its characters need', async () => {
    const page = await browser.openPage('/about-us', { width: 375, height: 812, waitUntil: 'networkidle' })
    const cdp = await browser.context().newCDPSession(page)
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    const fontsOf = async (path: string) => {
      const fonts: string[] = []
      const onRequest = (request: { resourceType(): string; url(): string }) => {
        if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname.replace(/^\/assets\/(.+)-[\w-]{8}\.woff2?$/, '$1'))
      }
      page.on('request', onRequest)
      await page.goto(path, { waitUntil: 'networkidle' })
      page.off('request', onRequest)
      return fonts.sort()
    }

    // English text: the two core Latin faces, asked for after the first paint.
    expect(await fontsOf('/salary')).toEqual(['fraunces-latin-core', 'inter-latin-core'])
    const timing = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      fonts: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.woff2'))
        .map((entry) => entry.startTime),
    }))
    expect(timing.painted).toBeGreaterThan(0)
    expect(timing.fonts).toHaveLength(2)
    for (const started of timing.fonts) expect(started).toBeGreaterThan(timing.painted)
    // Then the page is set in them: the fonts the browser drew the text with.
    const drawnIn = async (selector: string) => {
      const { root } = await cdp.send('DOM.getDocument', { depth: 0 })
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector })
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
      return fonts.map((font) => font.familyName)
    }
    await cdp.send('DOM.enable')
    await cdp.send('CSS.enable')
    await expect.poll(() => drawnIn('h1')).toEqual(['Fraunces'])
    await expect.poll(() => drawnIn('main p')).toEqual(['Inter'])
    expect(
      await page.evaluate(() =>
        [...document.fonts].filter((face) => face.status === 'loaded' && /Variable/.test(face.family)).map((face) => face.family.replaceAll('"', '')),
      ),
    ).toEqual(expect.arrayContaining(['Inter Variable', 'Fraunces Variable']))

    // A place named in Polish: its letters beyond Latin-1 come from the Latin Extended faces,
    // drawn in the same fonts.
    const lodz = await fontsOf('/poland/%C5%82%C3%B3d%C5%BA')
    expect(lodz).toEqual(expect.arrayContaining(['inter-latin-core', 'inter-latin-ext-wght-normal', 'fraunces-latin-ext-wght-normal']))
    expect(await page.locator('h1').textContent()).toBe('Łódź')
    await expect.poll(() => drawnIn('h1')).toEqual(['Fraunces'])
    await screenshot(page, 'web-fonts-lodz')
  })

  test('someone who scrolled the copy stays where they were when the app takes over', async () => {
    const page = await browser.openPage('/contact-us', { width: 375, height: 700, waitUntil: 'networkidle' })
    // A slow network: the app's code arrives well after the page.
    await page.route('**/assets/framework-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await page.goto('/about-us', { waitUntil: 'commit' })
    await page.locator('#root[data-prerendered] h1').waitFor({ state: 'attached' })
    await page.evaluate(() => window.scrollTo(0, 600))
    expect(await page.locator('#root').getAttribute('inert')).toBe('')

    await expect.poll(() => page.locator('#root').getAttribute('inert'), { timeout: 10_000 }).toBeNull()
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => window.scrollY)).toBe(600)
    expectClean(page)
  })

  test('the app takes over the painted elements themselves: nothing on the page is drawn twice, the article body included', async () => {
    // Each page is left only once it has loaded all it asked for (leaving earlier aborts requests).
    const page = await browser.openPage('/about-us', { width: 375, height: 812, waitUntil: 'networkidle' })
    // What the browser painted from the HTML, noted before any of the app's code runs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root')!
        Object.assign(window, { paintedHeading: root.querySelector('h1'), paintedParagraphs: [...root.querySelectorAll('main [class*="prose"] p')] })
      })
    })
    const paths = ['/salary', '/library', '/france/paris', '/articles/answering-behavioral-questions-with-star']
    // The server renders a page at its first request and keeps it a minute; a first rendering that
    // outlasts its wait on a busy machine goes out as the plain app shell. Asked for here first,
    // each page below comes with its copy.
    for (const path of paths)
      await expect
        .poll(async () => (await fetch(urlOf(path), { headers: { Accept: 'text/html' } })).text(), { timeout: 10_000 })
        .toContain('data-prerendered')
    // The page's data came with it: the app asks the API for no data to take the copy over (the
    // article's audio player fetches its track, which is not the page's data).
    const asked: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (pathname.startsWith('/api/') && !pathname.startsWith('/api/audio/') && ['fetch', 'xhr'].includes(request.resourceType()))
        asked.push(pathname)
    })
    for (const path of paths) {
      await page.goto(path)
      await expect.poll(() => page.locator('#root').getAttribute('inert'), { timeout: 10_000 }).toBeNull()
      const kept = await page.evaluate(
        () => (window as unknown as { paintedHeading: Element | null }).paintedHeading === document.querySelector('#root h1'),
      )
      expect(kept, path).toBe(true)
      expect(await page.getByRole('heading', { level: 1 }).count(), path).toBe(1)
      await page.waitForLoadState('networkidle')
    }
    expect(asked).toEqual([])
    // The article's body came in the HTML, and the app kept its paragraphs as painted.
    const body = await page.evaluate(() => {
      const painted = (window as unknown as { paintedParagraphs: Element[] }).paintedParagraphs
      const shown = [...document.querySelectorAll('main [class*="prose"] p')]
      return { painted: painted.length, kept: shown.length === painted.length && shown.every((p, i) => p === painted[i]) }
    })
    expect(body.painted).toBeGreaterThan(3)
    expect(body.kept).toBe(true)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog').waitFor()
    expectClean(page)
  })

  test('a stylesheet that came inlined in the page is not fetched again when the app loads its chunks', async () => {
    const page = await browser.openPage('/france/paris', { width: 375, height: 812, waitUntil: 'networkidle' })
    await expect.poll(() => page.locator('#root').getAttribute('inert')).toBeNull()
    const { inlined, fetched } = await page.evaluate(() => ({
      inlined: [...document.querySelectorAll<HTMLStyleElement>('style[data-href]')].map((style) => style.dataset.href!),
      fetched: performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.css')),
    }))
    expect(inlined.length).toBeGreaterThan(1)
    expect(fetched.filter((path) => inlined.includes(path))).toEqual([])
    expectClean(page)
  })
})

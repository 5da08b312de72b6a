// The library as a reader meets it (issue 4 acceptance): filter a category, open an article,
// play its narration and seek; then download an ebook after the sign-in detour (a new
// account made in the dialog) and check the files are a real EPUB and a real PDF.

import { readFileSync } from 'node:fs'
import type { Download, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectClean, screenshot, setupBrowser } from './support/browser.ts'
import { urlOf } from './support/context.ts'

const browser = setupBrowser()
const email = `e2e-library-${Date.now()}@example.com`
const password = 'lantern-harbour-42'

/**
 * The home page's lower sections load as they come near (WhenNear): once the page is live (the
 * app has taken over the server's copy, which drops `data-prerendered`), scroll down until
 * `target` exists, 500 px at a time with a rendered frame after each step, as a reader's
 * scrolling is seen. Scrolled past before the app was live, or within one frame on a busy
 * machine, a section the page never came near does not load.
 */
async function scrollTo(page: Page, target: Locator) {
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' })
  for (let i = 0; i < 40 && (await target.count()) === 0; i += 1) {
    await page.evaluate(() => {
      window.scrollBy(0, 500)
      return new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())))
    })
  }
  await target.first().scrollIntoViewIfNeeded()
}

/** Checks a file is an EPUB: a zip whose first entry is an uncompressed `mimetype` = application/epub+zip. */
function expectEpub(bytes: Buffer) {
  expect(bytes.readUInt32LE(0)).toBe(0x04034b50)
  expect(bytes.readUInt16LE(8)).toBe(0) // stored, not deflated
  const nameLength = bytes.readUInt16LE(26)
  const extraLength = bytes.readUInt16LE(28)
  const size = bytes.readUInt32LE(18)
  expect(bytes.subarray(30, 30 + nameLength).toString('latin1')).toBe('mimetype')
  const start = 30 + nameLength + extraLength
  expect(bytes.subarray(start, start + size).toString('latin1')).toBe('application/epub+zip')
}

async function bytesOf(download: Download): Promise<Buffer> {
  const path = await download.path()
  return readFileSync(path)
}

describe('library', () => {
  it('downloads an ebook after signing up in the dialog, then the PDF at once', async () => {
    const page = await browser.openPage('/')
    const shelf = page.getByRole('region', { name: 'Free eBooks to keep' })
    await scrollTo(page, shelf)
    const epubButton = shelf.getByRole('button', { name: /^Download EPUB/ }).first()
    await epubButton.waitFor()
    await epubButton.click()

    await page.waitForURL((url) => url.pathname === '/userlogin')
    expect(new URL(page.url()).searchParams.get('loginfrom')).toBe('homepage')
    await page.getByText('Sign in to download your eBook.').waitFor()
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await page.getByRole('button', { name: 'Continue with Email' }).click()
    await page.getByRole('textbox', { name: 'Email' }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByLabel('Confirm Password', { exact: true }).fill(password)

    const epubDownload = page.waitForEvent('download', { timeout: 60_000 })
    await page.getByRole('button', { name: 'Sign up & Next' }).click()
    const epub = await epubDownload
    expect(epub.suggestedFilename()).toMatch(/\.epub$/)
    expectEpub(await bytesOf(epub))
    // Back home, `actived` has done its job and left the address.
    await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('actived'))
    await page
      .getByRole('status')
      .filter({ hasText: /has downloaded/ })
      .first()
      .waitFor()

    // Signed in now: the PDF downloads straight away.
    await scrollTo(page, shelf)
    const pdfDownload = page.waitForEvent('download', { timeout: 60_000 })
    await shelf
      .getByRole('button', { name: /^Download PDF/ })
      .first()
      .click()
    const pdf = await pdfDownload
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/)
    const bytes = await bytesOf(pdf)
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(bytes.subarray(-64).toString('latin1')).toContain('%%EOF')
    await screenshot(page, 'home-ebooks-signed-in')
    expectClean(page)
  }, 120_000)

  it('search finds interview articles despite a typo, with highlights', async () => {
    const page = await browser.openPage('/search?title=intervew%20tips')
    await page.getByRole('heading', { level: 2, name: /results? for “intervew tips”/ }).waitFor()
    const first = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) })
      .first()
    await first.waitFor()
    expect(await page.locator('mark').count()).toBeGreaterThan(0)
    await screenshot(page, 'search-results')
    expectClean(page)
  })
  it('filter a category, open an article, play its audio and seek', async () => {
    const page = await browser.openPage('/library')
    await page.getByRole('heading', { level: 1, name: 'Career library' }).waitFor()
    const categories = page.getByRole('navigation', { name: 'Library categories' })
    expect(await categories.getByRole('link').count()).toBe(9)

    await categories.getByRole('link', { name: /^Interview Tips/ }).click()
    await page.waitForURL((url) => url.searchParams.get('category') === 'interview-tips')
    await page.getByRole('heading', { level: 2, name: 'Interview Tips' }).waitFor()
    const list = page.getByRole('list', { name: 'Interview Tips', exact: true })
    await list.waitFor()
    const cards = list.getByRole('article')
    expect(await cards.count()).toBeGreaterThanOrEqual(6)
    for (const label of await list.locator('article p:first-of-type').allTextContents()) expect(label).toBe('Interview Tips')
    await screenshot(page, 'library-interview-tips')

    // Narration runs in the background (about 30 s an article here): prefer one that is ready.
    const ready = cards.filter({ hasText: /Audio · \d+:\d{2}/ })
    const card = (await ready.count()) > 0 ? ready.first() : cards.first()
    const link = card.getByRole('heading', { level: 3 }).getByRole('link')
    const title = (await link.textContent())!.trim()
    await link.click()
    await page.waitForURL((url) => url.pathname.startsWith('/articles/'))
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
    await page.getByRole('navigation', { name: 'On this page' }).waitFor()
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Interview Tips' }).waitFor()

    // The narration may still be in the making: the page moves it to the front of the queue and
    // asks again every 10 s until it is ready (one article in front of it can take ~30 s).
    const audio = page.locator('audio')
    await audio.waitFor({ state: 'attached', timeout: 150_000 })
    const src = (await audio.getAttribute('src'))!
    const head = await page.request.get(urlOf(src), { headers: { Range: 'bytes=0-1' } })
    expect(head.status()).toBe(206)
    expect(head.headers()['content-type']).toMatch(/^audio\/mpeg/)

    await audio.evaluate(async (element: HTMLAudioElement) => {
      element.muted = true
      await element.play()
    })
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0)
    const duration = await audio.evaluate((element: HTMLAudioElement) => element.duration)
    expect(duration).toBeGreaterThan(30)
    await audio.evaluate((element: HTMLAudioElement, to: number) => {
      element.currentTime = to
    }, duration / 2)
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => ({ at: element.currentTime, seeking: element.seeking })), { timeout: 15_000 })
      .toMatchObject({ seeking: false })
    expect(await audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThanOrEqual(duration / 2 - 1)
    await audio.evaluate((element: HTMLAudioElement) => element.pause())
    await screenshot(page, 'library-article')
    expectClean(page)
  }, 240_000)
})

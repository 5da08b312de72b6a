// A returning user on a new device gets their saved work back: save a resume and a cover letter
// to the account, forget this browser's drafts and session (a "new device"), sign in, and open
// the resume from the dashboard in the builder.

import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { ArticleDetail } from '~contract/library.ts'
import { expectClean, screenshot, setupBrowser } from './support/browser.ts'
import { urlOf } from './support/context.ts'

const browser = setupBrowser()
const email = `e2e-documents-${Date.now()}@example.com`
const password = 'harbour-lantern-31'

async function signIn(page: Page) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: /^Sign In/ }).click()
}

/** The signed-in user's API calls, made outside the page (e.g. what another device did). */
async function asUser(ctx: BrowserContext, path: string, init: RequestInit = {}) {
  const access = (await ctx.cookies()).find((cookie) => cookie.name === 'accessToken')?.value
  expect(access, 'the accessToken cookie').toBeTruthy()
  return fetch(urlOf(`/api/${path}`), { ...init, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` } })
}

/** Everything this browser keeps of the user: the builders' IndexedDB drafts, local storage, cookies. */
async function forgetThisDevice(page: Page) {
  await page.evaluate(async () => {
    localStorage.clear()
    for (const name of ['waypoint-resume', 'waypoint-cover-letter']) {
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase(name)
        request.onsuccess = () => resolve()
        request.onerror = () => reject(request.error)
      })
    }
  })
  await page.context().clearCookies({ name: 'accessToken' })
}

describe('saved documents on a new device', () => {
  it('lists the saved resume on the dashboard and opens it in the builder', async () => {
    const register = await fetch(urlOf('/api/users/register'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    expect(register.status).toBe(201)

    // First device: a resume and a cover letter saved to the account.
    const builder = await browser.openPage('/userlogin?loginfrom=resume&redirect=%2Fresume')
    await signIn(builder)
    await builder.waitForURL((url) => url.pathname === '/resume')
    await builder.getByLabel('Resume name').fill('Product designer, 2026')
    await builder.getByLabel('First name', { exact: true }).fill('Ines')
    await builder.getByLabel('Last name', { exact: true }).fill('Okafor')
    await builder.getByRole('button', { name: 'Save to account' }).click()
    await builder
      .getByRole('status')
      .filter({ hasText: /^Saved to your account/ })
      .waitFor()

    await builder.goto('/coverletter')
    await builder.getByLabel('First name', { exact: true }).fill('Ines')
    await builder.getByRole('button', { name: 'Save to account' }).click()
    await builder
      .getByRole('status')
      .filter({ hasText: /^Saved to your account/ })
      .waitFor()
    const article = (await (await fetch(urlOf('/api/articles/weekly-job-search-routine-and-tracker'))).json()) as ArticleDetail
    expect(
      (await asUser(browser.context(), 'users/me/playlist', { method: 'POST', body: JSON.stringify({ audioId: article.audio!.id }) })).status,
    ).toBe(201)
    expectClean(builder)

    // A new device: nothing of the user in this browser.
    await builder.goto('/about-us')
    await forgetThisDevice(builder)
    await builder.close()

    const page = await browser.openPage('/userlogin?loginfrom=userauth&redirect=%2Fuserauth%2Fprofile')
    await signIn(page)
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    const resumes = page.getByRole('region', { name: 'Saved resumes' })
    const resume = resumes.getByRole('link', { name: 'Product designer, 2026' })
    await resume.waitFor()
    await resumes.getByText('1 saved resume').waitFor()
    expect(await resumes.getByRole('listitem').textContent()).toMatch(/^Product designer, 2026Updated \d{1,2} \w+ \d{4}$/)
    await page.getByRole('region', { name: 'Cover letters' }).getByRole('link', { name: 'My cover letter' }).waitFor()
    const playlist = page.getByRole('region', { name: 'Playlist' })
    expect(await playlist.getByRole('link', { name: article.title }).getAttribute('href')).toBe(`/articles/${article.slug}`)
    const shot = await screenshot(page, 'dashboard-saved-documents', true)
    console.info(`[e2e] dashboard screenshot: ${shot}`)

    await resume.click()
    await page.getByText('Opened “Product designer, 2026” from your account.').waitFor()
    await expect.poll(() => new URL(page.url()).search).toBe('')
    expect(new URL(page.url()).pathname).toBe('/resume')
    expect(await page.getByLabel('First name', { exact: true }).inputValue()).toBe('Ines')
    expect(await page.getByLabel('Last name', { exact: true }).inputValue()).toBe('Okafor')
    expect(await page.getByLabel('Resume', { exact: true }).locator('option').allTextContents()).toEqual(['Product designer, 2026'])
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved to your account/ })
      .waitFor()
    await screenshot(page, 'resume-opened-from-account')
    expectClean(page)
  })
})

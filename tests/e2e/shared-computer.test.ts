// A shared computer (issue 19, point 7): Ana saves a resume to her account, leaves a cover letter
// with unsaved changes, and signs out (saving them when asked). The next person on the same
// browser opens both builders and finds nothing of hers: no name, phone or address on the page
// or in the browser's storage. Ana's documents are in her account when she signs in again.

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectClean, setupBrowser } from './support/browser.ts'

const browser = setupBrowser()
const email = `shared-${Date.now()}@example.com`
const password = 'harbour-lantern-58'
const ana = { first: 'Anastazja', last: 'Łukasiewicz-Nguyễn', phone: '+48 601 234 987', address: 'ul. Mariacka 17, Gdańsk' }

/** Everything of the page and the browser's storage that could show Ana's details. */
async function whatTheNextPersonCanSee(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const values = [...document.querySelectorAll('input, textarea')].map((field) => (field as HTMLInputElement).value)
    const stored: string[] = []
    for (const name of ['waypoint-resume', 'waypoint-cover-letter']) {
      stored.push(
        await new Promise<string>((resolve) => {
          const open = indexedDB.open(name)
          open.onerror = () => resolve('')
          open.onsuccess = () => {
            const db = open.result
            if (!db.objectStoreNames.contains('drafts')) return resolve('')
            const all = db.transaction('drafts').objectStore('drafts').getAll()
            all.onsuccess = () => resolve(JSON.stringify(all.result))
            all.onerror = () => resolve('')
          }
        }),
      )
    }
    return [document.body.innerText, ...values, JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage }), ...stored].join('\n')
  })
}

describe('sign-out on a shared computer', () => {
  it('the next person on the same browser sees no name, phone or address of the one who signed out', async () => {
    const page = await browser.openPage('/resume')
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('dialog', { name: 'Sign In to Your Account' }).getByRole('button', { name: 'Sign Up' }).click()
    const signUp = page.getByRole('dialog', { name: 'Sign up for Waypoint' })
    await signUp.getByRole('button', { name: 'Continue with Email' }).click()
    await signUp.getByRole('textbox', { name: 'Email' }).fill(email)
    await signUp.getByLabel('Password', { exact: true }).fill(password)
    await signUp.getByLabel('Confirm Password', { exact: true }).fill(password)
    await signUp.getByRole('button', { name: 'Sign up', exact: true }).click()
    await page.getByRole('button', { name: 'Account menu' }).waitFor()

    // The resume: saved to the account.
    await page.getByLabel('First name', { exact: true }).fill(ana.first)
    await page.getByLabel('Last name', { exact: true }).fill(ana.last)
    await page.getByLabel('Phone', { exact: true }).fill(ana.phone)
    await page.getByLabel('Address', { exact: true }).fill(ana.address)
    await page.getByRole('button', { name: 'Save to account' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved to your account/ })
      .waitFor()

    // The cover letter: typed, never saved.
    await page.goto(new URL('/coverletter', page.url()).href)
    await page.getByLabel('First name', { exact: true }).fill(ana.first)
    await page.getByLabel('Last name', { exact: true }).fill(ana.last)
    await page.getByLabel('Phone', { exact: true }).fill(ana.phone)

    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    const question = page.getByRole('alertdialog', { name: 'Save your changes before signing out?' })
    await question.getByText('Cover letter: My cover letter').waitFor()
    await question.getByRole('button', { name: 'Save to account and sign out' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor()
    // Leaving /resume right after its save can cut off the builder's follow-up save (seen once):
    // that copy is then saved by the sign-out's question instead. And the sign-out reloads the
    // page: the cover letter's sync machine, a chunk loaded once a signed-in builder opens, may
    // still be on its way then (seen once on a loaded machine).
    expectClean(page, {
      allow: [/POST .*\/api\/resumes failed: net::ERR_ABORTED/, /GET .*\/assets\/sync-machine-[\w-]+\.js failed: net::ERR_ABORTED/],
    })

    // The next person, same browser.
    for (const path of ['/resume', '/coverletter']) {
      const next = await browser.openPage(path)
      await next.getByLabel('First name', { exact: true }).waitFor()
      await next.waitForLoadState('networkidle')
      const seen = await whatTheNextPersonCanSee(next)
      for (const detail of Object.values(ana)) expect(seen, `${path} shows ${detail}`).not.toContain(detail)
      expect(seen).not.toContain(email)
      expectClean(next)
      await next.close()
    }

    // Ana signs in again: both documents are in her account.
    const back = await browser.openPage('/userlogin')
    await back.getByRole('textbox', { name: 'Email' }).fill(email)
    await back.getByLabel('Password', { exact: true }).fill(password)
    await back.getByRole('button', { name: 'Sign In', exact: true }).click()
    await back.getByRole('button', { name: 'Account menu' }).waitFor()
    const documents = await back.evaluate(async () => {
      const { access } = JSON.parse(localStorage.getItem('waypoint:auth') ?? '{}').userData as { access: string }
      const get = (path: string) => fetch(`/api/${path}`, { headers: { Authorization: `Bearer ${access}` } }).then((r) => r.json())
      const [resumes, letters] = await Promise.all([get('resumes'), get('cover-letters')])
      return JSON.stringify([resumes, letters])
    })
    expect(documents).toContain(ana.address)
    expect(documents).toContain('"you":{')
    expect(documents.match(new RegExp(ana.phone.replace(/\+/g, '\\+'), 'g'))!.length).toBeGreaterThanOrEqual(2)
  })
})

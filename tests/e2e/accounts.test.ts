// Accounts as a new user meets them (issue 3 acceptance): sign up, sign out from /salary,
// the address confirmed through the e-mailed link, the gate on /resume with 'Sign In & Next', a wrong password, a password reset through
// the real e-mail, and the dialog driven by the keyboard alone.

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectClean, setupBrowser } from './support/browser.ts'
import { waitForMail } from './support/mailbox.ts'

const browser = setupBrowser()
const email = `e2e-${Date.now()}@example.com`
const password = 'lantern-harbour-42'
const newPassword = 'meadow-compass-77'

/** A 401 for a wrong password is the expected answer, not a broken page. */
const wrongPasswordAllowed = { allow: [/401 for POST .*\/api\/users\/login/, /Failed to load resource.*401/] }

async function signInOnPage(page: Page, withPassword: string) {
  // In the sign-in dialog: until it has opened, the footer's newsletter field is an "Email" too.
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email)
  await dialog.getByLabel('Password', { exact: true }).fill(withPassword)
}

async function clearSession(page: Page) {
  await page.evaluate(() => localStorage.clear())
  await page.context().clearCookies()
}

describe('accounts', () => {
  it('a new user signs up from the top bar and sees the account menu', async () => {
    const page = await browser.openPage('/about-us')
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click()
    const dialog = page.getByRole('dialog', { name: 'Sign In to Your Account' })
    await dialog.getByRole('button', { name: 'Sign Up' }).click()
    const signUp = page.getByRole('dialog', { name: 'Sign up for Waypoint' })
    await expect(
      signUp
        .getByText('By registering, you agree to our Terms and Conditions, Privacy Policy, Cookie Policy, and GDPR Compliance Statement.')
        .first()
        .isVisible(),
    ).resolves.toBe(true)
    await signUp.getByRole('button', { name: 'Continue with Email' }).click()
    await signUp.getByRole('textbox', { name: 'Email' }).fill(email)
    await signUp.getByLabel('Password', { exact: true }).fill(password)
    await signUp.getByLabel('Confirm Password', { exact: true }).fill(password)
    await signUp.getByRole('button', { name: 'Sign up', exact: true }).click()

    await page.getByRole('button', { name: 'Account menu' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/about-us')
    await page.getByRole('button', { name: 'Account menu' }).click()
    const menu = page.getByRole('menu')
    await menu.getByText(email).waitFor()
    await menu.getByText('No new messages').waitFor()
    await menu.getByRole('menuitem', { name: 'Dashboard' }).click()
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    await page.getByText(email).first().waitFor()
    expectClean(page)
  })

  it('the link in the confirmation e-mail confirms the address, and the dashboard says so', async () => {
    const message = await waitForMail(email, /verify-email\?token=/)
    const link = /(https?:\/\/[^\s"<>]+\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(message)?.[1]
    expect(link).toBeTruthy()
    const page = await browser.openPage('/userauth/profile')
    await page.getByText('Not confirmed yet: open the link we sent to this address.').waitFor()
    await page.waitForLoadState('networkidle')

    await page.goto(link!)
    await page.getByText('Your e-mail address is confirmed.').waitFor()
    await page.getByRole('link', { name: 'Go to your dashboard' }).click()
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    await page.getByText('Confirmed', { exact: true }).waitFor()
    expectClean(page)
  })

  it('signing out on /salary stays on /salary', async () => {
    const page = await browser.openPage('/salary')
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/salary')
    expect(await page.evaluate(() => localStorage.length)).toBe(0)
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'accessToken')).toBe(false)
    expectClean(page)
  })

  it('the resume gate sends a guest to sign in, a wrong password shows the server detail, "Sign In & Next" comes back', async () => {
    const page = await browser.openPage('/resume')
    await page.getByRole('button', { name: 'Sign in to save your resume' }).click()
    await page.waitForURL((url) => url.pathname === '/userlogin')
    const url = new URL(page.url())
    expect(url.searchParams.get('loginfrom')).toBe('resume')
    expect(url.searchParams.get('redirect')).toBe('/resume')
    await page.getByText('Sign in to save your resume.').waitFor()

    await signInOnPage(page, 'not-my-password')
    await page.getByRole('button', { name: 'Sign In & Next' }).click()
    await page.getByRole('alert').filter({ hasText: 'No active account found with the given credentials' }).waitFor()

    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Sign In & Next' }).click()
    await page.waitForURL((next) => next.pathname === '/resume')
    await page.getByText(`You are signed in as ${email}`).waitFor()
    expectClean(page, wrongPasswordAllowed)
    await clearSession(page)
  })

  it('a forgotten password is reset through the link in the e-mail', async () => {
    const page = await browser.openPage('/userlogin')
    await page.getByRole('button', { name: 'Forgot your password?' }).click()
    await page.getByRole('heading', { name: 'Forgot Password?' }).waitFor()
    await page.getByRole('textbox', { name: 'Email' }).fill(email)
    await page.getByRole('button', { name: 'Confirm' }).click()
    await page.getByRole('dialog').getByText('We have sent you an email with the password reset link.').waitFor()
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('')

    const message = await waitForMail(email, /reset-password\?token=/)
    const link = /(https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(message)?.[1]
    expect(link).toBeTruthy()
    await page.goto(link!)
    await page.getByLabel('New password', { exact: true }).fill(newPassword)
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword)
    await page.getByRole('button', { name: 'Save new password' }).click()
    await page.getByText('Password changed').waitFor()

    await page.getByRole('link', { name: 'Sign in' }).click()
    await signInOnPage(page, password)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await page.getByRole('alert').filter({ hasText: 'No active account found with the given credentials' }).waitFor()
    await page.getByLabel('Password', { exact: true }).fill(newPassword)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await page.getByRole('button', { name: 'Account menu' }).waitFor()
    expectClean(page, wrongPasswordAllowed)
    await clearSession(page)
  })

  it('the sign-in dialog works with the keyboard alone', async () => {
    const page = await browser.openPage('/')
    const opener = page.getByRole('banner').getByRole('button', { name: 'Sign in' })
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Sign In to Your Account' })
    await dialog.waitFor()
    await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true)

    // Tab to the e-mail field, then fill the form and submit with Enter.
    for (let i = 0; i < 10; i += 1) {
      if (await dialog.getByRole('textbox', { name: 'Email' }).evaluate((node) => node === document.activeElement)) break
      await page.keyboard.press('Tab')
    }
    await page.keyboard.type(email)
    await page.keyboard.press('Tab')
    await page.keyboard.type('short')
    await page.keyboard.press('Tab')
    await dialog.getByText('Password must be at least 6 characters').waitFor()

    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(() => opener.evaluate((node) => node === document.activeElement)).toBe(true)

    await page.keyboard.press('Enter')
    await dialog.waitFor()
    for (let i = 0; i < 20; i += 1) {
      if (await dialog.getByLabel('Password', { exact: true }).evaluate((node) => node === document.activeElement)) break
      await page.keyboard.press('Tab')
    }
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.type(email)
    await page.keyboard.press('Tab')
    await page.keyboard.type(newPassword)
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Account menu' }).waitFor()
    expectClean(page)
  })
})

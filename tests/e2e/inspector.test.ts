// The QA inspector (?inspect=1): QA drives the authentication dialog's machine by hand and
// the page follows; without the flag nothing of it is on the page.

import { describe, expect, test } from 'vitest'
import { expectClean, screenshot, setupBrowser } from './support/browser.ts'

const browser = setupBrowser()

describe('state machine inspector', () => {
  test('drives the auth dialog from login to forgetpass and back', async () => {
    const page = await browser.openPage('/userlogin?inspect=1', { width: 1280, height: 900 })
    const inspector = page.getByRole('complementary', { name: 'State machine inspector' })
    const actor = inspector.getByRole('region', { name: 'Actor authDialog' })
    await actor.waitFor()
    await expect.poll(() => actor.getByTestId('inspector-state').textContent()).toContain('login')
    await page.getByRole('heading', { name: 'Sign In to Your Account' }).waitFor()

    await actor.getByRole('group', { name: 'Events authDialog accepts now' }).getByRole('button', { name: 'SHOW_FORGOT' }).click()
    await page.getByRole('heading', { name: 'Forgot Password?' }).waitFor()
    await expect.poll(() => actor.getByTestId('inspector-state').textContent()).toContain('forgetpass')
    await actor.getByText('SHOW_FORGOT', { exact: true }).last().waitFor()

    // Only the events the current state takes are offered: forgetpass goes back to login.
    const events = actor.getByRole('group', { name: 'Events authDialog accepts now' })
    expect(await events.getByRole('button', { name: 'SHOW_FORGOT' }).count()).toBe(0)
    await screenshot(page, 'inspector-forgetpass')
    await events.getByRole('button', { name: 'SHOW_LOGIN' }).click()
    await page.getByRole('heading', { name: 'Sign In to Your Account' }).waitFor()
    await expect.poll(() => actor.getByTestId('inspector-state').textContent()).toContain('login')
    expectClean(page)
  })

  test('a payload that is not JSON is refused with a message', async () => {
    const page = await browser.openPage('/userlogin?inspect=1')
    const actor = page.getByRole('region', { name: 'Actor authDialog' })
    await actor.getByLabel('Event payload (JSON, added to the event you send)').fill('{not json')
    await actor.getByRole('alert').filter({ hasText: 'The payload is not valid JSON' }).waitFor()
    expect(await actor.getByRole('button', { name: 'SHOW_FORGOT' }).isDisabled()).toBe(true)
    expectClean(page)
  })

  test('without ?inspect=1 there is no inspector', async () => {
    const page = await browser.openPage('/userlogin')
    await page.getByRole('heading', { name: 'Sign In to Your Account' }).waitFor()
    expect(await page.getByRole('complementary', { name: 'State machine inspector' }).count()).toBe(0)
    expectClean(page)
  })
})

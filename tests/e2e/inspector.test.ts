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

  // Issue 17: the panel asked the chat whether it takes SEND without a text and the guard threw
  // out of the render: the whole app showed "Something went wrong".
  test('beside the open chat: the page keeps working, the chat answers, and QA can ask through SEND', async () => {
    const page = await browser.openPage('/?inspect=1', { width: 1280, height: 900 })
    const inspector = page.getByRole('complementary', { name: 'State machine inspector' })
    await inspector.waitFor()
    await page.getByRole('button', { name: 'Open chat' }).click()
    const drawer = page.getByRole('dialog', { name: 'Career assistant' })
    await drawer.getByText("Powered by Waypoint's library").waitFor()

    const actor = inspector.getByRole('region', { name: 'Actor chat' })
    await expect.poll(() => actor.getByTestId('inspector-state').textContent()).toContain('ready')
    const send = actor.getByRole('group', { name: 'Events chat accepts now' }).getByRole('button', { name: 'SEND' })
    expect(await send.isDisabled()).toBe(true)

    const question = 'How do I prepare for a behavioural interview?'
    const box = drawer.getByRole('textbox', { name: 'Message' })
    await box.fill(question)
    await box.press('Enter')
    const log = drawer.getByRole('log', { name: 'Conversation' })
    await log.getByText(question).waitFor()
    await log.getByRole('link', { name: 'Answering behavioral interview questions with the STAR method' }).first().waitFor()
    await log.getByText('Sources', { exact: true }).first().waitFor()

    // With a text payload the inspector's SEND asks like the page does.
    await actor.getByLabel('Event payload (JSON, added to the event you send)').fill('{"text": "How do I write a CV?"}')
    await send.click()
    await log.getByRole('link', { name: 'Resume Builder' }).first().waitFor()
    await expect.poll(() => log.getByText('Sources', { exact: true }).count()).toBe(2)

    expect(await page.getByText('Something went wrong').count()).toBe(0)
    expect(await inspector.getByRole('region', { name: 'Actor chat' }).count()).toBe(1)
    await screenshot(page, 'inspector-chat')
    expectClean(page)
  })

  test('without ?inspect=1 there is no inspector', async () => {
    const page = await browser.openPage('/userlogin')
    await page.getByRole('heading', { name: 'Sign In to Your Account' }).waitFor()
    expect(await page.getByRole('complementary', { name: 'State machine inspector' }).count()).toBe(0)
    expectClean(page)
  })
})

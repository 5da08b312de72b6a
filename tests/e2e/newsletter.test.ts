// The footer's newsletter form: validation on blur, the 3 s confirmation, the 10 s
// duplicate error.

import { describe, expect, test } from 'vitest'
import { expectClean, setupBrowser } from './support/browser.ts'

const browser = setupBrowser()

const SUCCESS = 'Thank you, your email has been registered in our mailing list.'
const DUPLICATE = 'This email address already exists in our mailing list.'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('newsletter', () => {
  test('validates on blur', async () => {
    const page = await browser.openPage('/')
    const footer = page.getByRole('contentinfo')
    const email = footer.getByRole('textbox', { name: 'Email address' })
    await email.waitFor()
    await footer.getByRole('button', { name: 'Subscribe' }).waitFor()

    await email.focus()
    await email.blur()
    await footer.getByText('Email is required').waitFor()

    await email.fill('nope')
    await email.blur()
    await footer.getByText('Email is invalid').waitFor()
    await footer.getByText('Email is required').waitFor({ state: 'hidden' })
    expectClean(page)
  })

  test('subscribes once, then reports the duplicate', async () => {
    const page = await browser.openPage('/')
    const footer = page.getByRole('contentinfo')
    const email = footer.getByRole('textbox', { name: 'Email address' })
    const address = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

    await email.fill(address)
    await footer.getByRole('button', { name: 'Subscribe' }).click()
    const thanks = page.getByRole('dialog').filter({ hasText: SUCCESS })
    await thanks.waitFor()
    const shownAt = Date.now()
    expect(await email.inputValue(), 'the form resets after success').toBe('')
    // It closes by itself after 3 s.
    await thanks.waitFor({ state: 'hidden', timeout: 6_000 })
    const shownFor = Date.now() - shownAt
    expect(shownFor, 'confirmation shown for about 3 s').toBeGreaterThanOrEqual(2_500)
    expect(shownFor).toBeLessThanOrEqual(4_500)
    expectClean(page)

    // Same address again: an error alert that stays 10 s.
    await email.fill(address)
    await footer.getByRole('button', { name: 'Subscribe' }).click()
    const duplicate = page.getByRole('alertdialog').filter({ hasText: DUPLICATE })
    await duplicate.waitFor()
    const errorAt = Date.now()
    await sleep(3_500) // the duration itself is the behaviour under test
    expect(await duplicate.isVisible(), 'duplicate error still shown after 3.5 s').toBe(true)
    await duplicate.waitFor({ state: 'hidden', timeout: Math.max(1, 11_000 - (Date.now() - errorAt)) })
    expect(Date.now() - errorAt, 'duplicate error shown for about 10 s').toBeGreaterThanOrEqual(9_000)
  }, 30_000)
})

// Salary insights and cost of living as a user meets them (issue 8 acceptance): search an
// occupation, pick a city, sign in when asked, see the chart; compare two cities' living costs.

import { describe, expect, it } from 'vitest'
import { expectClean, screenshot, setupBrowser } from './support/browser.ts'
import { urlOf } from './support/context.ts'

const browser = setupBrowser()
const email = `e2e-salary-${Date.now()}@example.com`
const password = 'lantern-harbour-42'

describe('salary insights and cost of living', () => {
  it('search an occupation, pick a city, sign in when asked, see the chart', async () => {
    const register = await fetch(urlOf('/api/users/register'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    expect(register.status).toBe(201)

    const page = await browser.openPage('/salary', { width: 1280, height: 900 })
    await page.getByRole('combobox', { name: 'Occupation' }).fill('software dev')
    await page.getByRole('option', { name: /^Software Developers/ }).click()
    const place = page.getByRole('combobox', { name: 'Location' })
    await place.fill('Austin')
    await page.getByRole('option', { name: /^Austin, TX/ }).click()
    await page.getByRole('button', { name: 'Show salary' }).click()

    const dialog = page.getByRole('dialog', { name: 'Sign In to Your Account' })
    await dialog.getByText('Sign in to see salary insights results.').waitFor()
    expect(new URL(page.url()).searchParams.get('loginfrom')).toBe('salary')
    // The dialog's form may still be settling as it opens: fill until the address stays.
    const emailBox = dialog.getByRole('textbox', { name: 'Email' })
    await expect.poll(async () => {
      await emailBox.fill(email)
      return emailBox.inputValue()
    }).toBe(email)
    await dialog.getByLabel('Password', { exact: true }).fill(password)
    await dialog.getByRole('button', { name: 'Sign In & Next' }).click()

    const card = page.getByRole('article', { name: 'Software Developers in Austin, TX' })
    await card.waitFor()
    await page.getByRole('img', { name: /Salary chart/ }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/salary')
    // Measured in the Austin metro area (BLS OEWS May 2025), not a national wage scaled by prices.
    await expect(card.getByText('Measured', { exact: true }).isVisible()).resolves.toBe(true)
    expect(await card.getByRole('row', { name: /Median/ }).textContent()).toContain('$134,120')
    expect(await card.textContent()).toContain('Austin-Round Rock-San Marcos, TX metro area · May 2025')
    expect(await card.textContent()).not.toContain('price parity')

    // The national figure next to it: the BLS median for May 2025.
    await page.getByRole('combobox', { name: 'Location' }).fill('United States')
    await page.getByRole('option', { name: /^United States/ }).first().click()
    await page.getByRole('button', { name: 'Add to comparison' }).click()
    const national = page.getByRole('article', { name: 'Software Developers in United States' })
    await national.waitFor()
    expect(await national.getByRole('row', { name: /Median/ }).textContent()).toContain('$135,980')
    await screenshot(page, 'salary-compare-1280', true)
    expectClean(page)
  })

  it("compare two cities' living costs", async () => {
    const page = await browser.openPage('/living-cost', { width: 375, height: 800 })
    await page.getByRole('combobox', { name: 'City' }).fill('Austin')
    await page.getByRole('option', { name: /^Austin, TX/ }).click()
    await page.getByRole('combobox', { name: 'Compare with (optional)' }).fill('Tokyo')
    await page.getByRole('option', { name: /^Tokyo/ }).click()
    await page.getByLabel('Your yearly income in the first city (optional)').fill('80000')
    await page.getByRole('button', { name: 'Show costs' }).click()

    const table = page.getByRole('table', { name: /Monthly budget/ })
    await table.waitFor()
    await table.getByRole('columnheader', { name: 'Tokyo' }).waitFor()
    expect(await table.getByRole('row', { name: /Housing/ }).textContent()).toMatch(/\$[\d,]+.*¥[\d,]+/)
    const needed = page.getByRole('region', { name: 'Salary needed to keep your standard of living' })
    expect(await needed.textContent()).toContain('income tax')
    await screenshot(page, 'living-cost-compare-375', true)
    expectClean(page)
  })
})

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
    await expect
      .poll(async () => {
        await emailBox.fill(email)
        return emailBox.inputValue()
      })
      .toBe(email)
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
    await page
      .getByRole('option', { name: /^United States/ })
      .first()
      .click()
    await page.getByRole('button', { name: 'Add to comparison' }).click()
    const national = page.getByRole('article', { name: 'Software Developers in United States' })
    await national.waitFor()
    expect(await national.getByRole('row', { name: /Median/ }).textContent()).toContain('$135,980')
    await screenshot(page, 'salary-compare-1280', true)
    expectClean(page)
  })

  it('San Francisco and London: measured pay of each place, named, in its own currency and scale', async () => {
    const page = await browser.openPage('/salary', { width: 1280, height: 900 })
    await page.getByRole('combobox', { name: 'Occupation' }).fill('softwre enginer')
    await page.getByRole('option', { name: /^Software Developers/ }).click()
    await page.getByRole('combobox', { name: 'Location' }).fill('San Francisco')
    await page.getByRole('option', { name: /^San Francisco, CA/ }).click()
    await page.getByRole('button', { name: 'Show salary' }).click()
    const sf = page.getByRole('article', { name: 'Software Developers in San Francisco, CA' })
    await sf.waitFor()
    // BLS OEWS May 2025, San Francisco-Oakland-Fremont metro area: median $186,640.
    expect(await sf.getByRole('row', { name: /Median/ }).textContent()).toContain('$186,640')
    expect(await sf.textContent()).toContain('San Francisco-Oakland-Fremont, CA metro area · May 2025')

    await page.getByRole('combobox', { name: 'Location' }).fill('London')
    await page.getByRole('option', { name: /^London.*United Kingdom/ }).click()
    await page.getByRole('button', { name: 'Add to comparison' }).click()
    const london = page.getByRole('article', { name: 'Software Developers in London' })
    await london.waitFor()
    // ONS ASHE 2025, London, group 21: median £62,800; the UK unit group beside it.
    expect(await london.getByRole('row', { name: /Median/ }).textContent()).toContain('£62,800')
    const text = await london.textContent()
    expect(text).toContain('ASHE publishes London pay by occupation group')
    expect(text).toContain('£54,669')
    expect(text).not.toContain('PPP')
    const chart = page.getByRole('img', { name: /Salary chart/ })
    expect(await chart.textContent()).toContain('GBP, a year: scale from 0 to £113,300')
    await screenshot(page, 'salary-sf-london-1280', true)
    expectClean(page)
  })

  it('cost of living, London vs Paris: measured rents in pounds and euros', async () => {
    const page = await browser.openPage('/living-cost', { width: 1280, height: 900 })
    await page.getByRole('combobox', { name: 'City' }).fill('London')
    await page.getByRole('option', { name: /^London.*United Kingdom/ }).click()
    await page.getByRole('combobox', { name: 'Compare with (optional)' }).fill('Paris')
    await page.getByRole('option', { name: /^Paris.*France/ }).click()
    await page.getByRole('button', { name: 'Show costs' }).click()
    const rents = page.getByRole('region', { name: 'Measured rents (1 bedroom)' })
    await rents.waitFor()
    const text = await rents.textContent()
    // ONS PIPR July 2026: London one-bedroom £1,752; Paris reference rent × 40 m².
    expect(text).toContain('£1,752 a month: Rent, 1-bedroom home, London (ONS region) (July 2026)')
    expect(text).toMatch(/€1,0\d\d a month: Rent, 1-bedroom home, Paris \(2025\)/)
    const table = page.getByRole('table', { name: /Monthly budget/ })
    await table.getByRole('columnheader', { name: 'Paris' }).waitFor()
    await screenshot(page, 'living-cost-london-paris-1280', true)
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

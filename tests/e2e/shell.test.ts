// The shell: header menus, the scroll colour change, the mobile menu dialog and the
// search overlay.

import type { Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectClean, setupBrowser } from './support/browser.ts'
import { baseUrl } from './support/context.ts'

const browser = setupBrowser()

const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 375, height: 812 }

const MENUS = [
  { button: 'Library', items: ['Articles', 'Countries'] },
  { button: 'Builder', items: ['Resume Builder', 'Cover Letter Builder'] },
  { button: 'Services', items: ['Salary Insights', 'Cost of Living'] },
]

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement)
}

describe('header at 1280x800', () => {
  test('banner has the home link and the three menus with their items', async () => {
    const page = await browser.openPage('/', DESKTOP)
    const banner = page.getByRole('banner')
    await banner.getByRole('link', { name: 'Waypoint home' }).waitFor()

    for (const { button, items } of MENUS) {
      const trigger = banner.getByRole('button', { name: button, exact: true })
      await trigger.click()
      const menu = page.getByRole('menu')
      await menu.waitFor()
      for (const item of items) {
        await menu.getByRole('menuitem', { name: item, exact: true }).waitFor()
      }
      await page.keyboard.press('Escape')
      await menu.waitFor({ state: 'hidden' })
    }
    expectClean(page)
  })

  test('choosing "Salary Insights" navigates to /salary', async () => {
    const page = await browser.openPage('/', DESKTOP)
    await page.getByRole('banner').getByRole('button', { name: 'Services', exact: true }).click()
    await page.getByRole('menu').getByRole('menuitem', { name: 'Salary Insights', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/salary')
    await page.getByRole('menu').waitFor({ state: 'hidden' })
    await page.waitForLoadState('networkidle')
    expectClean(page)
  })

  test('the header changes colour once the page is scrolled', async () => {
    const page = await browser.openPage('/privacy-policy', DESKTOP)
    const header = page.getByRole('banner')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('false')
    const background = () => header.evaluate((el) => getComputedStyle(el).backgroundColor)
    const atTop = await background()

    await page.evaluate(() => window.scrollTo(0, 600))
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'the page is long enough to scroll 600px' }).toBeGreaterThanOrEqual(600)
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('true')
    // Transitions may animate the colour: wait for it to differ, not for a fixed time.
    await expect.poll(background, { message: 'background-color after scrolling differs from the top one' }).not.toBe(atTop)

    await page.evaluate(() => window.scrollTo(0, 0))
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('false')
    await expect.poll(background).toBe(atTop)
    expectClean(page)
  })
})

describe('mobile menu at 375x812', () => {
  test('the menu button replaces the desktop menus and opens the "Menu" dialog', async () => {
    const page = await browser.openPage('/', PHONE)
    const banner = page.getByRole('banner')
    const openMenu = banner.getByRole('button', { name: 'Open menu' })
    await openMenu.waitFor()
    expect(await banner.getByRole('button', { name: 'Library', exact: true }).isVisible(), '"Library" button hidden on a phone').toBe(false)

    await openMenu.click()
    const dialog = page.getByRole('dialog', { name: 'Menu' })
    await dialog.waitFor()
    for (const name of ['Articles', 'Resume Builder', 'Salary Insights']) {
      await dialog.getByRole('link', { name, exact: true }).waitFor()
    }

    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(() => isFocused(openMenu), { message: 'focus returns to "Open menu"' }).toBe(true)

    // A link navigates and closes the dialog.
    await openMenu.click()
    await dialog.waitFor()
    await dialog.getByRole('link', { name: 'Salary Insights', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/salary')
    await dialog.waitFor({ state: 'hidden' })
    await page.waitForLoadState('networkidle')
    expectClean(page)
  })
})

for (const [label, size] of [
  ['375x812', PHONE],
  ['1280x800', DESKTOP],
] as const) {
  describe(`search overlay at ${label}`, () => {
    const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Search', exact: true })

    /** The open overlay: a visible search landmark holding a searchbox. */
    const overlay = (page: Page) => page.getByRole('search').filter({ has: page.getByRole('searchbox'), visible: true })

    test('opens, clears, submits to /search and closes', async () => {
      const page = await browser.openPage('/', size)
      const button = toggle(page)
      await button.waitFor()
      expect(await button.getAttribute('aria-expanded')).toBe('false')

      await button.click()
      await overlay(page).first().waitFor()
      expect(await overlay(page).count(), 'one visible search form').toBe(1)
      expect(await button.getAttribute('aria-expanded')).toBe('true')
      const box = overlay(page).getByRole('searchbox')
      expect(await box.getAttribute('placeholder')).toBe(`Search ${new URL(baseUrl()).host}`)

      await box.fill('interview')
      const clear = page.getByRole('button', { name: 'Clear search' })
      await clear.waitFor()
      await clear.click()
      expect(await box.inputValue()).toBe('')

      await box.fill('cover letter')
      const controls = await button.getAttribute('aria-controls')
      await box.press('Enter')
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('title') === 'cover letter')
      await expect.poll(() => button.getAttribute('aria-expanded'), { message: 'overlay closed after submit' }).toBe('false')
      if (controls) await page.locator(`[id="${controls}"]`).waitFor({ state: 'hidden' })
      await page.waitForLoadState('networkidle')
      expectClean(page)
    })

    test('the Search button toggles the overlay closed again', async () => {
      const page = await browser.openPage('/', size)
      const button = toggle(page)
      await button.click()
      await overlay(page).first().waitFor()
      await button.click()
      await overlay(page).first().waitFor({ state: 'hidden' })
      expect(await button.getAttribute('aria-expanded')).toBe('false')
      expectClean(page)
    })
  })
}

// Names in every script, typed into the production build in Chromium: the preview draws them in
// the document's own fonts (the CJK slices load only now), and the downloaded PDF holds them as
// real text.

import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { emptyResumeData } from '~contract/resume.ts'
import { screenshot, setupBrowser } from './support/browser.ts'

const browser = setupBrowser()

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise
  let text = ''
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent()
    text += content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : '')).join('')
  }
  await doc.destroy()
  return text.replace(/\s+/g, ' ')
}

const step = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Resume steps' })
    .getByRole('button', { name: new RegExp(name) })
    .click()
const editor = (page: Page) => page.locator('section[aria-labelledby="step-title"]')

describe('names in every script', () => {
  it('the preview uses the PDF fonts and the downloaded PDF keeps Polish, Vietnamese, Greek, Cyrillic and Japanese', async () => {
    const page = await browser.openPage('/resume', { width: 1280, height: 900 })
    const ed = editor(page)
    await ed.getByLabel('First name', { exact: true }).fill('Łucja')
    await ed.getByLabel('Last name', { exact: true }).fill('Wiśniewska-Nguyễn')
    await ed.getByLabel('Job title', { exact: true }).fill('Αναλύτρια δεδομένων')
    await ed.getByLabel('City', { exact: true }).fill('Київ')
    await step(page, 'Summary')
    await ed.getByLabel('Professional summary', { exact: true }).fill('やまだ たろう 東京都 Dvořák Şahin')

    const preview = page.getByRole('region', { name: 'Preview' })
    await expect.poll(() => preview.getByText('Łucja Wiśniewska-Nguyễn').count()).toBeGreaterThan(0)
    // The heading is in the document's font, not the app's serif display face.
    const fonts = await preview
      .locator('h2')
      .first()
      .evaluate((h) => getComputedStyle(h).fontFamily)
    expect(fonts.startsWith('"Resume Inter", "Resume Noto Sans JP"')).toBe(true)
    // The Japanese faces were fetched for the kana, and only some of their ~120 slices.
    await expect
      .poll(() => page.evaluate(() => [...document.fonts].filter((f) => f.family.includes('Noto Sans JP') && f.status === 'loaded').length))
      .toBeGreaterThan(0)
    const loadedJp = await page.evaluate(() => [...document.fonts].filter((f) => f.family.includes('Noto Sans JP') && f.status === 'loaded').length)
    expect(loadedJp).toBeLessThan(20)
    await screenshot(page, 'resume-scripts-preview')

    await step(page, 'Finalize')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()])
    const text = await pdfText(new Uint8Array(readFileSync((await download.path())!)))
    for (const s of ['Łucja Wiśniewska-Nguyễn', 'Αναλύτρια δεδομένων', 'Київ', 'やまだ たろう 東京都 Dvořák Şahin']) expect(text).toContain(s)
  })

  it('visionary section titles stay in their column in the preview, as in the PDF, at any heading size', async () => {
    const page = await browser.openPage('/resume', { width: 1280, height: 900 })
    await page.getByRole('navigation', { name: 'Resume steps' }).waitFor()
    for (const headingFontSize of [13, 28]) {
      const data = emptyResumeData()
      data.heading = { ...data.heading, firstName: 'Ana', lastName: 'Lopez' }
      data.additional = ['licenses', 'honors']
      data.licenses = [{ id: 'l1', title: 'Tableau Certified Professional', subtitle: 'Tableau', date: '2022-01', url: '', description: '' }]
      data.honors = [{ id: 'h1', title: 'Analyst of the year', subtitle: 'Northwind', date: '', url: '', description: '' }]
      data.design = { ...data.design, template: 'visionary', headingFontSize }
      const draft = {
        id: 'v',
        title: 'Visionary',
        data,
        step: 'finalize',
        serverId: null,
        serverVersion: null,
        dirty: false,
        updatedAt: new Date().toISOString(),
      }
      await page.evaluate(
        (value) =>
          new Promise((resolve, reject) => {
            const open = indexedDB.open('waypoint-resume')
            open.onupgradeneeded = () => open.result.createObjectStore('drafts')
            open.onerror = () => reject(open.error)
            open.onsuccess = () => {
              const tx = open.result.transaction('drafts', 'readwrite')
              tx.objectStore('drafts').put(value, 'drafts')
              tx.oncomplete = () => resolve(undefined)
              tx.onerror = () => reject(tx.error)
            }
          }),
        { currentId: 'v', drafts: [draft] },
      )
      await page.reload()
      const pageOne = page.locator('section[aria-label="Page 1"]')
      await pageOne.getByText('LICENSES AND CERTIFICATIONS', { exact: false }).or(pageOne.getByText('Licenses and Certifications')).first().waitFor()
      await page.evaluate(() => document.fonts.ready)
      const overlaps = await pageOne.evaluate((root) => {
        const main = [...root.querySelectorAll('h3')].map((h) => h.getBoundingClientRect().left)
        const column = Math.min(...main)
        return [...root.querySelectorAll('h2')].map((h) => {
          // The text's own extent, word by word (a Range's boxes), not the block's.
          const range = document.createRange()
          range.selectNodeContents(h)
          const right = Math.max(...[...range.getClientRects()].map((r) => r.right))
          return { title: h.textContent, right, column }
        })
      })
      expect(overlaps.length).toBe(2)
      for (const title of overlaps) expect(title.right, `${title.title} at heading size ${headingFontSize}`).toBeLessThanOrEqual(title.column)
    }
    await screenshot(page, 'resume-visionary-long-titles')
  })
})

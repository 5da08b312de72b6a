// The cover-letter builder as a job seeker meets it (issue 7 acceptance): walk the wizard twice
// with different answers (one with a career gap) and get two different letters naming the job,
// company and strengths; edit the body; reload and find the draft; download the PDF and find
// the text in it. Screenshots at 375 and 1280 px.

import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectClean, screenshot, setupBrowser } from './support/browser.ts'

const browser = setupBrowser()

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise
  const texts: string[] = []
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent()
    texts.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''))
  }
  await doc.destroy()
  return texts.join('\n').replace(/\s+/g, ' ')
}

const next = (page: Page, label: string) => page.getByRole('button', { name: `Next: ${label}` }).click()
const preview = (page: Page) => page.getByRole('article', { name: 'Cover letter preview' })

type Answers = {
  first: string
  company: string
  search: string
  title: string
  kind: string
  strengths: string[]
  gap?: { reason: RegExp; answer: string }
}

async function walk(page: Page, a: Answers) {
  await page.getByLabel('First name', { exact: true }).fill(a.first)
  await page.getByLabel('Last name', { exact: true }).fill('Lopez')
  await page.getByLabel('Email', { exact: true }).fill('ana.lopez@example.org')
  await next(page, 'Recipient')
  await page.getByLabel('Company', { exact: true }).fill(a.company)
  await next(page, 'Job')
  await page.getByRole('combobox', { name: 'Job title' }).pressSequentially(a.search, { delay: 20 })
  await page
    .getByRole('option', { name: new RegExp(a.title) })
    .first()
    .click()
  expect(await page.getByRole('combobox', { name: 'Job title' }).inputValue()).toBe(a.title)
  await page.getByRole('radio', { name: a.kind }).check()
  await next(page, 'Strengths')
  for (const s of a.strengths) await page.getByRole('checkbox', { name: s }).check()
  await next(page, 'Background')
  await next(page, 'Experience')
  await next(page, 'Work style')
  await next(page, 'Career gap')
  if (a.gap) {
    await page.getByRole('radio', { name: a.gap.reason }).check()
    await page.getByLabel('What did you do during that time?').fill(a.gap.answer)
  }
  await next(page, 'Letter')
  await preview(page).waitFor()
  return (await preview(page).innerText()).replace(/\s+/g, ' ')
}

describe('cover-letter builder', () => {
  it('writes two different letters, keeps an edit through a reload and exports a real-text PDF', async () => {
    const page = await browser.openPage('/coverletter', { width: 1280, height: 900 })
    await page.getByText('25% of recruiters consider a cover letter critical', { exact: false }).waitFor()
    await page.getByRole('button', { name: 'Sign in to save your cover letter' }).waitFor()

    const first = await walk(page, {
      first: 'Ana',
      company: 'Northwind Health',
      search: 'registered nur',
      title: 'Registered Nurse',
      kind: 'Part-time',
      strengths: ['Reliability', 'Communication'],
    })
    expect(first).toContain('Application for the Registered Nurse part-time position')
    expect(first).toContain('Northwind Health')
    expect(first).toMatch(/reliability and clear communication/)
    expect(first).not.toMatch(/break|stepped away|during that time/i)
    await screenshot(page, 'cover-letter-1280')

    // The source of a sentence shows on hover.
    const sentence = preview(page).locator('[tabindex="0"]').filter({ hasText: 'registered nurse part-time position at Northwind Health' }).first()
    await sentence.hover()
    await expect.poll(() => sentence.getByRole('tooltip').isVisible()).toBe(true)
    expect(await sentence.getByRole('tooltip').innerText()).toContain('Job: Registered Nurse (Part-time)')

    // Clear, then a second walk with other answers and a career gap.
    await page.getByRole('button', { name: 'Clear' }).click()
    await page.getByRole('button', { name: 'Yes, clear it' }).click()
    await page.getByLabel('First name', { exact: true }).waitFor()
    const second = await walk(page, {
      first: 'Ben',
      company: 'Contoso Software',
      search: 'software dev',
      title: 'Software Developer',
      kind: 'Internship',
      strengths: ['Problem-solving', 'Initiative', 'Teamwork'],
      gap: { reason: /Study or training/, answer: 'completed a certificate in cloud computing' },
    })
    expect(second).toContain('Application for the Software Developer internship')
    expect(second).toContain('Contoso Software')
    expect(second).toMatch(/problem-solving, initiative, and teamwork/)
    expect(second).toMatch(/(During that time|In that time|While I was away from work), I completed a certificate in cloud computing\./)
    expect(second).not.toEqual(first)
    for (const text of [first, second]) {
      expect(text).not.toMatch(/\b(\w+) \1\b/i)
      expect(text).not.toMatch(/undefined|null|\{|\}/)
    }

    // Edit the body; the change survives a reload (the draft lives in IndexedDB).
    await browser.context().setOffline(true)
    await page.getByLabel('Body', { exact: true }).fill('I have built three cloud prototypes in my studies.')
    await expect.poll(() => preview(page).innerText()).toContain('I have built three cloud prototypes in my studies.')
    await page.waitForTimeout(600) // the draft save waits for a 400 ms pause in typing
    await browser.context().setOffline(false)
    await page.reload()
    await preview(page).waitFor()
    expect(await preview(page).innerText()).toContain('I have built three cloud prototypes in my studies.')
    expect(await page.getByLabel('Body', { exact: true }).inputValue()).toBe('I have built three cloud prototypes in my studies.')

    // PDF with real text.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()])
    expect(download.suggestedFilename()).toBe('ben-lopez-cover-letter.pdf')
    const text = await pdfText(new Uint8Array(readFileSync((await download.path())!)))
    for (const wanted of [
      'Ben Lopez',
      'Application for the Software Developer internship',
      'Dear Contoso Software hiring team,',
      'I have built three cloud prototypes in my studies.',
      'ana.lopez@example.org',
    ]) {
      expect(text).toContain(wanted)
    }
    expectClean(page)
  })

  it('fits a phone screen', async () => {
    const page = await browser.openPage('/coverletter', { width: 375, height: 800 })
    // Same browser profile: the draft of the first test opens on its letter step.
    await preview(page).waitFor()
    await screenshot(page, 'cover-letter-375', true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    expectClean(page)
  })
})

// The resume builder as a job seeker meets it (issue 6 acceptance): fill every section, switch
// templates and typography, reload (draft restored from IndexedDB), download the PDF and find
// every field in its text, export JSON Resume and import it back, import the downloaded PDF
// back, run the ATS check; screenshots of each template.

import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectClean, screenshot, setupBrowser } from './support/browser.ts'
import { linkedInExport, wordResume } from '../client/support/office-files.ts'

const browser = setupBrowser()

async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise
  const texts: string[] = []
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent()
    texts.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''))
  }
  await doc.destroy()
  return { pages: doc.numPages, text: texts.join('\n').replace(/[ \t]+/g, ' ') }
}

const step = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Resume steps' })
    .getByRole('button', { name: new RegExp(name) })
    .click()
const editor = (page: Page) => page.locator('section[aria-labelledby="step-title"]')

const bullets = Array.from(
  { length: 6 },
  (_, i) => `- Delivered dashboard number ${i + 1} used by forty managers every week, cutting report preparation by hours`,
).join('\n')

async function fillEverything(page: Page) {
  const ed = editor(page)
  for (const [label, value] of [
    ['Email', 'ana.lopez@example.org'],
    ['First name', 'Ana'],
    ['Last name', 'Lopez'],
    ['Job title', 'Senior Data Analyst'],
    ['Phone', '+33 6 12 34 56 78'],
    ['City', 'Lyon'],
    ['Country', 'France'],
    ['Website', 'analopez.example.org'],
  ] as const) {
    await ed.getByLabel(label, { exact: true }).fill(value)
  }
  await step(page, 'Summary')
  await ed.getByLabel('Professional summary', { exact: true }).fill('Analyst who turns messy data into **clear decisions** for retail teams.')

  await step(page, 'Experience')
  for (const [title, employer, start, end] of [
    ['Senior Data Analyst', 'Northwind Retail', '2021-03', ''],
    ['Data Analyst', 'Contoso Foods', '2018-01', '2021-02'],
    ['Junior Analyst', 'Fabrikam Logistics', '2016-06', '2017-12'],
  ]) {
    await ed.getByRole('button', { name: 'Add experience' }).click()
    const item = ed.locator('li').last()
    await item.getByLabel('Job title').fill(title!)
    await item.getByLabel('Employer').fill(employer!)
    await item.getByLabel('City').fill('Lyon')
    await item.getByLabel('Start date').fill(start!)
    if (end) await item.getByLabel('End date').fill(end)
    else await item.getByLabel('I work here now').check()
    await item.getByLabel('Description', { exact: true }).fill(`Owned reporting for ${employer}.\n${bullets}`)
  }

  await step(page, 'Education')
  await ed.getByRole('button', { name: 'Add education' }).click()
  await ed.getByLabel('School').fill('Université Lumière Lyon 2')
  await ed.getByLabel('Degree').fill('MSc')
  await ed.getByLabel('Field of study').fill('Applied Statistics')
  await ed.getByLabel('Start date').fill('2014-09')
  await ed.getByLabel('End date').fill('2016-06')

  await step(page, 'Skills')
  for (const skill of ['SQL', 'Python', 'Tableau']) {
    await ed.getByRole('button', { name: 'Add skill' }).click()
    await ed.getByLabel('Skill').last().fill(skill)
  }
  await ed.getByLabel('Level', { exact: true }).first().selectOption('Expert')

  await step(page, 'Languages')
  await ed.getByRole('button', { name: 'Add language' }).click()
  await ed.getByLabel('Language', { exact: true }).fill('Spanish')
  await ed.getByLabel('Level', { exact: true }).selectOption('Fluent')

  await step(page, 'Additional')
  for (const [section, noun, title, subtitle] of [
    ['Conferences', 'conference', 'Forecasting demand with open data', 'Speaker, PyData Paris'],
    ['Portfolio', 'project', 'Open retail dashboard', 'Public Tableau workbook'],
    ['Honors and Awards', 'honor', 'Analyst of the year', 'Northwind Retail'],
    ['Affiliations', 'affiliation', 'Royal Statistical Society', 'Member'],
    ['Licenses and Certifications', 'license', 'Tableau Certified Professional', 'Tableau'],
  ] as const) {
    await ed.getByLabel(section, { exact: true }).check()
    await ed.getByRole('button', { name: `Add ${noun}` }).click()
    const block = ed.getByRole('region', { name: section })
    await block.getByRole('textbox').nth(0).fill(title)
    await block.getByRole('textbox').nth(1).fill(subtitle)
  }
  await ed.getByRole('button', { name: 'Add a custom section' }).click()
  await ed.getByLabel('Section title').fill('Volunteering')
  const custom = ed.getByRole('region', { name: 'Volunteering' })
  await custom.getByRole('button', { name: 'Add entry' }).click()
  await custom.getByLabel('Title', { exact: true }).fill('Food bank coordinator')
}

const fields = [
  'Ana Lopez',
  'Senior Data Analyst',
  'ana.lopez@example.org',
  '+33 6 12 34 56 78',
  'Lyon, France',
  'analopez.example.org',
  'clear decisions',
  'Northwind Retail',
  'Contoso Foods',
  'Fabrikam Logistics',
  'Mar 2021 – Present',
  'Delivered dashboard number 6',
  'Université Lumière Lyon 2',
  'Applied Statistics',
  'SQL – Expert',
  'Tableau',
  'Spanish – Fluent',
  'Forecasting demand with open data',
  'Open retail dashboard',
  'Analyst of the year',
  'Royal Statistical Society',
  'Tableau Certified Professional',
  'VOLUNTEERING',
  'Food bank coordinator',
]

describe('resume builder', () => {
  it('fills every section, survives a reload, exports a real-text PDF and round-trips JSON Resume', async () => {
    const page = await browser.openPage('/resume', { width: 1280, height: 900 })
    await editor(page).getByLabel('Email', { exact: true }).waitFor()
    await fillEverything(page)

    // Design: template, font and size.
    await step(page, 'Finalize')
    await page.getByRole('radio', { name: 'Brilliant' }).check()
    await page.getByLabel('Font', { exact: true }).selectOption('Lora')
    await expect.poll(() => page.getByRole('region', { name: 'Preview' }).locator('[data-template="brilliant"]').count()).toBe(1)
    await screenshot(page, 'resume-builder-1280')

    // The network going away changes nothing for the draft; a reload restores it.
    await browser.context().setOffline(true)
    await page.getByRole('radio', { name: 'Visionary' }).check()
    await page.waitForTimeout(600) // the draft save waits for a 400 ms pause in typing
    await browser.context().setOffline(false)
    await page.reload()
    await page.getByRole('navigation', { name: 'Resume steps' }).waitFor()
    expect(await page.getByRole('radio', { name: 'Visionary' }).isChecked()).toBe(true)
    await step(page, 'Heading')
    expect(await editor(page).getByLabel('Last name').inputValue()).toBe('Lopez')
    await step(page, 'Experience')
    expect(await editor(page).getByLabel('Employer').nth(2).inputValue()).toBe('Fabrikam Logistics')

    // PDF: real text, every field, more than one page.
    await step(page, 'Finalize')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()])
    const status = await page.getByRole('status').filter({ hasText: 'PDF ready' }).textContent()
    console.log(`resume PDF export: ${status}`)
    const pdfPath = (await download.path())!
    const bytes = new Uint8Array(readFileSync(pdfPath))
    const { pages, text } = await pdfText(bytes)
    expect(pages).toBeGreaterThanOrEqual(2)
    for (const field of fields) expect(text, field).toContain(field)
    expect(await page.locator('section[aria-label^="Page "]').count()).toBe(pages)

    // JSON Resume: export, clear, import back.
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON Resume' }).click()])
    const exported = JSON.parse(readFileSync((await json.path())!, 'utf8')) as { basics: { name: string; email: string }; work: unknown[] }
    expect(exported.basics).toMatchObject({ name: 'Ana Lopez', email: 'ana.lopez@example.org' })
    expect(exported.work).toHaveLength(3)
    await page.getByRole('button', { name: 'Clear' }).click()
    await page.getByRole('button', { name: 'Yes, clear it' }).click()
    await step(page, 'Finalize')
    const importInput = page.getByLabel('Resume file to import (PDF, Word (.docx), LinkedIn data export (.zip) or JSON Resume)')
    await importInput.setInputFiles({ name: 'resume.json', mimeType: 'application/json', buffer: readFileSync((await json.path())!) })
    await page.getByRole('region', { name: 'Import review' }).getByText('Experience (3)').waitFor()
    await page.getByRole('button', { name: 'Replace with the import' }).click()
    const [again] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON Resume' }).click()])
    expect(JSON.parse(readFileSync((await again.path())!, 'utf8'))).toEqual(exported)

    // The downloaded PDF imports back: the page text gives every field (it matches the attached
    // copy in every one), and the resume is the same as before.
    await page.getByRole('button', { name: 'Clear' }).click()
    await page.getByRole('button', { name: 'Yes, clear it' }).click()
    await step(page, 'Finalize')
    await importInput.setInputFiles({ name: 'ana-lopez-resume.pdf', mimeType: 'application/pdf', buffer: readFileSync(pdfPath) })
    const review = page.getByRole('region', { name: 'Import review' })
    await review.getByText('From the PDF we recognised').waitFor()
    expect(await review.textContent()).toContain(
      'Heading, Summary, Experience (3), Education (1), Skills (3), Languages (1), Conferences (1), Portfolio (1), Honors and Awards (1), Affiliations (1), Licenses and Certifications (1), Volunteering (1)',
    )
    await review.getByText('the page text matched the attached copy in every field').waitFor()
    await review.screenshot({ path: await screenshot(page, 'resume-pdf-import-review') })
    await page.getByRole('button', { name: 'Replace with the import' }).click()
    const [fromPdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON Resume' }).click()])
    expect(JSON.parse(readFileSync((await fromPdf.path())!, 'utf8'))).toEqual(exported)

    // ATS check: our PDF read back, every check explained; a job ad gives keyword coverage.
    await page.getByRole('button', { name: 'Check my PDF' }).click()
    const results = page.getByRole('region', { name: 'ATS results' })
    await results.getByText(/checks passed/).waitFor({ timeout: 15_000 })
    for (const label of ['Standard section headings', 'Contact details', 'Dates consistent', 'Bullet length', 'Action verbs', 'No text lost'])
      await results.getByText(label).waitFor()
    expect(await results.getByText('Every field you wrote is in the PDF as real, selectable text.').isVisible()).toBe(true)
    await page
      .getByLabel('Job description (optional)')
      .fill('Senior Data Analyst\n- Advanced SQL and Python\n- Dashboards in Tableau or Looker\n- Forecasting experience')
    const coverage = page.getByRole('region', { name: 'Keyword coverage' })
    await coverage.getByText(/Your resume covers \d+ of \d+ requirements/).waitFor()
    expect(
      await coverage
        .getByRole('listitem')
        .filter({ hasText: /^Looker/ })
        .textContent(),
    ).toContain('missing')
    expect(
      await coverage
        .getByRole('listitem')
        .filter({ hasText: /^Tableau/ })
        .textContent(),
    ).toContain('found in Skills')
    await page.locator('section[aria-labelledby="ats-check"]').screenshot({ path: await screenshot(page, 'resume-ats-check') })
    expectClean(page)
  })

  it('imports a Word file dropped on the Finalize step, and a LinkedIn export chosen with the file input', async () => {
    const page = await browser.openPage('/resume', { width: 1280, height: 900 })
    await step(page, 'Finalize')
    // Dropped: the file as the browser hands it over from the desktop.
    const bytes = [...wordResume()]
    const transfer = await page.evaluateHandle((content) => {
      const data = new DataTransfer()
      const type = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
      data.items.add(new File([new Uint8Array(content)], 'Łukasz Wiśniewski CV.docx', { type }))
      return data
    }, bytes)
    await page.getByRole('heading', { name: 'Download and share' }).dispatchEvent('drop', { dataTransfer: transfer })
    const review = page.getByRole('region', { name: 'Import review' })
    await review.getByText('From the Word file we recognised').waitFor()
    // Its Russian "Проекты" heading is the builder's Projects section (shown as Portfolio).
    expect(await review.textContent()).toContain('Heading, Summary, Experience (2), Education (1), Skills (4), Languages (5), Portfolio (1)')
    await review.screenshot({ path: await screenshot(page, 'resume-docx-import-review') })
    await page.getByRole('button', { name: 'Replace with the import' }).click()
    await step(page, 'Experience')
    expect(await editor(page).getByLabel('Employer').first().inputValue()).toBe('Northwind Traders')
    await step(page, 'Finalize')
    const input = page.getByLabel('Resume file to import (PDF, Word (.docx), LinkedIn data export (.zip) or JSON Resume)')
    await input.setInputFiles({ name: 'Basic_LinkedInDataExport.zip', mimeType: 'application/zip', buffer: Buffer.from(linkedInExport()) })
    await review.getByText('From the LinkedIn export we recognised').waitFor()
    await page.getByRole('button', { name: 'Replace with the import' }).click()
    await step(page, 'Heading')
    expect(await editor(page).getByLabel('Last name').inputValue()).toBe('Nguyễn')
    expectClean(page)
  })

  it('shows each template at A4 and the builder on a phone', async () => {
    const page = await browser.openPage('/resume', { width: 1280, height: 1400 })
    await page.getByRole('navigation', { name: 'Resume steps' }).waitFor()
    await step(page, 'Finalize')
    for (const template of ['Cool', 'Visionary', 'Brilliant']) {
      await page.getByRole('radio', { name: template }).check()
      await page.evaluate(() => document.fonts.ready)
      const first = page.locator('section[aria-label="Page 1"]')
      await first.scrollIntoViewIfNeeded()
      await first.screenshot({ path: await screenshot(page, `resume-template-${template.toLowerCase()}`).then((p) => p) })
    }
    const phone = await browser.openPage('/resume', { width: 375, height: 812 })
    await phone.getByRole('navigation', { name: 'Resume steps' }).waitFor()
    await screenshot(phone, 'resume-builder-375', true)
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})

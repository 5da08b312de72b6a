// The resume PDF timings of `npm run bench` in headless Chromium: export of a stored draft of 1 and
// 2 pages (and 2 pages in Japanese) on /resume, then the 2-page PDF imported back.

import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { withFreshProfile } from './bench-browser.ts'
import { BUDGET_PDF_EXPORT_2_PAGES_MS } from './bench-budgets.ts'
import { CLIENT, gzipSize, kb, load1 } from './bench-helpers.ts'
import { emit } from './bench-output.ts'
import { benchResume } from './sample-resume.ts'

/**
 * Per resume: a fresh browser profile, the draft written to IndexedDB as the builder stores it,
 * /resume opened on its Finalize step, then Download PDF clicked three times (the first one
 * loads the PDF chunk and the font files).
 */
export async function measureResumePdf(url: string, executablePath: string) {
  for (const [jobs, pages, name, cjk] of [
    [2, 1, 'resume_pdf_export_ms_1_page', false],
    [7, 2, 'resume_pdf_export_ms_2_pages', false],
    [7, 2, 'resume_pdf_export_ms_2_pages_cjk', true],
  ] as const) {
    await withFreshProfile(executablePath, { viewport: { width: 1280, height: 900 }, acceptDownloads: true }, async (ctx) => {
      const page = await ctx.newPage()
      await page.goto(`${url}/resume`, { waitUntil: 'networkidle', timeout: 60_000 })
      const draft = {
        id: 'bench',
        title: 'Bench resume',
        data: benchResume(jobs, cjk),
        step: 'finalize',
        serverId: null,
        serverVersion: null,
        dirty: false,
        updatedAt: new Date().toISOString(),
      }
      await page.evaluate(
        (value) =>
          new Promise<void>((resolve, reject) => {
            const open = globalThis.indexedDB.open('waypoint-resume')
            open.onupgradeneeded = () => open.result.createObjectStore('drafts')
            open.onerror = () => reject(open.error)
            open.onsuccess = () => {
              const tx = open.result.transaction('drafts', 'readwrite')
              tx.objectStore('drafts').put(value, 'drafts')
              tx.oncomplete = () => resolve()
              tx.onerror = () => reject(tx.error)
            }
          }),
        { currentId: 'bench', drafts: [draft] },
      )
      await page.reload({ waitUntil: 'networkidle' })
      const button = page.getByRole('button', { name: 'Download PDF' })
      await button.waitFor({ timeout: 30_000 })
      const shown = await page.locator('section[aria-label^="Page "]').count()
      const times: number[] = []
      const inApp: (string | undefined)[] = []
      let bytes = Buffer.alloc(0)
      for (let round = 0; round < 3; round++) {
        const started = performance.now()
        const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()])
        times.push(performance.now() - started)
        bytes = readFileSync(await download.path())
        inApp.push((await page.getByRole('status').filter({ hasText: 'PDF ready' }).textContent())?.match(/\d+/)?.[0])
      }
      const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
      const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise
      const pdfPages = pdf.numPages
      await pdf.destroy()
      if (pdfPages !== pages) throw new Error(`${name}: the bench resume made ${pdfPages} PDF pages (preview: ${shown}), expected ${pages}`)
      emit(name, (times[0] ?? Number.NaN).toFixed(0), 'ms', `(${pdfPages} pages, ${kb(bytes.length)} KB PDF)`)
      console.log(
        `# ${name}: warm repeats ${times
          .slice(1)
          .map((t) => t.toFixed(0))
          .join(
            ', ',
          )} ms; as the page timed it: ${inApp.join(', ')} ms; load average ${load1()} on ${availableParallelism()} cores; budget for 2 pages ${BUDGET_PDF_EXPORT_2_PAGES_MS} ms`,
      )
      if (pages === 2 && !cjk) await measureResumeImport(page, bytes)
    })
  }
  // The writer and pdf-lib with the font chain it shares with the cover letter (loaded on the first download).
  for (const chunk of readdirSync(join(CLIENT, 'assets')).filter((file) =>
    /^(export-pdf|document-pdf-fonts|font-chain|cjk-fonts)-.*\.js$/.test(file),
  ))
    console.log(`# PDF writer chunk assets/${chunk}: ${kb(gzipSize(readFileSync(join(CLIENT, 'assets', chunk))))} KB gzip`)
}

/**
 * The exported 2-page PDF imported back on the same page: file chosen -> the import review
 * says every field matched (PDF text extraction loads on first use: the first round is cold).
 */
async function measureResumeImport(page: Page, bytes: Buffer) {
  const input = page.getByLabel('Resume file to import (PDF, Word (.docx), LinkedIn data export (.zip) or JSON Resume)')
  const review = page.getByRole('region', { name: 'Import review' })
  const times: number[] = []
  for (let round = 0; round < 3; round++) {
    const started = performance.now()
    await input.setInputFiles({ name: `bench-resume-${round}.pdf`, mimeType: 'application/pdf', buffer: bytes })
    await review.getByText('the page text matched the attached copy in every field').waitFor({ timeout: 60_000 })
    times.push(performance.now() - started)
    await page.getByRole('button', { name: 'Replace with the import' }).click()
    await review.waitFor({ state: 'detached', timeout: 10_000 })
  }
  emit(
    'resume_import_roundtrip_ms',
    (times[0] ?? Number.NaN).toFixed(0),
    'ms',
    `(the 2-page PDF just exported, read back with every field matched; first import, PDF reader loaded then)`,
  )
  console.log(
    `# resume_import_roundtrip_ms: warm repeats ${times
      .slice(1)
      .map((t) => t.toFixed(0))
      .join(', ')} ms; load average ${load1()}`,
  )
}

// Importing another tool's PDF resume: before anything is replaced, the review says how the page
// was read (two columns), what to check, what was shortened to fit and what was left out.
// pdf.js runs here through its Node build (the browser build needs a worker jsdom lacks); the
// file, the parse and the review are the real ones.
import 'fake-indexeddb/auto'
import { readFileSync } from 'node:fs'
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { idbDraftStorage, setDraftStore } from '@/features/resume/draft-store'
import { pdfContent, type PdfContent, type PdfItem } from '@/features/resume/pdf/pdf-content'
import { renderRoute } from './support/render'

let madeUp: PdfContent | null = null
vi.mock('@/features/resume/pdf/read-pdf', () => ({
  readPdf: async (bytes: Uint8Array) => {
    if (madeUp) return madeUp
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
    const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false }).promise
    try {
      return await pdfContent(doc as never)
    } finally {
      await doc.destroy()
    }
  },
}))

beforeEach(async () => {
  madeUp = null
  await idbDraftStorage.clear()
  setDraftStore(null)
})

async function upload(name: string, bytes: Uint8Array<ArrayBuffer>) {
  const { user } = await renderRoute('/resume')
  await user.click(within(await screen.findByRole('navigation', { name: 'Resume steps' })).getByRole('button', { name: /Finalize/ }))
  await user.upload(
    screen.getByLabelText('Resume file to import (PDF, Word (.docx), LinkedIn data export (.zip) or JSON Resume)'),
    new File([bytes], name, { type: 'application/pdf' }),
  )
  return { user, review: await screen.findByRole('region', { name: 'Import review' }, { timeout: 10_000 }) }
}

describe('PDF import review', () => {
  it('says a two-column PDF was read column by column, and imports it when asked', async () => {
    const { user, review } = await upload('deedy.pdf', Uint8Array.from(readFileSync('tests/fixtures/resume-import/deedy-two-column.pdf')))
    const layout = within(review).getByRole('list', { name: 'How the page was read' })
    expect(layout.textContent).toMatch(/two columns/)
    expect(within(review).getByText(/Experience \(4\)/)).toBeInTheDocument()
    await user.click(within(review).getByRole('button', { name: 'Replace with the import' }))
    await user.click(within(screen.getByRole('navigation', { name: 'Resume steps' })).getByRole('button', { name: /Heading/ }))
    expect(screen.getByLabelText('First name')).toHaveValue('Debarghya')
    expect(screen.getByLabelText('Last name')).toHaveValue('Das')
  }, 30_000)

  it('imports a page with one over-long value and lists what was shortened', async () => {
    const rows: [string, number, number, number, string][] = [
      ['Zofia Łukasiewicz', 50, 740, 22, 'Bold'],
      ['zofia@example.org   +48 600 100 200', 50, 715, 10, 'F1'],
      ['Skills', 50, 680, 14, 'Bold'],
      ['Leadership of distributed engineering organisations across time zones while keeping delivery predictable', 50, 660, 8, 'F1'],
      ['Experience', 50, 630, 14, 'Bold'],
      ['Globex Sp. z o.o.', 50, 610, 11, 'Bold'],
      ['Engineer', 50, 596, 10, 'F1'],
      ['2019 – 2021', 480, 596, 10, 'F1'],
    ]
    madeUp = {
      pages: 1,
      pageWidth: 612,
      links: [],
      attachments: {},
      items: rows.map(([text, x, y, size, font]): PdfItem => ({
        page: 1,
        text,
        x,
        y,
        size,
        font,
        width: text.length * size * 0.5,
        tag: null,
        seq: 0,
        link: false,
      })),
    }
    const { user, review } = await upload('cv.pdf', new Uint8Array([37, 80, 68, 70]))
    const cut = within(review).getByRole('list', { name: 'Shortened to fit the builder' })
    expect(cut.textContent).toMatch(/more than the 80 the builder holds/)
    await user.click(within(review).getByRole('button', { name: 'Replace with the import' }))
    await user.click(within(screen.getByRole('navigation', { name: 'Resume steps' })).getByRole('button', { name: /Heading/ }))
    expect(screen.getByLabelText('Last name')).toHaveValue('Łukasiewicz')
  }, 30_000)
})

// Visionary sets section titles in a column of their own: a long title wraps inside it and
// never prints over the entries beside it or below it, at any heading size.

import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { emptyResumeData, type ResumeData } from '~contract/resume.ts'
import { exportPdf, setFontLoader } from '@/features/resume/pdf/export-pdf'
import { pdfContent, type PdfItem } from '@/features/resume/pdf/pdf-content'
import { parsePdfResume } from '@/features/resume/import/pdf-import'

setFontLoader(async (url) => new Uint8Array(await readFile(`.${new URL(url, 'file:///').pathname}`)).buffer)

async function items(bytes: Uint8Array) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false }).promise
  try {
    return await pdfContent(doc as never)
  } finally {
    await doc.destroy()
  }
}

function resume(headingFontSize: number, fontType: ResumeData['design']['fontType']): ResumeData {
  const data = emptyResumeData()
  data.heading = { ...data.heading, firstName: 'Ana', lastName: 'Lopez' }
  data.additional = ['licenses', 'honors']
  data.licenses = [{ id: 'l1', title: 'Tableau Certified Professional', subtitle: 'Tableau', date: '2022-01', url: '', description: 'One line.' }]
  data.honors = [{ id: 'h1', title: 'Analyst of the year', subtitle: 'Northwind', date: '', url: '', description: '' }]
  data.customSections = [
    { id: 'x1', title: 'Internationalisation', items: [{ id: 'x2', title: 'Translator', subtitle: '', date: '', url: '', description: '' }] },
  ]
  data.sectionOrder = ['licenses', 'honors', 'custom:x1']
  data.design = { ...data.design, template: 'visionary', headingFontSize, fontType }
  return data
}

// A text item's box: from its baseline a little down for descenders, up to its cap height.
const box = (item: PdfItem) => ({ left: item.x, right: item.x + item.width, bottom: item.y - item.size * 0.25, top: item.y + item.size * 0.8 })
const overlaps = (a: PdfItem, b: PdfItem) => {
  const p = box(a)
  const q = box(b)
  return p.left < q.right && q.left < p.right && p.bottom < q.top && q.bottom < p.top
}

describe('visionary section titles', () => {
  for (const [size, font] of [
    [14, 'Default'],
    [20, 'Merriweather'],
    [28, 'Lato'],
  ] as const) {
    it(`wrap in their column and touch no other text (heading size ${size}, ${font})`, async () => {
      const content = await items(await exportPdf(resume(size, font)))
      const titles = content.items.filter((item) => item.tag === 'SectionTitle' && item.text.trim())
      const others = content.items.filter((item) => item.tag !== 'SectionTitle' && item.text.trim())
      expect(titles.length).toBeGreaterThanOrEqual(3)
      const column = Math.min(...others.filter((item) => item.tag === 'EntryTitle').map((item) => item.x))
      for (const title of titles) {
        expect(box(title).right, `"${title.text}" stays left of the entries`).toBeLessThanOrEqual(column)
        for (const other of others) expect(overlaps(title, other), `"${title.text}" over "${other.text}"`).toBe(false)
      }
      // Still one title each for a parser, words whole where they fit.
      const parsed = parsePdfResume(content)
      expect(parsed.ok).toBe(true)
      if (parsed.ok) expect(parsed.headings).toEqual(expect.arrayContaining(['LICENSES AND CERTIFICATIONS', 'HONORS AND AWARDS']))
    })
  }
})

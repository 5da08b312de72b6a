// Tagged PDFs: the resume and the cover letter say they are tagged, in which language, and carry
// a structure tree that reads as the page does: the name as the top heading, each section with
// its heading, entries as sub-headings, bullets as list items, nothing left out.

import { readFile } from 'node:fs/promises'
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { emptyCoverLetterData } from '~contract/cover-letter.ts'
import { templateNames } from '~contract/resume.ts'
import { exportLetterPdf } from '@/features/cover-letter/pdf/export-letter-pdf'
import { exportPdf, setFontLoader } from '@/features/resume/pdf/export-pdf'
import { scriptResume } from './support/script-resume.ts'

setFontLoader(async (url) => new Uint8Array(await readFile(`.${new URL(url, 'file:///').pathname}`)).buffer)

type Node = { role?: string; type?: string; id?: string; children?: Node[] }
type Tagged = {
  marked: boolean
  lang: string | null
  title: string
  outline: { role: string; text: string }[]
  untagged: string[]
  linkAnnotationsInTree: boolean
}

/** The structure tree as (role, text) in tree order, with the text each element's content holds. */
async function readTagged(bytes: Uint8Array): Promise<Tagged> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false }).promise
  try {
    const outline: { role: string; text: string }[] = []
    const untagged: string[] = []
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n)
      const content = await page.getTextContent({ includeMarkedContent: true })
      const textOf = new Map<string, string>()
      const open: (string | null)[] = []
      for (const item of content.items as { type?: string; id?: string; tag?: string; str?: string }[]) {
        if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent')
          open.push(item.id ?? (item.tag === 'Artifact' ? 'artifact' : null))
        else if (item.type === 'endMarkedContent') open.pop()
        else if (typeof item.str === 'string') {
          const id = open.findLast((o) => o !== null) ?? null
          if (id && id !== 'artifact') textOf.set(id, `${textOf.get(id) ?? ''}${item.str}`)
          else if (item.str.trim()) untagged.push(item.str)
        }
      }
      const walk = (node: Node): string => {
        if (node.type === 'content') return textOf.get(node.id!) ?? ''
        const at = outline.length
        if (node.role && node.role !== 'Root') outline.push({ role: node.role, text: '' })
        const text = (node.children ?? []).map(walk).join(' ')
        if (node.role && node.role !== 'Root') outline[at]!.text = text.replace(/\s+/g, ' ').trim()
        return text
      }
      walk((await page.getStructTree()) as Node)
    }
    const info = (await doc.getMetadata()).info as { Title?: string; Language?: string }
    // Every link annotation has a StructParent that the parent tree maps to a Link element.
    const pdf = await PDFDocument.load(bytes)
    const parentTree = pdf.catalog
      .lookup(PDFName.of('StructTreeRoot'), PDFDict)
      .lookup(PDFName.of('ParentTree'), PDFDict)
      .lookup(PDFName.of('Nums'), PDFArray)
    const parents = new Map<number, PDFRef>()
    for (let i = 0; i < parentTree.size(); i += 2) parents.set((parentTree.get(i) as PDFNumber).asNumber(), parentTree.get(i + 1) as PDFRef)
    const annotations = pdf.getPages().flatMap((p) => {
      const list = p.node.lookup(PDFName.of('Annots'))
      return list instanceof PDFArray ? list.asArray().map((ref) => pdf.context.lookup(ref, PDFDict)) : []
    })
    const linkAnnotationsInTree =
      annotations.length > 0 &&
      annotations.every((annotation) => {
        const key = annotation.get(PDFName.of('StructParent')) as PDFNumber | undefined
        const element = key && parents.get(key.asNumber())
        return !!element && pdf.context.lookup(element, PDFDict).get(PDFName.of('S')) instanceof PDFName
      })
    return {
      marked: (await doc.getMarkInfo())?.Marked === true,
      lang: info.Language ?? null,
      title: info.Title ?? '',
      outline,
      untagged,
      linkAnnotationsInTree,
    }
  } finally {
    await doc.destroy()
  }
}

const roles = (t: Tagged, role: string) => t.outline.filter((o) => o.role === role).map((o) => o.text)

describe('tagged resume PDF', () => {
  for (const template of templateNames) {
    it(`${template}: marked as tagged, in the resume's language (Polish), with a structure tree that holds every line in reading order`, async () => {
      const tagged = await readTagged(await exportPdf(scriptResume(template, 'Default')))
      expect(tagged.marked).toBe(true)
      // Told from its text: "Inżynier danych", Kraków, Polska (tests/server/pdf-language.test.ts for more).
      expect(tagged.lang).toBe('pl')
      expect(tagged.untagged).toEqual([])
      const name = template === 'brilliant' ? 'ŁUCJA WIŚNIEWSKA-NGUYỄN' : 'Łucja Wiśniewska-Nguyễn'
      // Our role names are mapped to the standard ones (RoleMap): what a reader sees.
      expect(roles(tagged, 'H1')).toEqual([name])
      expect(roles(tagged, 'H2')).toEqual(['SUMMARY', 'EXPERIENCE', 'SKILLS'])
      expect(roles(tagged, 'H3')).toEqual(['Αθηνά Παπαδοπούλου'])
      expect(roles(tagged, 'Sect')).toHaveLength(3)
      expect(roles(tagged, 'LI')).toEqual(['• 王小明 北京大学', '• やまだ たろう 東京都', '• 김민준 서울대학교', 'Łódź', 'Ελληνικά', '日本語'])
      expect(roles(tagged, 'L')).toHaveLength(2)
      // The e-mail contact is a link whose annotation is in the structure (OBJR, StructParent).
      expect(roles(tagged, 'Link')).toEqual(['lucja@example.org'])
      expect(tagged.linkAnnotationsInTree).toBe(true)
      // Reading order: the document element reads as the page does.
      const document = roles(tagged, 'Document')[0]!
      expect(document.indexOf(name)).toBe(0)
      expect(document.indexOf('SUMMARY')).toBeLessThan(document.indexOf('EXPERIENCE'))
      expect(document.indexOf('Αθηνά Παπαδοπούλου')).toBeLessThan(document.indexOf('Ольга Ковальчук'))
      expect(document.indexOf('Ольга Ковальчук')).toBeLessThan(document.indexOf('王小明'))
    })
  }
})

describe('tagged cover-letter PDF', () => {
  it('marks the name as the heading and every paragraph of the letter as one paragraph', async () => {
    const data = emptyCoverLetterData()
    data.you = { ...data.you, firstName: 'Łucja', lastName: 'Wiśniewska-Nguyễn', city: 'Kraków' }
    data.recipient = { ...data.recipient, name: 'Αθηνά Παπαδοπούλου', company: 'Northwind' }
    data.job = { ...data.job, title: 'Data analyst' }
    const tagged = await readTagged(await exportLetterPdf(data, new Date('2026-03-02T10:00:00Z')))
    expect(tagged.marked).toBe(true)
    expect(tagged.lang).toBe('en')
    expect(tagged.title).toBe('Łucja Wiśniewska-Nguyễn – Cover letter')
    expect(tagged.untagged).toEqual([])
    expect(roles(tagged, 'H1')).toEqual(['Łucja Wiśniewska-Nguyễn'])
    expect(roles(tagged, 'H2')).toEqual(['Application for the Data analyst position'])
    const paragraphs = roles(tagged, 'P')
    expect(paragraphs).toContain('Dear Αθηνά Παπαδοπούλου,')
    // A paragraph wrapped over lines is one element.
    // (The letter's wording is chosen from the applicant's answers; the role is lower-case mid-sentence.)
    const opening = paragraphs.find((p) => p.includes('data analyst position')) ?? ''
    expect(opening).toMatch(/data analyst position (at|with) Northwind\. \S.+\.$/)
    expect(opening.length).toBeGreaterThan(120)
  })
})

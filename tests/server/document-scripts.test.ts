// Names in every script come out of the builders' PDFs whole: the text layer (what a reader
// copies and an ATS parses) holds each string as typed, in every template and font, and the
// fonts are embedded subsets. Runs in Node on the same writers the browser loads.

import { readFile } from 'node:fs/promises'
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { emptyCoverLetterData } from '~contract/cover-letter.ts'
import { fontTypes, templateNames } from '~contract/resume.ts'
import { exportLetterPdf } from '@/features/cover-letter/pdf/export-letter-pdf'
import { exportPdf, setFontLoader } from '@/features/resume/pdf/export-pdf'
import { unsupportedCharacters, UnwritableCharacters } from '~pdf-engine/scripts.ts'
import { buildPdf } from '../../server/services/library/ebook-files.ts'
import type { StoredArticle } from '../../server/services/library/library.ts'
import { names, scriptResume } from './support/script-resume.ts'

// The font files the `?url` imports point at, read from node_modules.
setFontLoader(async (url) => {
  const bytes = await readFile(`.${new URL(url, 'file:///').pathname}`)
  return new Uint8Array(bytes).buffer
})

/** The page text as pdf.js extracts it, lines joined by spaces, white space collapsed. */
async function pdfText(bytes: Uint8Array): Promise<{ text: string; fonts: string[] }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false }).promise
  try {
    let text = ''
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n)
      const content = await page.getTextContent()
      for (const item of content.items as { str?: string; hasEOL?: boolean }[]) text += (item.str ?? '') + (item.hasEOL ? ' ' : '')
      text += ' '
    }
    return { text: text.replace(/\s+/g, ' '), fonts: [] }
  } finally {
    await doc.destroy()
  }
}

/** The file's fonts (pdf-lib reads them back): each a subset ("ABCDEF+Name") with its font file inside. */
async function embeddedFonts(bytes: Uint8Array): Promise<{ names: string[]; files: number }> {
  const pdf = await PDFDocument.load(bytes)
  const names: string[] = []
  let files = 0
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue
    names.push(object.get(PDFName.of('FontName'))!.toString().slice(1))
    if (object.get(PDFName.of('FontFile2'))) files += 1
  }
  return { names, files }
}

const expectAll = (text: string, strings: string[]) => {
  for (const s of strings) expect(text, `"${s}" in the text layer`).toContain(s)
}

describe('every script in the resume PDF', () => {
  for (const template of templateNames) {
    for (const fontType of fontTypes) {
      it(`${template} in ${fontType}: every name comes back whole from the text layer, in embedded subset fonts`, async () => {
        const bytes = await exportPdf(scriptResume(template, fontType))
        const { text } = await pdfText(bytes)
        // Brilliant sets the name in capitals, as its preview does.
        const name = template === 'brilliant' ? 'ŁUCJA WIŚNIEWSKA-NGUYỄN' : 'Łucja Wiśniewska-Nguyễn'
        expectAll(text, [...Object.values(names).filter((s) => s !== names.polish), name, 'Łódź', 'Ελληνικά', '日本語'])
        const fonts = await embeddedFonts(bytes)
        expect(fonts.names.length).toBeGreaterThan(2)
        expect(fonts.files).toBe(fonts.names.length)
        for (const name of fonts.names) expect(name).toMatch(/^[A-Z]{6}\+/)
      })
    }
  }

  it('loads no CJK font for a Latin-only resume, and embeds only what it draws', async () => {
    const data = scriptResume('cool', 'Default')
    data.summary = 'Łucja Wiśniewska-Nguyễn'
    data.experience = []
    data.skills = []
    const bytes = await exportPdf(data)
    const fonts = await embeddedFonts(bytes)
    expect(fonts.names.join(' ')).not.toMatch(/CJK|JP|SC|KR/)
    expect(bytes.length).toBeLessThan(60_000)
    expectAll((await pdfText(bytes)).text, ['Łucja Wiśniewska-Nguyễn'])
  })
})

describe('every script in the cover-letter PDF', () => {
  for (const template of templateNames) {
    it(`${template}: the writer's name and the recipient's come back whole, spaces included`, async () => {
      const data = emptyCoverLetterData()
      data.you = { ...data.you, firstName: 'Łucja', lastName: 'Wiśniewska-Nguyễn', city: 'Kraków' }
      data.recipient = { ...data.recipient, name: 'Αθηνά Παπαδοπούλου', company: '東京データ株式会社' }
      data.job = { ...data.job, title: 'Analityk danych' }
      data.design = { ...data.design, template, fontType: 'Lato' }
      const { text } = await pdfText(await exportLetterPdf(data, new Date('2026-03-02T10:00:00Z')))
      expectAll(text, ['Łucja Wiśniewska-Nguyễn', 'Αθηνά Παπαδοπούλου', '東京データ株式会社', 'Kraków'])
    })
  }
})

describe('every script in the e-book PDF', () => {
  it('writes headings, paragraphs, list items and the contents in every script, in embedded Noto subsets', async () => {
    const all = Object.values(names)
    const article: StoredArticle = {
      id: 1,
      slug: 'names',
      title: `${names.polish} ${names.greek}`,
      summary: names.cyrillic,
      author: names.vietnamese,
      tags: [],
      publishedAt: new Date('2026-01-01'),
      readingMinutes: 3,
      category: { id: 1, slug: 'c', title: names.korean },
      subCategory: null,
      html: '',
      toc: [],
      sources: [],
      bodyMd: `## ${names.japanese}\n\n${names.latinExtended} ${names.chinese}\n\n- ${names.greek}\n- ${names.cyrillic}\n`,
      bodyText: '',
      contentHash: 'x',
    }
    const bytes = await buildPdf({
      slug: 'b',
      title: names.chinese,
      subtitle: names.japanese,
      description: names.polish,
      coverSvg: '',
      chapters: [article],
      modified: new Date('2026-01-01'),
    })
    const { text } = await pdfText(bytes)
    expectAll(text, all)
    const fonts = await embeddedFonts(bytes)
    expect(fonts.files).toBe(fonts.names.length)
    for (const name of fonts.names) expect(name).toMatch(/^[A-Z]{6}\+Noto/)
  })
})

describe('characters the PDF cannot write are found before a download', () => {
  it('the writers refuse, naming them, characters of a covered script that no font has (Coptic in the Greek block), unless asked anyway', async () => {
    const data = scriptResume('cool', 'Lato')
    data.summary = 'Ϣ ϣ and Ꞁ'
    const refused = await exportPdf(data).then(
      () => null,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(UnwritableCharacters)
    expect((refused as UnwritableCharacters).characters.sort()).toEqual(['Ϣ', 'ϣ'])
    expect((await pdfText(await exportPdf(data, { anyway: true }))).text).toContain('Ꞁ')
    const letter = emptyCoverLetterData()
    letter.you = { ...letter.you, firstName: 'Ϣ' }
    await expect(exportLetterPdf(letter)).rejects.toBeInstanceOf(UnwritableCharacters)
  })

  it('names right-to-left letters and characters of scripts without a font, and nothing else', () => {
    const found = unsupportedCharacters(`${Object.values(names).join(' ')} شهد כהן 🙂`)
    expect(found.rightToLeft).toEqual([...'شهدכהן'])
    expect(found.other).toEqual(['🙂'])
    expect(unsupportedCharacters(Object.values(names).join(' '))).toEqual({ rightToLeft: [], other: [] })
  })
})

// The PDF says which language it is in (/Lang, from what the user wrote), and a part in another
// script carries its own (a Span with /Lang), so a screen reader reads a Japanese employer in a
// Polish resume, or Python in a Japanese one, with the right rules. Read back from the files.

import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream, PDFString, type PDFObject } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { emptyCoverLetterData } from '~contract/cover-letter.ts'
import { emptyResumeData, type ResumeData } from '~contract/resume.ts'
import { exportLetterPdf } from '@/features/cover-letter/pdf/export-letter-pdf'
import { fromJsonResume } from '@/features/resume/json-resume'
import { exportPdf, setFontLoader } from '@/features/resume/pdf/export-pdf'
import { documentLanguage } from '~pdf-engine/language.ts'

setFontLoader(async (url) => new Uint8Array(await readFile(`.${new URL(url, 'file:///').pathname}`)).buffer)

/** The catalogue's /Lang and, in page order, each Span's /Lang with the text pdf.js reads inside it. */
async function languages(bytes: Uint8Array): Promise<{ lang: string; spans: { lang: string; text: string }[] }> {
  const pdf = await PDFDocument.load(bytes)
  const lang = pdf.catalog.lookup(PDFName.of('Lang'), PDFString).decodeText()
  const spanLangs: string[] = []
  for (const page of pdf.getPages()) {
    const contents = page.node.get(PDFName.of('Contents')) as PDFObject
    const resolved = pdf.context.lookup(contents)
    const streams = resolved instanceof PDFArray ? resolved.asArray().map((ref) => pdf.context.lookup(ref)) : [resolved]
    const text = streams.map((stream) => new TextDecoder('latin1').decode(decodePDFRawStream(stream as PDFRawStream).decode())).join('\n')
    for (const match of text.matchAll(/\/Span <<\/Lang \(([^)]*)\)>> BDC/g)) spanLangs.push(match[1]!)
  }
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false }).promise
  const spans: { lang: string; text: string }[] = []
  try {
    for (let n = 1; n <= doc.numPages; n += 1) {
      const content = await (await doc.getPage(n)).getTextContent({ includeMarkedContent: true })
      const open: (number | null)[] = []
      for (const item of content.items as { type?: string; tag?: string; str?: string }[]) {
        if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') {
          if (item.tag === 'Span') {
            spans.push({ lang: spanLangs[spans.length] ?? '?', text: '' })
            open.push(spans.length - 1)
          } else open.push(null)
        } else if (item.type === 'endMarkedContent') open.pop()
        else if (typeof item.str === 'string') {
          const span = open.findLast((o) => o !== null)
          if (span !== undefined && span !== null) spans[span]!.text += item.str
        }
      }
    }
  } finally {
    await doc.destroy()
  }
  expect(spans.length).toBe(spanLangs.length)
  // (pdf.js puts the space before a span's first glyph inside it.)
  return { lang, spans: spans.map((span) => ({ ...span, text: span.text.trim() })) }
}

function fixture(lang: string): ResumeData {
  const result = fromJsonResume(JSON.parse(readFileSync(`tests/fixtures/json-resume/${lang}.json`, 'utf8')))
  if (!result.ok) throw new Error(result.error)
  return result.data
}

describe('PDF language', () => {
  it('an English resume is in English, with no span of another language', async () => {
    const data = emptyResumeData()
    data.heading = { ...data.heading, firstName: 'Ana', lastName: 'Lopez', jobTitle: 'Data analyst' }
    data.summary = 'Analyst who turns data into clear decisions for the retail teams I work with.'
    expect(await languages(await exportPdf(data))).toEqual({ lang: 'en', spans: [] })
  })

  it('is in the language the user set, where the text alone would not tell', async () => {
    const data = emptyResumeData()
    data.heading = { ...data.heading, firstName: 'Zofia', lastName: 'Nowak', jobTitle: 'Data engineer' }
    data.skills = [{ id: 's1', name: 'Python', level: 'Expert' }]
    expect((await languages(await exportPdf(data))).lang).toBe('en')
    expect((await languages(await exportPdf({ ...data, language: 'pl' }))).lang).toBe('pl')
  })

  it('a Polish resume is in Polish; a Japanese employer in it is Japanese', async () => {
    const data = fixture('pl')
    data.experience[1] = { ...data.experience[1]!, employer: '株式会社ミライ', city: 'Tokio' }
    const { lang, spans } = await languages(await exportPdf(data))
    expect(lang).toBe('pl')
    expect(spans).toEqual([{ lang: 'ja', text: '株式会社ミライ' }])
  })

  it('a Japanese resume is in Japanese; its Latin-script tools and our titles are English', async () => {
    const { lang, spans } = await languages(await exportPdf(fixture('ja')))
    expect(lang).toBe('ja')
    expect(spans).toContainEqual({ lang: 'en', text: 'Python, scikit-learn, LightGBM' })
    // Our section titles are English too.
    expect(spans).toContainEqual({ lang: 'en', text: 'EXPERIENCE' })
    // Kanji alone ("京都大学", "東京") is the document's own Japanese, not Chinese.
    expect(spans.filter((span) => span.lang !== 'en')).toEqual([])
  })

  it('Arabic and Hindi resumes say so (written even where the page cannot draw them yet)', async () => {
    expect((await languages(await exportPdf(fixture('ar'), { anyway: true }))).lang).toBe('ar')
    expect((await languages(await exportPdf(fixture('hi'), { anyway: true }))).lang).toBe('hi')
  })

  it('a cover letter is in its language, and a Japanese company in it is Japanese', async () => {
    const data = emptyCoverLetterData()
    data.you = { ...data.you, firstName: 'Ana', lastName: 'Lopez', email: 'ana@example.org' }
    data.recipient = { ...data.recipient, company: '株式会社ミライ' }
    data.job = { ...data.job, title: 'Data analyst' }
    data.strengths = ['communication']
    const { lang, spans } = await languages(await exportLetterPdf(data))
    expect(lang).toBe('en')
    expect(spans.length).toBeGreaterThan(0)
    expect(new Set(spans.map((span) => `${span.lang}: ${span.text}`))).toEqual(new Set(['ja: 株式会社ミライ']))
  })

  it('tells the language of a resume’s text', () => {
    expect(documentLanguage('Starsza inżynierka danych. Odpowiadam za hurtownię danych sprzedażowych i zespół analityków.')).toBe('pl')
    expect(documentLanguage('Softwareentwicklerin mit Erfahrung in der Entwicklung von Webanwendungen und Teamführung')).toBe('de')
    expect(documentLanguage('Ingénieure logicielle avec une expérience des applications web et de la gestion d’équipe')).toBe('fr')
    expect(documentLanguage('Инженер-программист, опыт разработки веб-приложений')).toBe('ru')
    expect(documentLanguage('Інженерка-програмістка з досвідом розробки вебзастосунків')).toBe('uk')
    expect(documentLanguage('소프트웨어 엔지니어, 웹 애플리케이션 개발 경험')).toBe('ko')
    expect(documentLanguage('软件工程师，有网络应用开发经验')).toBe('zh')
    expect(documentLanguage('วิศวกรซอฟต์แวร์ ประสบการณ์พัฒนาเว็บแอปพลิเคชัน')).toBe('th')
    expect(documentLanguage('Software engineer with experience in web applications and team leadership')).toBe('en')
  })
})

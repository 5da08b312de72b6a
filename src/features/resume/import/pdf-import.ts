import type { ListSectionKey, ResumeData } from '~contract/resume.ts'
import { fromJsonResume } from '../json-resume'
import { sectionTitle, visibleSections } from '../model'
import type { PdfContent, PdfItem } from '../pdf/pdf-content'
import { fitToBuilder } from './fit'
import { inferOrSummary } from './infer'
import { readTagged } from './tagged'
import type { ImportNote } from './types'

/**
 * A resume PDF read back without any AI. Our own PDFs name each line's role in marked content
 * (Name, SectionTitle, EntryTitle, Dates, Subtitle, Para, Line, Bullet, Tag, Contact*); other
 * PDFs get the same roles guessed from the layout (sizes, capitals, bullets, dates). The roles
 * then become the builder's sections. When the PDF carries our attached JSON Resume copy, that
 * copy is what gets imported, and the text parse is compared with it field by field.
 */

/** The page's items as rows of text, top to bottom: the page text a parser reads. */
type Row = { page: number; y: number; size: number; items: PdfItem[]; text: string; x: number; right: number }

function rowsOf(items: PdfItem[]): Row[] {
  const rows: Row[] = []
  const sorted = [...items].sort((a, b) => a.page - b.page || b.y - a.y || a.x - b.x)
  for (const item of sorted) {
    const row = rows.at(-1)
    if (row && row.page === item.page && Math.abs(row.y - item.y) < Math.max(2, item.size * 0.35)) row.items.push(item)
    else rows.push({ page: item.page, y: item.y, size: item.size, items: [item], text: '', x: 0, right: 0 })
  }
  for (const row of rows) {
    row.items.sort((a, b) => a.x - b.x)
    let text = ''
    let end = -Infinity
    for (const item of row.items) {
      // Spaces come as items of their own or not at all: the gaps between words decide.
      if (item.text.trim() === '') continue
      const gap = item.x - end
      if (text && gap > item.size * 1.1) text = `${text.trimEnd()}   `
      else if (text && gap > item.size * 0.15 && !/\s$/.test(text)) text += ' '
      text += item.text
      end = item.x + item.width
    }
    row.text = text.trim()
    row.x = row.items[0]!.x
    row.right = end
    row.size = Math.max(...row.items.map((item) => item.size))
  }
  return rows.filter((row) => row.text !== '')
}

/* ------------------------------------------------------------------ comparison and result */

/** A resume's content as labelled fields: what a reader sees, without ids or design. */
export function contentFields(data: ResumeData): Map<string, string> {
  const fields = new Map<string, string>()
  for (const [key, value] of Object.entries(data.heading)) fields.set(`Heading: ${key}`, value)
  fields.set('Summary', data.summary)
  const sections = visibleSections(data)
  fields.set('Section order', sections.map((key) => sectionTitle(data, key)).join(', '))
  for (const key of sections) {
    const custom = key.startsWith('custom:') ? data.customSections.find((s) => `custom:${s.id}` === key) : undefined
    const title = sectionTitle(data, key)
    const items: Record<string, unknown>[] = custom ? custom.items : data[key as ListSectionKey]
    items.forEach((item, i) => {
      for (const [field, value] of Object.entries(item)) if (field !== 'id') fields.set(`${title} ${i + 1}: ${field}`, String(value))
    })
  }
  return fields
}

export function differences(a: ResumeData, b: ResumeData): string[] {
  const left = contentFields(a)
  const right = contentFields(b)
  const labels = new Set([...left.keys(), ...right.keys()])
  return [...labels].filter((label) => (left.get(label) ?? '') !== (right.get(label) ?? ''))
}

export function recognisedSections(data: ResumeData): string[] {
  const heading = ['firstName', 'email', 'phone'].some((key) => data.heading[key as 'email']) ? ['Heading'] : []
  return [
    ...heading,
    ...(data.summary ? ['Summary'] : []),
    ...visibleSections(data).map((key) => {
      const custom = data.customSections.find((s) => `custom:${s.id}` === key)
      return `${sectionTitle(data, key)} (${custom ? custom.items.length : data[key as ListSectionKey].length})`
    }),
  ]
}

export type PdfImport = {
  /** What gets imported: the attached copy when there is one, else the text parse. */
  data: ResumeData
  /** What the page text alone gave. */
  fromText: ResumeData
  source: 'text' | 'attachment'
  recognised: string[]
  /** Fields where the text parse and the attached copy disagree. */
  differences: string[]
  /** The page text in reading order, as a parser reads it. */
  text: string
  /** The section headings found, as printed. */
  headings: string[]
  /** What the review should say: layout not understood, uncertain readings, values cut, lines left out. */
  notes: ImportNote[]
}
export type { ImportNote }

export type PdfImportResult = ({ ok: true } & PdfImport) | { ok: false; error: string }

export function pageText(content: PdfContent): string {
  return rowsOf(content.items)
    .map((row) => row.text)
    .join('\n')
}

export function parsePdfResume(content: PdfContent): PdfImportResult {
  const text = pageText(content)
  if (text.replace(/\s/g, '').length < 20)
    return { ok: false, error: 'This PDF has no text we can read (a scanned image?). Try a PDF saved from a word processor, or JSON Resume.' }
  const tagged = content.items.some((item) => item.tag === 'SectionTitle' || item.tag === 'Name')
  const notes: ImportNote[] = []
  let draft: ResumeData
  let headings: string[]
  if (tagged) {
    const read = readTagged(content)
    draft = read.data
    headings = read.headings
  } else {
    const inferred = inferOrSummary(content, text, 'PDF')
    draft = inferred.data
    headings = inferred.headings
    notes.push(...inferred.notes)
  }
  const fitted = fitToBuilder(draft, notes)
  if (!fitted.ok) return fitted
  const fromText = fitted.data
  const base = { fromText, recognised: recognisedSections(fromText), text, headings, notes }

  const attached = content.attachments['resume.json']
  if (attached) {
    try {
      const copy = fromJsonResume(JSON.parse(new TextDecoder().decode(attached)))
      if (copy.ok) return { ok: true, ...base, data: copy.data, source: 'attachment', differences: differences(fromText, copy.data) }
    } catch {
      // Not our JSON after all: the text parse stands.
    }
  }
  return { ok: true, ...base, data: fromText, source: 'text', differences: [] }
}

import type { ResumeData } from '~contract/resume.ts'
import type { PdfContent, PdfItem, PdfLink } from '../pdf/pdf-content'
import { readDocx, type DocxBlock, type DocxCell, type DocxDocument, type DocxParagraph, type DocxRun } from './docx-read'
import { fitToBuilder } from './fit'
import { headingKind } from './headings'
import { inferOrSummary } from './infer'
import { recognisedSections } from './pdf-import'
import { findDate } from './text'
import { unplacedNotes } from './unplaced'
import type { ImportNote } from './types'

/**
 * A Word resume (.docx) read without any AI, through the same reader as a PDF made by another
 * tool: the file's paragraphs are set on pages as Word would lay them out (sizes, bold, indents,
 * tab stops, table columns, list markers, spacing), so infer.ts finds headings, entries, dates and
 * contact details as it does in a PDF, and gives the same review and notes. What Word says for
 * sure is made plain on the page: a paragraph in the heading style the document uses for its
 * sections is set larger and bold, a list item gets its marker. Every paragraph then ends up in a
 * field, a custom section, or the review's "Not placed" list (unplaced.ts).
 */

export type DocxImportResult =
  | { ok: true; data: ResumeData; recognised: string[]; headings: string[]; notes: ImportNote[]; text: string; paragraphs: string[] }
  | { ok: false; error: string }

type Piece = { text: string; x: number; width: number; size: number; font: string; link: string | null }
type Row = { y: number; pieces: Piece[] }

/** A width as a renderer would give it: CJK and full-width characters one em, others about half. */
export function textWidth(text: string, size: number, bold = false): number {
  let width = 0
  for (const ch of text) width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) ? 1 : 0.5
  return width * size * (bold ? 1.06 : 1)
}

const fontOf = (run: DocxRun) => `${run.font || 'Body'}${run.bold ? '-Bold' : ''}${run.italic ? '-Italic' : ''}`
export const paragraphText = (p: DocxParagraph) =>
  p.runs
    .map((run) => run.text)
    .join('')
    .replace(/[\t\n]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

function allParagraphs(blocks: DocxBlock[], out: DocxParagraph[] = []): DocxParagraph[] {
  for (const block of blocks) {
    if (block.kind === 'p') out.push(block)
    else for (const row of block.rows) for (const cell of row) allParagraphs(cell.blocks, out)
  }
  return out
}

/** The size most of the text is set in. */
function bodySize(paragraphs: DocxParagraph[]): number {
  const weight = new Map<number, number>()
  for (const p of paragraphs) for (const run of p.runs) weight.set(run.size, (weight.get(run.size) ?? 0) + run.text.trim().length)
  return [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 11
}

/** The outline level the document gives its section headings: the one whose words name sections, else the highest used more than once. */
function sectionLevel(paragraphs: DocxParagraph[]): number | null {
  const byLevel = new Map<number, DocxParagraph[]>()
  for (const p of paragraphs)
    if (p.outline !== null && p.outline >= 0 && paragraphText(p)) byLevel.set(p.outline, [...(byLevel.get(p.outline) ?? []), p])
  const levels = [...byLevel.keys()].sort((a, b) => a - b)
  const named = levels.find((level) => byLevel.get(level)!.some((p) => headingKind(paragraphText(p)) !== null))
  return named ?? levels.find((level) => byLevel.get(level)!.length >= 2) ?? null
}

const cellText = (blocks: DocxBlock[]) => allParagraphs(blocks).map(paragraphText).filter(Boolean)
const labelText = (blocks: DocxBlock[]) => cellText(blocks).join(' ')
/** A table cell that names a section: a few words, no date, no list. */
function isLabel(blocks: DocxBlock[]): boolean {
  const texts = cellText(blocks)
  const text = texts.join(' ')
  return (
    texts.length > 0 && text.length <= 40 && text.split(/\s+/).length <= 5 && !findDate(text) && !/[@.,;:]$|@/.test(text) && /\p{L}{2}/u.test(text)
  )
}

/** A table whose first column labels the rows beside it (Word résumé templates, Europass): most first cells are labels, with far less text than the rest. */
function labelColumn(rows: DocxCell[][]): boolean {
  const firsts = rows.filter((row) => row.length > 1 && cellText(row[0]!.blocks).length > 0)
  if (firsts.length < 2) return false
  const labels = firsts.filter((row) => isLabel(row[0]!.blocks))
  const left = rows.reduce((n, row) => n + (row.length > 1 ? labelText(row[0]!.blocks).length : 0), 0)
  const rest = rows.reduce((n, row) => n + row.slice(row.length > 1 ? 1 : 0).reduce((m, cell) => m + labelText(cell.blocks).length, 0), 0)
  return labels.length >= 2 && labels.length >= firsts.length * 0.6 && left < rest * 0.35
}

/** The pages a Word renderer would draw: the rows of text with their x, size and font, top to bottom. */
export function docxContent(doc: DocxDocument): PdfContent {
  const paragraphs = allParagraphs([...doc.header, ...doc.blocks, ...doc.footer])
  const body = bodySize(paragraphs)
  const headingLevel = sectionLevel(paragraphs)
  const rows: Row[] = []

  const placeParagraph = (p: DocxParagraph, left: number, width: number, top: number, label = false): number => {
    const section = label || (p.outline !== null && p.outline === headingLevel)
    const runs = p.runs.map((run) => (section ? { ...run, size: Math.max(run.size, body * 1.45), bold: true } : run))
    // The paragraph's visual lines: Word breaks at w:br; long lines are not wrapped (one line per paragraph).
    const lines: DocxRun[][] = [[]]
    for (const run of runs) {
      const parts = run.text.split('\n')
      parts.forEach((part, i) => {
        if (i > 0) lines.push([])
        if (part) lines.at(-1)!.push({ ...run, text: part })
      })
    }
    const size = Math.max(...runs.map((run) => run.size), runs.length ? 0 : body)
    const lineHeight = size * 1.2 * Math.max(0.8, Math.min(p.line, 3))
    let y = top + p.before
    const right = left + width
    lines.forEach((line, n) => {
      y += lineHeight
      const pieces: Piece[] = []
      const start = left + p.indent + (n === 0 ? Math.min(0, p.firstLine) : 0)
      let x = left + p.indent + (n === 0 ? p.firstLine : 0)
      if (n === 0 && p.list) {
        const marker = p.list.marker
        const mx = Math.max(left, p.firstLine < 0 ? start : x)
        pieces.push({
          text: marker,
          x: mx,
          width: textWidth(marker, size),
          size: line[0]?.size ?? size,
          font: fontOf(line[0] ?? runs[0]!),
          link: null,
        })
        x = Math.max(left + p.indent, mx + textWidth(marker, size) + size * 0.6)
      }
      x = Math.max(left, x)
      let tabbed = false
      for (const run of line) {
        const segments = run.text.split('\t')
        segments.forEach((segment, i) => {
          if (i > 0) {
            tabbed = true
            const relative = x - left
            const stop = p.tabs.find((tab) => tab.pos > relative + 1)
            const rest = segments.slice(i).join('')
            if (stop && stop.align === 'right') x = left + stop.pos - textWidth(rest.split('\t')[0]!, run.size, run.bold)
            else if (stop && stop.align === 'center') x = left + stop.pos - textWidth(rest.split('\t')[0]!, run.size, run.bold) / 2
            else if (stop) x = left + stop.pos
            else x = left + (Math.floor(relative / 36) + 1) * 36
            // A tab is a gap a reader sees, however small the stop's distance.
            const previous = pieces.at(-1)
            if (previous && x < previous.x + previous.width + run.size) x = previous.x + previous.width + run.size * 1.2
          }
          if (!segment) return
          const w = textWidth(segment, run.size, run.bold)
          const last = pieces.at(-1)
          const font = fontOf(run)
          if (last && last.font === font && last.size === run.size && last.link === run.link && Math.abs(last.x + last.width - x) < 0.01) {
            last.text += segment
            last.width += w
          } else pieces.push({ text: segment, x, width: w, size: run.size, font, link: run.link })
          x += w
        })
      }
      if (pieces.length === 0) return
      // A line longer than its column is set condensed, as one line: a table's next cell stays apart.
      const natural = pieces.at(-1)!.x + pieces.at(-1)!.width - pieces[0]!.x
      const room = right - Math.max(left, Math.min(pieces[0]!.x, right - 10))
      if (natural > room) {
        const from = pieces[0]!.x
        const to = Math.max(left, Math.min(from, right - 10))
        for (const piece of pieces) {
          piece.x = to + (piece.x - from) * (room / natural)
          piece.width *= room / natural
        }
      }
      // Alignment: centred and right-aligned lines move as a whole when no tab set their places.
      const used = pieces.at(-1)!.x + pieces.at(-1)!.width - pieces[0]!.x
      if (!tabbed && (p.align === 'center' || p.align === 'right')) {
        const free = right - (left + p.indent) - used
        const shift = Math.max(0, p.align === 'center' ? free / 2 : free)
        for (const piece of pieces) piece.x += shift
      }
      rows.push({ y, pieces })
    })
    return y + p.after
  }

  const place = (blocks: DocxBlock[], left: number, width: number, top: number): number => {
    let y = top
    for (const block of blocks) {
      if (block.kind === 'p') {
        y = placeParagraph(block, left, width, y)
        continue
      }
      const total = block.columns.reduce((a, b) => a + b, 0)
      const cells = Math.max(1, ...block.rows.map((row) => row.reduce((n, cell) => n + cell.span, 0)))
      const columns = total > 0 ? block.columns : Array.from({ length: cells }, () => width / cells)
      const tableLeft = left + block.indent
      const labels = labelColumn(block.rows)
      for (const row of block.rows) {
        let grid = 0
        let bottom = y
        for (const [i, cell] of row.entries()) {
          // A section name in a label column: Word's table says it stands apart, so it is set as a heading above its row.
          if (i === 0 && labels && isLabel(cell.blocks)) {
            const p = cell.blocks.find((b): b is DocxParagraph => b.kind === 'p' && paragraphText(b) !== '')!
            const joined: DocxParagraph = {
              ...p,
              runs: [{ ...p.runs[0]!, text: labelText(cell.blocks) }],
              align: 'left',
              indent: 0,
              firstLine: 0,
              list: null,
            }
            y = placeParagraph(joined, tableLeft + 5.4, width, y, true)
            bottom = y
            grid += cell.span
            continue
          }
          const cellLeft = tableLeft + columns.slice(0, grid).reduce((a, b) => a + b, 0)
          const cellWidth = columns.slice(grid, grid + cell.span).reduce((a, b) => a + b, 0) || width / cells
          grid += cell.span
          bottom = Math.max(bottom, place(cell.blocks, cellLeft + 5.4, Math.max(10, cellWidth - 10.8), y))
        }
        y = bottom
      }
    }
    return y
  }

  const pageWidth = doc.page.width
  const pageHeight = Math.abs(pageWidth - 612) < 2 ? 792 : Math.round(pageWidth * Math.SQRT2)
  const margin = Math.max(54, Math.min(doc.page.top, 90))
  const left = Math.max(18, doc.page.left)
  const width = Math.max(100, pageWidth - left - Math.max(18, doc.page.right))
  let y = place(doc.header, left, width, 0)
  y = place(doc.blocks, left, width, y)
  place(doc.footer, left, width, y)

  // Onto pages: a row goes to the page its baseline falls on.
  const usable = pageHeight - margin * 2
  const items: PdfItem[] = []
  const links: PdfLink[] = []
  let pages = 1
  for (const row of rows) {
    const page = Math.floor((row.y - 0.001) / usable) + 1
    pages = Math.max(pages, page)
    const baseline = pageHeight - margin - (row.y - (page - 1) * usable)
    for (const piece of row.pieces) {
      items.push({
        page,
        text: piece.text,
        x: piece.x,
        y: baseline,
        width: piece.width,
        size: piece.size,
        font: piece.font,
        tag: null,
        seq: 0,
        link: false,
      })
      if (piece.link && /^(https?:|mailto:)/i.test(piece.link))
        links.push({ page, rect: [piece.x, baseline - 2, piece.x + piece.width, baseline + piece.size], url: piece.link })
    }
  }
  return { pages, pageWidth, items, links, attachments: {} }
}

export function parseDocxResume(bytes: Uint8Array): DocxImportResult {
  let doc: DocxDocument
  try {
    doc = readDocx(bytes)
  } catch {
    return {
      ok: false,
      error:
        'We could not open this Word file. It may be an older .doc file, password-protected or damaged: open it in Word or LibreOffice, save it as .docx or PDF, and try again.',
    }
  }
  const paragraphs = allParagraphs([...doc.header, ...doc.blocks, ...doc.footer])
    .map(paragraphText)
    .filter(Boolean)
  const text = paragraphs.join('\n')
  if (text.replace(/\s/g, '').length < 20)
    return { ok: false, error: 'This Word file has almost no text we can read (is the resume a picture inside it?). Try a PDF, or JSON Resume.' }
  const content = docxContent(doc)
  const { data: draft, headings, notes } = inferOrSummary(content, text, 'Word file')
  const fitted = fitToBuilder(draft, notes)
  if (!fitted.ok) return { ok: false, error: fitted.error.replace('this PDF', 'this Word file') }
  notes.push(...unplacedNotes(paragraphs, fitted.data, headings, notes))
  return { ok: true, data: fitted.data, recognised: recognisedSections(fitted.data), headings, notes, text, paragraphs }
}

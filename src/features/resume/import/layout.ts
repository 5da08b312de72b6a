import type { PdfItem } from '../pdf/pdf-content'
import { cleanText, emailPattern, urlPattern } from './text'

/**
 * The page geometry of a PDF made by another tool, read back into lines a parser can walk:
 * items -> rows (same baseline) -> cells (split at wide horizontal gaps) -> columns (a vertical
 * gutter no text crosses) -> lines in reading order. Page numbers, repeated headers and footers
 * and "last updated" stamps are taken out on the way; a footer with contact details is kept once.
 */

export type Cell = { page: number; y: number; x: number; right: number; size: number; font: string; text: string; items: PdfItem[]; column: number }
export type Line = {
  page: number
  y: number
  x: number
  right: number
  size: number
  font: string
  cells: Cell[]
  text: string
  column: number
  index: number
}
export type Layout = { lines: Line[]; columns: number; pagesWithColumns: number[]; dropped: string[]; pageHeight: number }

/** A font size rounded to the half point: what "set the same size" compares. */
export const sizeKey = (size: number) => Math.round(size * 2) / 2

const dominant = (items: PdfItem[], key: 'font' | 'size') => {
  const weight = new Map<string | number, number>()
  for (const item of items) weight.set(item[key], (weight.get(item[key]) ?? 0) + item.text.trim().length)
  return [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]
}

function cellOf(items: PdfItem[]): Cell {
  let text = ''
  let end = -Infinity
  for (const item of items) {
    const piece = cleanText(item.text)
    if (piece.trim() === '') {
      if (text && !/\s$/.test(text)) text += ' '
      end = Math.max(end, item.x + item.width)
      continue
    }
    const gap = item.x - end
    if (text && gap > item.size * 0.15 && !/\s$/.test(text)) text += ' '
    text += piece
    end = item.x + item.width
  }
  const visible = items.filter((item) => item.text.trim() !== '')
  const first = visible[0] ?? items[0]!
  return {
    page: first.page,
    y: first.y,
    x: first.x,
    right: Math.max(...(visible.length ? visible : items).map((item) => item.x + item.width)),
    size: Number(dominant(visible.length ? visible : items, 'size')),
    font: String(dominant(visible.length ? visible : items, 'font')),
    text: text.replace(/\s+/g, ' ').trim(),
    items,
    column: 0,
  }
}

/** Items on one baseline, split into cells where the gap is wider than a word space. */
function rowsToCells(items: PdfItem[]): Cell[][] {
  const sorted = items.filter((item) => item.text !== '').sort((a, b) => a.page - b.page || b.y - a.y || a.x - b.x)
  const rows: PdfItem[][] = []
  for (const item of sorted) {
    const row = rows.at(-1)
    const ref = row?.find((other) => other.text.trim() !== '') ?? row?.[0]
    if (row && ref && ref.page === item.page && Math.abs(ref.y - item.y) < Math.max(2, Math.min(ref.size, item.size) * 0.4)) row.push(item)
    else rows.push([item])
  }
  return rows
    .map((row) => {
      row.sort((a, b) => a.x - b.x)
      const cells: PdfItem[][] = []
      let end = -Infinity
      for (const item of row) {
        const gap = item.x - end
        const blank = item.text.trim() === ''
        const previous = cells.at(-1)?.findLast((other) => other.text.trim() !== '')
        const fontBreak = previous !== undefined && previous.font !== item.font && gap > item.size * 0.45
        if (cells.length === 0 || (!blank && (gap > Math.max(item.size, 6) * 0.8 || fontBreak))) cells.push([item])
        else cells.at(-1)!.push(item)
        if (!blank) end = Math.max(end, item.x + item.width)
      }
      return cells.map(cellOf).filter((cell) => cell.text !== '')
    })
    .filter((cells) => cells.length > 0)
}

const pageNumber = /^(page|seite|página|pagina|strona|p\.)?\s*\d{1,3}(\s*(\/|of|von|de|sur|di|z)\s*\d{1,3})?$/i
const stamp = /\b(last updated|updated on|updated:|aktualisiert|mis à jour|actualizado|aggiornato)\b/i
const contactish = /@|\+?\d[\d\s().-]{7,}\d|www\.|https?:/

/** Where a page's text can be split into two columns: the x of an empty vertical band, or null. */
function gutterOf(cells: Cell[], pageWidth: number): number | null {
  const body = cells.filter((cell) => cell.text.length > 1)
  if (body.length < 12) return null
  const chars = body.reduce((n, cell) => n + cell.text.length, 0)
  let best: { x: number; crossing: number; band: number } | null = null
  for (let x = pageWidth * 0.22; x <= pageWidth * 0.72; x += 2) {
    const crossing = body.filter((cell) => cell.x < x - 1 && cell.right > x + 1).length
    const left = body.filter((cell) => cell.right <= x + 1)
    const right = body.filter((cell) => cell.x >= x - 1)
    const leftChars = left.reduce((n, cell) => n + cell.text.length, 0)
    const rightChars = right.reduce((n, cell) => n + cell.text.length, 0)
    if (left.length < 8 || right.length < 8 || Math.min(leftChars, rightChars) < chars * 0.08) continue
    // Both sides must run down the page: rows with text on each side of the gutter.
    const rowsLeft = new Set(left.map((cell) => Math.round(cell.y))).size
    const rowsRight = new Set(right.map((cell) => Math.round(cell.y))).size
    if (rowsLeft < 8 || rowsRight < 8) continue
    // Two columns run down the page side by side, not a heading block beside one column: they
    // overlap over half the longer one, or a shorter sidebar (a third of the other at least) lies
    // mostly beside the other.
    const span = (side: Cell[]) => [Math.min(...side.map((cell) => cell.y)), Math.max(...side.map((cell) => cell.y))] as const
    const [lowL, highL] = span(left)
    const [lowR, highR] = span(right)
    const overlap = Math.min(highL, highR) - Math.max(lowL, lowR)
    const [shorter, longer] = [Math.min(highL - lowL, highR - lowR), Math.max(highL - lowL, highR - lowR)]
    if (overlap < longer * 0.5 && !(overlap >= shorter * 0.6 && shorter >= longer * 0.3)) continue
    const band = Math.min(...right.map((cell) => cell.x)) - Math.max(...left.filter((cell) => cell.right <= x + 1).map((cell) => cell.right))
    if (!best || crossing < best.crossing || (crossing === best.crossing && band > best.band)) best = { x, crossing, band }
  }
  if (!best) return null
  return best.crossing <= Math.max(2, body.length * 0.04) ? best.x : null
}

/** Whether the text left of a gutter labels the rows right of it: short cells, most on a right cell's baseline, less text than the right. */
function labelColumn(cells: Cell[], gutter: number): boolean {
  const left = cells.filter((cell) => cell.right <= gutter + 1 && cell.text.length > 1)
  const right = cells.filter((cell) => cell.x >= gutter - 1 && cell.text.length > 1)
  const chars = (side: Cell[]) => side.reduce((n, cell) => n + cell.text.length, 0)
  // On one baseline: the same within a point and a half, or half the difference of their sizes
  // more (a larger label top-aligned with its row); a sidebar's lines meet the main column's only by chance.
  const level = (a: Cell, b: Cell) => Math.abs(a.y - b.y) < 0.75 + Math.abs(a.size - b.size) * 0.35
  const paired = left.filter((cell) => right.some((other) => level(cell, other)))
  const short = left.filter((cell) => cell.text.split(/\s+/).length <= 5)
  if (left.length > 0 && paired.length >= left.length * 0.6 && short.length >= left.length * 0.8 && chars(left) < chars(right) * 0.6) return true
  // Dates or places set flush right, each on the baseline of the line it belongs to: the same table, mirrored.
  const pairedRight = right.filter((cell) => left.some((other) => level(cell, other)))
  const shortRight = right.filter((cell) => cell.text.split(/\s+/).length <= 5)
  return right.length > 0 && pairedRight.length >= right.length * 0.6 && shortRight.length >= right.length * 0.8 && chars(right) < chars(left) * 0.6
}

/**
 * The same text drawn twice on the same spot (a fake bold or a shadow, as some HTML-to-PDF
 * printers do: "Pied PiperPied Piper") is one piece of text.
 */
function withoutOverdraw(items: PdfItem[]): PdfItem[] {
  const seen = new Map<string, PdfItem[]>()
  return items.filter((item) => {
    if (item.text.trim().length < 2) return true
    const key = `${item.page}|${item.text}`
    const twins = seen.get(key) ?? []
    if (twins.some((other) => Math.abs(other.x - item.x) < item.size * 0.3 && Math.abs(other.y - item.y) < item.size * 0.2)) return false
    seen.set(key, [...twins, item])
    return true
  })
}

export function readLayout(items: PdfItem[], pageWidth: number, pages: number): Layout {
  const pageHeight = Math.abs(pageWidth - 612) < 2 ? 792 : Math.round(pageWidth * Math.SQRT2)
  const rows = rowsToCells(withoutOverdraw(items))
  const dropped: string[] = []
  const margin = pageHeight * 0.075
  const inMargin = (cell: Cell) => cell.y < margin || cell.y > pageHeight - margin * 0.9
  const shape = (row: Cell[]) => row.map((cell) => cell.text.replace(/\d+/g, '#')).join(' ')
  // Running heads and feet: the same line near the top or bottom of two or more pages.
  const nearEdge = (cell: Cell) => cell.y < pageHeight * 0.15 || cell.y > pageHeight * 0.88
  const seenOn = new Map<string, Set<number>>()
  for (const row of rows) if (row.every(nearEdge)) seenOn.set(shape(row), (seenOn.get(shape(row)) ?? new Set()).add(row[0]!.page))
  const repeatedRow = (row: Cell[]) => pages > 1 && row.every(nearEdge) && (seenOn.get(shape(row))?.size ?? 0) > 1
  const keptFooter = new Set<string>()
  const kept: Cell[][] = []
  // "1/4" or "Page 2 of 3" near the top or bottom, wherever the margin ends.
  const pageMark =
    /^((page|seite|página|pagina|strona)\s*)?\d{1,3}\s*(\/|of|von|de|sur|di|z)\s*\d{1,3}$|^(page|seite|página|pagina|strona)\s*\d{1,3}$/i
  for (const row of rows) {
    let cells = row.filter((cell) => {
      const nearEdge = cell.y < pageHeight * 0.16 || cell.y > pageHeight * 0.9
      if (nearEdge && pageMark.test(cell.text)) {
        dropped.push(cell.text)
        return false
      }
      return true
    })
    if (cells.length === 0) continue
    if (repeatedRow(row) && !cells.every(inMargin)) {
      const text = cells.map((cell) => cell.text).join(' ')
      if (contactish.test(text) && !keptFooter.has(shape(row))) keptFooter.add(shape(row))
      else {
        if (!dropped.includes(text)) dropped.push(text)
        continue
      }
    } else if (cells.every(inMargin)) {
      // A page number at the end of a margin line goes; so does a line that is only that.
      const last = cells.at(-1)!
      if (cells.length > 1 && pageNumber.test(last.text)) cells = cells.slice(0, -1)
      else if (cells.length === 1 && / \d{1,3}(\s*\/\s*\d{1,3})?$/.test(last.text) && cells[0]!.y < margin)
        cells = [{ ...last, text: last.text.replace(/ \d{1,3}(\s*\/\s*\d{1,3})?$/, '') }]
      const text = cells.map((cell) => cell.text).join(' ')
      const repeated = pages > 1 && (seenOn.get(shape(row))?.size ?? 0) > 1
      if (cells.every((cell) => pageNumber.test(cell.text)) || stamp.test(text)) {
        dropped.push(text)
        continue
      }
      if (repeated) {
        // The same line on every page: kept once when it holds contact details, else dropped.
        if (contactish.test(text) && !keptFooter.has(shape(row))) keptFooter.add(shape(row))
        else {
          if (!dropped.includes(text)) dropped.push(text)
          continue
        }
      } else if (row[0]!.y < margin * 1.3 && /\b\d{1,2}\s*$/.test(text) && row[0]!.page > 1) {
        dropped.push(text)
        continue
      } else if (row[0]!.y < margin && /·|•|\|/.test(text) && /\b\d{1,3}$/.test(row.at(-1)!.text) && !contactish.test(text)) {
        // "September 5, 2017 · Name · Curriculum Vitae 1": a one-page footer with a page number.
        dropped.push(text)
        continue
      }
    }
    kept.push(cells)
  }

  // Columns, page by page.
  const pagesWithColumns: number[] = []
  const byPage = new Map<number, Cell[][]>()
  for (const row of kept) byPage.set(row[0]!.page, [...(byPage.get(row[0]!.page) ?? []), row])
  const lines: Line[] = []
  for (const [page, pageRows] of [...byPage.entries()].sort((a, b) => a[0] - b[0])) {
    const cells = pageRows.flat()
    const found = gutterOf(cells, pageWidth)
    // Section names and dates in a left column, each on the baseline of the entry it labels (Word
    // and LibreOffice templates, Europass): one table, read row by row, not two columns.
    const gutter = found !== null && labelColumn(cells, found) ? null : found
    if (gutter !== null) pagesWithColumns.push(page)
    const pageLines: Line[] = []
    for (const row of pageRows) {
      const groups = new Map<number, Cell[]>()
      for (const cell of row) {
        cell.column = gutter === null ? 0 : cell.right <= gutter + 1 ? 1 : cell.x >= gutter - 1 ? 2 : 0
        groups.set(cell.column, [...(groups.get(cell.column) ?? []), cell])
      }
      for (const [column, group] of groups) {
        const first = group[0]!
        pageLines.push({
          page,
          y: first.y,
          x: first.x,
          right: Math.max(...group.map((cell) => cell.right)),
          size: Math.max(...group.map((cell) => (cell.text.length > 1 ? cell.size : 0)), first.size),
          font: first.font,
          cells: group,
          text: group.map((cell) => cell.text).join('   '),
          column,
          index: 0,
        })
      }
    }
    // Reading order: what spans the page above the columns, then the left column, then the right.
    const columnTop = Math.max(...pageLines.filter((line) => line.column > 0).map((line) => line.y), -Infinity)
    const rank = (line: Line) => (line.column === 0 ? (line.y >= columnTop ? 0 : 3) : line.column)
    pageLines.sort((a, b) => rank(a) - rank(b) || b.y - a.y || a.x - b.x)
    lines.push(...pageLines)
  }
  joinWrappedAddresses(lines)
  lines.forEach((line, i) => (line.index = i))
  return { lines, columns: pagesWithColumns.length > 0 ? 2 : 1, pagesWithColumns, dropped, pageHeight }
}

/**
 * An e-mail or web address a narrow column wrapped ("richard.hendriks@mail.co" over "m"): the line
 * ran to its column's edge (among lines of its size) and the next holds only the short piece that completes the address.
 */
function joinWrappedAddresses(lines: Line[]) {
  for (let i = 0; i + 1 < lines.length; i++) {
    const [line, next] = [lines[i]!, lines[i + 1]!]
    if (next.page !== line.page || next.column !== line.column || next.cells.length !== 1 || line.y - next.y > line.size * 1.8) continue
    const edge = Math.max(
      ...lines
        .filter((other) => other.page === line.page && other.column === line.column && Math.abs(other.size - line.size) < 1.5)
        .map((other) => other.right),
    )
    const last = line.text.split(/\s+/).at(-1) ?? ''
    const piece = next.text.trim()
    const whole = `${last}${piece}`
    if (edge - line.right > line.size || !/^[\p{Ll}\d./-]{1,12}$/u.test(piece) || emailPattern.test(piece) || urlPattern.test(piece)) continue
    if (!emailPattern.test(whole) && !urlPattern.test(whole)) continue
    const cell = line.cells.at(-1)!
    line.cells = [
      ...line.cells.slice(0, -1),
      { ...cell, text: `${cell.text}${piece}`, items: [...cell.items, ...next.cells[0]!.items], right: Math.max(cell.right, next.right) },
    ]
    line.text = `${line.text}${piece}`
    lines.splice(i + 1, 1)
  }
}

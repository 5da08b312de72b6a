// A small .xlsx reader for the official workbooks (BLS OEWS, HUD FMR): cell values of one sheet
// as rows of text. It reads the zip's XML only (HUD's file has a malformed date in its document
// properties that breaks fuller readers).
import { strFromU8, unzipSync } from 'fflate'

const entities = (text: string) =>
  text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, name: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
    if (named[name]) return named[name]
    return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)))
  })

const textOf = (xml: string) => entities([...xml.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((m) => m[1]).join(''))

/** Column letters of a cell reference ("AB12") as a 0-based index. */
const columnIndex = (ref: string) => [...ref.replace(/\d+$/, '')].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1

export function readXlsxSheet(bytes: Uint8Array, sheetName: string, file: string): string[][] {
  const zip = unzipSync(bytes)
  const text = (path: string) => (zip[path] ? strFromU8(zip[path]!) : '')
  const shared = [...text('xl/sharedStrings.xml').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1]!))
  const sheets = [...text('xl/workbook.xml').matchAll(/<sheet\b[^>]*\bname="([^"]*)"[^>]*\br:id="([^"]*)"/g)]
  const sheet = sheets.find((m) => entities(m[1]!) === sheetName)
  if (!sheet) throw new Error(`${file}: no sheet named ${sheetName} (it has ${sheets.map((m) => m[1]).join(', ')}).`)
  const rel =
    new RegExp(`<Relationship\\b[^>]*\\bId="${sheet[2]}"[^>]*\\bTarget="([^"]*)"`).exec(text('xl/_rels/workbook.xml.rels')) ??
    new RegExp(`<Relationship\\b[^>]*\\bTarget="([^"]*)"[^>]*\\bId="${sheet[2]}"`).exec(text('xl/_rels/workbook.xml.rels'))
  if (!rel) throw new Error(`${file}: sheet ${sheetName} has no part.`)
  const path = rel[1]!.startsWith('/') ? rel[1]!.slice(1) : `xl/${rel[1]}`
  const rows: string[][] = []
  for (const row of text(path).matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells: string[] = []
    for (const cell of row[1]!.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cell[1]!
      const ref = /\br="([A-Z]+\d+)"/.exec(attrs)?.[1]
      const type = /\bt="([^"]*)"/.exec(attrs)?.[1]
      const body = cell[2] ?? ''
      const raw = /<v>([^<]*)<\/v>/.exec(body)?.[1]
      let value = ''
      if (type === 's') value = shared[Number(raw)] ?? ''
      else if (type === 'inlineStr') value = textOf(body)
      else if (raw !== undefined) value = entities(raw)
      cells[ref ? columnIndex(ref) : cells.length] = value
    }
    rows.push(Array.from(cells, (value) => value ?? ''))
  }
  return rows
}

/** Rows as objects keyed by the first row's names. */
export function xlsxRecords(bytes: Uint8Array, sheetName: string, file: string): Record<string, string>[] {
  const [header, ...rows] = readXlsxSheet(bytes, sheetName, file)
  if (!header) throw new Error(`${file}: sheet ${sheetName} is empty.`)
  return rows.map((cells) => Object.fromEntries(header.map((name, i) => [name.trim(), (cells[i] ?? '').trim()])))
}

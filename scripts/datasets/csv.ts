/**
 * A small RFC 4180 reader: quoted fields with doubled quotes, CRLF or LF, a UTF-8 BOM, and
 * BEA's spaces before a quoted field (Python's skipinitialspace). Empty lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  let fieldStarted = false
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const endField = () => {
    row.push(field)
    field = ''
    fieldStarted = false
  }
  const endRow = () => {
    endField()
    if (row.length > 1 || row[0] !== '') rows.push(row)
    row = []
  }
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        field += '"'
        i++
      } else if (ch === '"') quoted = false
      else field += ch
      continue
    }
    if (ch === '"' && !fieldStarted) {
      quoted = true
      fieldStarted = true
      field = ''
    } else if (ch === ',') endField()
    else if (ch === '\n') endRow()
    else if (ch === '\r') continue
    else if (ch === ' ' && !fieldStarted) field += ch
    else {
      fieldStarted = true
      field += ch
    }
  }
  if (field !== '' || row.length > 0) endRow()
  return rows
}

/** Rows as objects keyed by the header line (the line at `headerIndex`). */
export function csvRecords(text: string, headerIndex = 0): Record<string, string>[] {
  const rows = parseCsv(text)
  const header = rows[headerIndex]?.map((name) => name.trim())
  if (!header) throw new Error('The CSV file has no header line.')
  return rows.slice(headerIndex + 1).map((cells) => Object.fromEntries(header.map((name, i) => [name, (cells[i] ?? '').trim()])))
}

/** Checks that a file has the columns an importer reads, with a message naming the missing ones. */
export function requireColumns(records: Record<string, string>[], columns: string[], file: string) {
  const first = records[0]
  if (!first) throw new Error(`${file}: no data rows.`)
  const missing = columns.filter((column) => !(column in first))
  if (missing.length > 0) throw new Error(`${file}: missing column(s) ${missing.join(', ')}.`)
}

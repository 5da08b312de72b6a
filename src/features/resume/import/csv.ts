/**
 * CSV as spreadsheets and LinkedIn's data export write it (RFC 4180): fields split by commas,
 * quoted fields holding commas, quotes ("") and line breaks, CRLF or LF line ends, a UTF-8 byte
 * order mark at the start. Rows are arrays of strings; nothing is trimmed or converted.
 */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '')
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  let i = 0
  while (i < source.length) {
    const ch = source[i]!
    if (quoted) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          field += '"'
          i += 2
          continue
        }
        quoted = false
        i += 1
        continue
      }
      field += ch
      i += 1
      continue
    }
    if (ch === '"' && field === '') {
      quoted = true
      i += 1
    } else if (ch === ',') {
      row.push(field)
      field = ''
      i += 1
    } else if (ch === '\r' || ch === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i += ch === '\r' && source[i + 1] === '\n' ? 2 : 1
    } else {
      field += ch
      i += 1
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows
}

/**
 * Rows as records keyed by the header row. The header is the first row holding one of the
 * expected column names: LinkedIn puts a "Notes:" preamble above some files' headers.
 */
export function csvRecords(text: string, expected: string[] = []): Record<string, string>[] {
  const rows = parseCsv(text)
  const wanted = new Set(expected.map((name) => name.toLowerCase()))
  let at = wanted.size === 0 ? 0 : rows.findIndex((row) => row.some((cell) => wanted.has(cell.trim().toLowerCase())))
  if (at === -1) at = 0
  const header = (rows[at] ?? []).map((cell) => cell.trim())
  return rows
    .slice(at + 1)
    .filter((row) => row.some((cell) => cell.trim() !== ''))
    .map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])))
}

// A small reader for the legacy Excel (.xls, BIFF8) workbooks some publishers still ship (the BLS
// ISCO-08 x SOC 2010 crosswalk): the cell values of one sheet as rows of text. It reads the
// compound-file container, the shared strings (SST with its CONTINUE records) and the cell records
// LABELSST, LABEL, NUMBER, RK and MULRK; formulas, formats and dates are not interpreted.

const FREE = 0xfffffffe
const END = 0xfffffffe

function compoundStream(bytes: Uint8Array, wanted: string[], file: string): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (view.getUint32(0, true) !== 0xe011cfd0 || view.getUint32(4, true) !== 0xe11ab1a1)
    throw new Error(`${file}: not an .xls workbook (no compound-file header).`)
  const sectorSize = 1 << view.getUint16(30, true)
  const miniSectorSize = 1 << view.getUint16(32, true)
  const miniCutoff = view.getUint32(56, true)
  const sector = (index: number) => 512 + index * sectorSize
  // The sector allocation table: its sectors are listed in the header (109) and in the DIFAT chain.
  const fatSectors: number[] = []
  for (let i = 0; i < 109; i++) {
    const at = view.getUint32(76 + i * 4, true)
    if (at < FREE) fatSectors.push(at)
  }
  for (let dif = view.getUint32(68, true), guard = 0; dif < FREE && guard < 1 << 16; guard++) {
    for (let i = 0; i < sectorSize / 4 - 1; i++) {
      const at = view.getUint32(sector(dif) + i * 4, true)
      if (at < FREE) fatSectors.push(at)
    }
    dif = view.getUint32(sector(dif) + sectorSize - 4, true)
  }
  const fat: number[] = []
  for (const at of fatSectors) for (let i = 0; i < sectorSize / 4; i++) fat.push(view.getUint32(sector(at) + i * 4, true))
  const chain = (start: number, table: number[]) => {
    const out: number[] = []
    for (let at = start; at < END && out.length <= table.length; at = table[at]!) out.push(at)
    if (out.length > table.length) throw new Error(`${file}: a sector chain loops.`)
    return out
  }
  const read = (start: number, size: number) => {
    const out = new Uint8Array(chain(start, fat).length * sectorSize)
    chain(start, fat).forEach((at, i) => out.set(bytes.subarray(sector(at), sector(at) + sectorSize), i * sectorSize))
    return out.subarray(0, size)
  }
  const directory = read(view.getUint32(48, true), Infinity)
  const dir = new DataView(directory.buffer, directory.byteOffset, directory.byteLength)
  const entries = Array.from({ length: directory.length / 128 }, (_, i) => {
    const base = i * 128
    const nameLength = dir.getUint16(base + 64, true)
    const name = String.fromCharCode(...Array.from({ length: Math.max(0, nameLength / 2 - 1) }, (_, j) => dir.getUint16(base + j * 2, true)))
    return { name, type: dir.getUint8(base + 66), start: dir.getUint32(base + 116, true), size: dir.getUint32(base + 120, true) }
  })
  const entry = entries.find((e) => e.type === 2 && wanted.includes(e.name))
  if (!entry) throw new Error(`${file}: no ${wanted.join(' or ')} stream.`)
  if (entry.size >= miniCutoff) return read(entry.start, entry.size)
  // Small streams live in the mini stream, held by the root entry, with their own allocation table.
  const root = entries[0]!
  const miniStream = read(root.start, root.size)
  const miniFatBytes = read(view.getUint32(60, true), view.getUint32(64, true) * sectorSize)
  const miniFat = Array.from({ length: miniFatBytes.length / 4 }, (_, i) =>
    new DataView(miniFatBytes.buffer, miniFatBytes.byteOffset).getUint32(i * 4, true),
  )
  const out = new Uint8Array(chain(entry.start, miniFat).length * miniSectorSize)
  chain(entry.start, miniFat).forEach((at, i) => out.set(miniStream.subarray(at * miniSectorSize, (at + 1) * miniSectorSize), i * miniSectorSize))
  return out.subarray(0, entry.size)
}

type Record = { type: number; data: Uint8Array; offset: number }

function records(stream: Uint8Array): Record[] {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength)
  const out: Record[] = []
  for (let at = 0; at + 4 <= stream.length;) {
    const type = view.getUint16(at, true)
    const length = view.getUint16(at + 2, true)
    out.push({ type, data: stream.subarray(at + 4, at + 4 + length), offset: at })
    at += 4 + length
  }
  return out
}

/** The shared strings: the SST record and its CONTINUE records, where a string may break between records. */
function sharedStrings(parts: Uint8Array[]): string[] {
  let part = 0
  let at = 8
  const count = new DataView(parts[0]!.buffer, parts[0]!.byteOffset).getUint32(4, true)
  const byte = () => {
    while (at >= parts[part]!.length) {
      part++
      at = 0
      if (part >= parts.length) throw new Error('the shared strings end early')
    }
    return parts[part]![at++]!
  }
  const u16 = () => byte() | (byte() << 8)
  const u32 = () => (u16() | (u16() << 16)) >>> 0
  const strings: string[] = []
  for (let n = 0; n < count; n++) {
    const length = u16()
    let flags = byte()
    const runs = flags & 0x08 ? u16() : 0
    const extended = flags & 0x04 ? u32() : 0
    let text = ''
    for (let i = 0; i < length; i++) {
      // A string continued in a new record starts that record with a fresh flag byte (8- or 16-bit characters).
      if (at >= parts[part]!.length) {
        part++
        at = 0
        flags = byte()
      }
      text += String.fromCharCode(flags & 0x01 ? u16() : byte())
    }
    for (let i = 0; i < runs * 4 + extended; i++) byte()
    strings.push(text)
  }
  return strings
}

/** A number stored as RK: an integer or the top of a double, possibly × 100. */
function rk(value: number): number {
  const scaled = value & 0x01
  let number: number
  if (value & 0x02) number = value >> 2
  else {
    const buffer = new DataView(new ArrayBuffer(8))
    buffer.setUint32(4, value & 0xfffffffc, true)
    number = buffer.getFloat64(0, true)
  }
  return scaled ? number / 100 : number
}

const numberText = (value: number) => (Number.isInteger(value) ? String(value) : String(Math.round(value * 1e9) / 1e9))

/** Cell values of one sheet as rows of text ('' for an empty cell). */
export function readXlsSheet(bytes: Uint8Array, sheetName: string, file: string): string[][] {
  const stream = compoundStream(bytes, ['Workbook', 'Book'], file)
  const all = records(stream)
  const sst: Uint8Array[] = []
  const sheets: { name: string; offset: number }[] = []
  for (let i = 0; i < all.length; i++) {
    const record = all[i]!
    if (record.type === 0x00fc) {
      sst.push(record.data)
      for (let j = i + 1; all[j]?.type === 0x003c; j++) sst.push(all[j]!.data)
    }
    if (record.type === 0x0085) {
      const data = new DataView(record.data.buffer, record.data.byteOffset, record.data.byteLength)
      const length = record.data[6]!
      const wide = record.data[7]! & 0x01
      const name = wide
        ? String.fromCharCode(...Array.from({ length }, (_, k) => data.getUint16(8 + k * 2, true)))
        : String.fromCharCode(...record.data.subarray(8, 8 + length))
      sheets.push({ name, offset: data.getUint32(0, true) })
    }
  }
  const strings = sst.length > 0 ? sharedStrings(sst) : []
  const sheet = sheets.find((s) => s.name === sheetName)
  if (!sheet) throw new Error(`${file}: no sheet "${sheetName}" (sheets: ${sheets.map((s) => s.name).join(', ')}).`)
  const rows: string[][] = []
  const set = (row: number, col: number, value: string) => {
    while (rows.length <= row) rows.push([])
    const cells = rows[row]!
    while (cells.length < col) cells.push('')
    cells[col] = value
  }
  const start = all.findIndex((record) => record.offset === sheet.offset)
  if (start < 0) throw new Error(`${file}: sheet "${sheetName}" does not start where the workbook says.`)
  for (let i = start + 1; i < all.length && all[i]!.type !== 0x000a; i++) {
    const { type, data: bytesOf } = all[i]!
    const data = new DataView(bytesOf.buffer, bytesOf.byteOffset, bytesOf.byteLength)
    const row = bytesOf.length >= 4 ? data.getUint16(0, true) : 0
    const col = bytesOf.length >= 4 ? data.getUint16(2, true) : 0
    if (type === 0x00fd) set(row, col, strings[data.getUint32(6, true)] ?? '')
    else if (type === 0x0203) set(row, col, numberText(data.getFloat64(6, true)))
    else if (type === 0x027e) set(row, col, numberText(rk(data.getInt32(6, true))))
    else if (type === 0x00bd) {
      const last = data.getUint16(bytesOf.length - 2, true)
      for (let c = col; c <= last; c++) set(row, c, numberText(rk(data.getInt32(4 + (c - col) * 6 + 2, true))))
    } else if (type === 0x0204) {
      const length = data.getUint16(6, true)
      const wide = bytesOf[8]! & 0x01
      set(
        row,
        col,
        wide
          ? String.fromCharCode(...Array.from({ length }, (_, k) => data.getUint16(9 + k * 2, true)))
          : String.fromCharCode(...bytesOf.subarray(9, 9 + length)),
      )
    }
  }
  return rows.map((cells) => cells.map((cell) => cell ?? ''))
}

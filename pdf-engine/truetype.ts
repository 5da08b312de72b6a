import { unzlibSync } from 'fflate'
import type { PDFDocument } from 'pdf-lib'

/**
 * A small TrueType/WOFF reader and glyph subsetter with the part of fontkit's interface that
 * pdf-lib's subset embedder calls (`create`, `layout`, `createSubset`, metrics).
 *
 * Why not fontkit: it ships a full OpenType shaping engine, WOFF2/Brotli and legacy encoding
 * tables (≈380 KB gzip), and its shaper made the first export take seconds. Resumes need one
 * glyph per character: cmap lookup and advance widths, no kerning or ligatures. The preview
 * turns kerning and ligatures off as well, so both measure text alike.
 */

export type Glyph = { id: number; advanceWidth: number; codePoints: number[] }
type Table = { tag: string; data: Uint8Array }

const tagOf = (view: DataView, at: number) =>
  String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3))
const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)

function readTables(bytes: Uint8Array): Map<string, Uint8Array> {
  const view = viewOf(bytes)
  const tables = new Map<string, Uint8Array>()
  if (tagOf(view, 0) === 'wOFF') {
    const count = view.getUint16(12)
    for (let i = 0; i < count; i += 1) {
      const at = 44 + i * 20
      const offset = view.getUint32(at + 4)
      const compressed = view.getUint32(at + 8)
      const length = view.getUint32(at + 12)
      const raw = bytes.subarray(offset, offset + compressed)
      tables.set(tagOf(view, at), compressed < length ? unzlibSync(raw, { out: new Uint8Array(length) }) : raw)
    }
    return tables
  }
  if (tagOf(view, 0) === 'wOF2') throw new Error('WOFF2 fonts are not supported')
  const count = view.getUint16(4)
  for (let i = 0; i < count; i += 1) {
    const at = 12 + i * 16
    const offset = view.getUint32(at + 8)
    tables.set(tagOf(view, at), bytes.subarray(offset, offset + view.getUint32(at + 12)))
  }
  return tables
}

/** Unicode code point -> glyph id, from a (3,10)/(0,4) format 12 or a (3,1)/(0,3) format 4 subtable. */
function readCmap(table: Uint8Array): (codePoint: number) => number {
  const view = viewOf(table)
  const count = view.getUint16(2)
  const subtables: { platform: number; encoding: number; offset: number; format: number }[] = []
  for (let i = 0; i < count; i += 1) {
    const offset = view.getUint32(4 + i * 8 + 4)
    subtables.push({ platform: view.getUint16(4 + i * 8), encoding: view.getUint16(4 + i * 8 + 2), offset, format: view.getUint16(offset) })
  }
  const full = subtables.find((s) => s.format === 12 && (s.platform === 3 || s.platform === 0))
  if (full) {
    const groups: [number, number, number][] = []
    const n = view.getUint32(full.offset + 12)
    for (let i = 0; i < n; i += 1) {
      const at = full.offset + 16 + i * 12
      groups.push([view.getUint32(at), view.getUint32(at + 4), view.getUint32(at + 8)])
    }
    return (cp) => {
      const group = groups.find(([start, end]) => cp >= start && cp <= end)
      return group ? group[2] + cp - group[0] : 0
    }
  }
  const bmp = subtables.find((s) => s.format === 4 && (s.platform === 3 || s.platform === 0))
  if (!bmp) throw new Error('The font has no Unicode cmap')
  const o = bmp.offset
  const segments = view.getUint16(o + 6) / 2
  const ends = o + 14
  const starts = ends + segments * 2 + 2
  const deltas = starts + segments * 2
  const rangeOffsets = deltas + segments * 2
  return (cp) => {
    if (cp > 0xffff) return 0
    for (let s = 0; s < segments; s += 1) {
      if (cp > view.getUint16(ends + s * 2)) continue
      const start = view.getUint16(starts + s * 2)
      if (cp < start) return 0
      const delta = view.getInt16(deltas + s * 2)
      const rangeOffset = view.getUint16(rangeOffsets + s * 2)
      if (rangeOffset === 0) return (cp + delta) & 0xffff
      const glyph = view.getUint16(rangeOffsets + s * 2 + rangeOffset + (cp - start) * 2)
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff
    }
    return 0
  }
}

function readPostscriptName(table: Uint8Array | undefined): string {
  if (!table) return 'Font'
  const view = viewOf(table)
  const count = view.getUint16(2)
  const strings = view.getUint16(4)
  for (let i = 0; i < count; i += 1) {
    const at = 6 + i * 12
    if (view.getUint16(at + 6) !== 6) continue
    const platform = view.getUint16(at)
    const length = view.getUint16(at + 8)
    const start = strings + view.getUint16(at + 10)
    let name = ''
    if (platform === 1) for (let k = 0; k < length; k += 1) name += String.fromCharCode(view.getUint8(start + k))
    else for (let k = 0; k + 1 < length; k += 2) name += String.fromCharCode(view.getUint16(start + k))
    if (name) return name.replace(/[^\x21-\x7e]/g, '')
  }
  return 'Font'
}

const COMPONENT = { words: 0x0001, scale: 0x0008, more: 0x0020, xyScale: 0x0040, twoByTwo: 0x0080 }

/** Offsets of every component glyph index inside a composite glyph's bytes. */
function componentRefs(glyph: Uint8Array): number[] {
  const view = viewOf(glyph)
  if (glyph.length < 10 || view.getInt16(0) >= 0) return []
  const refs: number[] = []
  let at = 10
  for (;;) {
    const flags = view.getUint16(at)
    refs.push(at + 2)
    at += 4 + (flags & COMPONENT.words ? 4 : 2)
    if (flags & COMPONENT.scale) at += 2
    else if (flags & COMPONENT.xyScale) at += 4
    else if (flags & COMPONENT.twoByTwo) at += 8
    if (!(flags & COMPONENT.more)) return refs
  }
}

function checksum(data: Uint8Array): number {
  const padded = new Uint8Array((data.length + 3) & ~3)
  padded.set(data)
  const view = viewOf(padded)
  let sum = 0
  for (let i = 0; i < padded.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0
  return sum
}

function writeFont(tables: Table[]): Uint8Array {
  tables.sort((a, b) => (a.tag < b.tag ? -1 : 1))
  const count = tables.length
  const power = 2 ** Math.floor(Math.log2(count))
  let size = 12 + count * 16
  for (const table of tables) size += (table.data.length + 3) & ~3
  const out = new Uint8Array(size)
  const view = viewOf(out)
  view.setUint32(0, 0x00010000)
  view.setUint16(4, count)
  view.setUint16(6, power * 16)
  view.setUint16(8, Math.log2(power))
  view.setUint16(10, count * 16 - power * 16)
  let offset = 12 + count * 16
  let headAt = 0
  tables.forEach((table, i) => {
    const at = 12 + i * 16
    for (let k = 0; k < 4; k += 1) view.setUint8(at + k, table.tag.charCodeAt(k))
    view.setUint32(at + 4, checksum(table.data))
    view.setUint32(at + 8, offset)
    view.setUint32(at + 12, table.data.length)
    out.set(table.data, offset)
    if (table.tag === 'head') headAt = offset
    offset += (table.data.length + 3) & ~3
  })
  view.setUint32(headAt + 8, (0xb1b0afba - checksum(out)) >>> 0)
  return out
}

export class TrueTypeFont {
  readonly unitsPerEm: number
  readonly ascent: number
  readonly descent: number
  readonly capHeight: number
  readonly xHeight: number
  readonly italicAngle: number
  readonly bbox: { minX: number; minY: number; maxX: number; maxY: number }
  readonly postscriptName: string
  readonly head: { macStyle: { italic: boolean } }
  readonly post: { isFixedPitch: boolean }
  readonly 'OS/2': { sFamilyClass: number }
  readonly cff = false
  readonly tables: Map<string, Uint8Array>
  private readonly glyphFor: (codePoint: number) => number
  private readonly advances: number[]
  private readonly glyphs = new Map<number, Glyph>()

  constructor(bytes: Uint8Array) {
    this.tables = readTables(bytes)
    const need = (tag: string) => {
      const table = this.tables.get(tag)
      if (!table) throw new Error(`The font has no ${tag} table (only TrueType outlines are supported)`)
      return viewOf(table)
    }
    const head = need('head')
    const hhea = need('hhea')
    const maxp = need('maxp')
    need('glyf')
    need('loca')
    this.unitsPerEm = head.getUint16(18)
    this.bbox = { minX: head.getInt16(36), minY: head.getInt16(38), maxX: head.getInt16(40), maxY: head.getInt16(42) }
    this.head = { macStyle: { italic: (head.getUint16(44) & 2) !== 0 } }
    this.ascent = hhea.getInt16(4)
    this.descent = hhea.getInt16(6)
    const os2 = this.tables.get('OS/2')
    const os2View = os2 ? viewOf(os2) : null
    const os2Version = os2View?.getUint16(0) ?? 0
    this['OS/2'] = { sFamilyClass: os2View ? os2View.getInt16(30) >> 8 : 0 }
    this.xHeight = os2View && os2Version >= 2 ? os2View.getInt16(86) : 0
    this.capHeight = os2View && os2Version >= 2 ? os2View.getInt16(88) : this.ascent
    const post = this.tables.get('post')
    this.italicAngle = post ? viewOf(post).getInt32(4) / 65536 : 0
    this.post = { isFixedPitch: post ? viewOf(post).getUint32(12) !== 0 : false }
    this.postscriptName = readPostscriptName(this.tables.get('name'))
    this.glyphFor = readCmap(this.tables.get('cmap') ?? new Uint8Array(4))

    const glyphCount = maxp.getUint16(4)
    const metrics = hhea.getUint16(34)
    const hmtx = need('hmtx')
    this.advances = Array.from({ length: glyphCount }, (_, id) => hmtx.getUint16(Math.min(id, metrics - 1) * 4))
  }

  glyph(id: number, codePoint?: number): Glyph {
    let glyph = this.glyphs.get(id)
    if (!glyph) {
      glyph = { id, advanceWidth: this.advances[id] ?? 0, codePoints: codePoint === undefined ? [] : [codePoint] }
      this.glyphs.set(id, glyph)
    } else if (codePoint !== undefined && glyph.codePoints.length === 0) glyph.codePoints.push(codePoint)
    return glyph
  }

  /** Whether the font draws this character (rather than its .notdef box). */
  hasCodePoint(codePoint: number): boolean {
    return this.glyphFor(codePoint) !== 0
  }

  glyphForCodePoint(codePoint: number): Glyph {
    return this.glyph(this.glyphFor(codePoint), codePoint)
  }

  /** One glyph per character: no shaping, kerning or ligatures. */
  layout(text: string): { glyphs: Glyph[] } {
    const glyphs: Glyph[] = []
    for (const char of text) glyphs.push(this.glyphForCodePoint(char.codePointAt(0)!))
    return { glyphs }
  }

  /** Raw bytes of one glyph's outline. */
  glyphData(id: number): Uint8Array {
    const head = viewOf(this.tables.get('head')!)
    const loca = viewOf(this.tables.get('loca')!)
    const long = head.getInt16(50) === 1
    const start = long ? loca.getUint32(id * 4) : loca.getUint16(id * 2) * 2
    const end = long ? loca.getUint32(id * 4 + 4) : loca.getUint16(id * 2 + 2) * 2
    return this.tables.get('glyf')!.subarray(start, end)
  }

  createSubset(): TrueTypeSubset {
    return new TrueTypeSubset(this)
  }
}

/** The glyphs a document uses, renumbered from 1 (0 stays .notdef), written as a TrueType font. */
export class TrueTypeSubset {
  readonly cff = false
  private readonly ids: number[] = []
  private readonly mapping = new Map<number, number>()

  constructor(private readonly font: TrueTypeFont) {
    this.includeGlyph(0)
  }

  includeGlyph(glyph: number | Glyph): number {
    const id = typeof glyph === 'number' ? glyph : glyph.id
    let mapped = this.mapping.get(id)
    if (mapped === undefined) {
      mapped = this.ids.length
      this.ids.push(id)
      this.mapping.set(id, mapped)
    }
    return mapped
  }

  encode(): Uint8Array {
    const outlines: Uint8Array[] = []
    // Composite glyphs pull in their components, which may append to `ids` while we walk it.
    for (let i = 0; i < this.ids.length; i += 1) {
      const data = this.font.glyphData(this.ids[i]!)
      const refs = componentRefs(data)
      if (refs.length === 0) {
        outlines.push(data)
        continue
      }
      const copy = data.slice()
      const view = viewOf(copy)
      for (const at of refs) view.setUint16(at, this.includeGlyph(view.getUint16(at)))
      outlines.push(copy)
    }
    const count = this.ids.length
    const loca = new Uint8Array((count + 1) * 4)
    const locaView = viewOf(loca)
    const glyfSize = outlines.reduce((sum, data) => sum + ((data.length + 3) & ~3), 0)
    const glyf = new Uint8Array(glyfSize)
    let at = 0
    outlines.forEach((data, i) => {
      locaView.setUint32(i * 4, at)
      glyf.set(data, at)
      at += (data.length + 3) & ~3
    })
    locaView.setUint32(count * 4, at)

    const hmtx = new Uint8Array(count * 4)
    const hmtxView = viewOf(hmtx)
    this.ids.forEach((id, i) => {
      hmtxView.setUint16(i * 4, this.font.glyph(id).advanceWidth)
      const data = outlines[i]!
      hmtxView.setInt16(i * 4 + 2, data.length >= 10 ? viewOf(data).getInt16(2) : 0)
    })
    const tables = this.font.tables
    const head = tables.get('head')!.slice()
    viewOf(head).setUint32(8, 0)
    viewOf(head).setInt16(50, 1)
    const hhea = tables.get('hhea')!.slice()
    viewOf(hhea).setUint16(34, count)
    const maxp = tables.get('maxp')!.slice()
    viewOf(maxp).setUint16(4, count)
    const out: Table[] = [
      { tag: 'head', data: head },
      { tag: 'hhea', data: hhea },
      { tag: 'maxp', data: maxp },
      { tag: 'hmtx', data: hmtx },
      { tag: 'loca', data: loca },
      { tag: 'glyf', data: glyf },
    ]
    // Hinting programs are kept: the glyphs' instructions refer to them.
    for (const tag of ['cvt ', 'fpgm', 'prep']) {
      const table = tables.get(tag)
      if (table) out.push({ tag, data: table })
    }
    return writeFont(out)
  }

  /** The stream interface pdf-lib's embedder reads the subset through. */
  encodeStream() {
    const handlers: Record<string, ((value?: Uint8Array | Error) => void)[]> = {}
    const stream = {
      on(event: 'data' | 'end' | 'error', handler: (value?: never) => void) {
        ;(handlers[event] ??= []).push(handler as (value?: Uint8Array | Error) => void)
        return stream
      },
    }
    queueMicrotask(() => {
      try {
        const bytes = this.encode()
        for (const handler of handlers.data ?? []) handler(bytes)
        for (const handler of handlers.end ?? []) handler()
      } catch (error) {
        for (const handler of handlers.error ?? []) handler(error as Error)
      }
    })
    return stream
  }
}

const parsed = new WeakMap<ArrayBufferLike, TrueTypeFont>()

/** What `PDFDocument.registerFontkit` expects; a font file is read once per page load. */
export const trueTypeKit = {
  create(bytes: Uint8Array): TrueTypeFont {
    let font = parsed.get(bytes.buffer)
    if (!font) {
      font = new TrueTypeFont(bytes)
      parsed.set(bytes.buffer, font)
    }
    return font
  },
}

/**
 * Lets `pdf` embed fonts through this reader. pdf-lib types the kit it takes as fontkit's whole
 * interface, of which it calls only the part above: this is the one place that is said to it.
 */
export function registerTrueTypeKit(pdf: PDFDocument): void {
  pdf.registerFontkit(trueTypeKit as unknown as Parameters<PDFDocument['registerFontkit']>[0])
}

import type { TrueTypeFont } from '~pdf-engine/truetype.ts'

/**
 * Text as SVG outlines, read from TrueType glyphs: what the share cards draw with, so the
 * rasteriser needs no fonts and each character comes from the first face that has it (the
 * packaged fonts come in per-script subsets). One glyph per character, no kerning: enough for a
 * title on a card.
 */

type Point = { x: number; y: number; on: boolean }
type Contour = Point[]

const ON_CURVE = 1
const X_SHORT = 2
const Y_SHORT = 4
const REPEAT = 8
const X_SAME_OR_POSITIVE = 16
const Y_SAME_OR_POSITIVE = 32

const ARGS_ARE_WORDS = 1
const ARGS_ARE_XY = 2
const HAS_SCALE = 8
const MORE_COMPONENTS = 0x20
const HAS_XY_SCALE = 0x40
const HAS_2X2 = 0x80

/** A glyph's contours in font units (composites resolved), y up. */
function contoursOf(font: TrueTypeFont, id: number, depth = 0): Contour[] {
  const data = font.glyphData(id)
  if (data.length < 10 || depth > 8) return []
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const count = view.getInt16(0)
  if (count >= 0) return simpleContours(view, count)

  const contours: Contour[] = []
  let at = 10
  for (;;) {
    const flags = view.getUint16(at)
    const component = view.getUint16(at + 2)
    at += 4
    let dx = 0
    let dy = 0
    if (flags & ARGS_ARE_WORDS) {
      if (flags & ARGS_ARE_XY) [dx, dy] = [view.getInt16(at), view.getInt16(at + 2)]
      at += 4
    } else {
      if (flags & ARGS_ARE_XY) [dx, dy] = [view.getInt8(at), view.getInt8(at + 1)]
      at += 2
    }
    let [a, b, c, d] = [1, 0, 0, 1]
    const f2dot14 = (offset: number) => view.getInt16(offset) / 16384
    if (flags & HAS_SCALE) {
      a = d = f2dot14(at)
      at += 2
    } else if (flags & HAS_XY_SCALE) {
      ;[a, d] = [f2dot14(at), f2dot14(at + 2)]
      at += 4
    } else if (flags & HAS_2X2) {
      ;[a, b, c, d] = [f2dot14(at), f2dot14(at + 2), f2dot14(at + 4), f2dot14(at + 6)]
      at += 8
    }
    for (const contour of contoursOf(font, component, depth + 1)) {
      contours.push(contour.map((p) => ({ x: a * p.x + c * p.y + dx, y: b * p.x + d * p.y + dy, on: p.on })))
    }
    if (!(flags & MORE_COMPONENTS)) break
  }
  return contours
}

function simpleContours(view: DataView, count: number): Contour[] {
  const ends = Array.from({ length: count }, (_, i) => view.getUint16(10 + i * 2))
  const points = count ? ends[count - 1]! + 1 : 0
  let at = 10 + count * 2
  at += 2 + view.getUint16(at) // instructions
  const flags: number[] = []
  while (flags.length < points) {
    const flag = view.getUint8(at++)
    flags.push(flag)
    if (flag & REPEAT) {
      for (let n = view.getUint8(at++); n > 0; n -= 1) flags.push(flag)
    }
  }
  const read = (short: number, same: number) => {
    const values: number[] = []
    let value = 0
    for (const flag of flags) {
      if (flag & short) {
        const delta = view.getUint8(at++)
        value += flag & same ? delta : -delta
      } else if (!(flag & same)) {
        value += view.getInt16(at)
        at += 2
      }
      values.push(value)
    }
    return values
  }
  const xs = read(X_SHORT, X_SAME_OR_POSITIVE)
  const ys = read(Y_SHORT, Y_SAME_OR_POSITIVE)
  let start = 0
  return ends.map((end) => {
    const contour = Array.from({ length: end - start + 1 }, (_, i) => ({
      x: xs[start + i]!,
      y: ys[start + i]!,
      on: (flags[start + i]! & ON_CURVE) !== 0,
    }))
    start = end + 1
    return contour
  })
}

const round = (n: number) => Math.round(n * 100) / 100

/** One contour as path commands, mapped by `at` (font units to the page). */
function contourPath(contour: Contour, at: (p: { x: number; y: number }) => string): string {
  if (contour.length === 0) return ''
  const mid = (p: Point, q: Point) => ({ x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 })
  const firstOn = contour.findIndex((p) => p.on)
  // Start on a point on the curve (or, when none is, between the first two off it).
  const start = firstOn >= 0 ? contour[firstOn]! : mid(contour[0]!, contour[1] ?? contour[0]!)
  const order = firstOn >= 0 ? [...contour.slice(firstOn + 1), ...contour.slice(0, firstOn)] : contour
  let d = `M${at(start)}`
  let control: Point | null = null
  for (const point of order) {
    if (point.on) {
      d += control ? `Q${at(control)} ${at(point)}` : `L${at(point)}`
      control = null
    } else {
      if (control) d += `Q${at(control)} ${at(mid(control, point))}`
      control = point
    }
  }
  d += control ? `Q${at(control)} ${at(start)}Z` : 'Z'
  return d
}

export type Faces = TrueTypeFont[]

/** How wide `text` is at `size` px (with `spacing` px between letters). */
export function measure(text: string, faces: Faces, size: number, spacing = 0): number {
  let width = 0
  for (const char of text) {
    const { font, glyph } = pick(faces, char)
    width += (glyph.advanceWidth * size) / font.unitsPerEm + spacing
  }
  return width
}

function pick(faces: Faces, char: string) {
  const code = char.codePointAt(0)!
  const font = faces.find((face) => face.hasCodePoint(code)) ?? faces[0]!
  return { font, glyph: font.glyphForCodePoint(code) }
}

/**
 * `text` as one SVG path: its baseline starts at x, y (or ends there: anchor 'end'), each
 * character from the first face that has it (a box when none has).
 */
export function textPath(
  text: string,
  faces: Faces,
  options: { x: number; y: number; size: number; spacing?: number; anchor?: 'start' | 'end' },
): string {
  const { y, size, spacing = 0 } = options
  let x = options.anchor === 'end' ? options.x - measure(text, faces, size, spacing) + spacing : options.x
  let d = ''
  for (const char of text) {
    const { font, glyph } = pick(faces, char)
    const scale = size / font.unitsPerEm
    const originX = x
    const at = (p: { x: number; y: number }) => `${round(originX + p.x * scale)} ${round(y - p.y * scale)}`
    if (!/\s/.test(char)) for (const contour of contoursOf(font, glyph.id)) d += contourPath(contour, at)
    x += glyph.advanceWidth * scale + spacing
  }
  return d
}

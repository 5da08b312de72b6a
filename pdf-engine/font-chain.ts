import { endMarkedContent, PDFName, PDFOperator, PDFOperatorNames, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib'
import { languageRuns } from './language.ts'
import { inRanges, parseUnicodeRange, type Range } from './scripts.ts'
import { trueTypeKit, type TrueTypeFont } from './truetype.ts'

/**
 * A font as the PDF writers use it: a chain of font files (a family's script subsets, then
 * Noto's, then the CJK slices a text needs), each character drawn with the first file that has
 * a glyph for it. Only the files a text needs are fetched and embedded, each as a subset. Shared
 * by the builders' writers in the browser and the e-book writer on the server (which reads the
 * same fontsource files from disk).
 */

export type LoadBytes = (url: string) => Promise<ArrayBuffer>
export type Weight = 400 | 700
/** One file: a weight of one script subset of a family. */
export type Face = { url: string; range: string }

let fontBytes = new Map<string, Promise<ArrayBuffer>>()
const fetchFont = (url: string) => {
  let bytes = fontBytes.get(url)
  if (!bytes) {
    bytes = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`Font ${url} answered ${response.status}`)
      return response.arrayBuffer()
    })
    bytes.catch(() => fontBytes.delete(url))
    fontBytes.set(url, bytes)
  }
  return bytes
}
let loader = fetchFont

/** A font file's bytes, fetched once per page load. */
export const loadFontBytes = (url: string) => loader(url)

/** Test hook: where font files come from outside a browser. */
export function setFontBytesLoader(load: ((url: string) => Promise<ArrayBuffer>) | null) {
  fontBytes = new Map()
  loader = load ?? fetchFont
}

type Candidate = { face: Face; ranges: Range[] }
type Loaded = { bytes: ArrayBuffer; font: TrueTypeFont }

const candidates = (faces: Face[]): Candidate[] => faces.map((face) => ({ face, ranges: parseUnicodeRange(face.range) }))

const parsedFaces = new Map<string, Promise<Loaded>>()
export function loadFace(face: Face, load: LoadBytes = loadFontBytes): Promise<Loaded> {
  let loaded = parsedFaces.get(face.url)
  if (!loaded) {
    loaded = load(face.url).then((bytes) => ({ bytes, font: trueTypeKit.create(new Uint8Array(bytes)) }))
    loaded.catch(() => parsedFaces.delete(face.url))
    parsedFaces.set(face.url, loaded)
  }
  return loaded
}

export class ChainFont {
  /**
   * The document's languages (language.ts), set by a writer that tags spans: text in another
   * script is drawn in a Span with its own /Lang.
   */
  languages: { document: string; latin: string } | null = null

  constructor(
    private readonly fonts: PDFFont[],
    private readonly pick: Map<number, number>,
    /** Compatibility characters no file draws, and the letters (NFKC) drawn instead: "ﬁ" -> "fi". */
    private readonly instead: Map<number, string> = new Map(),
  ) {}

  /** The text cut into runs of one font file each. */
  segments(text: string): { text: string; font: PDFFont }[] {
    const out: { text: string; font: PDFFont }[] = []
    let last = -1
    for (const char of this.instead.size > 0 ? this.drawn(text) : text) {
      const index = this.pick.get(char.codePointAt(0)!) ?? 0
      if (index === last) out[out.length - 1]!.text += char
      else out.push({ text: char, font: this.fonts[index]! })
      last = index
    }
    return out
  }

  /** The text as drawn: compatibility characters no file has replaced by their letters. */
  drawn(text: string): string {
    let out = ''
    for (const char of text) out += this.instead.get(char.codePointAt(0)!) ?? char
    return out
  }

  widthOfTextAtSize(text: string, size: number): number {
    let width = 0
    for (const segment of this.segments(text)) width += segment.font.widthOfTextAtSize(segment.text, size)
    return width
  }
}

/** Draws text in a chain font; `spacing` is the character spacing (Tc) the caller has set. */
export function drawChainText(
  page: PDFPage,
  text: string,
  opts: { x: number; y: number; size: number; font: ChainFont; color: RGB; spacing?: number },
) {
  let at = opts.x
  const { languages } = opts.font
  for (const run of languages ? languageRuns(text, languages.document, languages.latin) : [{ text, language: null }]) {
    // A language tag is letters, digits and hyphens (language.ts): safe inside a PDF string.
    if (run.language)
      page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), `<</Lang (${run.language})>>`]))
    for (const segment of opts.font.segments(run.text)) {
      page.drawText(segment.text, { x: at, y: opts.y, size: opts.size, font: segment.font, color: opts.color })
      at += segment.font.widthOfTextAtSize(segment.text, opts.size) + (opts.spacing ?? 0) * [...segment.text].length
    }
    if (run.language) page.pushOperators(endMarkedContent())
  }
}

/** The six capitals that name a subset font (PDF 32000 9.6.4), the same for the same file. */
function subsetTag(url: string): string {
  let hash = 2166136261
  for (const char of url) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0
  let tag = ''
  for (let i = 0; i < 6; i += 1, hash = Math.floor(hash / 26)) tag += String.fromCharCode(65 + (hash % 26))
  return tag
}

const skipped = (codePoint: number) => codePoint < 0x20 || codePoint === 0x200b || codePoint === 0xfeff

/** A compatibility character's letters (Unicode NFKC: "ﬁ" -> "fi", "Ａ" -> "A", "①" -> "1"), or null when it has none. */
export function compatibilityLetters(char: string): string | null {
  const letters = char.normalize('NFKC')
  return letters !== char && letters.trim() !== '' ? letters : null
}

/**
 * Embeds the files of `faces` that `text` needs (every string the writer may draw); a
 * compatibility character no file has is drawn as its letters when the files have those;
 * other characters no file has a glyph for are added to `missing` and drawn with the first file.
 */
export async function embedChain(
  pdf: PDFDocument,
  faces: Face[],
  text: string,
  missing: Set<string>,
  load: LoadBytes = loadFontBytes,
): Promise<ChainFont> {
  const chain = candidates(faces)
  const pick = new Map<number, number>()
  const codePoints = new Set<number>()
  for (const char of text) {
    if (skipped(char.codePointAt(0)!)) continue
    codePoints.add(char.codePointAt(0)!)
    // Its letters are looked up too, in case no file has the character itself.
    for (const letter of compatibilityLetters(char) ?? '') if (!skipped(letter.codePointAt(0)!)) codePoints.add(letter.codePointAt(0)!)
  }
  const unplaced: number[] = []
  // Each round loads, in parallel, the next file that may hold each character still unplaced.
  let pending = [...codePoints].map((codePoint) => ({ codePoint, from: 0 }))
  while (pending.length > 0) {
    const next: typeof pending = []
    const wanted = pending.map(({ codePoint, from }) => {
      let index = from
      while (index < chain.length && !inRanges(codePoint, chain[index]!.ranges)) index += 1
      return { codePoint, index }
    })
    const loaded = await Promise.all(wanted.map(({ index }) => (index < chain.length ? loadFace(chain[index]!.face, load) : null)))
    wanted.forEach(({ codePoint, index }, i) => {
      const face = loaded[i]
      if (!face) unplaced.push(codePoint)
      else if (face.font.hasCodePoint(codePoint)) pick.set(codePoint, index)
      else next.push({ codePoint, from: index + 1 })
    })
    pending = next
  }
  const instead = new Map<number, string>()
  for (const codePoint of unplaced) {
    const letters = compatibilityLetters(String.fromCodePoint(codePoint))
    if (letters && [...letters].every((letter) => pick.has(letter.codePointAt(0)!) || skipped(letter.codePointAt(0)!)))
      instead.set(codePoint, letters)
    else missing.add(String.fromCodePoint(codePoint))
  }
  // The first file is always embedded: it draws what no file has (as a box, after a warning).
  const used = [...new Set([0, ...pick.values()])].sort((a, b) => a - b)
  const fonts: PDFFont[] = []
  for (const index of used) {
    const { bytes, font } = await loadFace(chain[index]!.face, load)
    fonts[index] = await pdf.embedFont(bytes, { subset: true, customName: `${subsetTag(chain[index]!.face.url)}+${font.postscriptName}` })
  }
  return new ChainFont(fonts, pick, instead)
}

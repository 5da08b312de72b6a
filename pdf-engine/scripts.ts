/**
 * Which writing systems a text uses, as far as the builders' fonts are concerned. Small and
 * synchronous: the builders ask it on every download and to pick the CJK fonts' order.
 */

export type Range = [number, number]

/** CSS `unicode-range` ("U+0100-02BA,U+0304") as [start, end] pairs. */
export const parseUnicodeRange = (css: string): Range[] =>
  css.split(',').map((part) => {
    const [start, end] = part.trim().replace(/^U\+/i, '').split('-')
    return [Number.parseInt(start!, 16), Number.parseInt(end ?? start!, 16)]
  })

export const inRanges = (codePoint: number, ranges: Range[]) => ranges.some(([start, end]) => codePoint >= start && codePoint <= end)

const kana = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u
const hangul = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u
/** Han, kana, hangul, CJK punctuation and full-width forms: the CJK fonts' share of a text. */
export const cjkPattern =
  /[\u2e80-\u2fdf\u3000-\u30ff\u3100-\u31ff\u3200-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u{20000}-\u{3134f}]/u

export type CjkFont = 'jp' | 'sc' | 'kr'

/** The CJK fonts a text needs, best first: Japanese with kana, Korean with hangul, else Chinese. */
export function cjkOrder(text: string): CjkFont[] {
  if (!cjkPattern.test(text)) return []
  if (kana.test(text)) return ['jp', 'sc', 'kr']
  if (hangul.test(text)) return ['kr', 'jp', 'sc']
  return ['sc', 'jp', 'kr']
}

/** Right-to-left scripts: the PDF writer lays text out left to right, one glyph per character. */
const rightToLeft = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u

/** Code points the fonts' Latin, Greek and Cyrillic faces declare (the fontsource subsets' ranges). */
export const subsetRanges = {
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  'latin-ext':
    'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  vietnamese:
    'U+0102-0103,U+0110-0111,U+0128-0129,U+0168-0169,U+01A0-01A1,U+01AF-01B0,U+0300-0301,U+0303-0304,U+0308-0309,U+0323,U+0329,U+1EA0-1EF9,U+20AB',
  greek: 'U+0370-0377,U+037A-037F,U+0384-038A,U+038C,U+038E-03A1,U+03A3-03FF',
  'greek-ext': 'U+1F00-1FFF',
  cyrillic: 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116',
  'cyrillic-ext': 'U+0460-052F,U+1C80-1C8A,U+20B4,U+2DE0-2DFF,U+A640-A69F,U+FE2E-FE2F',
} as const
export type Subset = keyof typeof subsetRanges

const alphabetic = Object.values(subsetRanges).flatMap(parseUnicodeRange)

/** Characters left out of a PDF's text on purpose: controls and the zero-width joiners. */
const invisible = (codePoint: number) => codePoint < 0x20 || (codePoint >= 0x200b && codePoint <= 0x200f) || codePoint === 0xfeff

export type Unsupported = { rightToLeft: string[]; other: string[] }

/**
 * Thrown by the PDF writers, before a file is made, for characters no embedded font has a glyph
 * for although their script is covered (a rare letter of Latin Extended-D, Coptic in the Greek
 * block): the caller says so, and may ask again with `anyway`.
 */
export class UnwritableCharacters extends Error {
  constructor(readonly characters: string[]) {
    super(`No font has ${characters.join(' ')}`)
    this.name = 'UnwritableCharacters'
  }
}

const covered = (char: string) => {
  const codePoint = char.codePointAt(0)!
  return invisible(codePoint) || inRanges(codePoint, alphabetic) || cjkPattern.test(char)
}

/**
 * What the PDF fonts cannot write, found before a download: right-to-left letters (Arabic,
 * Hebrew…) and characters of scripts we ship no font for (emoji, Devanagari, Thai…). `text` is
 * what the page will draw. A compatibility character (a ligature "ﬁ", a full-width or circled
 * letter) whose letters the fonts have is written: as itself where a font draws it, else as its
 * letters (font-chain.ts).
 */
export function unsupportedCharacters(text: string): Unsupported {
  const rtl = new Set<string>()
  const other = new Set<string>()
  for (const char of text.normalize('NFC')) {
    if (covered(char)) continue
    const letters = char.normalize('NFKC')
    if (letters !== char && letters.trim() !== '' && [...letters].every(covered)) continue
    if (rightToLeft.test(char)) rtl.add(char)
    else other.add(char)
  }
  return { rightToLeft: [...rtl], other: [...other] }
}

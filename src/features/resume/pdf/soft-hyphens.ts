import type { PDFPageProxy } from 'pdfjs-dist'

/**
 * Hyphens pdf.js leaves out of a page's text. Some fonts (XeLaTeX with fontspec: awesome-cv and
 * others) map their hyphen glyph to U+00AD, the soft hyphen, and pdf.js's text content drops
 * every invisible format character, so "high-impact" reads "highimpact" and a word hyphenated at
 * a line end ("Con-" / "sul") loses its hyphen. The operator list still has the glyphs: each
 * soft hyphen is found there with the letters around it, and put back as "-" in the text items
 * that hold those letters. Whether that hyphen then stays (part of the word) or goes (it only
 * broke the word at a line end) is the line joiner's call.
 */

/** pdf.js's OPS codes of the text-showing operators (Tj, TJ, ', "): stable across its versions. */
const showTextOps = new Set([44, 45, 46, 47])
type Glyph = { unicode?: string } | number | null

/** A soft hyphen's surroundings: the non-space text before it and after it ('' at the end of a run). */
type Repair = { before: string; after: string }

function repairsOf(fnArray: number[], argsArray: unknown[][]): Repair[] {
  const repairs: Repair[] = []
  fnArray.forEach((fn, i) => {
    if (!showTextOps.has(fn)) return
    const glyphs = argsArray[i]?.at(-1)
    if (!Array.isArray(glyphs)) return
    const text = (glyphs as Glyph[]).map((glyph) => (glyph && typeof glyph === 'object' ? (glyph.unicode ?? '') : '')).join('')
    if (!text.includes('\u00AD')) return
    for (let at = text.indexOf('\u00AD'); at !== -1; at = text.indexOf('\u00AD', at + 1)) {
      // Only a hyphen after a letter or digit, and before one or at the end of the run (a line
      // end): a dash standing alone between spaces is a gap the text keeps anyway.
      const [left = '', right] = [text[at - 1], text[at + 1]]
      if (!/[\p{L}\p{N}]/u.test(left) || (right !== undefined && !/[\p{L}\p{N}]/u.test(right))) continue
      // Twelve characters each side, spaces aside (the operator list may draw them as gaps).
      const before = text
        .slice(0, at)
        .replace(/[\s\u00AD]/g, '')
        .slice(-12)
      const after =
        right === undefined
          ? ''
          : text
              .slice(at + 1)
              .replace(/[\s\u00AD]/g, '')
              .slice(0, 12)
      repairs.push({ before, after })
    }
  })
  return repairs
}

/** Puts each soft hyphen back into the first item text that holds its letters without it (spaces aside). */
function apply(texts: string[], repairs: Repair[]): string[] {
  const out = [...texts]
  for (const repair of repairs) {
    // Hyphens aside too: "easy­to­use" has two, and the first one put back must not hide the second.
    const [before, after] = [repair.before.replace(/-/g, ''), repair.after.replace(/-/g, '')]
    const key = before + after
    for (let i = 0; i < out.length; i++) {
      const text = out[i]!
      // Compare without spaces: the operator list may draw spaces as gaps, the items as characters.
      const positions: number[] = []
      let bare = ''
      for (let c = 0; c < text.length; c++)
        if (!/[\s-]/.test(text[c]!)) {
          positions.push(c)
          bare += text[c]
        }
      const found = after === '' ? (bare.endsWith(key) ? bare.length - key.length : -1) : bare.indexOf(key)
      if (found === -1) continue
      const cut = positions[found + before.length - 1]! + 1
      if (text[cut] === '-') continue
      out[i] = `${text.slice(0, cut)}-${text.slice(cut)}`
      break
    }
  }
  return out
}

/** The page's item texts with the soft hyphens pdf.js dropped put back (unchanged when it dropped none). */
export async function withSoftHyphens(page: PDFPageProxy, texts: string[]): Promise<string[]> {
  const ops = await page.getOperatorList()
  const repairs = repairsOf(ops.fnArray, ops.argsArray as unknown[][])
  return repairs.length ? apply(texts, repairs) : texts
}

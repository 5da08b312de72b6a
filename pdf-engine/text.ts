import { rgb, type RGB } from 'pdf-lib'
import { cjkPattern } from './scripts.ts'
import type { ChainFont } from './font-chain.ts'

/**
 * PDF text layout primitives for the builders' PDF writers (loaded only with them): colours,
 * greedy word wrap over two weights.
 */

export const hexColour = (value: string): RGB => {
  const n = Number.parseInt(value.slice(1), 16)
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255)
}

export type PdfFonts = { regular: ChainFont; bold: ChainFont }
export type TextRun = { text: string; bold?: boolean; href?: string }
export type Piece = { text: string; bold: boolean; href?: string }

const cjkBreaks = new RegExp(`(${cjkPattern.source})`, 'u')

/** Greedy word wrap over runs of two weights; returns lines of pieces (no trailing spaces). */
export function wrapRuns(runs: TextRun[], fonts: PdfFonts, size: number, width: number, firstIndent = 0): Piece[][] {
  const words: Piece[] = []
  for (const run of runs) {
    for (const part of run.text.split(/(\s+)/)) {
      if (!part) continue
      // Chinese, Japanese and Korean lines may break between any two characters.
      const pieces = cjkPattern.test(part) ? part.split(cjkBreaks).filter(Boolean) : [part]
      for (const text of pieces) words.push({ text, bold: !!run.bold, href: run.href })
    }
  }
  const lines: Piece[][] = [[]]
  let used = firstIndent
  for (const word of words) {
    const font = word.bold ? fonts.bold : fonts.regular
    const w = font.widthOfTextAtSize(word.text, size)
    const line = lines[lines.length - 1]!
    if (/^\s+$/.test(word.text)) {
      if (line.length > 0) {
        line.push({ ...word, text: ' ' })
        used += font.widthOfTextAtSize(' ', size)
      }
      continue
    }
    if (used + w > width && line.length > 0) {
      while (line.length > 0 && line[line.length - 1]!.text === ' ') line.pop()
      lines.push([word])
      used = w
    } else {
      line.push(word)
      used += w
    }
  }
  return lines.filter((line) => line.length > 0)
}

/** Neighbouring pieces of one style as one run (one draw call, and real spaces in the text layer). */
export function mergeRuns(pieces: Piece[]): Piece[] {
  const merged: Piece[] = []
  for (const piece of pieces) {
    const last = merged.at(-1)
    if (last && last.bold === piece.bold && last.href === piece.href) last.text += piece.text
    else merged.push({ ...piece })
  }
  return merged
}

/** Characters the embedded fonts have no glyph for would vanish: swap the common ones. */
export const pdfSafeText = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[\u2010\u2011]/g, '-')
    .replace(/\u00ad/g, '')

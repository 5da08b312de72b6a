import type { Line } from './layout'
import { bulletGlyph, cleanText, findDate, isUpper, looksLikePlace, stripBullet, words } from './text'
import type { Part } from './types'

/**
 * One line of the layout reader, taken apart: whether it is a list item (a bullet glyph, an icon
 * font's symbol, a shape drawn in front), and an entry header line's pieces (text, date, place,
 * label) split at separators, cell edges and changes of font.
 */

/**
 * A bullet: a glyph in front, or a first item that is one symbol (icon fonts draw bullets). A
 * number in front ("1.", "2)") counts only when `numbered` (a job's list, not a list of papers).
 * `x` is where the item's text starts: a wrapped line of it is indented to there.
 */
export function bulletOf(line: Line, body: number, numbered = false): { bullet: boolean; text: string; x: number } {
  const first = line.cells[0]!
  const items = first.items.filter((item) => item.text.trim() !== '')
  const lead = items[0]
  // A one-symbol cell in front of the text ("{" or "–" from a symbol font): a bullet.
  if (
    line.cells.length > 1 &&
    first.text.length === 1 &&
    !/[\p{L}\p{N}([+"“'$€£]/u.test(first.text) &&
    line.cells[1]!.x - first.right < first.size * 2.5
  ) {
    return {
      bullet: true,
      text: line.cells
        .slice(1)
        .map((c) => c.text)
        .join('   '),
      x: line.cells[1]!.x,
    }
  }
  // A bullet drawn from a symbol font (Word's ""): a glyph with no text of its own, then text.
  if (lead && cleanText(lead.text).trim() === '' && (items.length > 1 || line.cells.length > 1)) {
    const rest = [
      cleanText(
        items
          .slice(1)
          .map((item) => item.text)
          .join(''),
      ).trim(),
      ...line.cells.slice(1).map((c) => c.text),
    ]
      .filter(Boolean)
      .join('   ')
    if (rest) return { bullet: true, text: rest, x: items[1]?.x ?? line.cells[1]!.x }
  }
  if (lead && items.length > 1 && lead.text.trim().length === 1 && !/[\p{L}\p{N}([+"“'$€£]/u.test(lead.text.trim())) {
    const rest = cleanText(first.text.slice(first.text.indexOf(lead.text.trim()) + 1)).trim()
    return { bullet: true, text: [rest, ...line.cells.slice(1).map((c) => c.text)].join('   ').trim(), x: items[1]!.x }
  }
  if (lead && lead.size < body * 0.7 && items.length > 1 && lead.text.trim().length <= 2) {
    return { bullet: true, text: stripBullet(line.text.slice(lead.text.trim().length)).trim(), x: items[1]!.x }
  }
  const glyph = bulletGlyph.exec(line.text)
  const number = glyph !== null && /^\s*\d/.test(glyph[0])
  const rest = stripBullet(line.text)
  if (glyph && !/^[-–—]\s*\d/.test(line.text) && (!number || (numbered && words(rest) >= 2 && !findDate(rest.split(/\s+/)[0]!)))) {
    // The glyph and its text in one item: the text starts about where the glyph's share of the item ends.
    const share = lead && lead.text.length > 0 ? Math.min(1, glyph[0].length / lead.text.length) : 0
    return { bullet: true, text: rest, x: lead ? lead.x + lead.width * share : line.x + 6 }
  }
  return { bullet: false, text: line.text, x: line.x }
}

const separators = /\s*;\s+|\s+[|·•]\s+|\s+[–—]\s+|\s+-\s+|\s*\|\s*|\s+@\s+|\s+at\s+(?=\p{Lu})/u

/** One header line's pieces: cells, split again at separators and at a change of font before a comma. */
export function partsOf(line: Line, mainX: number, rightEdge: number): Part[] {
  const parts: Part[] = []
  for (const cell of line.cells) {
    // A short cell set flush right after another ("Viasat Inc.      Carlsbad, CA") is a place or a date.
    const flushRight = cell !== line.cells[0] && rightEdge - cell.right < 6 && words(cell.text) <= 4 && cell.x > (mainX + rightEdge) / 2
    // A cell left of where the section's text starts (moderncv's margin, a label column) is a date or a label.
    const margin = line.cells.length > 1 && cell.right < mainX - 2
    const groups: { text: string; font: string; size: number; lastFont: string; end: number }[] = []
    for (const item of cell.items) {
      const text = cleanText(item.text)
      const last = groups.at(-1)
      if (last && (last.lastFont === item.font || !/^\s*[,;]/.test(text))) {
        // A glyph from a fallback font inside a word ("H" "ả" "i Phòng") touches its neighbours: no space.
        const touching = item.x - last.end < item.size * 0.15 && last.lastFont !== item.font
        last.text +=
          (/\s$/.test(last.text) || /^\s/.test(text) || /^[,.;)]/.test(text) || touching ? '' : needsSpace(last.text, text) ? ' ' : '') + text
        if (text.trim()) last.lastFont = item.font
        last.end = item.x + item.width
      } else groups.push({ text, font: item.font, size: item.size, lastFont: item.font, end: item.x + item.width })
    }
    for (const group of groups) {
      // Dates first, so the dash of a range is not taken for a separator.
      const pieces: { text: string; date: boolean }[] = []
      let rest = group.text
      for (let found = findDate(rest); found; found = findDate(rest)) {
        pieces.push({ text: rest.slice(0, found.index), date: false }, { text: found.match, date: true })
        rest = rest.slice(found.index + found.match.length)
      }
      pieces.push({ text: rest, date: false })
      for (const piece of pieces) {
        const split = piece.date ? [piece.text] : piece.text.split(separators)
        for (const raw of split) {
          const text = raw
            .replace(/^[\s,;:|.·•–-]+|[\s,;:|·•–-]+$/gu, '')
            // A bracket the date was printed in ("School [ 2017 – 2019 ]"), left at the edge of the name.
            .replace(/\s*[[(]$|^[\])]\s*/g, '')
            .replace(/\s+/g, ' ')
            .trim()
          if (
            !text ||
            /^(\d+\s*(years?|yrs?|months?|mos?)\s*)+$/i.test(text) ||
            /^[\p{P}\p{S}\s]+$/u.test(text) ||
            (text.length === 1 && line.cells.length > 1)
          )
            continue
          const kind: Part['kind'] =
            piece.date || presentOnly.test(text)
              ? 'date'
              : margin
                ? 'label'
                : looksLikePlace(text) || (flushRight && !/\d{3}/.test(text))
                  ? 'place'
                  : 'text'
          // "YMCA, Pomona, CA": a name with its place after a comma.
          const trailing = !piece.date && !margin ? /^(.+?),\s+([^,]+,\s*[A-Z]{2})$/.exec(text) : null
          if (trailing && looksLikePlace(trailing[2]!)) {
            parts.push({ text: trailing[1]!, kind: 'text', size: group.size, font: group.font, upper: isUpper(trailing[1]!) })
            parts.push({ text: trailing[2]!, kind: 'place', size: group.size, font: group.font, upper: false })
            continue
          }
          parts.push({ text, kind, size: group.size, font: group.font, upper: isUpper(text) })
        }
      }
    }
  }
  return parts
}
export const presentOnly =
  /^(present|presente|présent|now|current|today|ongoing|heute|aktuell|aujourd'hui|actualidad|atual|atualmente|obecnie|halen|настоящее время|по настоящее время|сейчас|н\.\s?в\.|sekarang|saat ini|hiện tại|至今|现在|現在)$/iu
const needsSpace = (a: string, b: string) => /[\p{L}\p{N}]$/u.test(a) && /^[\p{L}\p{N}(]/u.test(b)

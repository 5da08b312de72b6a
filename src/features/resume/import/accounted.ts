import type { ResumeData } from '~contract/resume.ts'
import type { Line } from './layout'
import { isLevelWord } from './skills'
import { datePattern } from './text'

/**
 * Never lose text in silence (issue 37): after the layout reader has placed what it could, each
 * line of the page is checked against the words that landed in the resume (any field, any
 * section) or that a note already names. A line whose words are mostly nowhere, or a run of three
 * or more of its words that is nowhere, is returned to be listed as not placed. Dates (read into
 * date fields, not copied), contact labels ("Email:") and list glyphs are not counted as words.
 */

const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u
/** Labels and level words the reader uses up without copying them into a field. */
const usedUp = new Set(
  (
    'e mail email phone mobile mob cell tel telephone fax website web homepage site portfolio linkedin github gitlab twitter x ' +
    'address location present current now today heute aktuell actualidad actual presente atual obecnie mother tongue'
  ).split(' '),
)

const normal = (text: string) => text.normalize('NFKC').toLowerCase()
const tokens = (text: string) => normal(text).match(/[\p{L}\p{N}]+/gu) ?? []

/** Every string in the resume's data, deep. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const item of value) strings(item, out)
  else if (value && typeof value === 'object') for (const item of Object.values(value)) strings(item, out)
  return out
}

export function notPlaced(lines: Line[], data: ResumeData, said: string[]): string[] {
  const placedText = [...strings({ ...data, design: null }), ...said]
  const words = new Set(placedText.flatMap(tokens))
  // Words broken over two lines come back whole ("Con-" + "sul" -> "consul"): their halves count as placed.
  const blob = placedText.map(normal).join(' ')
  const cjkBlob = placedText
    .map(normal)
    .join('')
    .replace(/[^\p{L}\p{N}]/gu, '')
  const placed = (token: string) => {
    if (cjk.test(token)) {
      if (cjkBlob.includes(token)) return true
      const pairs = [...token].slice(0, -1).map((char, i) => char + [...token][i + 1])
      return pairs.length > 0 && pairs.every((pair) => cjkBlob.includes(pair))
    }
    return token.length < 2 || words.has(token) || usedUp.has(token) || isLevelWord(token) || (token.length >= 3 && blob.includes(token))
  }
  const out: string[] = []
  for (const line of lines) {
    const text = line.text.replace(new RegExp(datePattern.source, 'giu'), ' ')
    const all = tokens(text)
    if (all.length === 0) continue
    const missing = all.map((token) => !placed(token))
    const count = missing.filter(Boolean).length
    if (count === 0) continue
    // Half the line's own words missing, not counting the labels and levels it also holds
    // ("Avanzado, B2 Cambridge": the level was read, "Cambridge" was not).
    const own = all.filter((token) => !usedUp.has(token) && !isLevelWord(token)).length
    if (count >= Math.max(1, Math.min(all.length, own) / 2)) {
      out.push(line.text)
      continue
    }
    // A run of three or more words nowhere: that part of the line.
    let run: string[] = []
    const runs: string[][] = []
    all.forEach((token, i) => {
      if (missing[i]) run.push(token)
      else {
        if (run.length >= 3) runs.push(run)
        run = []
      }
    })
    if (run.length >= 3) runs.push(run)
    for (const r of runs) out.push(`…${r.join(' ')}… (in "${line.text}")`)
  }
  return out
}

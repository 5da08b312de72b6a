import type { ResumeData } from '~contract/resume.ts'
import { findDate } from './text'
import type { ImportNote } from './types'

/**
 * Nothing lost in silence: each paragraph of a source file must be found in the imported resume
 * (its words in some field or custom section) or be named in the review. A paragraph is placed
 * when at least four in five of its words are in the import; dates count as placed (they become
 * YYYY-MM fields), section headings too (they became sections). The rest are listed as
 * "Not placed: …" so the user can copy them in by hand.
 */

const normal = (text: string) => text.normalize('NFKC').toLowerCase()
export const wordsOf = (text: string) => normal(text).match(/[\p{L}\p{N}]+/gu) ?? []

/** Every text value of the resume, the way a reader could find a word in it. */
export function resumeText(data: ResumeData): string {
  const out: string[] = [...Object.values(data.heading), data.summary]
  const lists = [
    data.experience,
    data.education,
    data.skills,
    data.languages,
    data.conferences,
    data.portfolio,
    data.honors,
    data.affiliations,
    data.licenses,
  ]
  for (const list of lists) for (const item of list) out.push(...Object.values(item).filter((v): v is string => typeof v === 'string'))
  for (const section of data.customSections) {
    out.push(section.title)
    for (const item of section.items) out.push(...Object.values(item).filter((v): v is string => typeof v === 'string'))
  }
  return normal(out.join('\n'))
}

function withoutDates(text: string): string {
  let rest = text
  for (let i = 0; i < 8; i++) {
    const found = findDate(rest)
    if (!found) break
    rest = `${rest.slice(0, found.index)} ${rest.slice(found.index + found.match.length)}`
  }
  return rest
}

/** The share of a paragraph's words found in the resume text (1 when it has none to find). */
export function placedShare(paragraph: string, text: string, words: Set<string>): number {
  const tokens = wordsOf(withoutDates(paragraph))
  if (tokens.length === 0) return 1
  const found = tokens.filter((token) => words.has(token) || (token.length >= 2 && text.includes(token)))
  return found.length / tokens.length
}

export function unplacedNotes(paragraphs: string[], data: ResumeData, headings: string[], notes: ImportNote[]): ImportNote[] {
  const text = resumeText(data)
  const words = new Set(wordsOf(text))
  const headingWords = new Set(headings.flatMap(wordsOf))
  const noted = normal(notes.map((note) => note.text).join('\n'))
  const out: ImportNote[] = []
  const seen = new Set<string>()
  for (const paragraph of paragraphs) {
    const tokens = wordsOf(paragraph)
    if (tokens.length === 0 || seen.has(paragraph)) continue
    if (tokens.every((token) => headingWords.has(token))) continue
    if (placedShare(paragraph, text, words) >= 0.8) continue
    if (noted.includes(normal(paragraph))) continue
    seen.add(paragraph)
    out.push({ kind: 'dropped', text: `Not placed: "${paragraph.length > 300 ? `${paragraph.slice(0, 300)}…` : paragraph}"` })
  }
  return out
}

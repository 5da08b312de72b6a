import { emptyResumeData, listSectionKeys, type AdditionalSectionKey, type EntryItem, type ResumeData } from '~contract/resume.ts'
import { newId } from '../model'
import type { PdfContent } from '../pdf/pdf-content'
import { readLayout, type Cell, type Line } from './layout'
import {
  bulletGlyph,
  cleanText,
  companyScore,
  contactLabelOf,
  degreeScore,
  emailPattern,
  findDate,
  headingKind,
  isDateOnly,
  isUpper,
  joinLines,
  looksLikePlace,
  parseDateRange,
  phoneDigits,
  phonePattern,
  schoolScore,
  stripBullet,
  stripContactLabel,
  titleCase,
  titleScore,
  toMonth,
  urlPattern,
  type DateRange,
  type SectionKind,
} from './text'

/**
 * A resume PDF made by another tool, read from its layout: the lines of layout.ts become a
 * heading (name, contact), sections found by their heading words and typography, and entries
 * grouped by the style of their first line, their dates and the gaps between them. What could
 * not be placed or had to be cut is said in the notes, never dropped in silence.
 */

export type ImportNote = { kind: 'layout' | 'uncertain' | 'cut' | 'dropped'; text: string }
export type Inferred = { data: ResumeData; notes: ImportNote[]; headings: string[]; text: string }

type Block = { bullet: boolean; text: string; x: number; shape?: boolean }
type Part = { text: string; kind: 'text' | 'date' | 'place' | 'label'; size: number; font: string; upper: boolean; line?: number }
type Entry = { lines: Line[]; parts: Part[]; dates: DateRange | null; dateText: string; body: Block[] }
type Section = { title: string; kind: SectionKind; lines: Line[] }

const words = (text: string) => text.split(/\s+/).filter(Boolean).length
const sizeKey = (size: number) => Math.round(size * 2) / 2

/* ------------------------------------------------------------------ helpers on lines */

/** A bullet: a glyph in front, or a first item that is one symbol (icon fonts draw bullets). */
function bulletOf(line: Line, body: number): { bullet: boolean; text: string; x: number } {
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
  if (bulletGlyph.test(line.text) && !/^\d{1,2}[.)]\s/.test(line.text) && !/^[-–—]\s*\d/.test(line.text))
    return { bullet: true, text: stripBullet(line.text), x: line.x + 6 }
  return { bullet: false, text: line.text, x: line.x }
}

const separators = /\s+[|·•]\s+|\s+[–—]\s+|\s+-\s+|\s*\|\s*|\s+@\s+|\s+at\s+(?=\p{Lu})/u

/** One header line's pieces: cells, split again at separators and at a change of font before a comma. */
function partsOf(line: Line, mainX: number, rightEdge: number): Part[] {
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
const presentOnly = /^(present|presente|présent|now|current|today|ongoing|heute|aktuell|aujourd'hui|actualidad|至今|现在)$/i
const needsSpace = (a: string, b: string) => /[\p{L}\p{N}]$/u.test(a) && /^[\p{L}\p{N}(]/u.test(b)

/** "Northwind Retail, Lyon" with no place of its own: the name and its city. */
function nameAndCity(name: string, city: string): [string, string] {
  if (city) return [name, city]
  const match = /^(.+\S\s+\S.*?),\s+(\p{Lu}[\p{Ll}’'-]+(?:[\s-]\p{Lu}[\p{Ll}’'-]+)?)$/u.exec(name)
  return match ? [match[1]!, match[2]!] : [name, city]
}

/* ------------------------------------------------------------------ the heading block */

type Heading = ResumeData['heading'] & { links: string[] }
const contactLine = /@|\+?\d[\d\s().-]{7,}\d|www\.|https?:|linkedin|github/i

function cityFrom(token: string): { address: string; city: string; country: string } {
  const parts = token
    .split(/\s*,\s*/)
    .map((p) => p.trim())
    .filter(Boolean)
  const noCode = (text: string) =>
    text
      .replace(/\b\d{4,6}\b/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  if (parts.length === 1) return { address: '', city: noCode(parts[0]!), country: '' }
  const last = parts.at(-1)!
  if (/^[A-Z]{2}(\s+\d{5}(-\d{4})?)?$/.test(last)) return { address: parts.slice(0, -2).join(', '), city: noCode(parts.at(-2)!), country: '' }
  if (/\d{4,6}/.test(last)) return { address: parts.slice(0, -1).join(', '), city: noCode(last), country: '' }
  return { address: parts.slice(0, -2).join(', '), city: noCode(parts.at(-2)!), country: last }
}

function readHeading(lines: Line[], nameLine: Line | undefined, notes: ImportNote[]): Heading {
  const heading: Heading = {
    email: '',
    firstName: '',
    lastName: '',
    jobTitle: '',
    phone: '',
    address: '',
    city: '',
    country: '',
    website: '',
    linkedin: '',
    links: [],
  }
  if (nameLine) {
    let name = nameLine.cells[0]!.text.split(/\s+[|–—·]\s+|\s{2,}/)[0]!
      .replace(/[,|]+$/, '')
      .trim()
    if (isUpper(name)) name = titleCase(name)
    const spaced = name.split(/\s+/)
    if (spaced.length > 1 && spaced.every((piece) => /^\p{Script=Han}+$/u.test(piece))) name = spaced.join('')
    const [first = '', ...rest] = name.split(/\s+/)
    heading.firstName = first
    heading.lastName = rest.join(' ')
    if (/^\p{Script=Han}{2,4}$/u.test(name)) {
      heading.firstName = name.slice(1)
      heading.lastName = name.slice(0, 1)
    }
    const after = nameLine.cells[0]!.text.split(/\s+[|–—·]\s+/)[1]
    if (after) heading.jobTitle = after.trim()
  }
  let placeCandidate: { score: number; value: ReturnType<typeof cityFrom> } | null = null
  const seen = new Set<string>()
  // The line right under the name, when it holds no contact detail, is the job title.
  const below = nameLine
    ? lines.filter((line) => line !== nameLine && line.page === nameLine.page && line.y < nameLine.y && nameLine.y - line.y < nameLine.size * 2.2)
    : []
  const titleLine = below.sort((a, b) => b.y - a.y)[0]
  if (
    titleLine &&
    !heading.jobTitle &&
    !contactLine.test(titleLine.text) &&
    !(/\d/.test(titleLine.text) && /,/.test(titleLine.text)) &&
    !looksLikePlace(titleLine.text) &&
    words(titleLine.text) <= 12 &&
    !/^[“"]/.test(titleLine.text)
  )
    heading.jobTitle = titleLine.cells
      .map((cell) => cell.text)
      .join(' ')
      .trim()
  for (const line of lines) {
    if (line === nameLine || (line === titleLine && heading.jobTitle)) continue
    const tokens = line.cells
      .flatMap((cell) => cell.text.split(/\s*[|•·]\s*|\s{2,}|\s+--\s+|\s+–\s+(?=\S+@)/))
      .map((token) => token.replace(/^[\s,;]+|[\s,;]+$/g, '').trim())
      .filter(Boolean)
    const hasContact = tokens.some(
      (t) => emailPattern.test(t) || (phonePattern.test(t) && phoneDigits(t) >= 7) || urlPattern.test(stripContactLabel(t)),
    )
    for (let t = 0; t < tokens.length; t++) {
      const raw = tokens[t]!
      // An icon drawn from a symbol font reads as one stray letter ("ï andrew-fantino") or as its name ("GITHUB-SQUARE posquit0").
      const unIconed = raw.replace(/^(\S|[A-Z][A-Z-]{3,}(?=\s+\S*[a-z0-9]))\s+(?=\S)/u, '')
      const label = contactLabelOf(unIconed)
      const token = stripContactLabel(unIconed)
      if (!token || /^[“"„«].*[”"»]$/.test(token) || seen.has(token.toLowerCase())) continue
      seen.add(token.toLowerCase())
      const email = emailPattern.exec(token)
      // An e-mail address with more on the same cell ("ana@example.org linkedin.com/in/ana"): the rest is read on its own.
      const leftover = email ? token.replace(email[0], ' ').replace(/^[\s,;|]+|[\s,;|]+$/g, '') : ''
      if (leftover) tokens.splice(t + 1, 0, leftover)
      if (email) {
        if (!heading.email) heading.email = email[0]
        else heading.links.push(email[0])
        continue
      }
      const phone = phonePattern.exec(token)
      if (phone && phoneDigits(phone[0]) >= 7 && phoneDigits(phone[0]) <= 15 && !/[a-z]{3,}/i.test(token.replace(phone[0], ''))) {
        if (!heading.phone) heading.phone = phone[0].trim()
        continue
      }
      if (/linkedin\.com\//i.test(token) || label === 'linkedin') {
        if (!heading.linkedin) heading.linkedin = token
        else heading.links.push(token)
        continue
      }
      if (urlPattern.test(token) && !/\s/.test(token)) {
        if (!heading.website) heading.website = token
        else heading.links.push(token)
        continue
      }
      if (
        label &&
        /^(github|gitlab|twitter|x|facebook|fb|instagram|youtube|quora|stackoverflow|medium|orcid|skype|website|web|homepage|site|portfolio)$/.test(
          label,
        )
      ) {
        heading.links.push(token)
        continue
      }
      const isPlace =
        /,/.test(token) ||
        /\b\d{4,5}\b/.test(token) ||
        label === 'address' ||
        label === 'location' ||
        (hasContact && tokens.length > 1 && /^\p{Lu}[\p{L}\s.-]+$/u.test(token) && words(token) <= 3 && !/^[\p{L}\d_-]+$/u.test(token))
      if (isPlace && !/^(us|u\.s\.) citizen/i.test(token)) {
        const value = cityFrom(token)
        // "Sunnyvale, CA" over "Address, Street, 00000 County"; the first plain place otherwise.
        const score: number = (/\d/.test(token) ? 0 : 2) + (/,\s*[A-Z]{2}$/.test(token) ? 1 : 0) - (placeCandidate ? 0.5 : 0)
        if (!placeCandidate || score > placeCandidate.score) placeCandidate = { score, value }
        continue
      }
      if (hasContact && /^@?[\w.-]{2,40}$/u.test(token)) {
        heading.links.push(token.replace(/^@/, ''))
        continue
      }

      if (!hasContact && /^\p{Script=Han}+$/u.test(token) && !placeCandidate) {
        placeCandidate = { score: 1, value: { address: '', city: token, country: '' } }
        continue
      }
      if (words(token) > 0 && !/^[“"]/.test(token))
        notes.push({ kind: 'uncertain', text: `In the heading, "${token}" was not recognised as a contact detail and was left out.` })
    }
  }
  if (placeCandidate) Object.assign(heading, placeCandidate.value)
  if (isUpper(heading.jobTitle) && heading.jobTitle.length > 3) heading.jobTitle = titleCase(heading.jobTitle)
  return heading
}

/* ------------------------------------------------------------------ entries */

const datedHeader = (entry: Entry) => entry.lines.some((l) => findDate(l.text))

export function groupEntries(lines: Line[], body: number): Entry[] {
  const xs = new Map<number, number>()
  for (const line of lines)
    for (const cell of line.cells) xs.set(Math.round(cell.x / 4) * 4, (xs.get(Math.round(cell.x / 4) * 4) ?? 0) + cell.text.length)
  const mainX = [...xs.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0
  const rightEdge = Math.max(...lines.map((line) => line.right))
  // Pass 1: the style of lines that open dated entries: from each dated line, back over the
  // short undated lines above it (company, title) to the first of them.
  const opening = (line: Line) => `${sizeKey(line.cells[0]!.size)}|${line.cells[0]!.font}`
  const styles = new Map<string, number>()
  lines.forEach((line, i) => {
    if (!findDate(line.text) || bulletOf(line, body).bullet) return
    let first = i
    for (let j = i - 1; j >= Math.max(0, i - 2); j--) {
      const above = lines[j]!
      if (
        bulletOf(above, body).bullet ||
        findDate(above.text) ||
        words(above.text) > 12 ||
        above.page !== line.page ||
        above.y - lines[j + 1]!.y > above.size * 2.2 ||
        above.x > lines[first]!.x + 4
      )
        break
      first = j
    }
    styles.set(opening(lines[first]!), (styles.get(opening(lines[first]!)) ?? 0) + 1)
  })
  const [style, count] = [...styles.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['', 0]
  const known = count >= 2

  // Pass 2: group.
  const entries: Entry[] = []
  let current: Entry | null = null
  let lastBlockLine: Line | null = null
  const open = (line: Line) => {
    current = { lines: [line], parts: [], dates: null, dateText: '', body: [] }
    entries.push(current)
  }
  let previousLine: Line | null = null
  for (const line of lines) {
    const bullet = bulletOf(line, body)
    const entry = current as Entry | null
    const before = previousLine
    previousLine = line
    if (!entry) {
      open(line)
      continue
    }
    const hasDate = findDate(line.text) !== null
    const gap = lastBlockLine && lastBlockLine.page === line.page ? lastBlockLine.y - line.y : 0
    if (bullet.bullet) {
      // A date set at the right of a bullet line (RenderCV) belongs to the entry.
      const lastCell = line.cells.at(-1)!
      if (line.cells.length > 1 && isDateOnly(lastCell.text) && !entry.dateText) {
        entry.dateText = lastCell.text
        bullet.text = bullet.text.slice(0, bullet.text.lastIndexOf(lastCell.text)).trim() || bullet.text
      }
      entry.body.push({ bullet: true, text: bullet.text, x: bullet.x })
      lastBlockLine = line
      continue
    }
    const last = entry.body.at(-1)
    // A list item whose bullet is drawn as a shape (Chromium, Word): indented under a dated
    // heading, or a sentence; never a company or a school. Each such line is its own item unless
    // it carries on one that ran to the right edge without ending its sentence.
    if (!hasDate && !(known && opening(line) === style && line.x <= entry.lines[0]!.x + 4) && listItem(line, entry, datedHeader(entry))) {
      const wrapped =
        last?.shape &&
        lastBlockLine &&
        rightEdge - lastBlockLine.right < line.size * 4 &&
        !/[.!?;]$/.test(last.text) &&
        Math.abs(last.x - line.x) < 3 &&
        !actionVerb.test(line.text.trim())
      if (wrapped) last.text = joinLines(last.text, line.text)
      else entry.body.push({ bullet: true, text: line.text, x: line.x, shape: true })
      lastBlockLine = line
      continue
    }
    const continues =
      last &&
      lastBlockLine &&
      lastBlockLine.page === line.page &&
      gap < line.size * 1.7 &&
      line.x >= last.x - 3 &&
      (!known || opening(line) !== style || line.x > entry.lines[0]!.x + 4)
    if (continues) {
      last.text = joinLines(last.text, line.text)
      lastBlockLine = line
      continue
    }
    const styled = known && opening(line) === style && line.x <= entry.lines[0]!.x + 4
    // A line led by a cell in the margin (a date column) opens an entry.
    const marginLed =
      line.cells.length > 1 && line.cells[0]!.right < mainX - 2 && entry.lines.length + entry.body.length > 0 && line.cells[0]!.x < mainX - 20
    const headerHasDate = entry.lines.some((l) => findDate(l.text))
    const startsNew =
      marginLed ||
      (known
        ? styled && (entry.body.length > 0 || entry.lines.length > 0)
        : entry.body.length > 0 ||
          (headerHasDate && (hasDate || entry.lines.length >= 2)) ||
          entry.lines.length >= 3 ||
          (before !== null && before.page === line.page && before.y - line.y > line.size * 2.2))
    if (startsNew) {
      open(line)
      lastBlockLine = null
      continue
    }
    if (entry.body.length > 0 || (known && entry.lines.length >= 2 && headerHasDate && !hasDate) || words(line.text) > 14) {
      entry.body.push({ bullet: false, text: line.text, x: line.x })
      lastBlockLine = line
    } else entry.lines.push(line)
  }
  for (const entry of entries) {
    entry.parts = entry.lines.flatMap((line, n) => partsOf(line, mainX, rightEdge).map((part) => ({ ...part, line: n })))
    const dateParts = entry.parts.filter((part) => part.kind === 'date')
    const date = dateParts.length ? { text: dateParts.map((part) => part.text).join(' – ') } : null
    if (!date && !entry.dateText) {
      // Dates set at the right of a bullet line (RenderCV and others): taken from the body.
      for (const block of entry.body) {
        const found = findDate(block.text)
        if (found && block.text.trim().endsWith(found.match.trim()) && found.match.length >= 4 && block.text.length - found.match.length > 10) {
          const [before] = block.text.split(/\s{3}(?=[^\s])/)
          entry.dateText = found.match
          block.text = (before ?? block.text).replace(found.match, '').trim()
          break
        }
      }
    } else if (date) entry.dateText = date.text
    if (entry.dateText) entry.dates = parseDateRange(entry.dateText)
    for (const block of entry.body)
      block.text = block.text
        .replace(/\s{3,}(\d+\s*(years?|yrs?|months?|mos?)\s*)+$/i, '')
        .replace(/\s{3,}/g, ' ')
        .trim()
  }
  return entries
}

/** Words that open a line describing what someone did ("Built", "Led", "Automated", "Entwickelte"). */
const actionVerb =
  /^(built|led|managed|developed|designed|created|automated|improved|reduced|increased|launched|delivered|implemented|cleaned|modelled|modeled|analy[sz]ed|wrote|ran|owned|organi[sz]ed|coordinated|supported|maintained|migrated|introduced|trained|mentored|cut|grew|drove|negotiated|planned|prepared|taught|helped|worked|conducted|established|streamlined|optimi[sz]ed|entwickelte|leitete|betreute|aufbau|développé|conçu|géré|mis en place|piloté|animé)\b/iu

/** A line of an entry's list: indented under a dated heading, or a sentence with a verb in front or a full stop at its end. */
function listItem(line: Line, entry: Entry, headerHasDate: boolean): boolean {
  const text = line.text.trim()
  if (line.cells.length > 1 && line.cells.some((cell) => isDateOnly(cell.text))) return false
  const indented = line.x > entry.lines[0]!.x + 8 && line.font !== entry.lines[0]!.font
  const sentence = (/[.!]$/.test(text) && words(text) >= 6) || (actionVerb.test(text) && words(text) >= 4)
  // More of an indented list; a line back at the heading's left edge must read as a sentence itself.
  if (entry.body.at(-1)?.shape && Math.abs(entry.body.at(-1)!.x - line.x) < 3 && line.x > entry.lines[0]!.x + 8) return true
  return (headerHasDate && indented && words(text) >= 3) || (headerHasDate && sentence && line.x >= entry.lines[0]!.x - 2)
}

/** The two text parts of an entry's first lines, as [name of the place, what the person was]. */
function pickPair(
  texts: Part[],
  placeScore: (t: string) => number,
  roleScore: (t: string) => number,
  roleFirst = false,
): { place: string; role: string; rest: string[]; city?: string } {
  if (texts.length === 0) return { place: '', role: '', rest: [] }
  if (texts.length === 1) {
    const only = texts[0]!.text
    const comma = /^(.+?),\s+(.+)$/.exec(only)
    if (comma && roleScore(comma[1]!) !== roleScore(comma[2]!)) {
      return roleScore(comma[1]!) > roleScore(comma[2]!)
        ? { role: comma[1]!, place: comma[2]!, rest: [] }
        : { place: comma[1]!, role: comma[2]!, rest: [] }
    }
    if (comma && roleScore(only) === 0 && placeScore(comma[1]!) === placeScore(comma[2]!) && !looksLikePlace(only))
      return roleFirst ? { role: comma[1]!, place: comma[2]!, rest: [] } : { place: comma[1]!, role: comma[2]!, rest: [] }
    return roleScore(only) > placeScore(only) ? { place: '', role: only, rest: [] } : { place: only, role: '', rest: [] }
  }
  const lean = (p: Part) => roleScore(p.text) - placeScore(p.text)
  if (texts.length >= 3) {
    // "Sao Mai Logistics — Hải Phòng" over "Operations Manager": the role by its words wherever
    // it sits, the place first of the others, and a short plain name after the place on its line is the city.
    const roles = texts.filter((p) => lean(p) > 0)
    const role = roles.length === 1 && texts.indexOf(roles[0]!) >= 2 ? roles[0]! : null
    if (role) {
      const others = texts.filter((p) => p !== role)
      const place = others[0]!
      const next = others[1]
      const city =
        next &&
        next.line === place.line &&
        place.line !== role.line &&
        words(next.text) <= 3 &&
        placeScore(next.text) === 0 &&
        roleScore(next.text) === 0 &&
        /^\p{Lu}/u.test(next.text) &&
        !/\d/.test(next.text)
          ? next.text
          : ''
      return {
        role: role.text,
        place: place.text,
        city,
        rest: others
          .slice(1)
          .filter((p) => p.text !== city)
          .map((p) => p.text),
      }
    }
  }
  const [a, b, ...rest] = texts as [Part, Part, ...Part[]]
  const aRole = lean(a) > lean(b) || (lean(a) === lean(b) && roleFirst)
  return aRole ? { role: a.text, place: b.text, rest: rest.map((p) => p.text) } : { place: a.text, role: b.text, rest: rest.map((p) => p.text) }
}

/** Whether a section's headings mostly name the role before the place, by the entries its words decide. */
function roleFirstIn(entries: Entry[], placeScore: (t: string) => number, roleScore: (t: string) => number): boolean {
  let votes = 0
  for (const entry of entries) {
    const texts = entry.parts.filter((part) => part.kind === 'text').map((part) => part.text)
    const pair = texts.length === 1 ? (/^(.+?),\s+(.+)$/.exec(texts[0]!)?.slice(1) ?? []) : texts.slice(0, 2)
    if (pair.length < 2) continue
    const [a, b] = pair.map((t) => roleScore(t!) - placeScore(t!)) as [number, number]
    if (a !== b) votes += a > b ? 1 : -1
  }
  return votes > 0
}

const descriptionOf = (entry: Entry, extra: string[] = []) =>
  [...extra.map((text) => text), ...entry.body.map((block) => `${block.bullet ? '- ' : ''}${block.text}`)].filter(Boolean).join('\n')

/* ------------------------------------------------------------------ skills and languages */

const levelWords: [RegExp, string][] = [
  [/^(expert|master|excellent|sehr gut)$/i, 'Expert'],
  [/^(advanced|proficient|experienced|skilful|skillful|fortgeschritten|avancé|avanzado)$/i, 'Advanced'],
  [/^(intermediate|good|gut|moyen|intermedio|competent)$/i, 'Intermediate'],
  [/^(beginner|basic|novice|grundkenntnisse|débutant|básico|elementary)$/i, 'Beginner'],
]
const languageLevels: [RegExp, string][] = [
  [/native|mother tongue|muttersprache|langue maternelle|nativo|lengua materna|madrelingua|母语|ojczysty|moedertaal/i, 'Native'],
  [/fluent|fließend|courant|bilingual|bilingue|c1|c2|fluente|fluido/i, 'Fluent'],
  [/intermediate|b1|b2|gut|conversational|intermedio/i, 'Intermediate'],
  [/basic|elementary|a1|a2|grundkenntnisse|notions|básico|beginner/i, 'Elementary'],
]
const naturalLanguage =
  /^(english|englisch|anglais|inglés|ingles|inglese|angielski|french|französisch|français|francais|francés|frances|francese|german|deutsch|allemand|alemán|aleman|tedesco|niemiecki|spanish|spanisch|espagnol|español|espanol|spagnolo|italian|italienisch|italien|italiano|portuguese|portugiesisch|portugais|português|chinese|chinesisch|chinois|chino|mandarin|cantonese|japanese|japanisch|japonais|japonés|korean|koreanisch|coréen|russian|russisch|russe|ruso|polish|polnisch|polonais|polski|dutch|niederländisch|néerlandais|arabic|arabisch|arabe|árabe|hindi|turkish|türkisch|turc|swedish|norwegian|danish|finnish|greek|czech|hungarian|romanian|ukrainian|vietnamese|thai|indonesian|malay|hebrew|persian|farsi|bengali|urdu|tamil|swahili|catalan|català|英语|汉语|中文|普通话|日语|韩语|法语|德语)\b/i
const languageCategory = /^(languages?|sprachen|langues|idiomas|lingue|języki|talen|语言能力|语言|spoken languages)$/i

/** "Java, Python (3.x); Go" -> ["Java", "Python (3.x)", "Go"]: commas, bullets and semicolons outside brackets. */
export function splitList(text: string): string[] {
  const out: string[] = []
  let depth = 0
  let current = ''
  for (const char of text) {
    if ('([{'.includes(char)) depth += 1
    if (')]}'.includes(char)) depth = Math.max(0, depth - 1)
    if (depth === 0 && /[,;•·|、，；]/.test(char)) {
      out.push(current)
      current = ''
    } else current += char
  }
  out.push(current)
  return out
    .map((item) =>
      item
        .replace(/^\s*(and|und|et|y|e|&)\s+/i, '')
        .replace(/^[\s.:-]+|[\s.:]+$/g, '')
        .trim(),
    )
    .filter((item) => item !== '' && /[\p{L}\p{N}]/u.test(item))
}

type SkillOut = { skills: { name: string; level: string }[]; languages: { name: string; level: string }[] }

function readSkills(lines: Line[], out: SkillOut, notes: ImportNote[]) {
  // Cells of one row may be side-by-side lists: a cell continues the one above it in the same
  // sub-column when that one ended with a comma or the new one starts in lower case.
  const columns: { x: number; right: number; text: string; y: number; page: number }[] = []
  const finished: string[] = []
  for (const line of lines) {
    for (const cell of line.cells) {
      const text = stripBullet(cell.text)
      const above = columns.find(
        (col) => col.page === cell.page && Math.abs(col.x - cell.x) < 40 && col.y - cell.y < cell.size * 2.2 && col.y > cell.y,
      )
      const aboveText = above?.text ?? ''
      const continues =
        above &&
        (/[,&]$/.test(aboveText) ||
          (/^\p{Ll}/u.test(text) && !/:/.test(text) && !/:\s*$/.test(aboveText)) ||
          (!/[:]/.test(text) &&
            /:/.test(aboveText) &&
            !/,\s*$/.test(text) &&
            /,/.test(text) &&
            text.length > 0 &&
            /[\p{L})]$/u.test(aboveText) &&
            /^[\p{Lu}]/u.test(text) &&
            line.cells.length > 1))
      if (above && continues) {
        above.text = /[,&]$/.test(aboveText) ? `${aboveText} ${text}` : `${aboveText} ${text}`
        above.y = cell.y
        continue
      }
      if (above) {
        finished.push(above.text)
        columns.splice(columns.indexOf(above), 1)
      }
      columns.push({ x: cell.x, right: cell.right, text, y: cell.y, page: cell.page })
    }
    // A row of cells where a label cell is followed by its list: "Cloud   Docker, AWS".
  }
  finished.push(...columns.map((col) => col.text))
  // Rebuild label/list pairs in reading order of their rows (cells kept in pushes above).
  const texts = finished
  let lastSkill: { name: string; level: string } | null = null
  let category = ''
  for (const raw of texts) {
    const text = raw.replace(/\s+/g, ' ').trim()
    if (!text || /^[○●◯◉\s]+$/.test(text)) continue
    const level = levelWords.find(([pattern]) => pattern.test(text))
    if (level && lastSkill) {
      lastSkill.level = level[1]
      continue
    }
    const labelled = /^([^:：]{1,40})[:：]\s*(.*)$/.exec(text)
    let items: string[]
    if (labelled) {
      category = labelled[1]!.trim()
      items = splitList(labelled[2]!)
    } else items = splitList(text)
    if (labelled && items.length === 0) continue
    const toLanguages =
      languageCategory.test(category) && labelled && items.some((item) => naturalLanguage.test(item) || languageLevels.some(([p]) => p.test(item)))
    for (const item of items) {
      if (toLanguages) {
        out.languages.push({
          name: item.replace(/\s*\(.*\)$/, '').replace(/^(fluent|native|basic) in\s+/i, ''),
          level: languageLevels.find(([p]) => p.test(item))?.[1] ?? '',
        })
        continue
      }
      const name = item.replace(/^(proficient|experienced|skilled|fluent) (in|with)\s+/i, '')
      // "SQL – Expert": a level after a dash.
      const levelled = /^(.+?)\s+[–—-]\s+(\S+)$/.exec(name)
      const after = levelled ? levelWords.find(([pattern]) => pattern.test(levelled[2]!)) : undefined
      lastSkill = after ? { name: levelled![1]!, level: after[1] } : { name, level: '' }
      out.skills.push(lastSkill)
    }
    if (!labelled) category = ''
  }
  void notes
}

/** Label cells ("Cloud", "Tech Stack") in front of list cells are categories: split off. */
function skillRows(lines: Line[]): Line[] {
  return lines.map((line) => {
    if (line.cells.length < 2) return line
    const cells: Cell[] = []
    for (let i = 0; i < line.cells.length; i++) {
      const cell = line.cells[i]!
      const next = line.cells[i + 1]
      if (next && !/[,:]/.test(cell.text) && words(cell.text) <= 4 && /,/.test(next.text)) {
        cells.push({ ...next, text: `${cell.text}: ${next.text}`, x: cell.x })
        i++
      } else cells.push(cell)
    }
    return { ...line, cells }
  })
}

function readLanguages(lines: Line[], out: SkillOut) {
  for (const line of lines) {
    const cells = line.cells.map((cell) => stripBullet(cell.text)).filter((text) => text && !/^[○●◯◉\s]+$/.test(text))
    const pieces = cells.length === 1 ? splitList(cells[0]!) : cells
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!
      const level = languageLevels.find(([p]) => p.test(piece))?.[1]
      const isLevelOnly =
        level && words(piece) <= 3 && out.languages.length > 0 && !/^\p{Lu}\p{Ll}+(\s*[(–-]|$)/u.test(piece.replace(/^(native|fluent)/i, ''))
      if (isLevelOnly && out.languages.at(-1)!.level === '') {
        out.languages.at(-1)!.level = level
        continue
      }
      const name = piece.split(/\s*[(–:-]\s*/)[0]!.trim()
      if (name && words(name) <= 4) out.languages.push({ name, level: level ?? '' })
    }
  }
}

/* ------------------------------------------------------------------ the whole */

export function inferResume(content: PdfContent): Inferred {
  const notes: ImportNote[] = []
  const layout = readLayout(content.items, content.pageWidth, content.pages)
  const lines = layout.lines
  const data = emptyResumeData()
  const text = lines.map((line) => line.text).join('\n')
  if (lines.length === 0) return { data, notes, headings: [], text }

  // Body text size and the name.
  const weight = new Map<number, number>()
  for (const line of lines) for (const cell of line.cells) weight.set(sizeKey(cell.size), (weight.get(sizeKey(cell.size)) ?? 0) + cell.text.length)
  const body = [...weight.entries()].sort((a, b) => b[1] - a[1])[0]![0]
  const firstPage = lines.filter((line) => line.page === 1)
  const top = firstPage.filter((line) => line.y > layout.pageHeight * 0.6 && /\p{L}/u.test(line.text) && !emailPattern.test(line.text))
  const nameLine = [...top].sort((a, b) => b.size - a.size || b.y - a.y)[0]

  // Headings: by their words first, then any short line set the same way.
  // "1 教育背景", "➤ Skills": a number or icon cell in front of a heading is not part of it.
  for (const line of lines) {
    const [first, second] = line.cells
    if (
      first &&
      second &&
      !/\p{L}/u.test(first.text) &&
      first.text.length <= 3 &&
      second.x - first.right < second.size * 3 &&
      !bulletGlyph.test(first.text) &&
      (headingKind(second.text) !== null || second.size > body * 1.15)
    ) {
      line.cells = line.cells.slice(1)
      line.x = second.x
      line.text = line.cells.map((cell) => cell.text).join('   ')
    }
  }
  // A heading stands alone on its line, or far left of what follows it (a label column).
  const alone = (line: Line) => line.cells.length === 1 || line.cells[1]!.x - line.cells[0]!.right > line.cells[0]!.size * 3
  const vocabulary = lines.filter(
    (line) =>
      line !== nameLine &&
      alone(line) &&
      headingKind(line.cells[0]!.text) !== null &&
      words(line.cells[0]!.text) <= 6 &&
      !bulletGlyph.test(line.cells[0]!.text) &&
      line.cells[0]!.size >= body * 0.95,
  )
  const styleOf = (line: Line) => `${sizeKey(line.cells[0]!.size)}|${line.cells[0]!.font}`
  const headingStyles = new Map<string, number>()
  for (const line of vocabulary) headingStyles.set(styleOf(line), (headingStyles.get(styleOf(line)) ?? 0) + 1)
  // A heading word set smaller than the usual heading ("Miscellaneous" under "Experience") is a sub-heading.
  const mainStyle = [...headingStyles.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]
  const mainSize = mainStyle ? Number(mainStyle.split('|')[0]) : 0
  for (const line of [...vocabulary]) {
    if (sizeKey(line.cells[0]!.size) < mainSize - 0.6) {
      vocabulary.splice(vocabulary.indexOf(line), 1)
      const left = (headingStyles.get(styleOf(line)) ?? 1) - 1
      if (left > 0) headingStyles.set(styleOf(line), left)
      else headingStyles.delete(styleOf(line))
    }
  }
  const isHeading = (line: Line) => {
    if (line === nameLine) return false
    const first = line.cells[0]!.text
    if (vocabulary.includes(line)) return true
    if (words(first) > 6 || findDate(first) || bulletGlyph.test(first) || first.length < 3 || !/\p{L}{2}/u.test(first) || /[,.;]$/.test(first))
      return false
    if ((headingStyles.get(styleOf(line)) ?? 0) >= 1 && line.cells[0]!.size > body * 1.05 && alone(line)) return true
    return headingStyles.size === 0 && line.cells.length === 1 && line.size >= body * 1.25 && (isUpper(first) || line.size >= body * 1.4)
  }

  // Split into the heading block and sections.
  const firstHeadingY = Math.max(...firstPage.filter(isHeading).map((line) => line.y), -Infinity)
  const sections: Section[] = []
  const headerLines: Line[] = []
  const stray: string[] = []
  for (const line of lines) {
    if (line.page === 1 && line.y > firstHeadingY) {
      headerLines.push(line)
      continue
    }
    if (isHeading(line)) {
      const title = line.cells[0]!.text.replace(/^[\d\s.]+(?=\p{L})/u, '')
        .replace(/[:：]$/, '')
        .trim()
      sections.push({ title, kind: headingKind(title) ?? 'other', lines: [] })
      if (line.cells.length > 1)
        sections.at(-1)!.lines.push({
          ...line,
          cells: line.cells.slice(1),
          x: line.cells[1]!.x,
          text: line.cells
            .slice(1)
            .map((c) => c.text)
            .join('   '),
        })
      continue
    }
    if (sections.length === 0) {
      headerLines.push(line)
      continue
    }
    sections.at(-1)!.lines.push(line)
  }
  // A footer with contact details (moderncv's casual style) belongs to the heading.
  for (const line of lines)
    if (
      line.y < layout.pageHeight * 0.15 &&
      (emailPattern.test(line.text) ||
        /www\.|https?:/.test(line.text) ||
        (phonePattern.test(line.text) && phoneDigits(phonePattern.exec(line.text)![0]) >= 7 && !/\p{L}{4,}/u.test(line.text))) &&
      !headerLines.includes(line)
    ) {
      headerLines.push(line)
      for (const section of sections) section.lines = section.lines.filter((l) => l !== line)
    }
  if (sections.length === 0)
    notes.push({
      kind: 'uncertain',
      text: 'No section headings were recognised: everything after the heading was put in the summary. Check and move it into sections.',
    })
  if (layout.columns === 2)
    notes.push({
      kind: 'layout',
      text: `This PDF is laid out in two columns (page ${layout.pagesWithColumns.join(', ')}). We read the left column first, then the right one: check that each section landed where you expect.`,
    })
  for (const line of layout.dropped) notes.push({ kind: 'dropped', text: `Left out as a page header, footer or page number: "${line}"` })

  const heading = readHeading(headerLines, nameLine, notes)
  const { links, ...fields } = heading
  data.heading = fields

  // Sections.
  const order: string[] = []
  const skillOut: SkillOut = { skills: [], languages: [] }
  const additional: Record<AdditionalSectionKey, EntryItem[]> = { conferences: [], portfolio: [], honors: [], affiliations: [], licenses: [] }
  const customs: { title: string; items: EntryItem[] }[] = []
  const summary: string[] = []
  const missingDates: string[] = []
  const entryItems = (section: Section): EntryItem[] =>
    groupEntries(section.lines, body).map((entry) => {
      const texts = entry.parts.filter((part) => part.kind === 'text')
      const place = entry.parts.find((part) => part.kind === 'place')
      const [title = '', subtitle = '', ...rest] = texts.map((part) => part.text)
      const url = [...rest, subtitle].find((t) => urlPattern.test(t) && !/\s/.test(t)) ?? ''
      return {
        id: newId(),
        title,
        subtitle: subtitle === url ? (place?.text ?? '') : subtitle,
        date: entry.dates ? toMonth(entry.dates.start || entry.dates.end) : '',
        url,
        description: descriptionOf(
          entry,
          rest.filter((t) => t !== url),
        ),
      }
    })
  for (const section of sections) {
    if (section.lines.length === 0) continue
    switch (section.kind) {
      case 'summary':
        summary.push(section.lines.reduce((acc, line) => (acc ? joinLines(acc, stripBullet(line.text)) : stripBullet(line.text)), ''))
        if (!order.includes('summary')) order.push('summary')
        break
      case 'experience': {
        const jobs = groupEntries(section.lines, body)
        const roleFirst = roleFirstIn(jobs, companyScore, titleScore)
        for (const entry of jobs) {
          const texts = entry.parts.filter((part) => part.kind === 'text')
          if (!entry.dates && entry.body.length === 0 && texts.length === 1 && words(texts[0]!.text) <= 3 && entry.lines.length === 1) {
            notes.push({ kind: 'uncertain', text: `"${texts[0]!.text}" in ${section.title} was read as a sub-heading, not as an entry.` })
            continue
          }
          if (texts.length === 0 && entry.body.length > 0 && data.experience.length > 0) {
            const last = data.experience.at(-1)!
            last.description = [last.description, descriptionOf(entry)].filter(Boolean).join('\n')
            continue
          }
          const picked = pickPair(texts, companyScore, titleScore, roleFirst)
          const { role, rest } = picked
          let place = picked.place
          let city = entry.parts.find((part) => part.kind === 'place')?.text ?? picked.city ?? ''
          // Only a place found ("Northwind Retail, Lyon" read as one): the employer is its first half.
          if (!place && city.includes(',') && texts.length <= 1) [place, city] = [city.split(/,\s*/)[0]!, city.split(/,\s*/).slice(1).join(', ')]
          ;[place, city] = nameAndCity(place, city)
          const range = entry.dates
          if (!range) missingDates.push(role || place)
          data.experience.push({
            id: newId(),
            jobTitle: isUpper(role) && role.length > 3 ? titleCase(role) : role,
            employer: place,
            city,
            startDate: range ? toMonth(range.start) : '',
            endDate: range && !range.single ? toMonth(range.end) : '',
            current: range?.current ?? false,
            description: descriptionOf(entry, rest),
          })
        }
        if (!order.includes('experience')) order.push('experience')
        break
      }
      case 'education': {
        const schools = groupEntries(section.lines, body)
        const roleFirst = roleFirstIn(schools, schoolScore, degreeScore)
        for (const entry of schools) {
          const texts = entry.parts.filter((part) => part.kind === 'text')
          if (!entry.dates && entry.body.length === 0 && texts.length === 1 && words(texts[0]!.text) <= 3 && entry.lines.length === 1) {
            notes.push({ kind: 'uncertain', text: `"${texts[0]!.text}" in ${section.title} was read as a sub-heading, not as an entry.` })
            continue
          }
          if (texts.length === 0 && entry.body.length > 0 && data.education.length > 0) {
            const last = data.education.at(-1)!
            last.description = [last.description, descriptionOf(entry)].filter(Boolean).join('\n')
            continue
          }
          const picked = pickPair(texts, schoolScore, degreeScore, roleFirst)
          const { role, rest } = picked
          const [place, schoolCity] = nameAndCity(picked.place, entry.parts.find((part) => part.kind === 'place')?.text ?? picked.city ?? '')
          const range = entry.dates
          const [degree, ...field] =
            rest.length && role && degreeScore(role) && !degreeScore(rest[0]!) && words(rest[0]!) <= 6 ? [role, rest[0]!] : [role]
          data.education.push({
            id: newId(),
            school: place,
            degree: isUpper(degree ?? '') && (degree ?? '').length > 4 ? titleCase(degree!) : (degree ?? ''),
            field: field.join(', '),
            city: schoolCity,
            // One date on a school is when it ended (graduation); a range is start and end.
            startDate: range && !range.single ? toMonth(range.start) : '',
            endDate: range ? toMonth(range.single ? range.start : range.end) : '',
            description: descriptionOf(entry, field.length ? rest.slice(1) : rest),
          })
        }
        if (!order.includes('education')) order.push('education')
        break
      }
      case 'skills':
        readSkills(skillRows(section.lines), skillOut, notes)
        if (!order.includes('skills')) order.push('skills')
        break
      case 'languages':
        readLanguages(section.lines, skillOut)
        if (!order.includes('languages')) order.push('languages')
        break
      case 'links':
        for (const line of section.lines)
          links.push(...line.cells.map((cell) => stripContactLabel(cell.text).replace(/^[\w ]+:\/\/\s*/, '')).filter(Boolean))
        break
      default: {
        const key: AdditionalSectionKey | null =
          section.kind === 'projects'
            ? 'portfolio'
            : section.kind === 'awards'
              ? 'honors'
              : section.kind === 'certificates'
                ? 'licenses'
                : section.kind === 'conferences'
                  ? 'conferences'
                  : section.kind === 'affiliations'
                    ? 'affiliations'
                    : null
        const items = entryItems(section)
        if (key) {
          additional[key].push(...items)
          if (!order.includes(key)) order.push(key)
        } else customs.push({ title: isUpper(section.title) ? titleCase(section.title) : section.title, items })
      }
    }
  }
  if (sections.length === 0) summary.push(...lines.filter((line) => !headerLines.includes(line)).map((line) => line.text))
  data.summary = summary.filter(Boolean).join('\n\n')
  if (skillOut.languages.length === 0 && skillOut.skills.length === 0 && sections.some((s) => s.kind === 'skills'))
    notes.push({ kind: 'uncertain', text: 'A skills section was found but no skills could be read from it.' })
  data.skills = skillOut.skills.map((skill) => ({ id: newId(), name: skill.name, level: skill.level as ResumeData['skills'][number]['level'] }))
  data.languages = skillOut.languages.map((language) => ({
    id: newId(),
    name: language.name,
    level: language.level as ResumeData['languages'][number]['level'],
  }))
  if (skillOut.languages.length && !order.includes('languages')) order.push('languages')
  for (const key of Object.keys(additional) as AdditionalSectionKey[]) {
    data[key] = additional[key]
    if (additional[key].length) data.additional.push(key)
  }
  if (links.length)
    customs.unshift({
      title: 'Links',
      items: links.map((link) => ({ id: newId(), title: link, subtitle: '', date: '', url: urlPattern.test(link) ? link : '', description: '' })),
    })
  for (const custom of customs) {
    if (data.customSections.length === 10) {
      const last = data.customSections.at(-1)!
      last.items.push(...custom.items.map((item) => ({ ...item, title: item.title ? `${custom.title}: ${item.title}` : custom.title })))
      notes.push({ kind: 'cut', text: `The builder holds 10 custom sections: "${custom.title}" was added to "${last.title}".` })
      continue
    }
    const id = newId()
    data.customSections.push({ id, title: custom.title.slice(0, 80), items: custom.items })
    order.push(`custom:${id}`)
  }
  if (stray.length) notes.push({ kind: 'dropped', text: `Not placed: ${stray.join(' / ')}` })
  if (missingDates.length)
    notes.push({
      kind: 'uncertain',
      text: `No dates could be read for ${missingDates.length === 1 ? 'one job' : `${missingDates.length} jobs`} (${missingDates.filter(Boolean).slice(0, 3).join(', ')}): add them by hand.`,
    })
  data.sectionOrder = [...order.filter((key) => key !== 'summary'), ...listSectionKeys.filter((key) => !order.includes(key))]
  data.design.pageSize = Math.abs(content.pageWidth - 612) < 2 ? 'Letter' : 'A4'
  data.design.fontSize = Math.min(14, Math.max(8, body))
  return { data, notes, headings: sections.map((section) => section.title), text }
}

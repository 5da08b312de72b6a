import type { Line } from './layout'
import { sizeKey } from './layout'
import { bulletOf, partsOf, presentOnly } from './parts'
import { findDate, isDateOnly, joinLines, looksLikePlace, parseDateRange, stripBullet, words } from './text'
import type { Entry, Part } from './types'

/**
 * A section's lines grouped into entries (by the style of their first line, their dates and the
 * gaps between them), and an entry's header read as what the person was and where: a job title
 * and an employer, a degree and a school, with the city when there is one.
 */

const datedHeader = (entry: Entry) => entry.lines.some((l) => findDate(l.text))

/**
 * A date range wrapped in a narrow date column ("Oct. 2017 –" over "Now", "Sep. 2007 –" over
 * "Jun. 2011"): its second half joins the first, and what follows it on its line stands alone.
 */
function joinWrappedDates(lines: Line[], mainX: number): Line[] {
  const out: Line[] = []
  const inMargin = (cell: Line['cells'][number]) => cell.right < mainX - 2
  for (const line of lines) {
    const previous = out.at(-1)
    const lead = line.cells[0]!
    const open = previous?.cells.find((cell) => inMargin(cell) && /[-–—~]\s*$/.test(cell.text) && findDate(cell.text))
    const second = isDateOnly(lead.text) || presentOnly.test(lead.text.trim())
    if (!previous || !open || !second || !inMargin(lead) || previous.page !== line.page || previous.y - line.y > line.size * 2.2) {
      out.push(line)
      continue
    }
    const items = lead.items.map((item, i) => (i === 0 ? { ...item, text: ` ${item.text}` } : item))
    const cells = previous.cells.map((cell) =>
      cell === open ? { ...cell, text: `${cell.text} ${lead.text}`, items: [...cell.items, ...items] } : cell,
    )
    out[out.length - 1] = { ...previous, cells, text: cells.map((cell) => cell.text).join('   ') }
    const rest = line.cells.slice(1)
    if (rest.length) out.push({ ...line, cells: rest, x: rest[0]!.x, text: rest.map((cell) => cell.text).join('   ') })
  }
  return out
}

export function groupEntries(sectionLines: Line[], body: number, jobs = false): Entry[] {
  const numbered = jobs
  const xs = new Map<number, number>()
  for (const line of sectionLines)
    for (const cell of line.cells) xs.set(Math.round(cell.x / 4) * 4, (xs.get(Math.round(cell.x / 4) * 4) ?? 0) + cell.text.length)
  const mainX = [...xs.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0
  const lines = joinWrappedDates(sectionLines, mainX)
  const rightEdge = Math.max(...lines.map((line) => line.right))
  // Pass 1: the style of lines that open dated entries: from each dated line, back over the
  // short undated lines above it (company, title) to the first of them.
  const opening = (line: Line) => `${sizeKey(line.cells[0]!.size)}|${line.cells[0]!.font}`
  const styles = new Map<string, number>()
  lines.forEach((line, i) => {
    if (!findDate(line.text) || bulletOf(line, body, numbered).bullet) return
    let first = i
    for (let j = i - 1; j >= Math.max(0, i - 2); j--) {
      const above = lines[j]!
      if (
        bulletOf(above, body, numbered).bullet ||
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
  // A line of several words that reached the right edge: its sentence may go on below.
  const ranToEdge = (line: Line) => rightEdge - line.right < line.size * 4 && words(line.text) >= 4
  let previousLine: Line | null = null
  for (const [i, line] of lines.entries()) {
    const bullet = bulletOf(line, body, numbered)
    const entry = current as Entry | null
    const before = previousLine
    previousLine = line
    // A list item that heads an entry: a date in it and a list nested deeper under it
    // ("• Intern • The Blyth Institute • Jan 2019 – Mar 2019" over "– Applied …").
    const nested = lines[i + 1]
    if (
      bullet.bullet &&
      findDate(bullet.text) &&
      words(bullet.text) <= 20 &&
      nested?.page === line.page &&
      bulletOf(nested, body, numbered).bullet &&
      bulletOf(nested, body, numbered).x > bullet.x + 4
    ) {
      open(withoutGlyph(line))
      lastBlockLine = null
      continue
    }
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
    // A wrapped line of the list item above: indented like its text, close under it, and either
    // after a glyph (a new item would have its own) or plainly carrying on (lower case, or the
    // item above ran to the right edge without ending its sentence). Across a page break: the first
    // line of the next page, in lower case, under an item that did not end its sentence.
    const overPage =
      lastBlockLine !== null &&
      line.page === lastBlockLine.page + 1 &&
      before?.page === lastBlockLine.page &&
      /^\p{Ll}/u.test(line.text) &&
      !/[.!?;:]$/.test(last?.text ?? '')
    if (
      last?.bullet &&
      lastBlockLine &&
      ((lastBlockLine.page === line.page && gap > 0 && gap < line.size * 1.8) || overPage) &&
      Math.abs(line.x - last.x) < Math.max(3, line.size * 0.4) &&
      !(line.cells.length > 1 && line.cells.some((cell) => isDateOnly(cell.text))) &&
      !(known && opening(line) === style && line.x <= entry.lines[0]!.x + 4) &&
      (!last.shape ||
        /^[\p{Ll}\d(,;&]/u.test(line.text) ||
        (ranToEdge(lastBlockLine) && !/[.!?;:]$/.test(last.text) && !actionVerb.test(line.text.trim())))
    ) {
      last.text = joinLines(last.text, line.text)
      lastBlockLine = line
      continue
    }
    // A list item whose bullet is drawn as a shape (Chromium, Word): indented under a dated
    // heading, or a sentence; never a company or a school. Each such line is its own item unless
    // it carries on one that ran to the right edge without ending its sentence.
    if (!hasDate && !(known && opening(line) === style && line.x <= entry.lines[0]!.x + 4) && listItem(line, entry, datedHeader(entry), jobs)) {
      const wrapped =
        last?.shape &&
        lastBlockLine &&
        ranToEdge(lastBlockLine) &&
        !/[.!?;]$/.test(last.text) &&
        Math.abs(last.x - line.x) < 3 &&
        !actionVerb.test(line.text.trim())
      if (wrapped) last.text = joinLines(last.text, line.text)
      else entry.body.push({ bullet: true, text: line.text, x: line.x, shape: true })
      lastBlockLine = line
      continue
    }
    // "Highlights", "Key achievements:", "Aufgaben": a label over the list stays in the entry it labels.
    if (entry.lines.length > 0 && !hasDate && listLabel.test(line.text.trim())) {
      entry.body.push({ bullet: false, text: line.text, x: line.x })
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
    // In a job, a long line under its heading (running to the right edge under a dated one) or a
    // sentence: the job's description, not a heading line.
    const paragraph =
      jobs &&
      !hasDate &&
      entry.lines.length > 0 &&
      line.cells.length === 1 &&
      (words(line.text) >= 10 ||
        (headerHasDate && words(line.text) >= 8 && rightEdge - line.right < line.size * 4) ||
        (/[.!]$/.test(line.text.trim()) && words(line.text) >= 6))
    const startsNew =
      marginLed ||
      (known
        ? styled && (entry.body.length > 0 || entry.lines.length > 0)
        : entry.body.length > 0 ||
          (headerHasDate && !paragraph && (hasDate || entry.lines.filter((l) => !isDateOnly(l.text)).length >= 2)) ||
          (entry.lines.length >= 3 && !paragraph) ||
          (before !== null && before.page === line.page && before.y - line.y > line.size * 2.2))
    if (startsNew) {
      open(line)
      lastBlockLine = null
      continue
    }
    if (entry.body.length > 0 || (known && entry.lines.length >= 2 && headerHasDate && !hasDate) || words(line.text) > 14 || paragraph) {
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

/** A list item's line without its bullet: the glyph's cell, or the glyph's items in front of the first cell. */
function withoutGlyph(line: Line): Line {
  const [first, ...rest] = line.cells
  const glyphOnly = (text: string) => text.trim() === '' || stripBullet(text).trim() === ''
  if (first && glyphOnly(first.text) && rest.length) return { ...line, cells: rest, x: rest[0]!.x, text: rest.map((cell) => cell.text).join('   ') }
  if (!first) return line
  const lead = first.items.findIndex((item) => !glyphOnly(item.text))
  const items = first.items.slice(Math.max(0, lead))
  const cell = { ...first, items, x: items[0]?.x ?? first.x, text: stripBullet(first.text) }
  return { ...line, cells: [cell, ...rest], x: cell.x, text: [cell, ...rest].map((c) => c.text).join('   ') }
}

/** Words that open a line describing what someone did ("Built", "Led", "Automated", "Entwickelte"). */
const actionVerb =
  /^(built|led|managed|developed|designed|created|automated|improved|reduced|increased|launched|delivered|implemented|cleaned|modelled|modeled|analy[sz]ed|wrote|ran|owned|organi[sz]ed|coordinated|supported|maintained|migrated|introduced|trained|mentored|cut|grew|drove|negotiated|planned|prepared|taught|helped|worked|conducted|established|streamlined|optimi[sz]ed|entwickelte|leitete|betreute|aufbau|développé|conçu|géré|mis en place|piloté|animé)\b/iu

/** The label a resume sets over a job's list, in several languages. */
const listLabel =
  /^(highlights|key highlights|achievements|key achievements|detailed achievements|accomplishments|responsibilities|key responsibilities|main responsibilities|duties|main duties|tasks|main tasks|aufgaben|tätigkeiten|erfolge|réalisations|missions|responsabilités|logros|responsabilidades|funciones|tareas|conquistas|atividades|responsabilità|attività|mansioni)\s*:?$/iu

/**
 * A line of an entry's list: indented under a dated heading, or a sentence with a verb in front or
 * a full stop at its end. In a job (`jobs`) also an indented line under a heading without dates
 * (after a paragraph, or long enough not to be a title), and a line nested under a list item.
 */
function listItem(line: Line, entry: Entry, headerHasDate: boolean, jobs = false): boolean {
  const text = line.text.trim()
  if (line.cells.length > 1 && line.cells.some((cell) => isDateOnly(cell.text))) return false
  const indented = line.x > entry.lines[0]!.x + 8 && line.font !== entry.lines[0]!.font
  const sentence = (/[.!]$/.test(text) && words(text) >= 6) || (actionVerb.test(text) && words(text) >= 4)
  const last = entry.body.at(-1)
  // More of an indented list; a line back at the heading's left edge must read as a sentence itself.
  if (last?.shape && Math.abs(last.x - line.x) < 3 && line.x > entry.lines[0]!.x + 8) return true
  if (jobs && last?.bullet && line.x > last.x + 3 && words(text) >= 2) return true
  if (jobs && !headerHasDate && indented && words(text) >= (last && !last.bullet ? 2 : 3)) return true
  return (headerHasDate && indented && words(text) >= 3) || (headerHasDate && sentence && line.x >= entry.lines[0]!.x - 2)
}

/** The two text parts of an entry's first lines, as [name of the place, what the person was]. */
export function pickPair(
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
export function roleFirstIn(entries: Entry[], placeScore: (t: string) => number, roleScore: (t: string) => number): boolean {
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

export const descriptionOf = (entry: Entry, extra: string[] = []) =>
  [...extra.map((text) => text), ...entry.body.map((block) => `${block.bullet ? '- ' : ''}${block.text}`)].filter(Boolean).join('\n')

/** "Northwind Retail, Lyon" with no place of its own: the name and its city. */
export function nameAndCity(name: string, city: string): [string, string] {
  if (city) return [name, city]
  const match = /^(.+\S\s+\S.*?),\s+(\p{Lu}[\p{Ll}’'-]+(?:[\s-]\p{Lu}[\p{Ll}’'-]+)?)$/u.exec(name)
  return match ? [match[1]!, match[2]!] : [name, city]
}

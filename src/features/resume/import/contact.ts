import type { ResumeData } from '~contract/resume.ts'
import type { PdfLink } from '../pdf/pdf-content'
import type { Line } from './layout'
import { documentTitle, type SectionKind } from './headings'
import {
  contactLabelOf,
  isDateOnly,
  emailPattern,
  isUpper,
  looksLikePlace,
  phoneDigits,
  phonePattern,
  stripContactLabel,
  titleCase,
  titleScore,
  urlPattern,
  words,
} from './text'
import type { ImportNote } from './types'

/**
 * The heading block of a resume made by another tool: the name, the job title under it, and the
 * contact details (e-mail, phone, links, the city) from the lines above the first section.
 */

/** The heading's fields, its extra links, and the pieces of its lines it could not place (each with its line). */
export type Heading = ResumeData['heading'] & { links: string[]; unplaced: { text: string; line: Line }[] }
/** A name given with its label, in any of the usual languages. */
const nameLabel =
  /^(?:name|full name|nom|nom complet|vorname und name|name, vorname|nombre|nombre completo|nome|nome completo|imię i nazwisko|naam|ad soyad|isim|姓名|氏名|이름)\s*(?:[:：]\s*|\s{2,})(\S.*)$/i
/** A date with its day ("24/07/1994"), as a birth date is printed. */
const dayDate = /^\d{1,2}[/.-]\d{1,2}[/.-](?:19|20)\d{2}$/
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
  // "Haarlem, North Holland, Netherlands": a city, its region and its country.
  if (parts.length === 3 && !/\d/.test(token) && !/^[A-Z]{2}$/.test(parts[2]!)) return { address: '', city: parts[0]!, country: parts[2]! }
  const last = parts.at(-1)!
  if (/^[A-Z]{2}(\s+\d{5}(-\d{4})?)?$/.test(last)) return { address: parts.slice(0, -2).join(', '), city: noCode(parts.at(-2)!), country: '' }
  if (/\d{4,6}/.test(last)) return { address: parts.slice(0, -1).join(', '), city: noCode(last), country: '' }
  return { address: parts.slice(0, -2).join(', '), city: noCode(parts.at(-2)!), country: last }
}

export function readHeading(lines: Line[], nameLine: Line | undefined, notes: ImportNote[]): Heading {
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
    unplaced: [],
  }
  // A name set on two lines ("GIUSEPPE" over "RONCA"), each large, one word or two: one name.
  const partner = nameLine
    ? lines.find(
        (line) =>
          line !== nameLine &&
          line.page === nameLine.page &&
          line.column === nameLine.column &&
          Math.abs(line.y - nameLine.y) < Math.max(line.size, nameLine.size) * 1.6 &&
          line.size >= nameLine.size * 0.8 &&
          line.cells.length === 1 &&
          nameLine.cells.length === 1 &&
          words(nameLine.text) <= 2 &&
          /^\p{L}[\p{L}'’.-]*( \p{L}[\p{L}'’.-]*)?$/u.test(line.text.trim()) &&
          titleScore(line.text) === 0,
      )
    : undefined
  /** The cells the name and the title took: the rest of their lines are read as contact details. */
  const used = new Set<Line['cells'][number]>()
  if (nameLine) {
    // A large name split into cells by its own word spacing ("Jan   Küster"): one name.
    // ("JAN KÜSTER   RESUME": the document's title is not part of it).
    const cells = nameLine.cells.filter((cell, i) => i === 0 || !documentTitle(cell.text))
    const [lead, ...more] = cells
    const wordSpaced = more.every((cell, i) => Math.abs(cell.size - lead!.size) < 1 && cell.x - cells[i]!.right < lead!.size * 1.5)
    const own = wordSpaced && cells.length <= 3 ? cells.map((cell) => cell.text).join(' ') : lead!.text
    // Contact details set on the name's baseline ("ACHRAF NAJMI      Casablanca, Maroc") are read as contact details.
    const others = nameLine.cells.filter((cell) => !(wordSpaced && cells.length <= 3 ? cells : [lead]).includes(cell))
    if (!others.some((cell) => contactLine.test(cell.text) || /\p{L},\s*\p{L}/u.test(cell.text))) others.length = 0
    for (const cell of nameLine.cells) if (!others.includes(cell)) used.add(cell)
    const printed = !partner ? own : partner.y > nameLine.y ? `${partner.text} ${own}` : `${own} ${partner.text}`
    let name = (nameLabel.exec(nameLine.text)?.[1] ?? printed)
      .split(/\s+[|–—·]\s+|\s{2,}/)[0]!
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
  let placeCandidate: { score: number; value: ReturnType<typeof cityFrom>; text: string; line: Line } | null = null
  const seen = new Set<string>()
  // The line right under the name, when it holds no contact detail, is the job title.
  const lowest = Math.min(nameLine?.y ?? 0, partner?.y ?? Infinity)
  const below = nameLine
    ? lines.filter(
        (line) =>
          line !== nameLine &&
          line !== partner &&
          line.page === nameLine.page &&
          line.column === nameLine.column &&
          line.y < lowest &&
          lowest - line.y < nameLine.size * 2.2,
      )
    : []
  const titleLine = below.sort((a, b) => b.y - a.y)[0]
  // The title's cells: those before a contact detail on its line ("ÉLECTRO INFO PHYSICIEN      +212 6 22 90 22 21").
  const contactAt = titleLine?.cells.findIndex((cell) => contactLine.test(cell.text)) ?? -1
  // An icon drawn from a symbol font reads as one stray character: not part of the title.
  const titleCells = (titleLine ? (contactAt > 0 ? titleLine.cells.slice(0, contactAt) : titleLine.cells) : []).filter(
    (cell, i) => i === 0 || cell.text.trim().length > 1,
  )
  const titleText = titleCells.map((cell) => cell.text).join(' ')
  if (
    titleLine &&
    !heading.jobTitle &&
    !contactLine.test(titleText) &&
    !nameLabel.test(titleText) &&
    !(/\d/.test(titleText) && /,/.test(titleText)) &&
    !looksLikePlace(titleText) &&
    words(titleText) <= 12 &&
    !/^[“"]/.test(titleText)
  ) {
    heading.jobTitle = titleText.trim()
    for (const cell of titleCells) used.add(cell)
  }
  for (const line of lines) {
    const rest = line.cells.filter((cell) => !used.has(cell))
    if (line === partner || rest.length === 0) continue
    // "Name   Michael", "Nombre: Ana López" in a personal-details table: the name, over a guess from sizes.
    const named = nameLabel.exec(line.text)
    if (named && words(named[1]!) <= 5) {
      const [first = '', ...rest] = named[1]!.trim().split(/\s+/)
      const guessed = [heading.firstName, heading.lastName].filter(Boolean).join(' ')
      if (guessed && guessed !== named[1]!.trim())
        notes.push({ kind: 'uncertain', text: `"${guessed}" was read as the name first; the name is taken from "${line.text}".` })
      heading.firstName = first
      heading.lastName = rest.join(' ')
      continue
    }
    const tokens = rest
      .flatMap((cell) => cell.text.split(/\s*[|•·◆◇♦⋄∙●■▪]\s*|\s{2,}|\s+--\s+|\s+[–—]\s+(?=\S+@|\+?\d)|\s+\/\s+(?=\S+@|\+?\d|\S+\.\S)/))
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
      if (!token || seen.has(token.toLowerCase())) continue
      // The name again, in a running head or a contact line: already read.
      if (token.toLowerCase() === `${heading.firstName} ${heading.lastName}`.trim().toLowerCase()) continue
      seen.add(token.toLowerCase())
      // A quotation under the name is no contact detail: listed as not placed.
      if (/^[“"„«].*[”"»]$/.test(token)) {
        heading.unplaced.push({ text: token, line })
        continue
      }
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
      // A birth date ("Né le : 24/07/1994") is no phone number.
      if (
        phone &&
        phoneDigits(phone[0]) >= 7 &&
        phoneDigits(phone[0]) <= 15 &&
        !/[a-z]{3,}/i.test(token.replace(phone[0], '')) &&
        !isDateOnly(phone[0]) &&
        !dayDate.test(phone[0].trim())
      ) {
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
      // An address is a few words; a sentence with commas is not one.
      const isPlace =
        (/,/.test(token) && words(token) <= 8 && !/[.!?]$/.test(token)) ||
        /\b\d{4,5}\b/.test(token) ||
        label === 'address' ||
        label === 'location' ||
        (hasContact && tokens.length > 1 && /^\p{Lu}[\p{L}\s.-]+$/u.test(token) && words(token) <= 3 && !/^[\p{L}\d_-]+$/u.test(token))
      if (isPlace && !/^(us|u\.s\.) citizen/i.test(token)) {
        const value = cityFrom(token)
        // "Sunnyvale, CA" over "Address, Street, 00000 County"; the first plain place otherwise.
        const score: number = (/\d/.test(token) ? 0 : 2) + (/,\s*[A-Z]{2}$/.test(token) ? 1 : 0) - (placeCandidate ? 0.5 : 0)
        if (!placeCandidate || score > placeCandidate.score) {
          if (placeCandidate) heading.unplaced.push({ text: placeCandidate.text, line: placeCandidate.line })
          placeCandidate = { score, value, text: token, line }
        } else heading.unplaced.push({ text: token, line })
        continue
      }
      if (hasContact && /^@?[\w.-]{2,40}$/u.test(token)) {
        heading.links.push(token.replace(/^@/, ''))
        continue
      }

      if (!hasContact && /^\p{Script=Han}+$/u.test(token) && !placeCandidate) {
        placeCandidate = { score: 1, value: { address: '', city: token, country: '' }, text: token, line }
        continue
      }
      if (words(token) > 0) heading.unplaced.push({ text: token, line })
    }
  }
  if (placeCandidate) Object.assign(heading, placeCandidate.value)
  if (isUpper(heading.jobTitle) && heading.jobTitle.length > 3) heading.jobTitle = titleCase(heading.jobTitle)
  return heading
}

/** "https://www.github.com/ana/" -> "github.com/ana": how a link is compared and kept. */
const bareLink = (url: string) => url.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/+$/, '')

/**
 * The heading's link annotations: an icon and a user name ("GitHub icon  posquit0") link to the
 * whole address, which is what gets kept (in place of the bare name); a mailto: or tel: link fills
 * an e-mail or phone the text did not give.
 */
export function addLinkAnnotations(heading: Heading, lines: Line[], links: PdfLink[]) {
  const over = (link: PdfLink) =>
    lines.some(
      (line) =>
        line.page === link.page &&
        line.cells.some(
          (cell) => cell.x < link.rect[2] && cell.right > link.rect[0] && cell.y + cell.size * 0.5 > link.rect[1] && cell.y < link.rect[3],
        ),
    )
  const name = (text: string) =>
    text
      .replace(/^\S\s+/u, '')
      .replace(/^@/, '')
      .toLowerCase()
  for (const link of links) {
    if (!over(link)) continue
    const url = link.url.trim()
    if (/^mailto:/i.test(url)) {
      if (!heading.email) heading.email = decodeURIComponent(url.slice(7).split('?')[0]!)
      continue
    }
    if (/^tel:/i.test(url)) {
      if (!heading.phone) heading.phone = decodeURIComponent(url.slice(4))
      continue
    }
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url) || /^javascript:/i.test(url)) continue
    const bare = bareLink(url)
    const kept = [heading.website, heading.linkedin, ...heading.links].map((value) => bareLink(value).toLowerCase())
    if (kept.includes(bare.toLowerCase())) continue
    // The user name the page shows for this address: replaced by the address.
    const last = (
      bare
        .split(/[/?#=]/)
        .filter(Boolean)
        .at(-1) ?? ''
    )
      .replace(/^@/, '')
      .toLowerCase()
    const shown = heading.links.findIndex((value) => last !== '' && name(value) === last)
    if (shown !== -1) heading.links.splice(shown, 1)
    heading.unplaced = heading.unplaced.filter((piece) => !(last !== '' && name(piece.text) === last))
    if (/linkedin\.com\//i.test(bare) && (!heading.linkedin || name(heading.linkedin) === last)) heading.linkedin = bare
    else if (!heading.website && shown === -1 && !/(github|gitlab|twitter|x|facebook|instagram|youtube|stackoverflow)\.com\//i.test(bare))
      heading.website = bare
    else heading.links.push(bare)
  }
}

/** A line that is one contact detail and nothing else: an e-mail address, a phone number, a web address. */
export function loneContact(text: string): 'email' | 'phone' | 'url' | null {
  const value = stripContactLabel(text.trim().replace(/^\S\s+(?=\S)/u, ''))
  if (emailPattern.test(value) && words(value) === 1) return 'email'
  const phone = phonePattern.exec(value)
  if (phone && phoneDigits(phone[0]) >= 7 && phone[0].length >= value.length - 2 && !isDateOnly(value)) return 'phone'
  if (urlPattern.test(value) && /[./]/.test(value) && !/\s/.test(value)) return 'url'
  return null
}

/** Sections whose lines are read as prose or lists, where a lone contact line is the heading's. */
const looseKinds = new Set<SectionKind>(['summary', 'other', 'skills', 'languages', 'interests', 'links'])

/**
 * The contact lines a sidebar or a profile sets inside a section ("About me" over a phone, an
 * e-mail, a city and a web address): lines that are one contact detail each, in a section read as
 * prose or lists, and a short line between two of them (the city). They belong to the heading.
 */
export function contactLinesIn(sections: { kind: SectionKind; lines: Line[] }[]): Line[] {
  const out: Line[] = []
  for (const section of sections) {
    if (!looseKinds.has(section.kind)) continue
    const lone = section.lines.map((line) => loneContact(line.text) !== null)
    section.lines.forEach((line, i) => {
      const between = i > 0 && lone[i - 1] && lone[i + 1] && words(line.text) <= 5 && !/[.!?]$/.test(line.text)
      if (lone[i] || between) out.push(line)
    })
  }
  return out
}

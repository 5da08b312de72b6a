import {
  additionalSectionKeys,
  emptyResumeData,
  languageLevels,
  listSectionKeys,
  skillLevels,
  type AdditionalSectionKey,
  type EntryItem,
  type ListSectionKey,
  type ResumeData,
} from '~contract/resume.ts'
import { fromJsonResume } from './json-resume'
import { newId, sectionTitle, visibleSections } from './model'
import { fitToBuilder } from './import/fit'
import { inferResume, type ImportNote } from './import/infer'
import type { PdfContent, PdfItem, PdfLink } from './pdf/pdf-content'

/**
 * A resume PDF read back without any AI. Our own PDFs name each line's role in marked content
 * (Name, SectionTitle, EntryTitle, Dates, Subtitle, Para, Line, Bullet, Tag, Contact*); other
 * PDFs get the same roles guessed from the layout (sizes, capitals, bullets, dates). The roles
 * then become the builder's sections. When the PDF carries our attached JSON Resume copy, that
 * copy is what gets imported, and the text parse is compared with it field by field.
 */

type Segment = { tag: string; items: PdfItem[]; text: string }
type Block = { bullet: boolean; parts: string[] }
type Entry = { title: string; dates: string; subtitle: string; body: Block[] }
type Section = { title: string; key: string; entries: Entry[]; body: Block[]; tags: string[] }

const headingKeys: [RegExp, string][] = [
  [/^(summary|profile|professional summary|professional profile|about( me)?|objective|career objective)$/i, 'summary'],
  [/^(experience|work experience|professional experience|employment( history)?|work history|career history)$/i, 'experience'],
  [/^(education|academic background|education and training)$/i, 'education'],
  [/^(skills|technical skills|core skills|key skills|competencies)$/i, 'skills'],
  [/^languages?$/i, 'languages'],
  [/^(conferences|talks|speaking|presentations)$/i, 'conferences'],
  [/^(portfolio|projects)$/i, 'portfolio'],
  [/^(honors and awards|honours and awards|honors|honours|awards)$/i, 'honors'],
  [/^(affiliations|memberships|professional affiliations)$/i, 'affiliations'],
  [/^(licenses and certifications|licences and certifications|certifications|certificates|licenses|licences)$/i, 'licenses'],
]

/** "S U M M A R Y" and "Work  Experience" read as "SUMMARY" and "Work Experience". */
const normaliseHeading = (text: string) =>
  text
    .replace(/\b(\w) (?=\w\b)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()

export function headingKey(title: string): string | null {
  const text = normaliseHeading(title).replace(/:$/, '')
  return headingKeys.find(([pattern]) => pattern.test(text))?.[1] ?? null
}

const isUpper = (text: string) => /\p{L}/u.test(text) && text === text.toUpperCase()
const titleCase = (text: string) =>
  text.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_, lead: string, letter: string) => lead + letter.toUpperCase())
const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/** "Mar 2021" -> "2021-03", "03/2021" -> "2021-03", "2021" -> "2021-01"; else "". */
export function parseMonth(text: string): string {
  const value = text.trim()
  let match = /^([a-z]{3})[a-z]*\.?\s+(\d{4})$/i.exec(value)
  if (match) {
    const index = months.indexOf(match[1]!.toLowerCase())
    return index === -1 ? '' : `${match[2]}-${String(index + 1).padStart(2, '0')}`
  }
  match = /^(\d{1,2})\/(\d{4})$/.exec(value)
  if (match && Number(match[1]) >= 1 && Number(match[1]) <= 12) return `${match[2]}-${match[1]!.padStart(2, '0')}`
  match = /^(\d{4})-(\d{2})$/.exec(value)
  if (match) return value
  return /^\d{4}$/.test(value) ? `${value}-01` : ''
}

export function parseDateRange(text: string): { start: string; end: string; current: boolean } {
  const [from = '', to = ''] = text.split(/\s+[–—-]\s+|\s+to\s+/i)
  const current = /^(present|now|current|today)$/i.test(to.trim())
  return { start: parseMonth(from), end: current ? '' : parseMonth(to), current }
}

/* ------------------------------------------------------------------ segments */

/** Our own PDFs: one segment per marked-content sequence. */
function taggedSegments(items: PdfItem[]): Segment[] {
  const segments: Segment[] = []
  for (const item of items) {
    if (!item.tag) continue
    const last = segments.at(-1)
    if (last && last.items.at(-1)!.seq === item.seq) {
      // A sequence on more than one line (a wrapped visionary title): the line break is a space.
      const newLine = Math.abs(last.items.at(-1)!.y - item.y) > item.size * 0.5
      last.items.push(item)
      last.text += newLine && !/\s$/.test(last.text) ? ` ${item.text}` : item.text
    } else segments.push({ tag: item.tag, items: [item], text: item.text })
  }
  for (const segment of segments) segment.text = segment.text.replace(/\s+/g, ' ').trim()
  return segments.filter((segment) => segment.text !== '' || segment.tag === 'Bullet')
}

type Row = { page: number; y: number; size: number; items: PdfItem[]; text: string; x: number; right: number }

function rowsOf(items: PdfItem[]): Row[] {
  const rows: Row[] = []
  const sorted = [...items].sort((a, b) => a.page - b.page || b.y - a.y || a.x - b.x)
  for (const item of sorted) {
    const row = rows.at(-1)
    if (row && row.page === item.page && Math.abs(row.y - item.y) < Math.max(2, item.size * 0.35)) row.items.push(item)
    else rows.push({ page: item.page, y: item.y, size: item.size, items: [item], text: '', x: 0, right: 0 })
  }
  for (const row of rows) {
    row.items.sort((a, b) => a.x - b.x)
    let text = ''
    let end = -Infinity
    for (const item of row.items) {
      // Spaces come as items of their own or not at all: the gaps between words decide.
      if (item.text.trim() === '') continue
      const gap = item.x - end
      if (text && gap > item.size * 1.1) text = `${text.trimEnd()}   `
      else if (text && gap > item.size * 0.15 && !/\s$/.test(text)) text += ' '
      text += item.text
      end = item.x + item.width
    }
    row.text = text.trim()
    row.x = row.items[0]!.x
    row.right = end
    row.size = Math.max(...row.items.map((item) => item.size))
  }
  return rows.filter((row) => row.text !== '')
}

/* ------------------------------------------------------------------ structure */

function linkAt(item: PdfItem, links: PdfLink[]): string | undefined {
  const midX = item.x + item.width / 2
  const midY = item.y + item.size * 0.3
  return links.find((link) => link.page === item.page && midX >= link.rect[0] && midX <= link.rect[2] && midY >= link.rect[1] && midY <= link.rect[3])
    ?.url
}

/** A line's items back to the builder's markup: **bold** and [text](link). */
function markup(segment: Segment, bold: string | null, links: PdfLink[]): string {
  if (segment.items.length === 0) return segment.text
  const groups: { text: string; bold: boolean; href?: string }[] = []
  for (const item of segment.items) {
    const isBold = item.font === bold
    const href = item.link || !item.tag ? linkAt(item, links) : undefined
    const last = groups.at(-1)
    if (last && last.bold === isBold && last.href === href) last.text += item.text
    else groups.push({ text: item.text, bold: isBold, href })
  }
  return groups
    .map((group) => {
      if (group.href && group.text.trim()) return `[${group.text.trim()}](${group.href})`
      if (!group.bold || !group.text.trim()) return group.text
      const [, lead, core, trail] = /^(\s*)(.*?)(\s*)$/s.exec(group.text)!
      return `${lead}**${core}**${trail}`
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
}

const blocksText = (blocks: Block[]) =>
  blocks
    .map((block) => `${block.bullet ? '- ' : ''}${block.parts.join(' ')}`)
    .join('\n')
    .replace(/\*\* \*\*/g, ' ')

type Parsed = { name: string; jobTitle: string; contacts: { tag: string; text: string }[]; sections: Section[] }

function structure(segments: Segment[], bold: string | null, links: PdfLink[]): Parsed {
  const parsed: Parsed = { name: '', jobTitle: '', contacts: [], sections: [] }
  let section: Section | null = null
  let last: { kind: 'title' | 'subtitle' | 'name' | 'job'; entry?: Entry } | { kind: 'block'; block: Block } | null = null
  let bullet = false
  for (const segment of segments) {
    const entry = section?.entries.at(-1)
    switch (segment.tag) {
      case 'Name':
        parsed.name = parsed.name ? `${parsed.name} ${segment.text}` : segment.text
        last = { kind: 'name' }
        break
      case 'JobTitle':
        parsed.jobTitle = segment.text
        last = { kind: 'job' }
        break
      case 'SectionTitle': {
        const title = normaliseHeading(segment.text)
        section = { title, key: headingKey(title) ?? 'custom', entries: [], body: [], tags: [] }
        parsed.sections.push(section)
        last = null
        break
      }
      case 'EntryTitle':
        if (!section) break
        section.entries.push({ title: segment.text, dates: '', subtitle: '', body: [] })
        last = { kind: 'title', entry: section.entries.at(-1) }
        break
      case 'Dates':
        if (entry) entry.dates = segment.text
        break
      case 'Subtitle':
        if (entry) {
          entry.subtitle = segment.text
          last = { kind: 'subtitle', entry }
        }
        break
      case 'Bullet':
        bullet = true
        break
      case 'Para': {
        if (!section) break
        const block = { bullet, parts: [markup(segment, bold, links)] }
        bullet = false
        ;(entry ?? section).body.push(block)
        last = { kind: 'block', block }
        break
      }
      case 'Line':
        if (last?.kind === 'block') last.block.parts.push(markup(segment, bold, links))
        else if (last?.kind === 'title' && last.entry) last.entry.title += ` ${segment.text}`
        else if (last?.kind === 'subtitle' && last.entry) last.entry.subtitle += ` ${segment.text}`
        else if (last?.kind === 'name') parsed.name += ` ${segment.text}`
        break
      case 'Tag':
        section?.tags.push(segment.text)
        break
      default:
        if (segment.tag.startsWith('Contact')) parsed.contacts.push({ tag: segment.tag, text: segment.text })
    }
  }
  return parsed
}

/* ------------------------------------------------------------------ to the builder's data */

const splitLast = (text: string, separator: string): [string, string] => {
  const at = text.lastIndexOf(separator)
  return at === -1 ? [text, ''] : [text.slice(0, at), text.slice(at + separator.length)]
}
const looksLikeUrl = (text: string) => /^(https?:\/\/)?[\w-]+(\.[\w-]+)+(\/\S*)?$/i.test(text.trim())

function toData(parsed: Parsed, content: PdfContent): ResumeData {
  const data = emptyResumeData()
  const upperName = isUpper(parsed.name)
  const name = upperName ? titleCase(parsed.name) : parsed.name
  const [firstName = '', ...rest] = name.split(/\s+/).filter(Boolean)
  data.heading.firstName = firstName
  data.heading.lastName = rest.join(' ')
  data.heading.jobTitle = upperName && isUpper(parsed.jobTitle) ? titleCase(parsed.jobTitle) : parsed.jobTitle
  for (const contact of parsed.contacts) {
    if (contact.tag === 'ContactEmail') data.heading.email = contact.text
    else if (contact.tag === 'ContactPhone') data.heading.phone = contact.text
    else if (contact.tag === 'ContactWebsite') data.heading.website = contact.text
    else if (contact.tag === 'ContactLinkedIn') data.heading.linkedin = contact.text
    else {
      const parts = contact.text.split(', ')
      if (parts.length >= 3) {
        data.heading.address = parts.slice(0, -2).join(', ')
        data.heading.city = parts.at(-2)!
        data.heading.country = parts.at(-1)!
      } else if (parts.length === 2) [data.heading.city, data.heading.country] = parts as [string, string]
      else data.heading.city = contact.text
    }
  }

  const order: string[] = []
  const entryItem = (entry: Entry): EntryItem => {
    const [subtitle, url] = splitLast(entry.subtitle, ' · ')
    const hasUrl = url !== '' && looksLikeUrl(url)
    return {
      id: newId(),
      title: entry.title,
      subtitle: hasUrl ? subtitle : entry.subtitle,
      date: parseMonth(entry.dates),
      url: hasUrl ? url : '',
      description: blocksText(entry.body),
    }
  }
  for (const section of parsed.sections) {
    const key = section.key
    if (key === 'summary') {
      data.summary = blocksText(section.body)
      continue
    }
    if (key === 'experience') {
      data.experience = section.entries.map((entry) => {
        const [employer, city] = entry.subtitle.includes(', ') ? splitLast(entry.subtitle, ', ') : [entry.subtitle, '']
        const { start, end, current } = parseDateRange(entry.dates)
        return { id: newId(), jobTitle: entry.title, employer, city, startDate: start, endDate: end, current, description: blocksText(entry.body) }
      })
    } else if (key === 'education') {
      data.education = section.entries.map((entry) => {
        const [degree = '', ...field] = entry.title.split(', ')
        const [school, city] = entry.subtitle.includes(', ') ? splitLast(entry.subtitle, ', ') : [entry.subtitle, '']
        const { start, end } = parseDateRange(entry.dates)
        return { id: newId(), school, degree, field: field.join(', '), city, startDate: start, endDate: end, description: blocksText(entry.body) }
      })
    } else if (key === 'skills' || key === 'languages') {
      const levels: readonly string[] = key === 'skills' ? skillLevels : languageLevels
      const items = section.tags.map((tag) => {
        const [name, level] = splitLast(tag, ' – ')
        return levels.includes(level) && level ? { id: newId(), name, level } : { id: newId(), name: tag, level: '' }
      })
      if (key === 'skills') data.skills = items as ResumeData['skills']
      else data.languages = items as ResumeData['languages']
    } else if ((additionalSectionKeys as readonly string[]).includes(key)) {
      data[key as AdditionalSectionKey] = section.entries.map(entryItem)
      data.additional.push(key as AdditionalSectionKey)
    } else {
      const id = newId()
      data.customSections.push({
        id,
        title: isUpper(section.title) ? titleCase(section.title) : section.title,
        items: section.entries.map(entryItem),
      })
      order.push(`custom:${id}`)
      continue
    }
    order.push(key)
  }
  data.sectionOrder = [...order, ...listSectionKeys.filter((key) => !order.includes(key))]

  // The design, as far as the layout shows it.
  const nameItem = content.items.find((item) => item.tag === 'Name')
  const title = content.items.find((item) => item.tag === 'SectionTitle')
  const body = content.items.find((item) => item.tag === 'Para' || item.tag === 'Tag')
  const entryTitle = content.items.find((item) => item.tag === 'EntryTitle' || item.tag === 'Para')
  if (nameItem && Math.abs(nameItem.x + nameItem.width / 2 - content.pageWidth / 2) < 4) data.design.template = 'brilliant'
  else if (title && entryTitle && entryTitle.x - title.x > 60) data.design.template = 'visionary'
  data.design.pageSize = Math.abs(content.pageWidth - 612) < 2 ? 'Letter' : 'A4'
  if (body) data.design.fontSize = Math.min(14, Math.max(8, Math.round(body.size * 2) / 2))
  if (title)
    data.design.headingFontSize = Math.min(28, Math.max(10, Math.round(data.design.template === 'visionary' ? title.size / 0.85 : title.size)))
  return data
}

/* ------------------------------------------------------------------ comparison and result */

/** A resume's content as labelled fields: what a reader sees, without ids or design. */
export function contentFields(data: ResumeData): Map<string, string> {
  const fields = new Map<string, string>()
  for (const [key, value] of Object.entries(data.heading)) fields.set(`Heading: ${key}`, value)
  fields.set('Summary', data.summary)
  const sections = visibleSections(data)
  fields.set('Section order', sections.map((key) => sectionTitle(data, key)).join(', '))
  for (const key of sections) {
    const custom = key.startsWith('custom:') ? data.customSections.find((s) => `custom:${s.id}` === key) : undefined
    const title = sectionTitle(data, key)
    const items: Record<string, unknown>[] = custom ? custom.items : data[key as ListSectionKey]
    items.forEach((item, i) => {
      for (const [field, value] of Object.entries(item)) if (field !== 'id') fields.set(`${title} ${i + 1}: ${field}`, String(value))
    })
  }
  return fields
}

export function differences(a: ResumeData, b: ResumeData): string[] {
  const left = contentFields(a)
  const right = contentFields(b)
  const labels = new Set([...left.keys(), ...right.keys()])
  return [...labels].filter((label) => (left.get(label) ?? '') !== (right.get(label) ?? ''))
}

export function recognisedSections(data: ResumeData): string[] {
  const heading = ['firstName', 'email', 'phone'].some((key) => data.heading[key as 'email']) ? ['Heading'] : []
  return [
    ...heading,
    ...(data.summary ? ['Summary'] : []),
    ...visibleSections(data).map((key) => {
      const custom = data.customSections.find((s) => `custom:${s.id}` === key)
      return `${sectionTitle(data, key)} (${custom ? custom.items.length : data[key as ListSectionKey].length})`
    }),
  ]
}

export type PdfImport = {
  /** What gets imported: the attached copy when there is one, else the text parse. */
  data: ResumeData
  /** What the page text alone gave. */
  fromText: ResumeData
  source: 'text' | 'attachment'
  recognised: string[]
  /** Fields where the text parse and the attached copy disagree. */
  differences: string[]
  /** The page text in reading order, as a parser reads it. */
  text: string
  /** The section headings found, as printed. */
  headings: string[]
  /** What the review should say: layout not understood, uncertain readings, values cut, lines left out. */
  notes: ImportNote[]
}
export type { ImportNote }

export type PdfImportResult = ({ ok: true } & PdfImport) | { ok: false; error: string }

export function pageText(content: PdfContent): string {
  return rowsOf(content.items)
    .map((row) => row.text)
    .join('\n')
}

export function parsePdfResume(content: PdfContent): PdfImportResult {
  const text = pageText(content)
  if (text.replace(/\s/g, '').length < 20)
    return { ok: false, error: 'This PDF has no text we can read (a scanned image?). Try a PDF saved from a word processor, or JSON Resume.' }
  const tagged = content.items.some((item) => item.tag === 'SectionTitle' || item.tag === 'Name')
  const notes: ImportNote[] = []
  let draft: ResumeData
  let headings: string[]
  if (tagged) {
    const segments = taggedSegments(content.items)
    const bold =
      content.items.find((item) => item.tag === 'SectionTitle')?.font ?? content.items.find((item) => item.tag === 'EntryTitle')?.font ?? null
    const parsed = structure(segments, bold, content.links)
    draft = toData(parsed, content)
    headings = parsed.sections.map((section) => section.title)
  } else {
    try {
      const inferred = inferResume(content)
      draft = inferred.data
      headings = inferred.headings
      notes.push(...inferred.notes)
    } catch {
      // A layout this reader trips over still imports: its text, in the summary, to sort by hand.
      draft = emptyResumeData()
      draft.summary = text
      headings = []
      notes.push({
        kind: 'layout',
        text: 'The layout of this PDF could not be read: its whole text was put in the summary for you to move into sections.',
      })
    }
  }
  const fitted = fitToBuilder(draft, notes)
  if (!fitted.ok) return fitted
  const fromText = fitted.data
  const base = { fromText, recognised: recognisedSections(fromText), text, headings, notes }

  const attached = content.attachments['resume.json']
  if (attached) {
    try {
      const copy = fromJsonResume(JSON.parse(new TextDecoder().decode(attached)))
      if (copy.ok) return { ok: true, ...base, data: copy.data, source: 'attachment', differences: differences(fromText, copy.data) }
    } catch {
      // Not our JSON after all: the text parse stands.
    }
  }
  return { ok: true, ...base, data: fromText, source: 'text', differences: [] }
}

import {
  additionalSectionKeys,
  emptyResumeData,
  languageLevels,
  listSectionKeys,
  skillLevels,
  type AdditionalSectionKey,
  type EntryItem,
  type ResumeData,
} from '~contract/resume.ts'
import { newId } from '../model'
import type { PdfContent, PdfItem, PdfLink } from '../pdf/pdf-content'
import { headingKey, isUpperTagged, looksLikeUrl, normaliseHeading, parseDateRangeTagged, parseMonthTagged, splitLast, titleCaseTagged } from './text'

/**
 * Our own PDFs read back: each line's role is named in marked content (Name, SectionTitle,
 * EntryTitle, Dates, Subtitle, Para, Line, Bullet, Tag, Contact*), and the roles become the
 * builder's sections. PDFs made by other tools are read from their layout instead (infer.ts).
 */

type Segment = { tag: string; items: PdfItem[]; text: string }
type Block = { bullet: boolean; parts: string[] }
type Entry = { title: string; dates: string; subtitle: string; body: Block[] }
type Section = { title: string; key: string; entries: Entry[]; body: Block[]; tags: string[] }

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

function toData(parsed: Parsed, content: PdfContent): ResumeData {
  const data = emptyResumeData()
  const upperName = isUpperTagged(parsed.name)
  const name = upperName ? titleCaseTagged(parsed.name) : parsed.name
  const [firstName = '', ...rest] = name.split(/\s+/).filter(Boolean)
  data.heading.firstName = firstName
  data.heading.lastName = rest.join(' ')
  data.heading.jobTitle = upperName && isUpperTagged(parsed.jobTitle) ? titleCaseTagged(parsed.jobTitle) : parsed.jobTitle
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
      date: parseMonthTagged(entry.dates),
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
        const { start, end, current } = parseDateRangeTagged(entry.dates)
        return { id: newId(), jobTitle: entry.title, employer, city, startDate: start, endDate: end, current, description: blocksText(entry.body) }
      })
    } else if (key === 'education') {
      data.education = section.entries.map((entry) => {
        const [degree = '', ...field] = entry.title.split(', ')
        const [school, city] = entry.subtitle.includes(', ') ? splitLast(entry.subtitle, ', ') : [entry.subtitle, '']
        const { start, end } = parseDateRangeTagged(entry.dates)
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
        title: isUpperTagged(section.title) ? titleCaseTagged(section.title) : section.title,
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

/** A tagged PDF's resume and the section headings it prints. */
export function readTagged(content: PdfContent): { data: ResumeData; headings: string[] } {
  const segments = taggedSegments(content.items)
  const bold =
    content.items.find((item) => item.tag === 'SectionTitle')?.font ?? content.items.find((item) => item.tag === 'EntryTitle')?.font ?? null
  const parsed = structure(segments, bold, content.links)
  return { data: toData(parsed, content), headings: parsed.sections.map((section) => section.title) }
}

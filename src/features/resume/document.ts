import type { ResumeData } from '~contract/resume.ts'
import { customSectionOf, dateRange, formatMonth, fullName, sectionTitle, visibleSections } from './model'
import { parseRichText, type RichBlock } from './rich-text'

/**
 * What a resume says, in reading order, independent of how a template draws it. The preview,
 * the PDF writer and the plain-text export all start from this, so they never disagree.
 */
export type ContactKind = 'email' | 'phone' | 'address' | 'website' | 'linkedin'
export type Contact = { kind: ContactKind; text: string }
export type DocEntry = { title: string; subtitle: string; dates: string; body: RichBlock[] }
export type DocSection =
  | { key: string; title: string; kind: 'entries'; entries: DocEntry[] }
  | { key: string; title: string; kind: 'tags'; tags: string[] }
  | { key: string; title: string; kind: 'text'; body: RichBlock[] }
export type ResumeDocument = { name: string; jobTitle: string; contacts: Contact[]; sections: DocSection[] }

const join = (parts: string[], separator = ', ') =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(separator)

/** A skill group as printed: "Web development: HTML, CSS". */
const withKeywords = (name: string, keywords: string[] = []) => join([name, join(keywords)], ': ')

export function resumeDocument(data: ResumeData): ResumeDocument {
  const { heading } = data
  const contacts: Contact[] = [
    { kind: 'email' as const, text: heading.email },
    { kind: 'phone' as const, text: heading.phone },
    { kind: 'address' as const, text: join([heading.address, heading.city, heading.region ?? '', heading.postalCode ?? '', heading.country]) },
    { kind: 'website' as const, text: heading.website },
    { kind: 'linkedin' as const, text: heading.linkedin },
  ].filter((contact) => contact.text.trim() !== '')

  const sections: DocSection[] = []
  const summary = parseRichText(data.summary)
  if (summary.length > 0) sections.push({ key: 'summary', title: 'Summary', kind: 'text', body: summary })

  for (const key of visibleSections(data)) {
    const title = sectionTitle(data, key)
    const custom = customSectionOf(data, key)
    if (custom) {
      const entries = custom.items.map((item) => ({
        title: item.title,
        subtitle: join([item.subtitle, item.url], ' · '),
        dates: formatMonth(item.date),
        body: parseRichText(item.description),
      }))
      if (entries.length > 0) sections.push({ key, title, kind: 'entries', entries })
      continue
    }
    switch (key) {
      case 'experience':
        sections.push({
          key,
          title,
          kind: 'entries',
          entries: data.experience.map((job) => ({
            title: job.jobTitle,
            subtitle: join([job.employer, job.city]),
            dates: dateRange(job.startDate, job.endDate, job.current),
            body: parseRichText(job.description),
          })),
        })
        break
      case 'education':
        sections.push({
          key,
          title,
          kind: 'entries',
          entries: data.education.map((school) => ({
            title: join([school.degree, school.field]),
            subtitle: join([school.school, school.city]),
            dates: dateRange(school.startDate, school.endDate),
            body: parseRichText(school.description),
          })),
        })
        break
      case 'skills':
        sections.push({
          key,
          title,
          kind: 'tags',
          tags: data.skills.filter((s) => s.name.trim()).map((s) => join([withKeywords(s.name, s.keywords), s.level], ' – ')),
        })
        break
      case 'languages':
        sections.push({
          key,
          title,
          kind: 'tags',
          tags: data.languages.filter((l) => l.name.trim()).map((l) => join([l.name, l.fluency?.trim() || l.level], ' – ')),
        })
        break
      default: {
        const items = data[key as 'conferences' | 'portfolio' | 'honors' | 'affiliations' | 'licenses']
        sections.push({
          key,
          title,
          kind: 'entries',
          entries: items.map((item) => ({
            title: item.title,
            subtitle: join([item.subtitle, item.url], ' · '),
            dates: formatMonth(item.date),
            body: parseRichText(item.description),
          })),
        })
      }
    }
  }
  return { name: fullName(data), jobTitle: heading.jobTitle, contacts, sections }
}

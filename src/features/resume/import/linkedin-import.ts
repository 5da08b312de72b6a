import { unzipSync } from 'fflate'
import * as v from 'valibot'
import { emptyResumeData, experienceItem, listSectionKeys, type EntryItem, type ResumeData } from '~contract/resume.ts'
import { newId } from '../model'
import { csvRecords } from './csv'
import { fitToBuilder } from './fit'
import { recognisedSections } from './pdf-import'
import type { ImportNote } from './types'

/**
 * LinkedIn's data export ("Settings → Data privacy → Get a copy of your data": a ZIP of CSV files)
 * read into the builder without any AI, column by column: Profile (name, headline, summary,
 * location, websites), Email Addresses, PhoneNumbers, Positions, Education, Skills, Languages,
 * Certifications, and Projects, Honors, Volunteering, Publications and Courses when they are there.
 * Dates are written "Mar 2021" or "2019": a month stays a month, a year stays a year. A job's
 * description becomes one highlight per line. Columns the builder has no place for are listed.
 */

export type LinkedInImportResult =
  { ok: true; data: ResumeData; recognised: string[]; notes: ImportNote[]; unplaced: string[]; files: string[] } | { ok: false; error: string }

type Row = Record<string, string>

/** The export's files this reader knows, by their name in the archive (any folder, any case). */
const known = [
  'Profile.csv',
  'Email Addresses.csv',
  'PhoneNumbers.csv',
  'Positions.csv',
  'Education.csv',
  'Skills.csv',
  'Languages.csv',
  'Certifications.csv',
  'Projects.csv',
  'Honors.csv',
  'Volunteering.csv',
  'Publications.csv',
  'Courses.csv',
] as const
type FileName = (typeof known)[number]
const resumeFiles: FileName[] = ['Profile.csv', 'Positions.csv', 'Education.csv', 'Skills.csv', 'Languages.csv', 'Certifications.csv']

const monthIndex: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 }
const pad = (n: number) => String(n).padStart(2, '0')
/** Whether the builder stores a year alone ("2019"); before it did, a year became January of it. */
const yearAlone = () => v.is(experienceItem.entries.startDate, '2019')

/** "Mar 2021" -> "2021-03", "2019" -> "2019", "03/2021" -> "2021-03", "2021-03-01" -> "2021-03"; null when not a date. */
export function linkedInDate(raw: string): string | null {
  const text = raw.trim()
  if (text === '') return ''
  let match = /^(\p{L}{3,})\.?\s+(\d{4})$/u.exec(text)
  if (match) {
    const month = monthIndex[match[1]!.slice(0, 3).toLowerCase()]
    return month ? `${match[2]}-${pad(month)}` : null
  }
  if (/^\d{4}$/.test(text)) return yearAlone() ? text : `${text}-01`
  match = /^(\d{1,2})\/(\d{4})$/.exec(text)
  if (match && Number(match[1]) >= 1 && Number(match[1]) <= 12) return `${match[2]}-${pad(Number(match[1]))}`
  match = /^(\d{4})-(\d{2})(-\d{2})?$/.exec(text)
  if (match && Number(match[2]) >= 1 && Number(match[2]) <= 12) return `${match[1]}-${match[2]}`
  match = /^(\d{1,2})\/\d{1,2}\/(\d{2}|\d{4})(,.*)?$/.exec(text)
  if (match && Number(match[1]) >= 1 && Number(match[1]) <= 12)
    return `${match[2]!.length === 2 ? `20${match[2]}` : match[2]}-${pad(Number(match[1]))}`
  return null
}

/** A description as the builder's highlights: one "- " line per line of text (or per "•" when they run on one line). */
export function highlights(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .flatMap((line) => ((line.match(/•/g)?.length ?? 0) >= 2 ? line.split(/\s*•\s*/) : [line]))
    .map((line) => line.replace(/^\s*(?:[-*•▪◦●‣–—]|\d{1,2}[.)])\s+/u, '').trim())
    .filter(Boolean)
  if (lines.length === 1 && !/^\s*(?:[-*•▪◦●‣–—])\s+/u.test(text.trim())) return lines[0]!
  return lines.map((line) => `- ${line}`).join('\n')
}

/** "[PORTFOLIO:https://a.example, https://b.example]" -> [{label, value}]: the list LinkedIn writes in one cell. */
function bracketList(text: string): { label: string; value: string }[] {
  const inner = text.trim().replace(/^\[/, '').replace(/\]$/, '')
  if (!inner) return []
  return inner
    .split(/,\s*(?=(?:[A-Z_]+:)?\S)/)
    .map((piece) => piece.trim())
    .filter(Boolean)
    .map((piece) => {
      const labelled = /^([A-Z][A-Z_ ]*):(?!\/\/)(.+)$/.exec(piece)
      return labelled ? { label: labelled[1]!.trim(), value: labelled[2]!.trim() } : { label: '', value: piece }
    })
}

const titleCaseLabel = (label: string) => label.charAt(0) + label.slice(1).toLowerCase()
const lines = (...parts: string[]) => parts.filter((part) => part.trim() !== '').join('\n')

export function parseLinkedInExport(bytes: Uint8Array): LinkedInImportResult {
  let files: Record<string, Uint8Array>
  try {
    files = unzipSync(bytes, { filter: (file) => file.name.toLowerCase().endsWith('.csv') })
  } catch {
    return {
      ok: false,
      error:
        'We could not open this ZIP file: it may be damaged or only partly downloaded. Download the export from LinkedIn again and try once more.',
    }
  }
  const byName = new Map<string, string>()
  const decoder = new TextDecoder('utf-8')
  for (const [path, content] of Object.entries(files)) {
    const base = path.split('/').pop()!.toLowerCase()
    const name = known.find((k) => k.toLowerCase() === base)
    if (name && !byName.has(name)) byName.set(name, decoder.decode(content))
  }
  if (!resumeFiles.some((name) => byName.has(name)))
    return {
      ok: false,
      error:
        'This ZIP is not a LinkedIn data export: it has none of Profile.csv, Positions.csv, Education.csv, Skills.csv, Languages.csv or Certifications.csv. On LinkedIn, go to Settings → Data privacy → Get a copy of your data.',
    }

  const notes: ImportNote[] = []
  const unplaced: string[] = []
  const data = emptyResumeData()
  /** The rows of a file, and a reader of its columns that remembers which ones were used. */
  const table = (name: FileName, columns: string[]) => {
    const text = byName.get(name)
    if (text === undefined) return []
    const rows = csvRecords(text, columns)
    const label = name.replace(/\.csv$/, '')
    rows.forEach((row, i) => {
      for (const [column, value] of Object.entries(row))
        if (!columns.includes(column) && value.trim() !== '')
          unplaced.push(`${label} ${rows.length > 1 ? `${i + 1} ` : ''}${column}: ${value.trim()}`)
    })
    return rows
  }
  const cell = (row: Row, column: string) => (row[column] ?? '').replace(/\r\n?/g, '\n').trim()
  const date = (row: Row, column: string, where: string): string => {
    const raw = cell(row, column)
    const value = linkedInDate(raw)
    if (value !== null) {
      if (/^\d{4}-01$/.test(value) && /^\d{4}$/.test(raw))
        notes.push({ kind: 'uncertain', text: `${where}: LinkedIn gives only the year (${raw}); the builder set January. Check the month.` })
      return value
    }
    notes.push({ kind: 'uncertain', text: `${where}: the date "${raw}" could not be read; it was kept in the description.` })
    return ''
  }
  const unreadDate = (row: Row, column: string, label: string) =>
    cell(row, column) && linkedInDate(cell(row, column)) === null ? `${label}: ${cell(row, column)}` : ''
  const links: EntryItem[] = []
  const entry = (fields: Partial<EntryItem>): EntryItem => ({ id: newId(), title: '', subtitle: '', date: '', url: '', description: '', ...fields })

  // Profile.
  const profileColumns = [
    'First Name',
    'Last Name',
    'Headline',
    'Summary',
    'Geo Location',
    'Address',
    'Zip Code',
    'Websites',
    'Twitter Handles',
    'Instant Messengers',
  ]
  const profile = table('Profile.csv', profileColumns)[0]
  if (profile) {
    data.heading.firstName = cell(profile, 'First Name')
    data.heading.lastName = cell(profile, 'Last Name')
    const headline = cell(profile, 'Headline')
    data.heading.jobTitle = headline.length <= 120 ? headline : headline.split(/\s+[|·•]\s+/)[0]!.slice(0, 120)
    data.summary = lines(headline.length > 120 ? headline : '', cell(profile, 'Summary'))
    const place = cell(profile, 'Geo Location')
      .split(/\s*,\s*/)
      .filter(Boolean)
    if (place.length > 0) data.heading.city = place[0]!
    if (place.length > 1) data.heading.country = place.at(-1)!
    if (place.length > 2) data.heading.address = place.slice(1, -1).join(', ')
    const address = [cell(profile, 'Address'), cell(profile, 'Zip Code')].filter(Boolean).join(', ')
    if (address) data.heading.address = [address, data.heading.address].filter(Boolean).join(', ')
    const sites = bracketList(cell(profile, 'Websites'))
    const linkedin = sites.find((site) => /linkedin\.com/i.test(site.value))
    if (linkedin) data.heading.linkedin = linkedin.value
    const others = sites.filter((site) => site !== linkedin)
    if (others[0]) data.heading.website = others[0].value
    for (const site of others.slice(1)) links.push(entry({ title: site.label ? titleCaseLabel(site.label) : site.value, url: site.value }))
    for (const handle of bracketList(cell(profile, 'Twitter Handles')))
      links.push(
        entry({ title: 'Twitter', subtitle: `@${handle.value.replace(/^@/, '')}`, url: `https://twitter.com/${handle.value.replace(/^@/, '')}` }),
      )
    for (const im of bracketList(cell(profile, 'Instant Messengers')))
      links.push(entry({ title: im.label ? titleCaseLabel(im.label) : 'Messenger', subtitle: im.value }))
  }
  const emails = table('Email Addresses.csv', ['Email Address', 'Confirmed', 'Primary', 'Updated On'])
  const email = emails.find((row) => /^yes$/i.test(cell(row, 'Primary'))) ?? emails[0]
  if (email) data.heading.email = cell(email, 'Email Address')
  for (const other of emails.filter((row) => row !== email)) unplaced.push(`Another e-mail address: ${cell(other, 'Email Address')}`)
  const phones = table('PhoneNumbers.csv', ['Extension', 'Number', 'Type'])
  const phone = phones.find((row) => /mobile/i.test(cell(row, 'Type'))) ?? phones[0]
  if (phone)
    data.heading.phone = [cell(phone, 'Number'), cell(phone, 'Extension') ? `ext. ${cell(phone, 'Extension')}` : ''].filter(Boolean).join(' ')
  for (const other of phones.filter((row) => row !== phone)) unplaced.push(`Another phone number: ${cell(other, 'Number')}`)

  // Positions.
  data.experience = table('Positions.csv', ['Company Name', 'Title', 'Description', 'Location', 'Started On', 'Finished On']).map((row) => {
    const where = `${cell(row, 'Title') || 'A job'} at ${cell(row, 'Company Name') || 'an employer'}`
    const start = date(row, 'Started On', where)
    const end = date(row, 'Finished On', where)
    return {
      id: newId(),
      jobTitle: cell(row, 'Title'),
      employer: cell(row, 'Company Name'),
      city: cell(row, 'Location'),
      startDate: start,
      endDate: end,
      current: cell(row, 'Finished On') === '' && cell(row, 'Started On') !== '',
      description: lines(highlights(row.Description ?? ''), unreadDate(row, 'Started On', 'Started'), unreadDate(row, 'Finished On', 'Finished')),
    }
  })

  // Education: the export names the dates "Start Date" and "End Date" (some versions "Started On").
  const educationColumns = [
    'School Name',
    'Degree Name',
    'Field Of Study',
    'Start Date',
    'End Date',
    'Started On',
    'Finished On',
    'Notes',
    'Activities',
  ]
  data.education = table('Education.csv', educationColumns).map((row) => {
    const where = cell(row, 'School Name') || 'A school'
    const startColumn = cell(row, 'Start Date') ? 'Start Date' : 'Started On'
    const endColumn = cell(row, 'End Date') ? 'End Date' : 'Finished On'
    return {
      id: newId(),
      school: cell(row, 'School Name'),
      degree: cell(row, 'Degree Name'),
      field: cell(row, 'Field Of Study'),
      city: '',
      startDate: date(row, startColumn, where),
      endDate: date(row, endColumn, where),
      description: lines(
        cell(row, 'Notes'),
        cell(row, 'Activities') ? `Activities: ${cell(row, 'Activities')}` : '',
        unreadDate(row, startColumn, 'Started'),
        unreadDate(row, endColumn, 'Finished'),
      ),
    }
  })

  data.skills = table('Skills.csv', ['Name'])
    .map((row) => cell(row, 'Name'))
    .filter(Boolean)
    .map((name) => ({ id: newId(), name, level: '' as const }))
  // A proficiency is kept as LinkedIn writes it ("Full professional proficiency"): the builder's four levels would not say the same.
  const languages = table('Languages.csv', ['Name', 'Proficiency'])
  data.languages = languages
    .filter((row) => cell(row, 'Name'))
    .map((row) => ({
      id: newId(),
      name: cell(row, 'Proficiency') ? `${cell(row, 'Name')} (${cell(row, 'Proficiency')})` : cell(row, 'Name'),
      level: '' as const,
    }))
  if (languages.some((row) => cell(row, 'Proficiency')))
    notes.push({
      kind: 'uncertain',
      text: "Language levels were kept as LinkedIn words them, after each language's name; pick a level in the builder if you prefer.",
    })

  data.licenses = table('Certifications.csv', ['Name', 'Url', 'Authority', 'Started On', 'Finished On', 'License Number']).map((row) =>
    entry({
      title: cell(row, 'Name'),
      subtitle: cell(row, 'Authority'),
      date: date(row, 'Started On', cell(row, 'Name') || 'A certification'),
      url: cell(row, 'Url'),
      description: lines(
        cell(row, 'License Number') ? `License number: ${cell(row, 'License Number')}` : '',
        cell(row, 'Finished On') ? `Valid until ${cell(row, 'Finished On')}` : '',
        unreadDate(row, 'Started On', 'Issued'),
      ),
    }),
  )
  data.portfolio = table('Projects.csv', ['Title', 'Description', 'Url', 'Started On', 'Finished On']).map((row) =>
    entry({
      title: cell(row, 'Title'),
      date: date(row, 'Started On', cell(row, 'Title') || 'A project'),
      url: cell(row, 'Url'),
      description: lines(
        highlights(row.Description ?? ''),
        cell(row, 'Finished On') ? `Until ${cell(row, 'Finished On')}` : '',
        unreadDate(row, 'Started On', 'Started'),
      ),
    }),
  )
  data.honors = table('Honors.csv', ['Title', 'Description', 'Issued On']).map((row) =>
    entry({
      title: cell(row, 'Title'),
      date: date(row, 'Issued On', cell(row, 'Title') || 'An award'),
      description: lines(highlights(row.Description ?? ''), unreadDate(row, 'Issued On', 'Issued')),
    }),
  )
  data.affiliations = table('Volunteering.csv', ['Company Name', 'Role', 'Cause', 'Started On', 'Finished On', 'Description']).map((row) =>
    entry({
      title: cell(row, 'Company Name'),
      subtitle: cell(row, 'Role'),
      date: date(row, 'Started On', cell(row, 'Company Name') || 'Volunteering'),
      description: lines(
        cell(row, 'Cause') ? `Cause: ${cell(row, 'Cause')}` : '',
        cell(row, 'Finished On') ? `Until ${cell(row, 'Finished On')}` : '',
        highlights(row.Description ?? ''),
        unreadDate(row, 'Started On', 'Started'),
      ),
    }),
  )
  const customs: { title: string; items: EntryItem[] }[] = [
    { title: 'Links', items: links },
    {
      title: 'Publications',
      items: table('Publications.csv', ['Name', 'Published On', 'Description', 'Publisher', 'Url']).map((row) =>
        entry({
          title: cell(row, 'Name'),
          subtitle: cell(row, 'Publisher'),
          date: date(row, 'Published On', cell(row, 'Name') || 'A publication'),
          url: cell(row, 'Url'),
          description: lines(highlights(row.Description ?? ''), unreadDate(row, 'Published On', 'Published')),
        }),
      ),
    },
    {
      title: 'Courses',
      items: table('Courses.csv', ['Name', 'Number']).map((row) => entry({ title: cell(row, 'Name'), subtitle: cell(row, 'Number') })),
    },
  ]
  for (const custom of customs) if (custom.items.length) data.customSections.push({ id: newId(), title: custom.title, items: custom.items })
  data.additional = (['licenses', 'portfolio', 'honors', 'affiliations'] as const).filter((key) => data[key].length > 0)
  data.sectionOrder = [...listSectionKeys, ...data.customSections.map((section) => `custom:${section.id}`)]

  const fitted = fitToBuilder(data, notes)
  if (!fitted.ok) return { ok: false, error: fitted.error.replace('this PDF', 'this export') }
  return {
    ok: true,
    data: fitted.data,
    recognised: recognisedSections(fitted.data),
    notes,
    unplaced,
    files: known.filter((name) => byName.has(name)),
  }
}

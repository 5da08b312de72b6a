import { emptyResumeData, listSectionKeys, type AdditionalSectionKey, type EntryItem, type ResumeData } from '~contract/resume.ts'
import { newId } from '../model'
import type { PdfContent } from '../pdf/pdf-content'
import { notPlaced } from './accounted'
import { addLinkAnnotations, contactLinesIn, readHeading } from './contact'
import { documentTitle, headingKind, type SectionKind } from './headings'
import { descriptionOf, groupEntries, nameAndCity, pickPair, roleFirstIn } from './entries'
import { readLayout, sizeKey, type Line } from './layout'
import { readLanguages, readSkills, skillRows, type SkillOut } from './skills'
import {
  bulletGlyph,
  companyScore,
  degreeScore,
  emailPattern,
  findDate,
  isDateOnly,
  isUpper,
  joinLines,
  phoneDigits,
  phonePattern,
  schoolScore,
  stripBullet,
  stripContactLabel,
  titleCase,
  titleScore,
  toMonth,
  urlPattern,
  words,
} from './text'
import type { Entry, ImportNote, Inferred, Part } from './types'

/**
 * A resume PDF made by another tool, read from its layout: the lines of layout.ts become a
 * heading (name, contact), sections found by their heading words and typography, and entries
 * grouped by the style of their first line, their dates and the gaps between them. What could
 * not be placed or had to be cut is said in the notes, never dropped in silence.
 */

type Section = { title: string; kind: SectionKind; lines: Line[] }

/** An entry header's pieces no field took (a second place, a label in the margin): kept in front of its description. */
const unusedParts = (entry: Entry, usedPlace: Part | undefined) =>
  entry.parts.filter((part) => (part.kind === 'place' && part !== usedPlace) || part.kind === 'label').map((part) => part.text)

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
  const titles = firstPage.filter((line) => documentTitle(line.cells[0]!.text) && line.cells.length === 1)
  for (const line of titles) notes.push({ kind: 'dropped', text: `Left out as the document's title: "${line.text}"` })
  const top = firstPage.filter(
    (line) =>
      line.y > layout.pageHeight * 0.6 &&
      /\p{L}/u.test(line.text) &&
      !emailPattern.test(line.text) &&
      !titles.includes(line) &&
      headingKind(line.cells[0]!.text) === null,
  )
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
  // Columns share heading styles with the lines across the page and, for those, with the column
  // holding the most text; a sidebar's heading style is its own (a main column's sub-heading may share it).
  const chars = new Map<number, number>()
  for (const line of lines) if (line.column > 0) chars.set(line.column, (chars.get(line.column) ?? 0) + line.text.length)
  const mainColumn = [...chars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0
  const together = (a: Line, b: Line) => a.column === b.column || a.column === 0 || (b.column === 0 && a.column === mainColumn)
  const sharesStyle = (line: Line) => vocabulary.some((other) => styleOf(other) === styleOf(line) && together(other, line))
  // A heading word set smaller than the usual heading of its column ("Miscellaneous" under
  // "Experience") is a sub-heading; a sidebar may set its headings larger than the main column's.
  const mainSizeIn = (line: Line) => {
    const styles = new Map<string, number>()
    for (const other of vocabulary) if (together(other, line)) styles.set(styleOf(other), (styles.get(styleOf(other)) ?? 0) + 1)
    const main = [...styles.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]
    return main ? Number(main.split('|')[0]) : 0
  }
  const smaller = vocabulary.filter((line) => sizeKey(line.cells[0]!.size) < mainSizeIn(line) - 0.6)
  for (const line of smaller) vocabulary.splice(vocabulary.indexOf(line), 1)
  const isHeading = (line: Line) => {
    if (line === nameLine) return false
    const first = line.cells[0]!.text
    if (vocabulary.includes(line)) return true
    if (words(first) > 6 || findDate(first) || bulletGlyph.test(first) || first.length < 3 || !/\p{L}{2}/u.test(first) || /[,.;]$/.test(first))
      return false
    // Set like a heading but with a date beside it: an entry's first line ("Pied Piper   12/2013 – 12/2014").
    const dated = line.cells.slice(1).some((cell) => isDateOnly(cell.text))
    if (sharesStyle(line) && line.cells[0]!.size > body * 1.05 && alone(line) && !dated) return true
    return vocabulary.length === 0 && line.cells.length === 1 && line.size >= body * 1.25 && (isUpper(first) || line.size >= body * 1.4)
  }

  // Split into the heading block and sections.
  const firstHeadingY = Math.max(...firstPage.filter(isHeading).map((line) => line.y), -Infinity)
  // Above a column's first heading on the first page (the name and title atop a main column beside a sidebar): the heading block.
  const firstHeadingYIn = (column: number) => {
    const ys = firstPage.filter((line) => line.column === column && isHeading(line)).map((line) => line.y)
    return ys.length ? Math.max(...ys) : Infinity
  }
  const sections: Section[] = []
  const headerLines: Line[] = []
  // Each column is its own flow: where a column goes on over a page break, its lines carry on the
  // section it ended with (a sidebar's last section does not swallow the main column's next page).
  let current: Section | undefined
  const lastIn = new Map<number, Section>()
  let flow = ''
  for (const line of lines) {
    if (`${line.page}|${line.column}` !== flow) {
      flow = `${line.page}|${line.column}`
      if (line.column > 0) current = lastIn.get(line.column) ?? current
    }
    if (line.page === 1 && (line.y > firstHeadingY || (line.column > 0 && line.y > firstHeadingYIn(line.column)))) {
      headerLines.push(line)
      continue
    }
    if (isHeading(line)) {
      const title = line.cells[0]!.text.replace(/^[\d\s.]+(?=\p{L})/u, '')
        .replace(/[:：]$/, '')
        .trim()
      current = { title, kind: headingKind(title) ?? 'other', lines: [] }
      sections.push(current)
      lastIn.set(line.column, current)
      if (line.cells.length > 1)
        current.lines.push({
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
    if (!current) {
      headerLines.push(line)
      continue
    }
    current.lines.push(line)
  }
  // A footer with contact details (moderncv's casual style) belongs to the heading; so does a
  // line with an e-mail address anywhere (a sidebar, a closing block) when the heading has none.
  const headingHasEmail = headerLines.some((line) => emailPattern.test(line.text))
  const contactOnly = (line: Line) =>
    words(line.text) <= 16 &&
    line.text
      .split(/\s*[|•·◆◇♦,]\s*|\s{2,}/)
      .every((token) => words(token) <= 4 || emailPattern.test(token) || (phonePattern.test(token) && !/\p{L}{3,}/u.test(token)))
  for (const line of lines)
    if (
      (line.y < layout.pageHeight * 0.15 || (!headingHasEmail && emailPattern.test(line.text) && contactOnly(line))) &&
      (emailPattern.test(line.text) ||
        /www\.|https?:/.test(line.text) ||
        (phonePattern.test(line.text) && phoneDigits(phonePattern.exec(line.text)![0]) >= 7 && !/\p{L}{4,}/u.test(line.text))) &&
      !isDateOnly(line.text) &&
      !headerLines.includes(line)
    ) {
      headerLines.push(line)
      for (const section of sections) section.lines = section.lines.filter((l) => l !== line)
    }
  for (const line of contactLinesIn(sections)) {
    headerLines.push(line)
    for (const section of sections) section.lines = section.lines.filter((l) => l !== line)
  }
  if (layout.columns === 2)
    notes.push({
      kind: 'layout',
      text: `This PDF is laid out in two columns (page ${layout.pagesWithColumns.join(', ')}). We read the left column first, then the right one: check that each section landed where you expect.`,
    })
  for (const line of layout.dropped) notes.push({ kind: 'dropped', text: `Left out as a page header, footer or page number: "${line}"` })

  // "Personal details", "Kontakt", "Datos personales": a section that is the heading's contact block.
  for (const section of sections)
    if (section.kind === 'contact') {
      headerLines.push(...section.lines)
      section.lines = []
    }
  // With no section found, the heading is the name and the contact lines at the top; what
  // follows them is body text, kept as printed.
  let headBlock = headerLines.filter((line) => !titles.includes(line))
  let bodyText: Line[] = []
  if (sections.length === 0) {
    const contact = (line: Line) =>
      emailPattern.test(line.text) ||
      urlPattern.test(line.text.trim()) ||
      /https?:|www\./.test(line.text) ||
      (phonePattern.test(line.text) && phoneDigits(phonePattern.exec(line.text)![0]) >= 7)
    const lastContact = headBlock.findLastIndex(contact)
    const end = Math.max(lastContact, nameLine ? headBlock.indexOf(nameLine) : -1) + 1
    ;[headBlock, bodyText] = [headBlock.slice(0, end), headBlock.slice(end)]
  }
  const heading = readHeading(headBlock, nameLine, notes)
  addLinkAnnotations(heading, headBlock, content.links)
  const { links, unplaced, ...fields } = heading
  data.heading = fields
  // What the heading could not place, line by line: the summary's text when no section was found
  // (said so, with how much), else listed as not placed. Never dropped in silence.
  const unplacedLines = new Map<Line, string[]>()
  for (const piece of unplaced) unplacedLines.set(piece.line, [...(unplacedLines.get(piece.line) ?? []), piece.text])
  const leftover = [...[...unplacedLines.values()].map((texts) => texts.join(' · ')), ...bodyText.map((line) => line.text)]
  const summary: string[] = []
  if (sections.length === 0) {
    summary.push(leftover.reduce((text, line) => (!text ? line : /[.!?:]$/.test(text) ? `${text}\n${line}` : joinLines(text, line)), ''))
    notes.push({
      kind: 'uncertain',
      text: leftover.length
        ? `No section headings were recognised: the ${leftover.length === 1 ? 'line' : `${leftover.length} lines`} under the heading that ${leftover.length === 1 ? 'is' : 'are'} not a name or contact detail ${leftover.length === 1 ? 'was' : 'were'} put in the summary, as printed. Check it and move it into sections.`
        : 'No section headings were recognised: every line was read as the name and contact details.',
    })
  } else {
    // Sentences above the first section (a profile without its heading) are the summary.
    const prose = leftover.filter(
      (line) =>
        (words(line) >= 6 || (words(line) >= 2 && /[.!?]$/.test(line))) && /\p{Ll}/u.test(line) && !/^[“"„«]/.test(line) && !line.includes(' · '),
    )
    if (prose.length) {
      summary.push(prose.reduce((text, line) => (!text ? line : /[.!?:]$/.test(text) ? `${text}\n${line}` : joinLines(text, line)), ''))
      notes.push({ kind: 'uncertain', text: `The text under the heading ("${prose[0]!.slice(0, 60)}…") was read as your summary.` })
    }
    for (const line of leftover) if (!prose.includes(line)) notes.push({ kind: 'dropped', text: `Not placed (heading): "${line}"` })
  }

  // Sections.
  const order: string[] = []
  const skillOut: SkillOut = { skills: [], languages: [] }
  const additional: Record<AdditionalSectionKey, EntryItem[]> = { conferences: [], portfolio: [], honors: [], affiliations: [], licenses: [] }
  const customs: { title: string; items: EntryItem[] }[] = []
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
        description: descriptionOf(entry, [...unusedParts(entry, subtitle === url ? place : undefined), ...rest.filter((t) => t !== url)]),
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
        const jobs = groupEntries(section.lines, body, true)
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
            description: descriptionOf(entry, [
              ...unusedParts(
                entry,
                entry.parts.find((part) => part.kind === 'place'),
              ),
              ...rest,
            ]),
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
          const { rest } = picked
          // A line of its own that reads like a place ("Higher Secondary, Maharashtra HSC") above
          // or below the school, with no degree found: the degree.
          const placePart = entry.parts.find((part) => part.kind === 'place')
          const schoolLine = texts.find((part) => part.text === picked.place)?.line
          const asDegree = !picked.role && placePart && schoolLine !== undefined && placePart.line !== schoolLine && words(placePart.text) >= 2
          const role = asDegree ? placePart.text : picked.role
          const [place, schoolCity] = nameAndCity(picked.place, asDegree ? '' : (placePart?.text ?? picked.city ?? ''))
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
            description: descriptionOf(entry, [
              ...unusedParts(
                entry,
                entry.parts.find((part) => part.kind === 'place'),
              ),
              ...(field.length ? rest.slice(1) : rest),
            ]),
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
  data.summary = summary.filter(Boolean).join('\n\n')
  if (skillOut.groups?.length)
    notes.push({
      kind: 'dropped',
      text: `Not placed: the skill groups ${skillOut.groups.map((group) => `"${group}"`).join(', ')} (the builder lists skills without groups; their skills were kept).`,
    })
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
  if (missingDates.length)
    notes.push({
      kind: 'uncertain',
      text: `No dates could be read for ${missingDates.length === 1 ? 'one job' : `${missingDates.length} jobs`} (${missingDates.filter(Boolean).slice(0, 3).join(', ')}): add them by hand.`,
    })
  data.sectionOrder = [...order.filter((key) => key !== 'summary'), ...listSectionKeys.filter((key) => !order.includes(key))]
  // Whatever no step placed and no note names yet: listed, never dropped in silence.
  const headings = [...sections.map((section) => section.title), ...(skillOut.languageLabels ?? [])]
  const said = [...notes.map((note) => note.text), ...headings]
  for (const text of notPlaced(lines, data, said)) notes.push({ kind: 'dropped', text: `Not placed: "${text}"` })
  data.design.pageSize = Math.abs(content.pageWidth - 612) < 2 ? 'Letter' : 'A4'
  data.design.fontSize = Math.min(14, Math.max(8, body))
  return { data, notes, headings, text }
}

/**
 * inferResume, or when the layout trips it up, the whole text in the summary with a note saying
 * so: a file this reader cannot read still imports. `what` names the file in the note ("PDF",
 * "Word file").
 */
export function inferOrSummary(content: PdfContent, text: string, what: string): { data: ResumeData; headings: string[]; notes: ImportNote[] } {
  try {
    const inferred = inferResume(content)
    return { data: inferred.data, headings: inferred.headings, notes: inferred.notes }
  } catch {
    const data = emptyResumeData()
    data.summary = text
    return {
      data,
      headings: [],
      notes: [
        {
          kind: 'layout',
          text: `The layout of this ${what} could not be read: its whole text was put in the summary for you to move into sections.`,
        },
      ],
    }
  }
}

// Never lose text in silence (issue 37): every word on the page of a corpus file ends up in the
// imported resume (any field or section) or in a note the import review lists ("Not placed: …").
// Dev and issue-21 files only: the test part of the corpus is never looked at file by file.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CORPUS, corpusSplit } from '../../scripts/lib/bench-import.ts'
import { importPdfBytes } from '@/features/resume/import/node-import'
import { parsePdfResume } from '@/features/resume/import/pdf-import'
import { items, page, type Row } from './support/pdf-page.ts'
import { isLevelWord } from '@/features/resume/import/skills'
import { datePattern } from '@/features/resume/import/text'

const files = [
  'jake-resume',
  'rendercv-classic',
  'awesome-cv-resume',
  'openresume-resume',
  'moderncv-classic',
  'altacv-sample',
  'typst-basic-resume',
  'moderncv-banking',
  'wkhtmltopdf-jsonresume-flat',
  'intl-de-wkhtmltopdf',
  'intl-es-pdflatex-sidebar',
]
/** Compared as words: "²Conference" (a superscript before a word) is "2 conference". */
const normal = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(\p{N})(?=\p{L})/gu, '$1 ')
/** Words the reader uses up rather than copies: contact labels, "present", the words of a level. */
const usedUp = /^(e|mail|email|phone|mobile|tel|website|linkedin|github|twitter|address|present|current|now|ongoing|today|heute|actualidad)$/
/** An icon font's glyph read as its name ("HOUSE-CHIMNEY www.posquit0.com"): drawing, not words. */
const iconName = /(^|\s)[A-Z][A-Z]+(-[A-Z]+)+(?=\s+\S*[a-z0-9])/g

describe('the words of a PDF are all accounted for', () => {
  it('reads only dev and issue-21 files here', () => {
    const { test } = corpusSplit()
    expect(files.filter((name) => test.includes(name))).toEqual([])
  })

  it.each(files)(
    '%s: every word is placed or listed as not placed',
    async (name) => {
      const result = await importPdfBytes(new Uint8Array(readFileSync(join(CORPUS, `${name}.pdf`))))
      if (!result.ok) throw new Error(result.error)
      const { design: _design, ...content } = result.data
      const accounted = normal([JSON.stringify(content), ...result.notes.map((note) => note.text), ...result.headings].join(' '))
      const lost = result.text
        .split('\n')
        .flatMap((line) => normal(line.replace(iconName, ' ').replace(new RegExp(datePattern.source, 'giu'), ' ')).match(/[\p{L}\p{N}]+/gu) ?? [])
        .filter((word) => word.length > 1 && !usedUp.test(word) && !isLevelWord(word) && !accounted.includes(word))
      expect(lost).toEqual([])
    },
    30_000,
  )
})

describe('what the review says when text was not placed', () => {
  it('puts the lines under the heading in the summary when no section heading is found, and says so exactly', () => {
    const result = parsePdfResume(
      page([
        ['Ana Lopez', 50, 740, 22],
        ['ana@example.org   +33 6 12 34 56 78', 50, 715],
        ['Seasoned support lead who answered customer tickets in three languages.', 50, 690],
        ['Fernhill Books, Lyon: support lead since 2020', 50, 676],
      ]),
    )
    if (!result.ok) throw new Error(result.error)
    expect(result.data.summary).toContain('Seasoned support lead who answered customer tickets in three languages.')
    expect(result.data.summary).toContain('Fernhill Books, Lyon: support lead since 2020')
    const note = result.notes.find((n) => /No section headings/.test(n.text))
    expect(note?.text).toMatch(/the 2 lines under the heading .* were put in the summary/)
  })

  it('lists a line the heading cannot place as not placed, never only in a note cut at twelve', () => {
    const result = parsePdfResume(
      page([
        ['Ana Lopez', 50, 740, 22],
        ['ana@example.org   +33 6 12 34 56 78', 50, 715],
        ['“Stay curious”', 50, 700],
        ['Experience', 50, 680, 14],
        ['Support Lead, Fernhill Books', 50, 660],
        ['Mar 2020 – Present', 480, 660],
      ]),
    )
    if (!result.ok) throw new Error(result.error)
    expect(result.notes).toContainEqual({ kind: 'dropped', text: 'Not placed (heading): "“Stay curious”"' })
  })

  it('lists a language line whose level was read but whose other words were not', () => {
    const result = parsePdfResume(
      page([
        ['Ana Lopez', 50, 740, 22],
        ['ana@example.org', 50, 715],
        ['Idiomas', 50, 680, 14],
        ['Inglés', 50, 660],
        ['Fluent C1 Cambridge', 50, 646],
      ]),
    )
    if (!result.ok) throw new Error(result.error)
    expect(result.data.languages.map((language) => [language.name, language.level])).toEqual([['Inglés', 'Fluent']])
    expect(result.notes).toContainEqual({ kind: 'dropped', text: 'Not placed: "Fluent C1 Cambridge"' })
  })
})

describe('contact details the heading draws as icons or sets apart', () => {
  it('keeps the whole address a link annotation gives for an icon and a user name, and a mailto: e-mail', () => {
    const content = page(
      [
        ['Ana Lopez', 50, 740, 22],
        ['Lyon, France', 50, 715, 10],
        ['anadev', 150, 715, 10],
        ['write to me', 250, 715, 10],
        ['Experience', 50, 680, 14],
        ['Support Lead, Fernhill Books', 50, 660, 10],
        ['Mar 2020 – Present', 480, 660, 10],
      ],
      1,
      [
        { page: 1, rect: [148, 712, 182, 724], url: 'https://github.com/anadev' },
        { page: 1, rect: [248, 712, 305, 724], url: 'mailto:ana@example.org' },
      ],
    )
    const result = parsePdfResume(content)
    if (!result.ok) throw new Error(result.error)
    expect(result.data.heading.email).toBe('ana@example.org')
    const links = result.data.customSections.find((section) => section.title === 'Links')?.items.map((item) => item.title)
    expect(links).toContain('github.com/anadev')
    expect(links).not.toContain('anadev')
  })

  it('reads the phone, city and web address a profile section sets in its lines, and a name set on two lines', () => {
    const result = parsePdfResume(
      page([
        ['GIUSEPPE', 50, 760, 30, 'Bold'],
        ['RONCA', 50, 728, 34, 'Bold'],
        ['Tech Lead', 50, 705, 14],
        ['About Me', 50, 670, 16, 'Bold'],
        ['Software engineer with fifteen years of experience in payments.', 50, 650],
        ['+31 6 44164894', 50, 630],
        ['roncalabs@example.com', 50, 616],
        ['Haarlem, the Netherlands', 50, 602],
        ['roncaspot.github.io', 50, 588],
        ['Experience', 50, 560, 16, 'Bold'],
        ['Platform Engineer, Embed', 50, 540],
        ['Oct 2023 – Dec 2024', 480, 540],
        ['Education', 50, 120, 16, 'Bold'],
        ['University of Salerno', 50, 100],
        ['2012 - 2019', 50, 86],
      ]),
    )
    if (!result.ok) throw new Error(result.error)
    expect(result.data.heading).toMatchObject({
      firstName: 'Giuseppe',
      lastName: 'Ronca',
      phone: '+31 6 44164894',
      email: 'roncalabs@example.com',
      city: 'Haarlem',
      website: 'roncaspot.github.io',
    })
    expect(result.data.summary).toBe('Software engineer with fifteen years of experience in payments.')
    expect(result.data.education[0]).toMatchObject({ school: 'University of Salerno', startDate: '2012', endDate: '2019' })
  })

  it('reads contact details labelled "Phone number:" and "Email address:", and a school whose dates are in brackets', () => {
    const result = parsePdfResume(
      page([
        ['Om Prabhu', 34, 751, 14, 'Bold'],
        ['Phone number: (+91) 9082782130', 34, 730, 9],
        ['Email address: om@example.org', 250, 730, 9],
        ['EDUCATION AND TRAINING', 34, 690, 10, 'Bold'],
        ['Higher Secondary, Maharashtra HSC', 34, 668, 9, 'Bold'],
        ['Sathaye College of Science, Commerce and Arts [ 2017 – 2019 ]', 34, 657, 9],
      ]),
    )
    if (!result.ok) throw new Error(result.error)
    expect(result.data.heading).toMatchObject({ phone: '(+91) 9082782130', email: 'om@example.org' })
    expect(result.data.education[0]).toMatchObject({
      school: 'Sathaye College of Science, Commerce and Arts',
      degree: 'Higher Secondary, Maharashtra HSC',
      startDate: '2017',
      endDate: '2019',
    })
  })

  it('reads a large name its word spacing split in two, and skips the name where a contact line repeats it', () => {
    const result = parsePdfResume(
      page([
        ['Jan Küster · Consultant · Bremen, Germany · info@example.org', 78, 816, 9],
        ['Jan', 46, 767, 30, 'Bold'],
        ['Küster', 100, 767, 30, 'Bold'],
        ['RESUME', 250, 767, 30, 'Bold'],
        ['Experience', 46, 700, 12, 'Bold'],
        ['Fullstack Engineer, University of Bremen', 46, 680],
        ['2016 – 2020', 480, 680],
      ]),
    )
    if (!result.ok) throw new Error(result.error)
    expect(result.data.heading).toMatchObject({ firstName: 'Jan', lastName: 'Küster', city: 'Bremen', email: 'info@example.org' })
  })

  it('reads contact details set on the baselines of the name and the title, and no birth date as a phone', () => {
    const result = parsePdfResume(
      page([
        ['Né le : 24/07/1994', 300, 815, 10],
        ['ACHRAF NAJMI', 17, 793, 28, 'Bold'],
        ['Casablanca, Maroc', 300, 793, 10],
        ['PHYSICIEN ÉLECTRONICIEN', 14, 776, 14],
        ['F', 280, 776, 10, 'Icons'],
        ['+212 6 22 90 22 21', 300, 776, 10],
        ['najmi@example.org', 300, 760, 10],
        ['Experience', 17, 700, 14, 'Bold'],
        ['Technicien, Maroc Telecom', 17, 680],
        ['2019 – 2021', 480, 680],
      ]),
    )
    if (!result.ok) throw new Error(result.error)
    expect(result.data.heading).toMatchObject({
      firstName: 'Achraf',
      lastName: 'Najmi',
      jobTitle: 'Physicien Électronicien',
      phone: '+212 6 22 90 22 21',
      city: 'Casablanca',
      country: 'Maroc',
    })
  })

  it('reads the e-mail line of a closing contact block when the heading has none', () => {
    const result = parsePdfResume(
      page([
        ['Ana Lopez', 50, 740, 22],
        ['Experience', 50, 700, 14],
        ['Support Lead, Fernhill Books', 50, 680],
        ['Mar 2020 – Present', 480, 680],
        ['ana@example.org • +33 6 12 34 56 78', 200, 400],
      ]),
    )
    if (!result.ok) throw new Error(result.error)
    expect([result.data.heading.email, result.data.heading.phone]).toEqual(['ana@example.org', '+33 6 12 34 56 78'])
  })
})

describe('a contact line split by ◆ or |', () => {
  it.each(['◆', '|', '·', '•'])('reads each detail between "%s"', (separator) => {
    const result = parsePdfResume(
      page([
        ['Ana Lopez', 50, 740, 22],
        [`ana@example.org ${separator} +33 6 12 34 56 78 ${separator} Lyon, France ${separator} linkedin.com/in/ana`, 50, 715],
        ['Experience', 50, 680, 14],
        ['Support Lead, Fernhill Books', 50, 660],
        ['Mar 2020 – Present', 480, 660],
      ]),
    )
    if (!result.ok) throw new Error(result.error)
    const { email, phone, city, linkedin } = result.data.heading
    expect({ email, phone, city, linkedin }).toEqual({
      email: 'ana@example.org',
      phone: '+33 6 12 34 56 78',
      city: 'Lyon',
      linkedin: 'linkedin.com/in/ana',
    })
  })
})

describe('skill lines with a category', () => {
  const skills = (rows: Row[]) => {
    const content = page([
      ['Ana Lopez', 50, 740, 22],
      ['ana@example.org', 50, 715],
      ['Skills', 50, 680, 14],
    ])
    content.items.push(...items(rows))
    const result = parsePdfResume(content)
    if (!result.ok) throw new Error(result.error)
    return { names: result.data.skills.map((skill) => skill.name), notes: result.notes.map((note) => note.text) }
  }

  it('reads "Category: a, b, c" as the skills a, b and c, and lists the category as not placed', () => {
    const { names, notes } = skills([
      ['Languages: Python, Java, Go', 50, 660],
      ['Tools: Docker, Git', 50, 646],
    ])
    expect(names).toEqual(['Python', 'Java', 'Go', 'Docker', 'Git'])
    expect(notes.some((note) => note.includes('"Languages", "Tools"'))).toBe(true)
  })

  it('takes a category set in bold without a colon off the first skill', () => {
    const { names } = skills([
      ['Languages', 50, 660, 10, 'Bold'],
      [' Python, Java, Go', 95, 660, 10, 'Regular'],
    ])
    expect(names).toEqual(['Python', 'Java', 'Go'])
  })
})

describe('text drawn twice on the same spot', () => {
  it('reads a fake-bold heading drawn twice ("Pied PiperPied Piper") once', () => {
    const result = parsePdfResume(
      page([
        ['Ana Lopez', 50, 740, 22],
        ['ana@example.org', 50, 715],
        ['Experience', 50, 680, 14],
        ['Fernhill Books', 50, 660],
        ['Fernhill Books', 50.4, 660],
        ['Mar 2020 – Present', 480, 660],
        ['Support Lead', 50, 646],
      ]),
    )
    if (!result.ok) throw new Error(result.error)
    expect(result.data.experience.map((job) => [job.employer, job.jobTitle])).toEqual([['Fernhill Books', 'Support Lead']])
  })
})

describe('prose above the first section', () => {
  it('is the summary, not an address, even with commas in it', () => {
    const result = parsePdfResume(
      page([
        ['Ana Lopez', 50, 740, 22],
        ['ana@example.org', 50, 715],
        ['In short, I answer customer tickets, write help pages and train new colleagues', 50, 700],
        ['Experience', 50, 680, 14],
        ['Support Lead, Fernhill Books', 50, 660],
        ['Mar 2020 – Present', 480, 660],
      ]),
    )
    if (!result.ok) throw new Error(result.error)
    expect(result.data.heading.address).toBe('')
    expect(result.data.summary).toBe('In short, I answer customer tickets, write help pages and train new colleagues')
  })
})

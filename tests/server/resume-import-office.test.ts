// Importing a Word resume (.docx) and LinkedIn's data export (a ZIP of CSV files), without any
// AI (issue 37). The Word files and exports are written by the tests (support/office-files.ts),
// plus one real Word file from a public repository scored against its hand-written fields.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { percent, scoreImport, type ExpectedFields } from '../../scripts/lib/bench-import.ts'
import { docx, linkedInExport, para, run, table, wordResume, zipOf } from '../client/support/office-files.ts'
import { csvRecords, parseCsv } from '@/features/resume/import/csv'
import { parseDocxResume } from '@/features/resume/import/docx-import'
import { highlights, linkedInDate, parseLinkedInExport } from '@/features/resume/import/linkedin-import'
import { placedShare, resumeText, unplacedNotes, wordsOf } from '@/features/resume/import/unplaced'
import { emptyResumeData } from '~contract/resume.ts'

function docxImport(bytes: Uint8Array) {
  const result = parseDocxResume(bytes)
  if (!result.ok) throw new Error(result.error)
  return result
}

/** Every paragraph is in the resume, or named in a note the review shows. */
function expectAccounted(result: ReturnType<typeof docxImport>) {
  const text = resumeText(result.data)
  const words = new Set(wordsOf(text))
  const noted = result.notes.map((note) => note.text).join('\n')
  const headings = new Set(result.headings.flatMap(wordsOf))
  for (const paragraph of result.paragraphs) {
    if (wordsOf(paragraph).every((word) => headings.has(word))) continue
    if (placedShare(paragraph, text, words) >= 0.8) continue
    expect(noted, `"${paragraph}" is neither imported nor in the review`).toContain(paragraph)
  }
}

describe('DOCX import', () => {
  it('reads a Word resume by its styles: title, Heading 1 sections, bullets, tab-set dates, names in several scripts', () => {
    const result = docxImport(wordResume())
    const { data } = result
    expect(data.heading).toMatchObject({ firstName: 'Łukasz', lastName: 'Wiśniewski', email: 'lukasz.wisniewski@example.pl', city: 'Kraków' })
    expect(data.summary).toMatch(/^Logistics analyst who plans routes/)
    expect(data.experience.map((job) => [job.jobTitle, job.employer, job.city, job.startDate, job.endDate, job.current])).toEqual([
      ['Senior Logistics Analyst', 'Northwind Traders', 'Kraków', '2021-03', '', true],
      ['Logistics Analyst', 'Contoso Freight', 'Wrocław', '2017', '2021', false],
    ])
    expect(data.experience[0]!.description).toBe(
      '- Cut empty truck kilometres by 18% with a weekly route review\n- Trained six planners to read the delivery dashboard',
    )
    expect(data.education[0]).toMatchObject({ school: 'Jagiellonian University', startDate: '2013', endDate: '2017' })
    expect(data.skills.map((skill) => skill.name)).toEqual(['SQL', 'Python', 'Excel', 'Route planning'])
    expect(data.languages.map((language) => language.name)).toEqual(['Polish', 'English', 'Русский', '日本語', 'العربية'])
    // A Russian heading ("Проекты") is the builder's Projects section.
    expect(data.customSections.map((section) => section.title)).toEqual([])
    expect(data.portfolio[0]!.title).toContain('Карта маршрутов')
    expect(result.recognised).toContain('Experience (2)')
    expectAccounted(result)
  })

  it('reads a label-column table (section names left, entries right) and the contact details in the page header', () => {
    const result = docxImport(
      docx(
        [
          table(
            [90, 360],
            [
              [
                [para('Experience', { align: 'right' })],
                [para([run('Globex Sp. z o.o.', { bold: true }), run('\tJun 2019 – Aug 2023')], { rightTab: 340 })],
              ],
              [
                [],
                [
                  para('Backend Engineer'),
                  para('Moved billing to a queue and cut failed payments by a third', { style: 'ListParagraph', bullet: true }),
                ],
              ],
              [
                [para('Education', { align: 'right' })],
                [para([run('Warsaw University of Technology', { bold: true }), run('\t2015 – 2019')], { rightTab: 340 })],
              ],
              [[], [para('BSc Computer Science')]],
              [[para('Skills', { align: 'right' })], [para('Go, PostgreSQL, Kafka')]],
            ],
          ),
        ],
        { header: [para('Zofia Łukasiewicz', { style: 'Title' }), para('zofia@example.org · +48 600 100 200 · Warsaw')] },
      ),
    )
    const { data } = result
    expect(data.heading).toMatchObject({ firstName: 'Zofia', lastName: 'Łukasiewicz', email: 'zofia@example.org', phone: '+48 600 100 200' })
    expect(data.experience).toHaveLength(1)
    expect(data.experience[0]).toMatchObject({
      employer: 'Globex Sp. z o.o.',
      jobTitle: 'Backend Engineer',
      startDate: '2019-06',
      endDate: '2023-08',
    })
    expect(data.experience[0]!.description).toContain('Moved billing to a queue')
    expect(data.education[0]).toMatchObject({ school: 'Warsaw University of Technology', endDate: '2019' })
    expect(data.skills.map((skill) => skill.name)).toEqual(['Go', 'PostgreSQL', 'Kafka'])
    expectAccounted(result)
  })

  it('lists a paragraph it could not place instead of dropping it', () => {
    const data = emptyResumeData()
    data.heading.firstName = 'Ana'
    data.summary = 'Backend engineer.'
    const notes = unplacedNotes(['Ana', 'Backend engineer.', 'Sep 2019 – Present', 'Driving licence B, own car'], data, [], [])
    expect(notes).toEqual([{ kind: 'dropped', text: 'Not placed: "Driving licence B, own car"' }])
  })

  it('imports a real Word file from another author (label columns, nested roles) and accounts for every paragraph', () => {
    const result = docxImport(new Uint8Array(readFileSync('tests/fixtures/resume-docx/word-sebvc-label-column.docx')))
    const expected = JSON.parse(readFileSync('tests/fixtures/resume-import/word-sebvc-label-column.expected.json', 'utf8')) as ExpectedFields
    const score = scoreImport(expected, result.data)
    // The same document's Word PDF scores 5 of 49 with the PDF reader; the .docx says more.
    expect(percent(score.right, score.total)).toBeGreaterThanOrEqual(50)
    expect(result.data.heading).toMatchObject({ firstName: 'Sebastian', lastName: 'Villa Cuellar', email: 'sebastian.villacuellar@gmail.com' })
    expect(result.data.skills.map((skill) => skill.name)).toContain('LabVIEW')
    expectAccounted(result)
  })

  it('says why it cannot read a file, and never throws', () => {
    for (const bytes of [
      new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]),
      new TextEncoder().encode('not a zip at all'),
      zipOf({ 'readme.txt': 'hello' }),
    ]) {
      const result = parseDocxResume(bytes)
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.error).toMatch(/could not open this Word file/)
    }
    const empty = parseDocxResume(docx([para('')]))
    expect(empty.ok).toBe(false)
    if (!empty.ok) expect(empty.error).toMatch(/almost no text/)
  })
})

describe('LinkedIn data export', () => {
  it('maps Profile, Positions, Education, Skills, Languages and Certifications, names in any script intact', () => {
    const result = parseLinkedInExport(linkedInExport())
    if (!result.ok) throw new Error(result.error)
    const { data } = result
    expect(data.heading).toEqual({
      email: 'an.nguyen@example.vn',
      firstName: 'Văn An',
      lastName: 'Nguyễn',
      jobTitle: 'Data engineer | pipelines, dashboards',
      phone: '+84 91 234 5678',
      address: 'Hà Nội',
      city: 'Hanoi',
      country: 'Vietnam',
      website: 'https://an.example.vn',
      linkedin: '',
    })
    expect(data.summary).toBe('I build data pipelines for logistics firms.\n\nBefore that, I taught maths, physics and chemistry.')
    expect(data.experience.map((job) => [job.jobTitle, job.employer, job.city, job.startDate, job.endDate, job.current, job.description])).toEqual([
      [
        'Data Engineer',
        'Saigon Data Co.',
        'Ho Chi Minh City',
        '2022-01',
        '',
        true,
        '- Built the nightly load from 14 warehouses, in Airflow\n- Cut report time from 2 hours to 9 minutes',
      ],
      // A year without a month stays a year.
      ['Analyst', 'Łukasz & Partners, sp. z o.o.', 'Kraków', '2019', '2021-12', false, 'Wrote the "weekly" sales report'],
    ])
    expect(data.education).toEqual([
      expect.objectContaining({
        school: 'Hanoi University of Science and Technology',
        degree: 'Bachelor of Engineering',
        startDate: '2012',
        endDate: '2016',
        description: 'Thesis on route planning\nActivities: Chess club',
      }),
    ])
    expect(data.skills.map((skill) => skill.name)).toEqual(['Python', 'SQL', 'Apache Airflow'])
    expect(data.languages.map((language) => [language.name, language.level])).toEqual([
      ['Tiếng Việt (Native or bilingual proficiency)', ''],
      ['English (Full professional proficiency)', ''],
      ['Русский (Limited working proficiency)', ''],
      ['日本語 (Elementary proficiency)', ''],
      ['العربية', ''],
    ])
    expect(data.licenses).toEqual([
      expect.objectContaining({
        title: 'AWS Certified Data Engineer',
        subtitle: 'Amazon Web Services (AWS)',
        date: '2023-06',
        url: 'https://example.com/cert/123',
        description: 'License number: ABC-123\nValid until Jun 2026',
      }),
    ])
    expect(data.additional).toEqual(['licenses'])
    expect(data.customSections.map((section) => [section.title, section.items.map((item) => item.url)])).toEqual([
      ['Links', ['https://blog.an.example.vn', 'https://twitter.com/nguyenvanan']],
    ])
    // What the builder has no field for is listed, not dropped.
    expect(result.unplaced).toEqual([
      'Profile Birth Date: Mar 3, 1994',
      'Profile Industry: Software Development',
      'Another e-mail address: old@example.vn',
    ])
    expect(result.files).toContain('Certifications.csv')
  })

  it('finds the files in a folder of the archive, whatever their case, and reads what is there', () => {
    const result = parseLinkedInExport(zipOf({ 'Basic_LinkedInDataExport_05-01-2026/skills.CSV': 'Name\r\nŁódź logistics\r\n' }))
    expect(result.ok && result.data.skills.map((skill) => skill.name)).toEqual(['Łódź logistics'])
  })

  it('refuses a broken ZIP, or one that is not an export, with what to do', () => {
    const broken = linkedInExport().slice(0, 200)
    const results = [
      parseLinkedInExport(broken),
      parseLinkedInExport(new TextEncoder().encode('hello')),
      parseLinkedInExport(zipOf({ 'notes.txt': 'x' })),
    ]
    expect(results.map((result) => (result.ok ? 'ok' : result.error.split(':')[0]))).toEqual([
      'We could not open this ZIP file',
      'We could not open this ZIP file',
      'This ZIP is not a LinkedIn data export',
    ])
  })

  it('reads dates as written: a month stays a month, a year a year', () => {
    expect(['Mar 2021', 'Sept 2019', '2019', '03/2021', '2021-03-01', '', 'Frühling 2020'].map(linkedInDate)).toEqual([
      '2021-03',
      '2019-09',
      '2019',
      '2021-03',
      '2021-03',
      '',
      null,
    ])
  })

  it('makes one highlight per line, and per "•" when they run on one line', () => {
    expect(highlights('• One, with a comma\n\n- Two')).toBe('- One, with a comma\n- Two')
    expect(highlights('• Studied things. • Built a model.')).toBe('- Studied things.\n- Built a model.')
    expect(highlights('One sentence about the job.')).toBe('One sentence about the job.')
  })
})

describe('CSV', () => {
  it('reads quoted fields with commas, quotes and line breaks, CRLF, and a byte order mark', () => {
    expect(parseCsv('\uFEFFa,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\n,,\n')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\r\nlines'],
      ['', '', ''],
    ])
  })

  it('finds the header below a "Notes" preamble and keys rows by it', () => {
    const rows = csvRecords('Notes:\n"Some text, quoted"\n\nFirst Name,Last Name\nАнна,Иванова\n李,明\n', ['First Name'])
    expect(rows).toEqual([
      { 'First Name': 'Анна', 'Last Name': 'Иванова' },
      { 'First Name': '李', 'Last Name': '明' },
    ])
  })
})

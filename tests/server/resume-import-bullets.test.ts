// A job's list as other tools draw it (issue 37): whatever the bullet glyph, a number, or no glyph
// at all (indented lines), wrapped lines joined back into one item, hyphens that belong to a word
// kept. Made-up pages, one rule each.
import { describe, expect, it } from 'vitest'
import { parsePdfResume } from '@/features/resume/import/pdf-import'
import { page, type Row } from './support/pdf-page.ts'

const heading: Row[] = [
  ['Ana Lopez', 50, 740, 22, 'Bold'],
  ['ana@example.org   +33 6 12 34 56 78   Lyon, France', 50, 715, 10],
]
const job: Row[] = [
  ['Experience', 50, 680, 14, 'Bold'],
  ['Support Lead, Fernhill Books', 50, 660, 10, 'Bold'],
  ['Mar 2020 – Present', 480, 660],
]
function highlights(rows: Row[]): string[] {
  const result = parsePdfResume(page([...heading, ...job, ...rows]))
  if (!result.ok) throw new Error(result.error)
  const [first] = result.data.experience
  return (first?.description ?? '')
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2))
}

describe("a job's bullets", () => {
  it.each(['•', '◦', '▪', '-', '–', '*', '●', '■', '➢', '✓'])('reads items after "%s" as highlights', (glyph) => {
    expect(
      highlights([
        [`${glyph} Answered 80 customer tickets a day`, 50, 646],
        [`${glyph} Wrote the help centre`, 50, 632],
      ]),
    ).toEqual(['Answered 80 customer tickets a day', 'Wrote the help centre'])
  })

  it('reads a numbered list as highlights', () => {
    expect(
      highlights([
        ['1. Answered 80 customer tickets a day', 50, 646],
        ['2) Wrote the help centre', 50, 632],
      ]),
    ).toEqual(['Answered 80 customer tickets a day', 'Wrote the help centre'])
  })

  it('joins a wrapped line indented like the item text, whatever its first letter', () => {
    expect(
      highlights([
        ['• Answered 80 customer tickets a day in three languages and trained four new', 50, 646],
        ['colleagues on the ticket system', 60, 634],
        ['• Moved the help centre to a new tool; cut the answer time by a', 50, 620],
        ['third in six months', 60, 608],
        ['• Wrote the help centre', 50, 594],
      ]),
    ).toEqual([
      'Answered 80 customer tickets a day in three languages and trained four new colleagues on the ticket system',
      'Moved the help centre to a new tool; cut the answer time by a third in six months',
      'Wrote the help centre',
    ])
  })

  it('keeps a hyphen that belongs to the word when the line breaks after it', () => {
    expect(
      highlights([
        ['• Built an easy-', 50, 646],
        ['to-use booking page as co-', 60, 634],
        ['founder of the shop', 60, 622],
      ]),
    ).toEqual(['Built an easy-to-use booking page as co-founder of the shop'])
  })

  it('reads indented lines without a glyph as items, under a heading without dates', () => {
    const result = parsePdfResume(
      page([
        ...heading,
        ['Experience', 50, 680, 14, 'Bold'],
        ['Your Most Recent Work Experience:', 50, 660, 10, 'Bold'],
        ['Short text containing the type of work done, results obtained and lessons learned.', 50, 646, 10, 'Regular'],
        ['First item', 65, 628, 10, 'Regular'],
        ['Item with a link to the shop', 65, 612, 10, 'Regular'],
        ['That Other Job You Had', 50, 590, 10, 'Bold'],
      ]),
    )
    if (!result.ok) throw new Error(result.error)
    expect(result.data.experience.map((entry) => entry.description.split('\n'))).toEqual([
      ['Short text containing the type of work done, results obtained and lessons learned.', '- First item', '- Item with a link to the shop'],
      [''],
    ])
  })

  it('keeps "Highlights" and the list under it in the job it labels', () => {
    const result = parsePdfResume(
      page([
        ...heading,
        ...job,
        ['Highlights', 50, 640, 10, 'Bold'],
        ['Answered 80 customer tickets a day', 70, 626, 10, 'Regular'],
        ['Wrote the help centre', 70, 612, 10, 'Regular'],
      ]),
    )
    if (!result.ok) throw new Error(result.error)
    expect(result.data.experience).toHaveLength(1)
    expect(result.data.experience[0]!.description).toBe('Highlights\n- Answered 80 customer tickets a day\n- Wrote the help centre')
  })
})

describe('a job across a page break', () => {
  it('joins an item wrapped onto the next page and opens the next job there', () => {
    const rows: Row[] = [
      ['Ana Lopez', 50, 740, 22, 'Bold', 1],
      ['ana@example.org', 50, 715, 10, 'F1', 1],
      ['Experience', 50, 680, 14, 'Bold', 1],
      ['Support Lead, Fernhill Books', 50, 660, 10, 'Bold', 1],
      ['Mar 2020 – Present', 480, 660, 10, 'F1', 1],
      ['• Answered 80 customer tickets a day in three languages and trained four new', 50, 100, 10, 'F1', 1],
      ['colleagues on the ticket system', 60, 760, 10, 'F1', 2],
      ['• Wrote the help centre', 50, 746, 10, 'F1', 2],
      ['Designer, Kestrel Studio', 50, 720, 10, 'Bold', 2],
      ['2018 – 2020', 480, 720, 10, 'F1', 2],
      ['• Drew the shop', 50, 706, 10, 'F1', 2],
    ]
    const result = parsePdfResume(page(rows, 2))
    if (!result.ok) throw new Error(result.error)
    expect(result.data.experience.map((job) => [job.employer, job.description])).toEqual([
      [
        'Fernhill Books',
        '- Answered 80 customer tickets a day in three languages and trained four new colleagues on the ticket system\n- Wrote the help centre',
      ],
      ['Kestrel Studio', '- Drew the shop'],
    ])
  })
})

describe('hyphens a font draws from its soft-hyphen glyph', () => {
  it('puts back the hyphens pdf.js leaves out of the text (awesome-cv, XeLaTeX)', async () => {
    const { readFileSync } = await import('node:fs')
    const { join } = await import('node:path')
    const { CORPUS } = await import('../../scripts/lib/bench-import.ts')
    const { importPdfBytes } = await import('@/features/resume/import/node-import')
    const result = await importPdfBytes(new Uint8Array(readFileSync(join(CORPUS, 'awesome-cv-resume.pdf'))))
    if (!result.ok) throw new Error(result.error)
    const text = result.data.experience.map((job) => `${job.jobTitle}\n${job.description}`).join('\n')
    expect(text).toContain('Co-founder & Software Engineer')
    expect(text).toContain('an easy-to-use Payment module')
    expect(text).toContain('enterprise cross-cluster environments')
    // Hyphenated only to break the line: the word comes back whole.
    expect(text).toContain('Kuma, Consul, and AWS VPC Lattice')
  }, 30_000)
})

describe('lists that are more than highlights', () => {
  it('reads a list item with a date and a list nested under it as the heading of a job', () => {
    const result = parsePdfResume(
      page([
        ...heading,
        ['Experience', 50, 680, 14, 'Bold'],
        ['•', 57, 660],
        ['Service Desk Engineer • True Digital Security • Apr 2019 - Present', 72, 660],
        ['–', 72, 646],
        ['Answered the first line of support for clients across the country.', 87, 646],
        ['•', 57, 626],
        ['Intern • The Blyth Institute • Jan 2019 - Mar 2019', 72, 626],
        ['–', 72, 612],
        ['Applied the institute’s models to machine learning problems.', 87, 612],
      ]),
    )
    if (!result.ok) throw new Error(result.error)
    expect(result.data.experience.map((job) => [job.jobTitle, job.employer, job.startDate, job.endDate, job.current, job.description])).toEqual([
      ['Service Desk Engineer', 'True Digital Security', '2019-04', '', true, '- Answered the first line of support for clients across the country.'],
      ['Intern', 'The Blyth Institute', '2019-01', '2019-03', false, '- Applied the institute’s models to machine learning problems.'],
    ])
  })

  it('reads each bulleted cell of a two-column skills list as one skill, whatever its case', () => {
    const result = parsePdfResume(
      page([
        ...heading,
        ['Skills', 50, 680, 14, 'Bold'],
        ['• fast learner', 58, 660],
        ['• perform well under pressure', 250, 660],
        ['• goal oriented', 58, 642],
        ['• prioritize tasks effectively', 250, 642],
      ]),
    )
    if (!result.ok) throw new Error(result.error)
    expect(result.data.skills.map((skill) => skill.name)).toEqual([
      'fast learner',
      'perform well under pressure',
      'goal oriented',
      'prioritize tasks effectively',
    ])
  })
})

// Reading order from the page's geometry (issue 37): a sidebar beside the main column, whatever
// its length, is read as a column of its own; headings are told apart column by column, so a
// sidebar's heading style neither hides the main column's headings nor turns its sub-headings
// into sections. Made-up pages, one layout each.
import { describe, expect, it } from 'vitest'
import { parsePdfResume } from '@/features/resume/import/pdf-import'
import { page, type Row } from './support/pdf-page.ts'

function imported(rows: Row[]) {
  const result = parsePdfResume(page(rows))
  if (!result.ok) throw new Error(result.error)
  return result
}

/** A main column at x 220: a heading, then `jobs` jobs of four lines each, 70 points apart. */
function mainColumn(top: number, jobs: number, headingSize = 14, headingFont = 'Bold'): Row[] {
  const rows: Row[] = [['Experience', 220, top, headingSize, headingFont]]
  for (let i = 0; i < jobs; i++) {
    const y = top - 24 - i * 70
    rows.push(
      [`Northwind Company ${i + 1} Inc.`, 220, y, 11, 'Bold'],
      [`${2010 + i * 2} – ${2011 + i * 2}`, 500, y],
      [`Data Analyst ${i + 1}`, 220, y - 14, 10, 'Italic'],
      [`• Built the weekly sales report number ${i + 1} for the shops`, 226, y - 28],
      [`• Cut the time to close the books by ${i + 2} days`, 226, y - 42],
    )
  }
  return rows
}

const sidebarSkills = [
  'Data visualisation',
  'Statistics and SQL',
  'Python and pandas',
  'Power BI reports',
  'Excel models',
  'Forecasting',
  'Team training',
  'Public speaking',
]

describe('a sidebar beside the main column', () => {
  it('reads a sidebar shorter than half the main column as a column of its own', () => {
    const sidebar: Row[] = [['Skills', 40, 673, 14, 'Bold'], ...sidebarSkills.map((skill, i): Row => [skill, 40, 653 - i * 19])]
    const result = imported([['Ana Lopez', 40, 760, 22, 'Bold'], ['ana@example.org', 40, 740], ...sidebar, ...mainColumn(680, 6)])
    expect(result.data.skills.map((skill) => skill.name)).toEqual(sidebarSkills)
    expect(result.data.experience.map((job) => [job.employer, job.jobTitle])).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => [`Northwind Company ${n} Inc.`, `Data Analyst ${n}`]),
    )
    expect(result.data.experience[0]!.description).toBe(
      '- Built the weekly sales report number 1 for the shops\n- Cut the time to close the books by 2 days',
    )
  })

  it("keeps the main column's headings when the sidebar sets its own larger", () => {
    const sidebar: Row[] = [
      ['Skills', 40, 673, 18, 'Bold'],
      ...sidebarSkills.slice(0, 4).map((skill, i): Row => [skill, 40, 653 - i * 19]),
      ['Languages', 40, 563, 18, 'Bold'],
      ['English, Spanish', 40, 543],
      ['Interests', 40, 513, 18, 'Bold'],
      ['Chess', 40, 493],
      ['Hiking', 40, 474],
      ['Cooking', 40, 455],
    ]
    const result = imported([['Ana Lopez', 40, 760, 22, 'Bold'], ['ana@example.org', 40, 740], ...sidebar, ...mainColumn(680, 4, 13)])
    expect(result.data.experience.map((job) => job.employer)).toEqual([1, 2, 3, 4].map((n) => `Northwind Company ${n} Inc.`))
    expect(result.data.skills.map((skill) => skill.name)).toEqual(sidebarSkills.slice(0, 4))
  })

  it("does not make a section of a main-column sub-heading set like the sidebar's headings", () => {
    const sidebar: Row[] = [
      ['Skills', 40, 673, 12, 'Bold'],
      ...sidebarSkills.slice(0, 4).map((skill, i): Row => [skill, 40, 653 - i * 19]),
      ['Languages', 40, 563, 12, 'Bold'],
      ['English', 40, 543],
      ['Spanish', 40, 524],
      ['Interests', 40, 494, 12, 'Bold'],
      ['Chess and hiking', 40, 474],
    ]
    const main = mainColumn(680, 4, 16)
    main.splice(1, 0, ['Full Time', 220, 668, 12, 'Bold'])
    const result = imported([
      ['Ana Lopez', 40, 760, 22, 'Bold'],
      ['ana@example.org', 40, 740],
      ...sidebar,
      ...main,
      ['Education', 220, 380, 16, 'Bold'],
    ])
    expect(result.data.customSections.map((section) => section.title)).not.toContain('Full Time')
    expect(result.data.experience.map((job) => job.employer)).toEqual([1, 2, 3, 4].map((n) => `Northwind Company ${n} Inc.`))
  })
})

describe('the heading block atop a main column', () => {
  it("reads the name, title and place above the main column's first heading beside a sidebar that has its own", () => {
    const sidebar: Row[] = [
      ['Contact', 22, 738, 13, 'Bold'],
      ['ana@example.org', 22, 718],
      ['Top Skills', 22, 680, 13, 'Bold'],
      ...sidebarSkills.map((skill, i): Row => [skill, 22, 660 - i * 18]),
    ]
    const main: Row[] = [
      ['Ana Lopez', 224, 726, 26, 'Bold'],
      ['Tech Lead and Software Architect', 224, 705, 12],
      ['Haarlem, North Holland, Netherlands', 224, 690, 12],
      ...mainColumn(652, 4),
    ]
    const result = imported([...sidebar, ...main])
    expect(result.data.heading).toMatchObject({
      firstName: 'Ana',
      lastName: 'Lopez',
      jobTitle: 'Tech Lead and Software Architect',
      city: 'Haarlem',
      country: 'Netherlands',
      email: 'ana@example.org',
    })
    expect(result.data.experience).toHaveLength(4)
  })
})

describe('entry titles set like the section headings', () => {
  it('reads a line in the heading style with a date beside it as an entry, not a section', () => {
    const result = imported([
      ['Richard Hendriks', 30, 780, 23, 'Bold'],
      ['richard@example.org', 30, 760, 7],
      ['Experience', 30, 720, 8, 'Bold'],
      ['Pied Piper', 30, 700, 8, 'Bold'],
      ['12/2013 - 12/2014', 500, 700, 8],
      ['CEO/President', 30, 692, 7],
      ['• Built an algorithm for artists to check their music for copyright', 40, 680, 6],
      ['Hooli', 30, 660, 8, 'Bold'],
      ['01/2011 - 11/2013', 500, 660, 8],
      ['Software Developer', 30, 652, 7],
      ['• Optimised the compression of the video platform', 40, 640, 6],
      ['Education', 30, 610, 8, 'Bold'],
      ['University of Oklahoma', 30, 590, 8, 'Bold'],
      ['06/2007 - 01/2011', 500, 590, 8],
      ['Bachelor Information Technology', 30, 582, 7],
    ])
    expect(result.data.experience.map((job) => [job.employer, job.jobTitle, job.startDate, job.endDate])).toEqual([
      ['Pied Piper', 'CEO/President', '2013-12', '2014-12'],
      ['Hooli', 'Software Developer', '2011-01', '2013-11'],
    ])
    expect(result.data.education[0]).toMatchObject({ school: 'University of Oklahoma', degree: 'Bachelor Information Technology' })
    expect(result.data.customSections.map((section) => section.title)).toEqual([])
  })
})

describe('an address a narrow column wrapped', () => {
  it('joins the piece the next line holds back onto the e-mail address', () => {
    const sidebar: Row[] = [
      ['About', 30, 673, 14, 'Bold'],
      ['richard.hendriks@mail.co', 30, 653],
      ['m', 30, 641],
      ['(912) 555-4321', 30, 622],
      ['Skills', 30, 590, 14, 'Bold'],
      ...sidebarSkills.map((skill, i): Row => [skill, 30, 570 - i * 19]),
    ]
    const result = imported([['Richard Hendriks', 30, 760, 22, 'Bold'], ...sidebar, ...mainColumn(680, 6)])
    expect(result.data.heading).toMatchObject({ email: 'richard.hendriks@mail.com', phone: '(912) 555-4321' })
    expect(result.data.skills.map((skill) => skill.name)).toEqual(sidebarSkills)
  })
})

describe('columns over a page break', () => {
  it("carries the main column's section on to the next page, not the sidebar's last one", () => {
    const sidebar = (page: number, top: number, title: string, items: string[]): Row[] => [
      [title, 40, top, 14, 'Bold', page],
      ...items.map((item, i): Row => [item, 40, top - 23 - i * 21, 10, 'F1', page]),
    ]
    const jobs = (page: number, top: number, from: number): Row[] =>
      [0, 1, 2].flatMap((i): Row[] => {
        const y = top - i * 90
        const n = from + i
        return [
          [`Northwind Company ${n} Inc.`, 220, y, 11, 'Bold', page],
          [`${2000 + n * 2} – ${2001 + n * 2}`, 500, y, 10, 'F1', page],
          [`Data Analyst ${n}`, 220, y - 15, 10, 'Italic', page],
          [`• Built the weekly sales report number ${n} for the shops`, 226, y - 30, 10, 'F1', page],
          [`• Cut the time to close the books by ${n} days`, 226, y - 44, 10, 'F1', page],
        ]
      })
    const result = parsePdfResume(
      page(
        [
          ['Ana Lopez', 40, 770, 22, 'Bold', 1],
          ['ana@example.org', 40, 750, 10, 'F1', 1],
          ...sidebar(1, 700, 'Skills', sidebarSkills),
          ['Experience', 220, 700, 14, 'Bold', 1],
          ...jobs(1, 676, 1),
          ...sidebar(2, 760, 'Hobbies', ['Chess', 'Hiking', 'Cooking', 'Running', 'Painting', 'Reading', 'Travel', 'Photography']),
          ...jobs(2, 770, 4),
        ],
        2,
      ),
    )
    if (!result.ok) throw new Error(result.error)
    expect(result.data.experience.map((job) => job.employer)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Northwind Company ${n} Inc.`))
    expect(result.data.experience[4]!.description).toBe(
      '- Built the weekly sales report number 5 for the shops\n- Cut the time to close the books by 5 days',
    )
  })
})

describe('a date column', () => {
  it('joins a date range wrapped in a narrow date column and keeps the line beside its second half', () => {
    const result = imported([
      ['Ana Lopez', 40, 760, 22, 'Bold'],
      ['ana@example.org', 40, 740],
      ['Experience', 40, 700, 14, 'Bold'],
      ['Oct. 2017 -', 40, 680],
      ['Data Analyst', 120, 680, 10, 'Bold'],
      ['Northwind Retail', 480, 680],
      ['Now', 40, 666],
      ['• Built the weekly sales report for the forty shops of the group', 130, 666],
      ['• Cut the time to close the books by two days', 130, 652],
      ['Mar. 2016 -', 40, 624],
      ['Junior Analyst', 120, 624, 10, 'Bold'],
      ['Kestrel Studio', 480, 624],
      ['Oct. 2017', 40, 610],
      ['• Drew the monthly charts for the board and its members', 130, 610],
    ])
    expect(result.data.experience.map((job) => [job.jobTitle, job.startDate, job.endDate, job.current])).toEqual([
      ['Data Analyst', '2017-10', '', true],
      ['Junior Analyst', '2016-03', '2017-10', false],
    ])
    expect(result.data.experience[0]!.description).toBe(
      '- Built the weekly sales report for the forty shops of the group\n- Cut the time to close the books by two days',
    )
  })
})

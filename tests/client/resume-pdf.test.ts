// The resume PDF read back without AI: what our own export says comes back field by field from
// the page text alone (marked-content roles, bold runs, link annotations), and the attached
// JSON Resume copy is only compared with it.

import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { emptyResumeData, type ResumeData, type TemplateName } from '~contract/resume.ts'
import { exportPdf, setFontLoader } from '@/features/resume/pdf/export-pdf'
import { pdfContent, type PdfContent } from '@/features/resume/pdf/pdf-content'
import { contentFields, parsePdfResume } from '@/features/resume/import/pdf-import'
import { parseDateRangeTagged as parseDateRange } from '@/features/resume/import/text'

// The font files the `?url` imports point at, read from node_modules.
setFontLoader(async (url) => {
  const bytes = await readFile(`.${new URL(url, 'file:///').pathname}`)
  return new Uint8Array(bytes).buffer
})

async function read(bytes: Uint8Array): Promise<PdfContent> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false }).promise
  try {
    return await pdfContent(doc as never)
  } finally {
    await doc.destroy()
  }
}

function sample(template: TemplateName): ResumeData {
  const data = emptyResumeData()
  data.heading = {
    email: 'ana@example.org',
    firstName: 'Ana',
    lastName: 'Lopez',
    jobTitle: 'Data Analyst',
    phone: '+33 6 12 34 56 78',
    address: '4 Rue de la République',
    city: 'Lyon',
    country: 'France',
    website: 'analopez.example.org',
    linkedin: 'linkedin.com/in/analopez',
  }
  data.summary = 'Analyst who turns data into **clear decisions** for retail teams, with a long enough sentence to wrap across two lines of the page.'
  data.experience = [
    {
      id: 'e1',
      jobTitle: 'Senior Data Analyst',
      employer: 'Northwind Retail',
      city: 'Lyon',
      startDate: '2021-03',
      endDate: '',
      current: true,
      description:
        'Owned reporting for [the regional teams](https://northwind.example.com).\n- Cut reporting time by **40%** across every regional team by automating the weekly sales pipeline end to end\n- Built the demand forecast used by purchasing',
    },
    {
      id: 'e2',
      jobTitle: 'Data Analyst',
      employer: 'Contoso Foods',
      city: 'Paris',
      startDate: '2018-01',
      endDate: '2021-02',
      current: false,
      description: '- Ran pricing experiments',
    },
  ]
  data.education = [
    {
      id: 'd1',
      school: 'Université Lumière Lyon 2',
      degree: 'MSc',
      field: 'Applied Statistics',
      city: 'Lyon',
      startDate: '2014-09',
      endDate: '2016-06',
      description: '',
    },
  ]
  data.skills = [
    { id: 's1', name: 'SQL', level: 'Expert' },
    { id: 's2', name: 'Power BI', level: '' },
    { id: 's3', name: 'Python', level: 'Advanced' },
  ]
  data.languages = [{ id: 'l1', name: 'Spanish', level: 'Fluent' }]
  data.additional = ['conferences', 'portfolio', 'honors']
  data.conferences = [
    { id: 'c1', title: 'Forecasting demand with open data', subtitle: 'Speaker, PyData Paris', date: '2023-10', url: '', description: '' },
  ]
  data.portfolio = [
    {
      id: 'p1',
      title: 'Open retail dashboard',
      subtitle: 'Public Tableau workbook',
      date: '2022-05',
      url: 'tableau.example.com/ana',
      description: 'Weekly sales by region.',
    },
  ]
  data.honors = [{ id: 'h1', title: 'Analyst of the year', subtitle: 'Northwind Retail', date: '2022-12', url: '', description: '' }]
  data.customSections = [
    {
      id: 'x1',
      title: 'Volunteering',
      items: [{ id: 'x2', title: 'Food bank coordinator', subtitle: 'Banque Alimentaire', date: '2019-01', url: '', description: '' }],
    },
  ]
  data.sectionOrder = [
    'education',
    'experience',
    'skills',
    'languages',
    'conferences',
    'portfolio',
    'honors',
    'affiliations',
    'licenses',
    'custom:x1',
  ]
  data.design = { ...data.design, template, fontType: template === 'brilliant' ? 'Lora' : 'Default' }
  return data
}

describe('resume PDF import', () => {
  for (const template of ['cool', 'visionary', 'brilliant'] as const) {
    it(`reads every field of our ${template} PDF back from its text alone`, async () => {
      const data = sample(template)
      const result = parsePdfResume(await read(await exportPdf(data)))
      expect(result.ok).toBe(true)
      if (!result.ok) return
      expect(Object.fromEntries(contentFields(result.fromText))).toEqual(Object.fromEntries(contentFields(data)))
      expect(result.fromText.design.template).toBe(template)
      expect(result.source).toBe('attachment')
      expect(result.differences).toEqual([])
      expect(result.recognised).toEqual([
        'Heading',
        'Summary',
        'Education (1)',
        'Experience (2)',
        'Skills (3)',
        'Languages (1)',
        'Conferences (1)',
        'Portfolio (1)',
        'Honors and Awards (1)',
        'Volunteering (1)',
      ])
    })
  }

  it('imports the attached copy, design included, and reports where the text alone falls short', async () => {
    const data = sample('brilliant')
    data.heading.lastName = 'McLeod'
    const result = parsePdfResume(await read(await exportPdf(data)))
    if (!result.ok) throw new Error(result.error)
    // The brilliant template prints names in capitals: from the text alone, McLeod reads as Mcleod.
    expect(result.fromText.heading.lastName).toBe('Mcleod')
    expect(result.differences).toEqual(['Heading: lastName'])
    expect(result.data.heading.lastName).toBe('McLeod')
    expect(result.data.design).toEqual(data.design)
  })

  it('reads a line with a part in another language (its own Span) as the line it is', async () => {
    const data = sample('cool')
    data.experience[1] = { ...data.experience[1]!, employer: '株式会社ミライ', city: '東京' }
    const result = parsePdfResume(await read(await exportPdf(data)))
    if (!result.ok) throw new Error(result.error)
    expect(result.fromText.experience.map((job) => [job.jobTitle, job.employer, job.city])).toEqual(
      data.experience.map((job) => [job.jobTitle, job.employer, job.city]),
    )
    expect(result.differences).toEqual([])
  })

  it('reads a PDF without our marks from its layout', async () => {
    const data = sample('cool')
    const content = await read(await exportPdf(data))
    const plain: PdfContent = { ...content, items: content.items.map((item) => ({ ...item, tag: null })), attachments: {} }
    const result = parsePdfResume(plain)
    if (!result.ok) throw new Error(result.error)
    expect(result.source).toBe('text')
    expect(result.recognised).toEqual(expect.arrayContaining(['Summary', 'Experience (2)', 'Education (1)', 'Skills (3)']))
    expect(result.fromText.heading).toMatchObject({ firstName: 'Ana', lastName: 'Lopez', email: 'ana@example.org', phone: '+33 6 12 34 56 78' })
    expect(result.fromText.experience[0]).toMatchObject({ jobTitle: 'Senior Data Analyst', startDate: '2021-03', current: true })
  })

  it('refuses a PDF without text', () => {
    const result = parsePdfResume({ pages: 1, pageWidth: 595, items: [], links: [], attachments: {} })
    expect(result).toEqual({ ok: false, error: expect.stringContaining('no text we can read') })
  })

  it('reads date ranges in the usual spellings', () => {
    expect(parseDateRange('Mar 2021 – Present')).toEqual({ start: '2021-03', end: '', current: true })
    expect(parseDateRange('01/2018 - 02/2021')).toEqual({ start: '2018-01', end: '2021-02', current: false })
    expect(parseDateRange('September 2014 to June 2016')).toEqual({ start: '2014-09', end: '2016-06', current: false })
  })
})

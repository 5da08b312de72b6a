// The ATS check's rules as pure functions: headings, contact details, dates, bullets, action
// verbs, text lost between the resume and what a parser reads, and job keyword coverage.

import 'fake-indexeddb/auto'
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { emptyResumeData, type ResumeData } from '~contract/resume.ts'
import { atsChecks, dateFindings, jobRequirements, keywordCoverage, type AtsReading } from '@/features/resume/ats'
import { idbDraftStorage, setDraftStore } from '@/features/resume/draft-store'
import { resumePlainText } from '@/features/resume/plain-text'
import { renderRoute } from './support/render'

beforeEach(async () => {
  await idbDraftStorage.clear()
  setDraftStore(null)
})

function resume(): ResumeData {
  const data = emptyResumeData()
  data.heading = {
    ...data.heading,
    email: 'ana@example.org',
    firstName: 'Ana',
    lastName: 'Lopez',
    jobTitle: 'Data Analyst',
    phone: '+33 6 12 34 56 78',
    city: 'Lyon',
    country: 'France',
  }
  data.summary = 'Analyst who turns data into **clear decisions**.'
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
        '- Cut reporting time by 40% by automating the weekly sales pipeline in Python\n- Built the demand forecasting model used by purchasing',
    },
    {
      id: 'e2',
      jobTitle: 'Data Analyst',
      employer: 'Contoso Foods',
      city: 'Paris',
      startDate: '2018-01',
      endDate: '2021-02',
      current: false,
      description: '- Ran pricing experiments with SQL and Tableau',
    },
  ]
  data.skills = [
    { id: 's1', name: 'SQL', level: 'Expert' },
    { id: 's2', name: 'Power BI', level: '' },
  ]
  return data
}

/** What a parser reads when the PDF holds exactly the resume. */
const faithful = (data: ResumeData, headings = ['SUMMARY', 'EXPERIENCE', 'SKILLS']): AtsReading => ({
  text: resumePlainText(data),
  headings,
  fromText: data,
})
const statusOf = (data: ResumeData, reading = faithful(data)) => Object.fromEntries(atsChecks(data, reading).map((check) => [check.id, check.status]))

describe('ATS checks', () => {
  it('passes a resume a parser reads in full', () => {
    expect(statusOf(resume())).toEqual({ headings: 'pass', contact: 'pass', dates: 'pass', bullets: 'pass', verbs: 'pass', text: 'pass' })
    // A skill group's keywords and a language's fluency in the user's words are in the text too.
    const grouped = resume()
    grouped.skills.push({ id: 's3', name: 'BI tools', level: '', keywords: ['Tableau', 'Looker Studio'] })
    grouped.languages = [{ id: 'l1', name: 'German', level: 'Intermediate', fluency: 'Conversational' }]
    expect(statusOf(grouped).text).toBe('pass')
  })

  it('flags a heading parsers do not know and missing contact details', () => {
    const data = resume()
    const reading = faithful(data, ['SUMMARY', 'MY JOURNEY', 'SKILLS'])
    reading.fromText = { ...data, heading: { ...data.heading, phone: '', email: '' } }
    const checks = atsChecks(data, reading)
    expect(checks.find((c) => c.id === 'headings')).toMatchObject({ status: 'warn', detail: expect.stringContaining('“MY JOURNEY”') })
    expect(checks.find((c) => c.id === 'contact')).toMatchObject({
      status: 'fail',
      detail: 'A parser could not find an e-mail address, a phone number.',
    })
  })

  it('finds dates that contradict each other and a history out of order', () => {
    const data = resume()
    data.experience[0] = { ...data.experience[0]!, startDate: '2015-01' }
    data.experience[1] = { ...data.experience[1]!, startDate: '2021-05', endDate: '2020-01' }
    expect(dateFindings(data, new Date('2025-01-01'))).toEqual([
      'Experience: Data Analyst ends before it starts.',
      'Experience is not listed most recent first.',
    ])
  })

  it('lists bullets that are too long, too short or start without an action verb', () => {
    const data = resume()
    data.experience[1]!.description = `- Responsible for the weekly reports\n- Did stuff\n- ${'Managed a very long list of things '.repeat(6)}`
    const checks = atsChecks(data, faithful(data))
    const bullets = checks.find((c) => c.id === 'bullets')!
    expect(bullets.status).toBe('warn')
    expect(bullets.detail).toBe('1 too long (over 30 words), 1 too short (under 4 words).')
    const verbs = checks.find((c) => c.id === 'verbs')!
    expect(verbs.detail).toBe('3 of 5 bullets start with an action verb (Led, Built, Cut, Delivered…).')
    expect(verbs.items).toEqual(['Data Analyst, Contoso Foods: “Responsible for the weekly reports…”', 'Data Analyst, Contoso Foods: “Did stuff…”'])
  })

  it('reports text a parser did not get', () => {
    const data = resume()
    const reading = faithful(data)
    reading.text = reading.text.replace('Northwind Retail', 'Northwind')
    const text = atsChecks(data, reading).find((c) => c.id === 'text')!
    expect(text.status).toBe('fail')
    expect(text.items).toEqual(['Experience 1: employer: “northwind retail”'])
  })
})

describe('job keyword coverage', () => {
  const job = `Data Analyst, retail.
We are looking for an analyst to own forecasting for our stores.
- Advanced SQL and Python
- Dashboards in Power BI or Looker
- Experience with A/B testing and forecasting models
- Stakeholders: present to stakeholders every week`

  it('takes named tools, capitalised phrases, lead words of listed requirements and repeated words from the description', () => {
    expect(jobRequirements(job).map((r) => r.term)).toEqual([
      'Data Analyst',
      'forecasting',
      'SQL',
      'Python',
      'dashboards',
      'Power BI',
      'Looker',
      'A/B',
      'stakeholders',
    ])
  })

  it('says where each requirement is found in the resume, or that it is missing', () => {
    const { requirements, covered } = keywordCoverage(job, resume())
    const byTerm = Object.fromEntries(requirements.map((r) => [r.term, r.found.map((f) => f.where)]))
    expect(byTerm).toMatchObject({
      'Data Analyst': ['Heading', 'Experience: Senior Data Analyst at Northwind Retail', 'Experience: Data Analyst at Contoso Foods'],
      forecasting: ['Experience: Senior Data Analyst at Northwind Retail'],
      SQL: ['Experience: Data Analyst at Contoso Foods', 'Skills'],
      Python: ['Experience: Senior Data Analyst at Northwind Retail'],
      'Power BI': ['Skills'],
      Looker: [],
      dashboards: [],
      stakeholders: [],
    })
    expect(covered).toBe(5)
    expect(requirements.find((r) => r.term === 'Python')!.found[0]!.excerpt).toContain('pipeline in Python')
  })

  it('finds a requirement among a skill group’s keywords', () => {
    const data = resume()
    data.skills = [...data.skills, { id: 'k1', name: 'BI tools', level: 'Advanced', keywords: ['Tableau', 'Looker'] }]
    const { requirements } = keywordCoverage(job, data)
    expect(requirements.find((r) => r.term === 'Looker')!.found.map((f) => f.where)).toEqual(['Skills'])
  })
})

describe('the ATS panel on the Finalize step', () => {
  it('lists each requirement of a pasted job ad as found where, or missing', async () => {
    const { user } = await renderRoute('/resume')
    await user.type(await screen.findByLabelText('Job title'), 'Data Analyst')
    await user.click(within(screen.getByRole('navigation', { name: 'Resume steps' })).getByRole('button', { name: /Finalize/ }))
    expect(screen.getByRole('heading', { name: 'ATS check' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Check my PDF' })).toBeInTheDocument()
    await user.type(screen.getByLabelText('Job description (optional)'), 'We hire a Data Analyst who knows Looker.')
    const coverage = await screen.findByRole('region', { name: 'Keyword coverage' })
    expect(within(coverage).getByText('Your resume covers 1 of 2 requirements we found in the job description.')).toBeInTheDocument()
    const [analyst, looker] = within(coverage).getAllByRole('listitem')
    expect(analyst).toHaveTextContent('Data Analyst found in Heading')
    expect(looker).toHaveTextContent('Looker missing')
  })
})

// The resumes the bench and the soak write, built on the contract's own empty resume (its default
// section order and design), so a change to the resume's shape breaks their typecheck instead of
// drifting until the server refuses the draft.
import { emptyResumeData, type EntryItem, type ResumeData } from '../../contract/resume.ts'

/**
 * The bench's stored draft for /resume: `jobs` experience entries of four bullets each. `cjk`: the
 * same resume with a Japanese name, employers and bullets (the CJK font slices load and embed).
 */
export function benchResume(jobs: number, cjk = false): ResumeData {
  const bullet = cjk
    ? '地域の販売パイプラインを自動化し、週次レポートの作成を二日から三時間に短縮しました'
    : 'Cut weekly reporting from two days to three hours by automating the regional sales pipeline'
  const entry = (title: string, i: number): EntryItem => ({
    id: `${title}-${i}`,
    title,
    subtitle: 'Member',
    date: '2020-05',
    url: '',
    description: '',
  })
  return {
    ...emptyResumeData(),
    heading: {
      email: 'ana.lopez@example.org',
      firstName: cjk ? '花子' : 'Ana',
      lastName: cjk ? '山田' : 'Lopez',
      jobTitle: 'Senior Data Analyst',
      phone: '+33 6 12 34 56 78',
      address: '',
      city: 'Lyon',
      country: 'France',
      website: 'analopez.example.org',
      linkedin: 'linkedin.com/in/analopez',
    },
    summary: 'Analyst who turns messy data into **clear decisions** for retail teams.',
    experience: Array.from({ length: jobs }, (_, i) => ({
      id: `job-${i}`,
      jobTitle: 'Data Analyst',
      employer: cjk ? `北風リテール株式会社 ${i + 1}` : `Northwind Retail ${i + 1}`,
      city: 'Lyon',
      startDate: `${2020 - i}-01`,
      endDate: `${2020 - i}-12`,
      current: false,
      description: `Owned reporting for the regional teams.\n${Array.from({ length: 4 }, () => `- ${bullet}`).join('\n')}`,
    })),
    education: [
      {
        id: 'edu',
        school: 'Université Lumière Lyon 2',
        degree: 'MSc',
        field: 'Applied Statistics',
        city: 'Lyon',
        startDate: '2012-09',
        endDate: '2014-06',
        description: '',
      },
    ],
    skills: ['SQL', 'Python', 'Tableau', 'dbt'].map((name, i) => ({ id: `skill-${i}`, name, level: 'Expert' as const })),
    languages: [{ id: 'lang', name: 'Spanish', level: 'Fluent' }],
    honors: [entry('Analyst of the year', 0)],
    additional: ['honors'],
  }
}

/** The soak's draft: one job, `marker` in the name, summary and bullet, so a read-back shows which save it is. */
export function soakResume(marker: string): ResumeData {
  return {
    ...emptyResumeData(),
    heading: {
      email: 'soak@example.org',
      firstName: 'Soak',
      lastName: marker,
      jobTitle: 'Analyst',
      phone: '',
      address: '',
      city: 'Lyon',
      country: 'France',
      website: '',
      linkedin: '',
    },
    summary: `Draft ${marker}`,
    experience: [
      {
        id: 'x1',
        jobTitle: 'Analyst',
        employer: 'Acme',
        city: 'Lyon',
        startDate: '2021-03',
        endDate: '',
        current: true,
        description: `- Saved as ${marker}`,
      },
    ],
  }
}

// JSON Resume files anyone's tools accept: our export passes the official schema
// (@jsonresume/schema) for any resume a user can build, with addresses made absolute; the
// official sample imports with every value placed, and what cannot be placed is named (and kept:
// tests/server/json-resume-roundtrip.test.ts).

import { createRequire } from 'node:module'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { emptyResumeData, languageLevels, skillLevels, type ResumeData } from '~contract/resume.ts'
import { fromJsonResume, toJsonResume } from '@/features/resume/json-resume'
import { shownResumeData } from '@/features/resume/model'

const require = createRequire(import.meta.url)
const { validate } = require('@jsonresume/schema') as {
  validate: (json: unknown, done: (errors: { stack: string }[] | null, valid: boolean) => void) => void
}
const sample = require('@jsonresume/schema/sample.resume.json') as Record<string, unknown>

const schemaErrors = (json: unknown): string[] => {
  let errors: string[] = []
  validate(JSON.parse(JSON.stringify(json)), (found) => {
    errors = (found ?? []).map((e) => e.stack)
  })
  return errors
}

function typedAsPeopleDo(): ResumeData {
  const data = emptyResumeData()
  data.heading = {
    ...data.heading,
    firstName: 'Łucja',
    lastName: 'Wiśniewska-Nguyễn',
    email: 'lucja@example.org',
    website: 'lucja.example.org',
    linkedin: 'linkedin.com/in/łucja-wiśniewska',
    country: 'Polska',
  }
  data.experience = [
    {
      id: 'e1',
      jobTitle: 'Data engineer',
      employer: 'Northwind',
      city: 'Kraków',
      startDate: '2021-03',
      endDate: '',
      current: true,
      description: 'Built it.\n- Shipped',
    },
  ]
  data.additional = ['portfolio', 'honors']
  data.portfolio = [{ id: 'p1', title: 'Dashboard', subtitle: 'Public', date: '2022-05', url: 'tableau.example.com/ana dash', description: '' }]
  data.honors = [{ id: 'h1', title: 'Award', subtitle: 'Org', date: '2020-01', url: 'www.example.org:8080/x', description: '' }]
  return data
}

describe('JSON Resume export', () => {
  it('passes the official schema with addresses typed the usual way, made absolute, and imports back as typed', () => {
    const data = typedAsPeopleDo()
    const json = toJsonResume(data) as {
      basics: { url: string; profiles: { url: string }[] }
      projects: { url: string }[]
      awards: { url: string }[]
    }
    expect(schemaErrors(json)).toEqual([])
    expect(json.basics.url).toBe('https://lucja.example.org/')
    expect(json.basics.profiles[0]!.url).toBe('https://linkedin.com/in/%C5%82ucja-wi%C5%9Bniewska')
    expect(json.projects[0]!.url).toBe('https://tableau.example.com/ana%20dash')
    expect(json.awards[0]!.url).toBe('https://www.example.org:8080/x')
    const back = fromJsonResume(JSON.parse(JSON.stringify(json)))
    expect(back.ok).toBe(true)
    if (!back.ok) return
    expect(back.data.heading).toEqual(data.heading)
    expect(back.data.portfolio[0]!.url).toBe('tableau.example.com/ana dash')
    expect(back.unplaced).toEqual([])
    expect(back.kept).toEqual([])
  })

  it('passes the official schema for any resume the builder can hold', () => {
    const text = fc.string({ maxLength: 40, unit: 'grapheme' })
    const month = fc.oneof(
      fc.constant(''),
      fc.integer({ min: 1950, max: 2030 }).chain((y) => fc.integer({ min: 1, max: 12 }).map((m) => `${y}-${String(m).padStart(2, '0')}`)),
    )
    const item = fc.record({ id: fc.uuid(), title: text, subtitle: text, date: month, url: text, description: text })
    fc.assert(
      fc.property(
        fc.record({ email: text, website: text, linkedin: text, firstName: text, country: text }),
        fc.array(
          fc.record({
            id: fc.uuid(),
            jobTitle: text,
            employer: text,
            city: text,
            startDate: month,
            endDate: month,
            current: fc.boolean(),
            description: text,
          }),
          { maxLength: 3 },
        ),
        fc.array(item, { maxLength: 3 }),
        fc.constantFrom(...skillLevels),
        fc.constantFrom(...languageLevels),
        (heading, experience, items, skillLevel, languageLevel) => {
          const data = emptyResumeData()
          data.heading = { ...data.heading, ...heading, region: heading.firstName, postalCode: heading.country.slice(0, 20) }
          data.experience = experience
          data.portfolio = items
          data.honors = items
          data.licenses = items
          data.affiliations = items
          data.skills = [{ id: 's', name: heading.firstName, level: skillLevel, keywords: [heading.country, ''] }]
          data.languages = [{ id: 'l', name: heading.country, level: languageLevel, fluency: heading.website }]
          expect(schemaErrors(toJsonResume(data))).toEqual([])
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('JSON Resume import of the official sample', () => {
  it('places every value the builder can hold and names the rest before anything is replaced', () => {
    const result = fromJsonResume(structuredClone(sample))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    // Every text of the sample (meta aside) is somewhere in the resume, dates to the month,
    // unless it is named as not placed (the project's end date is found only because it equals
    // its start date).
    // (The file itself is kept with the resume for the export: not counted as placed.)
    const placed = JSON.stringify({ ...result.data, jsonResume: undefined })
    const leaves: [string, string][] = []
    const walk = (value: unknown, path: string) => {
      if (typeof value === 'string' || typeof value === 'number') leaves.push([path, String(value)])
      else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}.${i}`))
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k)
    }
    const { meta: _meta, $schema: _schema, ...content } = sample
    walk(content, '')
    const missing = leaves.filter(
      ([, value]) => value !== '' && !placed.includes(JSON.stringify(/^\d{4}-\d{2}-\d{2}$/.test(value) ? value.slice(0, 7) : value).slice(1, -1)),
    )
    // The name is split into first and last name; skill levels take the builder's nearest word.
    expect(missing.map(([path]) => path)).toEqual(['basics.name', 'volunteer.0.endDate', 'skills.0.level', 'skills.1.level'])
    expect(`${result.data.heading.firstName} ${result.data.heading.lastName}`).toBe('Richard Hendriks')
    expect(result.data.skills.map((s) => s.level)).toEqual(['Expert', 'Expert'])
    // The fluency in the file's words, and the level nearest to it.
    expect(result.data.languages[0]).toEqual({ id: expect.any(String), name: 'English', level: 'Native', fluency: 'Native speaker' })
    // What the builder has no field for is kept for the export, and named.
    expect(result.unplaced).toEqual([])
    expect(result.kept).toEqual(['Projects: Miss Direction: endDate', 'Volunteer: CoderDojo: endDate'])
    // Sections the builder has no section of its own for come as custom sections.
    expect(result.data.customSections.map((s) => s.title)).toEqual(['Profiles', 'Publications', 'Interests', 'References'])
    expect(result.data.skills[0]).toMatchObject({ name: 'Web Development', level: 'Expert', keywords: ['HTML', 'CSS', 'Javascript'] })
    expect(result.data.education[0]!.description).toContain('GPA: 4.0')
    // And the import exported again is a valid JSON Resume too.
    expect(schemaErrors(toJsonResume(shownResumeData(result.data)))).toEqual([])
    expect(schemaErrors(toJsonResume(result.data))).toEqual([])
  })
})

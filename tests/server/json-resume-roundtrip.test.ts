// Import -> export gives back the same JSON Resume file: the official sample and files in
// Polish, Arabic, Japanese and Hindi (tests/fixtures/json-resume/README.md). What the builder
// holds comes back through its fields; what it has no field for is kept with the resume and
// named in the import's `kept` list. Only our own meta.waypoint is added.

import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { resumeData } from '~contract/resume.ts'
import { fromJsonResume, toJsonResume } from '@/features/resume/json-resume'
import { resumeDocument } from '@/features/resume/document'
import { shownResumeData } from '@/features/resume/model'
import { exportPdf, setFontLoader } from '@/features/resume/pdf/export-pdf'

setFontLoader(async (url) => new Uint8Array(readFileSync(`.${new URL(url, 'file:///').pathname}`)).buffer)

const require = createRequire(import.meta.url)
const { validate } = require('@jsonresume/schema') as {
  validate: (json: unknown, done: (errors: { stack: string }[] | null, valid: boolean) => void) => void
}
const schemaErrors = (json: unknown): string[] => {
  let errors: string[] = []
  validate(JSON.parse(JSON.stringify(json)), (found) => {
    errors = (found ?? []).map((e) => e.stack)
  })
  return errors
}

type Json = Record<string, unknown>
const files: [string, Json][] = [
  ['the official sample', require('@jsonresume/schema/sample.resume.json') as Json],
  ...['pl', 'ar', 'ja', 'hi'].map((lang): [string, Json] => [
    lang,
    JSON.parse(readFileSync(`tests/fixtures/json-resume/${lang}.json`, 'utf8')) as Json,
  ]),
]

/** The export without our own part (meta.waypoint; meta itself when nothing else is in it), as text: key order counts. */
function withoutOurs(json: Json): string {
  const { meta, ...rest } = json
  const { waypoint: _ours, ...theirs } = (meta ?? {}) as Json
  return JSON.stringify(Object.keys(theirs).length > 0 ? { ...rest, meta: theirs } : rest)
}
const inOrder = (json: Json) => JSON.stringify(json)

function imported(file: Json) {
  const result = fromJsonResume(structuredClone(file))
  if (!result.ok) throw new Error(result.error)
  return result
}

describe('JSON Resume round trip', () => {
  it.each(files)('%s is schema-valid and comes back identical, also after saving, and through the PDF’s attached copy', (_name, file) => {
    expect(schemaErrors(file)).toEqual([])
    const { data } = imported(file)
    const exported = toJsonResume(data)
    expect(schemaErrors(exported)).toEqual([])
    // Key order included: the same file, plus our meta.waypoint.
    const original = file
    expect(withoutOurs(exported)).toBe(inOrder(original))
    // Saved to the account (the contract's parse) and read back: the same.
    const saved = v.parse(resumeData, JSON.parse(JSON.stringify(data)))
    expect(withoutOurs(toJsonResume(saved))).toBe(inOrder(original))
    // The PDF attaches toJsonResume(shownResumeData(...)); importing that and exporting again: the same.
    const attached = toJsonResume(shownResumeData(data))
    expect(withoutOurs(toJsonResume(imported(attached).data))).toBe(inOrder(original))
  })

  it('holds a fluency, skill keywords, a region and profile user names in the builder’s own fields', () => {
    const [, polish] = files[1]!
    const { data, kept } = imported(polish)
    expect(data.languages.map((l) => [l.name, l.level, l.fluency])).toEqual([
      ['polski', '', 'ojczysty'],
      ['angielski', '', 'C1'],
      ['niemiecki', 'Intermediate', 'Conversational'],
    ])
    expect(data.skills.map((s) => [s.name, s.level, s.keywords])).toEqual([
      ['Inżynieria danych (Zaawansowany)', '', ['SQL', 'Spark', 'dbt']],
      ['Chmura', 'Advanced', ['GCP', 'BigQuery']],
    ])
    expect(data.heading).toMatchObject({
      address: 'ul. Świętokrzyska 12/4',
      city: 'Warszawa',
      region: 'mazowieckie',
      postalCode: '00-916',
      country: 'PL',
    })
    const profiles = data.customSections.find((s) => s.title === 'Profiles')!
    expect(profiles.items.map((p) => [p.title, p.subtitle, p.url])).toEqual([['GitHub', 'zwojcik', 'https://github.com/zwojcik']])
    // What the page shows: the fluency in the file's words, the keywords after the skill.
    const shown = JSON.stringify(resumeDocument(data))
    expect(shown).toContain('niemiecki – Conversational')
    expect(shown).toContain('Chmura: GCP, BigQuery – Advanced')
    expect(shown).toContain('ul. Świętokrzyska 12/4, Warszawa, mazowieckie, 00-916, PL')
    // Kept with the resume, not shown: said in the review.
    expect(kept).toEqual(['Basics: image', 'Basics: LinkedIn: username', 'Projects: Mapa cen: endDate', 'Projects: Mapa cen: x-stars'])
  })

  it('the PDF’s attached copy of an imported file is that file', async () => {
    const [, sample] = files[0]!
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
    const bytes = await exportPdf(imported(sample).data)
    const doc = await getDocument({ data: bytes, isEvalSupported: false, useSystemFonts: false }).promise
    try {
      const attachments = (await doc.getAttachments()) as Record<string, { content: Uint8Array }>
      const attached = JSON.parse(new TextDecoder().decode(attachments['resume.json']!.content)) as Json
      expect(schemaErrors(attached)).toEqual([])
      expect(withoutOurs(attached)).toBe(inOrder(sample))
    } finally {
      await doc.destroy()
    }
  })

  it('keeps the language the user set for the resume', () => {
    const { data } = imported(files[1]![1])
    const back = fromJsonResume(toJsonResume({ ...data, language: 'pl' }))
    expect(back.ok && back.data.language).toBe('pl')
  })

  it('gives back what the user changed and keeps the rest of the file', () => {
    const [, polish] = files[1]!
    const { data } = imported(polish)
    data.languages[2] = { ...data.languages[2]!, fluency: '', level: 'Fluent' }
    data.skills[1] = { ...data.skills[1]!, keywords: ['GCP', 'BigQuery', 'Terraform'] }
    data.experience[0] = { ...data.experience[0]!, startDate: '2021-05' }
    data.heading.region = 'Mazowsze'
    data.heading.linkedin = 'https://www.linkedin.com/in/zofia-nowak'
    data.experience.splice(1, 1)
    const out = toJsonResume(data) as {
      languages: Json[]
      skills: Json[]
      work: Json[]
      basics: { location: Json; image: string; profiles: Json[] }
      projects: Json[]
    }
    expect(out.languages[2]).toEqual({ language: 'niemiecki', fluency: 'Fluent' })
    expect(out.skills[1]).toEqual({ name: 'Chmura', level: 'Advanced', keywords: ['GCP', 'BigQuery', 'Terraform'] })
    // The start date as changed; the rest of the job as the file had it (its url, its summary).
    expect(out.work).toEqual([{ ...(polish.work as Json[])[0], startDate: '2021-05' }])
    expect(out.basics.location.region).toBe('Mazowsze')
    expect(out.basics.image).toBe('https://example.org/zofia.jpg')
    // A new LinkedIn address does not keep the old profile's user name.
    expect(out.basics.profiles).toEqual([
      { network: 'GitHub', username: 'zwojcik', url: 'https://github.com/zwojcik' },
      { network: 'LinkedIn', url: 'https://www.linkedin.com/in/zofia-nowak' },
    ])
    expect(out.projects[0]).toMatchObject({ endDate: '2020-11-30', 'x-stars': 42 })
    expect(schemaErrors(out)).toEqual([])
  })
})

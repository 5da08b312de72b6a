import * as v from 'valibot'
import {
  additionalSectionKeys,
  designSchema,
  emptyResumeData,
  languageLevels,
  resumeData,
  skillLevels,
  type EntryItem,
  type ResumeData,
} from '~contract/resume.ts'
import { newId } from './model'

/**
 * JSON Resume (jsonresume.org, schema v1.0.0) export and import.
 *
 * Standard sections: heading -> basics (name = first + last name, label = job title, url =
 * website, location.address/city, location.countryCode when the country is a two-letter code,
 * profiles[LinkedIn]), summary -> basics.summary, experience -> work (description paragraphs ->
 * summary, "- " bullets -> highlights; no endDate with a startDate means "I work here now"),
 * education -> education (degree -> studyType, field -> area; city as `location`, description as
 * `summary`, both beyond the schema), skills -> skills, languages -> languages (level -> fluency),
 * honors -> awards (subtitle -> awarder), licenses -> certificates (subtitle -> issuer),
 * portfolio -> projects (subtitle -> entity), affiliations -> volunteer (title -> organization,
 * subtitle -> position). Descriptions keep the builder's markup (- bullets, **bold**, [links](...)).
 *
 * Ours alone, under meta.waypoint: conferences, custom sections, the section order, the
 * additional sections switched on, the design (template, fonts, colours, spacing) and a country
 * that is not a two-letter code. Importing a file we exported gives the same resume back.
 */

type Json = Record<string, unknown>
const str = (value: unknown): string => (typeof value === 'string' ? value : '')
const arr = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((x): x is Json => !!x && typeof x === 'object') : [])
const month = (value: unknown): string => /^(\d{4}-\d{2})/.exec(str(value))?.[1] ?? (/^\d{4}$/.test(str(value)) ? `${str(value)}-01` : '')
const clean = <T extends Json>(object: T): T => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== '' && value !== undefined && !(Array.isArray(value) && value.length === 0))) as T

function splitDescription(text: string): { summary: string; highlights: string[] } {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean)
  return {
    summary: lines.filter((l) => !/^[-*•]\s+/.test(l)).join('\n'),
    highlights: lines.filter((l) => /^[-*•]\s+/.test(l)).map((l) => l.replace(/^[-*•]\s+/, '')),
  }
}

const joinDescription = (summary: unknown, highlights: unknown) =>
  [str(summary), ...(Array.isArray(highlights) ? highlights.map((h) => `- ${str(h)}`) : [])].filter(Boolean).join('\n')

export function toJsonResume(data: ResumeData): Json {
  const { heading } = data
  const countryCode = /^[A-Z]{2}$/.test(heading.country) ? heading.country : ''
  const entry = (item: EntryItem, names: { title: string; subtitle: string; date: string }) =>
    clean({ [names.title]: item.title, [names.subtitle]: item.subtitle, [names.date]: item.date, url: item.url, summary: item.description })
  return {
    $schema: 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json',
    basics: clean({
      name: [heading.firstName, heading.lastName].filter(Boolean).join(' '),
      label: heading.jobTitle,
      email: heading.email,
      phone: heading.phone,
      url: heading.website,
      summary: data.summary,
      location: clean({ address: heading.address, city: heading.city, countryCode }),
      profiles: heading.linkedin ? [{ network: 'LinkedIn', url: heading.linkedin }] : [],
    }),
    work: data.experience.map((job) => {
      const { summary, highlights } = splitDescription(job.description)
      return clean({ name: job.employer, position: job.jobTitle, location: job.city, startDate: job.startDate, endDate: job.current ? '' : job.endDate, summary, highlights })
    }),
    education: data.education.map((school) =>
      clean({ institution: school.school, studyType: school.degree, area: school.field, location: school.city, startDate: school.startDate, endDate: school.endDate, summary: school.description }),
    ),
    skills: data.skills.map((skill) => clean({ name: skill.name, level: skill.level })),
    languages: data.languages.map((language) => clean({ language: language.name, fluency: language.level })),
    awards: data.honors.map((item) => entry(item, { title: 'title', subtitle: 'awarder', date: 'date' })),
    certificates: data.licenses.map((item) => entry(item, { title: 'name', subtitle: 'issuer', date: 'date' })),
    projects: data.portfolio.map((item) => entry(item, { title: 'name', subtitle: 'entity', date: 'startDate' })),
    volunteer: data.affiliations.map((item) => entry(item, { title: 'organization', subtitle: 'position', date: 'startDate' })),
    meta: {
      waypoint: {
        version: 1,
        firstName: heading.firstName,
        lastName: heading.lastName,
        country: countryCode ? '' : heading.country,
        conferences: data.conferences,
        customSections: data.customSections,
        sectionOrder: data.sectionOrder,
        additional: data.additional,
        design: data.design,
      },
    },
  }
}

export type ImportResult = { ok: true; data: ResumeData; recognised: string[] } | { ok: false; error: string }

export function fromJsonResume(input: unknown): ImportResult {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return { ok: false, error: 'This file is not a JSON Resume (no object at the top).' }
  const json = input as Json
  const basics = (json.basics && typeof json.basics === 'object' ? json.basics : {}) as Json
  if (!json.basics && !json.work && !json.education) return { ok: false, error: 'This file has none of the JSON Resume sections (basics, work, education).' }
  const ours = ((json.meta as Json | undefined)?.waypoint ?? {}) as Json
  const data = emptyResumeData()
  const location = (basics.location ?? {}) as Json
  const name = str(basics.name).trim()
  const firstName = typeof ours.firstName === 'string' ? ours.firstName : name.split(/\s+/)[0] ?? ''
  const lastName = typeof ours.lastName === 'string' ? ours.lastName : name.split(/\s+/).slice(1).join(' ')
  const linkedin = arr(basics.profiles).find((p) => /linkedin/i.test(str(p.network)) || /linkedin\./i.test(str(p.url)))
  data.heading = {
    email: str(basics.email),
    firstName,
    lastName,
    jobTitle: str(basics.label),
    phone: str(basics.phone),
    address: str(location.address),
    city: str(location.city),
    country: str(location.countryCode) || str(ours.country),
    website: str(basics.url),
    linkedin: linkedin ? str(linkedin.url) || str(linkedin.username) : '',
  }
  data.summary = str(basics.summary)
  data.experience = arr(json.work).map((job) => ({
    id: newId(),
    jobTitle: str(job.position),
    employer: str(job.name) || str(job.company),
    city: str(job.location),
    startDate: month(job.startDate),
    endDate: month(job.endDate),
    current: !month(job.endDate) && !!month(job.startDate),
    description: joinDescription(job.summary, job.highlights),
  }))
  data.education = arr(json.education).map((school) => ({
    id: newId(),
    school: str(school.institution),
    degree: str(school.studyType),
    field: str(school.area),
    city: str(school.location),
    startDate: month(school.startDate),
    endDate: month(school.endDate),
    description: joinDescription(school.summary, school.courses),
  }))
  const level = <T extends readonly string[]>(levels: T, value: unknown): T[number] => levels.find((l) => l.toLowerCase() === str(value).toLowerCase()) ?? ''
  data.skills = arr(json.skills).map((skill) => ({ id: newId(), name: str(skill.name), level: level(skillLevels, skill.level) }))
  data.languages = arr(json.languages).map((language) => ({ id: newId(), name: str(language.language), level: level(languageLevels, language.fluency) }))
  const entries = (list: unknown, names: { title: string; subtitle: string; date: string }): EntryItem[] =>
    arr(list).map((item) => ({
      id: newId(),
      title: str(item[names.title]),
      subtitle: str(item[names.subtitle]),
      date: month(item[names.date]),
      url: str(item.url),
      description: joinDescription(item.summary ?? item.description, item.highlights),
    }))
  data.honors = entries(json.awards, { title: 'title', subtitle: 'awarder', date: 'date' })
  data.licenses = entries(json.certificates, { title: 'name', subtitle: 'issuer', date: 'date' })
  data.portfolio = entries(json.projects, { title: 'name', subtitle: 'entity', date: 'startDate' })
  data.affiliations = entries(json.volunteer, { title: 'organization', subtitle: 'position', date: 'startDate' })

  const conferences = v.safeParse(resumeData.entries.conferences, ours.conferences)
  if (conferences.success) data.conferences = conferences.output
  const custom = v.safeParse(resumeData.entries.customSections, ours.customSections)
  if (custom.success) data.customSections = custom.output
  const order = v.safeParse(resumeData.entries.sectionOrder, ours.sectionOrder)
  if (order.success) data.sectionOrder = order.output
  const design = v.safeParse(designSchema, ours.design)
  if (design.success) data.design = design.output
  const additional = v.safeParse(resumeData.entries.additional, ours.additional)
  data.additional = additional.success ? additional.output : additionalSectionKeys.filter((key) => data[key].length > 0)

  const checked = v.safeParse(resumeData, data)
  if (!checked.success) return { ok: false, error: `Part of this file does not fit the builder: ${checked.issues[0].message}.` }
  const recognised = [
    data.heading.email || data.heading.firstName ? 'Heading' : '',
    data.summary ? 'Summary' : '',
    ...(['experience', 'education', 'skills', 'languages', ...additionalSectionKeys] as const).map((key) =>
      data[key].length > 0 ? `${key[0]!.toUpperCase()}${key.slice(1)} (${data[key].length})` : '',
    ),
    ...data.customSections.map((s) => `${s.title} (${s.items.length})`),
  ].filter(Boolean)
  return { ok: true, data: checked.output, recognised }
}

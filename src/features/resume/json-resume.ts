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
const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '')
const arr = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((x): x is Json => !!x && typeof x === 'object') : [])
/** A JSON Resume date at the builder's precision: "2021-03-14" -> "2021-03", "2021" stays "2021" (no invented month). */
const month = (value: unknown): string => /^(\d{4}-(0[1-9]|1[0-2]))/.exec(str(value))?.[1] ?? (/^\d{4}$/.test(str(value)) ? str(value) : '')
const clean = <T extends Json>(object: T): T =>
  Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== '' && value !== undefined && !(Array.isArray(value) && value.length === 0)),
  ) as T

/** The schema's `uri` format: a scheme, then no white space. */
const uriPattern = /^[a-zA-Z][a-zA-Z0-9+.-]*:[^\s]*$/
/** The schema's `email` format (ASCII local part and domain, as its validator checks). */
const emailPattern =
  /^[\w!#$%&'*+/=?^`{|}~-]+(\.[\w!#$%&'*+/=?^`{|}~-]+)*@([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/
/** The schema's iso8601 dates: YYYY, YYYY-MM or YYYY-MM-DD. */
const isoPattern = /^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$/

/** An address as people type it ("linkedin.com/in/ana") made absolute ("https://linkedin.com/in/ana"); '' when it cannot be one. */
export function absoluteUrl(text: string): string {
  const typed = text.trim()
  if (!typed) return ''
  // "example.org:8080/x" is a host and port, not a scheme.
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(typed) && !/^[^\s/:]+:\d/.test(typed)
  try {
    const href = new URL(hasScheme ? typed : `https://${typed.replace(/^\/\/+/, '')}`).href
    return uriPattern.test(href) ? href : ''
  } catch {
    return ''
  }
}

/**
 * Values in the file's schema fields are what the schema allows (absolute URLs, e-mail
 * addresses, ISO 8601 dates); what the user typed, where it differs, is kept under
 * meta.waypoint.typed by field path, so our own import gives the resume back as typed.
 */
function schemaValues() {
  const typed: Record<string, string> = {}
  const keep = (path: string, value: string, fixed: string) => {
    if (value !== fixed) typed[path] = value
    return fixed
  }
  return {
    typed,
    url: (path: string, value: string) => keep(path, value, absoluteUrl(value)),
    email: (path: string, value: string) => keep(path, value, emailPattern.test(value.trim()) ? value.trim() : ''),
    date: (path: string, value: string) => keep(path, value, isoPattern.test(value) ? value : ''),
  }
}

function splitDescription(text: string): { summary: string; highlights: string[] } {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
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
  const fix = schemaValues()
  const entry = (section: string, item: EntryItem, index: number, names: { title: string; subtitle: string; date: string }) =>
    clean({
      [names.title]: item.title,
      [names.subtitle]: item.subtitle,
      [names.date]: fix.date(`${section}.${index}.${names.date}`, item.date),
      url: fix.url(`${section}.${index}.url`, item.url),
      summary: item.description,
    })
  const linkedin = fix.url('basics.profiles.linkedin', heading.linkedin)
  const resume: Json = {
    $schema: 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json',
    basics: clean({
      name: [heading.firstName, heading.lastName].filter(Boolean).join(' '),
      label: heading.jobTitle,
      email: fix.email('basics.email', heading.email),
      phone: heading.phone,
      url: fix.url('basics.url', heading.website),
      summary: data.summary,
      location: clean({ address: heading.address, city: heading.city, countryCode }),
      profiles: linkedin ? [{ network: 'LinkedIn', url: linkedin }] : [],
    }),
    work: data.experience.map((job, i) => {
      const { summary, highlights } = splitDescription(job.description)
      return clean({
        name: job.employer,
        position: job.jobTitle,
        location: job.city,
        startDate: fix.date(`work.${i}.startDate`, job.startDate),
        endDate: job.current ? '' : fix.date(`work.${i}.endDate`, job.endDate),
        summary,
        highlights,
      })
    }),
    education: data.education.map((school, i) =>
      clean({
        institution: school.school,
        studyType: school.degree,
        area: school.field,
        location: school.city,
        startDate: fix.date(`education.${i}.startDate`, school.startDate),
        endDate: fix.date(`education.${i}.endDate`, school.endDate),
        summary: school.description,
      }),
    ),
    skills: data.skills.map((skill) => clean({ name: skill.name, level: skill.level })),
    languages: data.languages.map((language) => clean({ language: language.name, fluency: language.level })),
    awards: data.honors.map((item, i) => entry('awards', item, i, { title: 'title', subtitle: 'awarder', date: 'date' })),
    certificates: data.licenses.map((item, i) => entry('certificates', item, i, { title: 'name', subtitle: 'issuer', date: 'date' })),
    projects: data.portfolio.map((item, i) => entry('projects', item, i, { title: 'name', subtitle: 'entity', date: 'startDate' })),
    volunteer: data.affiliations.map((item, i) => entry('volunteer', item, i, { title: 'organization', subtitle: 'position', date: 'startDate' })),
  }
  resume.meta = {
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
      typed: fix.typed,
    },
  }
  return resume
}

export type ImportResult = { ok: true; data: ResumeData; recognised: string[]; unplaced: string[] } | { ok: false; error: string }

/** Every key of the schema's sections that the import places somewhere in the builder. */
const placedKeys: Record<string, string[]> = {
  work: ['name', 'company', 'position', 'location', 'startDate', 'endDate', 'summary', 'highlights', 'description', 'url'],
  education: ['institution', 'url', 'area', 'studyType', 'startDate', 'endDate', 'score', 'courses', 'location', 'summary'],
  skills: ['name', 'level', 'keywords'],
  languages: ['language', 'fluency'],
  awards: ['title', 'date', 'awarder', 'summary', 'url'],
  certificates: ['name', 'date', 'issuer', 'url', 'summary'],
  publications: ['name', 'publisher', 'releaseDate', 'url', 'summary'],
  interests: ['name', 'keywords'],
  references: ['name', 'reference'],
  projects: ['name', 'description', 'summary', 'highlights', 'keywords', 'startDate', 'url', 'roles', 'entity', 'type'],
  volunteer: ['organization', 'position', 'url', 'startDate', 'summary', 'highlights'],
}
const sectionLabels: Record<string, string> = {
  work: 'Work',
  education: 'Education',
  skills: 'Skills',
  languages: 'Languages',
  awards: 'Awards',
  certificates: 'Certificates',
  publications: 'Publications',
  interests: 'Interests',
  references: 'References',
  projects: 'Projects',
  volunteer: 'Volunteer',
}
const basicsKeys = ['name', 'label', 'email', 'phone', 'url', 'summary', 'location', 'profiles']
const locationKeys = ['address', 'postalCode', 'city', 'countryCode', 'region']

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
const list = (value: unknown) => (Array.isArray(value) ? value.map(str).filter(Boolean) : [])
const lines = (...parts: string[]) => parts.filter(Boolean).join('\n')
const link = (url: string) => (url ? `[${url.replace(/^https?:\/\//, '').replace(/\/$/, '')}](${url})` : '')

function matchLevel<T extends readonly string[]>(levels: T, value: string, synonyms: Record<string, T[number]>): T[number] | null {
  const typed = value.trim().toLowerCase()
  if (!typed) return ''
  return levels.find((l) => l.toLowerCase() === typed) ?? Object.entries(synonyms).find(([word]) => typed.includes(word))?.[1] ?? null
}

export function fromJsonResume(input: unknown): ImportResult {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    return { ok: false, error: 'This file is not a JSON Resume (no object at the top).' }
  const json = input as Json
  const basics = (json.basics && typeof json.basics === 'object' ? json.basics : {}) as Json
  if (!json.basics && !json.work && !json.education)
    return { ok: false, error: 'This file has none of the JSON Resume sections (basics, work, education).' }
  const ours = ((json.meta as Json | undefined)?.waypoint ?? {}) as Json
  const typed = (ours.typed && typeof ours.typed === 'object' ? ours.typed : {}) as Record<string, unknown>
  /** What the user typed, when our export made it absolute and the file still says the same. */
  const asTyped = (path: string, value: string, normalise: (typed: string) => string) => {
    const original = typed[path]
    return typeof original === 'string' && normalise(original) === value ? original : value
  }
  const typedUrl = (path: string, value: string) => asTyped(path, value, absoluteUrl)

  const unplaced: string[] = []
  const data = emptyResumeData()
  const extra: { title: string; items: EntryItem[] }[] = []
  const entry = (fields: Partial<Omit<EntryItem, 'id'>>): EntryItem => ({
    id: newId(),
    title: '',
    subtitle: '',
    date: '',
    url: '',
    description: '',
    ...fields,
  })

  // basics
  for (const [key, value] of Object.entries(basics)) if (!basicsKeys.includes(key) && !isEmpty(value)) unplaced.push(`Basics: ${key}`)
  const location = (basics.location && typeof basics.location === 'object' ? basics.location : {}) as Json
  for (const [key, value] of Object.entries(location)) if (!locationKeys.includes(key) && !isEmpty(value)) unplaced.push(`Basics: location ${key}`)
  const name = str(basics.name).trim()
  const firstName = typeof ours.firstName === 'string' ? ours.firstName : (name.split(/\s+/)[0] ?? '')
  const lastName = typeof ours.lastName === 'string' ? ours.lastName : name.split(/\s+/).slice(1).join(' ')
  const profiles = arr(basics.profiles)
  const linkedin = profiles.find((p) => /linkedin/i.test(str(p.network)) || /linkedin\./i.test(str(p.url)))
  const others = profiles.filter((p) => p !== linkedin)
  if (others.length > 0)
    extra.push({
      title: 'Profiles',
      items: others.map((p) => entry({ title: str(p.network), subtitle: str(p.username), url: typedUrl('basics.profiles', str(p.url)) })),
    })
  const country = str(location.countryCode) || str(ours.country)
  data.heading = {
    email: asTyped('basics.email', str(basics.email), (t) => (emailPatternOf(t) ? t.trim() : '')),
    firstName,
    lastName,
    jobTitle: str(basics.label),
    phone: str(basics.phone),
    address: [str(location.address), str(location.postalCode), str(location.region)].filter(Boolean).join(', '),
    city: str(location.city),
    country,
    website: typedUrl('basics.url', str(basics.url)),
    linkedin: linkedin ? typedUrl('basics.profiles.linkedin', str(linkedin.url) || str(linkedin.username)) : '',
  }
  data.summary = str(basics.summary)

  // Each schema section: the keys the builder has no place for are listed, by entry.
  const section = (key: string) => {
    const items = arr(json[key])
    items.forEach((item, i) => {
      const label = str(item.name) || str(item.title) || str(item.institution) || str(item.organization) || str(item.language) || `${i + 1}`
      for (const [field, value] of Object.entries(item))
        if (!placedKeys[key]!.includes(field) && !isEmpty(value)) unplaced.push(`${sectionLabels[key]}: ${label}: ${field}`)
    })
    return items
  }

  data.experience = section('work').map((job) => ({
    id: newId(),
    jobTitle: str(job.position),
    employer: str(job.name) || str(job.company),
    city: str(job.location),
    startDate: month(job.startDate),
    endDate: month(job.endDate),
    current: !month(job.endDate) && !!month(job.startDate),
    description: lines(str(job.description), joinDescription(job.summary, job.highlights), link(str(job.url))),
  }))
  data.education = section('education').map((school) => ({
    id: newId(),
    school: str(school.institution),
    degree: str(school.studyType),
    field: str(school.area),
    city: str(school.location),
    startDate: month(school.startDate),
    endDate: month(school.endDate),
    description: lines(joinDescription(school.summary, school.courses), str(school.score) ? `GPA: ${str(school.score)}` : '', link(str(school.url))),
  }))
  data.skills = section('skills').flatMap((skill) => {
    const level = matchLevel(skillLevels, str(skill.level), {
      master: 'Expert',
      expert: 'Expert',
      proficient: 'Advanced',
      novice: 'Beginner',
      basic: 'Beginner',
    })
    const base = level === null ? `${str(skill.name)} (${str(skill.level)})` : str(skill.name)
    const keywords = list(skill.keywords)
    const withKeywords = keywords.length > 0 ? `${base}: ${keywords.join(', ')}` : base
    // A group too long for one skill keeps its keywords as skills of their own.
    if (withKeywords.length <= 80) return [{ id: newId(), name: withKeywords, level: level ?? '' }]
    return [{ id: newId(), name: base, level: level ?? '' }, ...keywords.map((keyword) => ({ id: newId(), name: keyword, level: '' as const }))]
  })
  data.languages = section('languages').map((language) => {
    const level = matchLevel(languageLevels, str(language.fluency), {
      native: 'Native',
      mother: 'Native',
      bilingual: 'Native',
      fluent: 'Fluent',
      proficien: 'Fluent',
      advanced: 'Fluent',
      intermediate: 'Intermediate',
      conversational: 'Intermediate',
      basic: 'Elementary',
      beginner: 'Elementary',
      elementary: 'Elementary',
    })
    return { id: newId(), name: level === null ? `${str(language.language)} (${str(language.fluency)})` : str(language.language), level: level ?? '' }
  })
  const entries = (key: string, names: { title: string; subtitle: string; date: string }, more: (item: Json) => string[] = () => []): EntryItem[] =>
    section(key).map((item, i) =>
      entry({
        title: str(item[names.title]),
        subtitle: str(item[names.subtitle]),
        date: month(item[names.date]),
        url: typedUrl(`${key}.${i}.url`, str(item.url)),
        description: lines(joinDescription(item.summary ?? item.description, item.highlights), ...more(item)),
      }),
    )
  data.honors = entries('awards', { title: 'title', subtitle: 'awarder', date: 'date' })
  data.licenses = entries('certificates', { title: 'name', subtitle: 'issuer', date: 'date' })
  data.portfolio = entries('projects', { title: 'name', subtitle: 'entity', date: 'startDate' }, (item) => [
    item.summary !== undefined && str(item.description) ? str(item.description) : '',
    list(item.roles).length > 0 ? `Roles: ${list(item.roles).join(', ')}` : '',
    list(item.keywords).length > 0 ? `Keywords: ${list(item.keywords).join(', ')}` : '',
    str(item.type) ? `Type: ${str(item.type)}` : '',
  ])
  data.affiliations = entries('volunteer', { title: 'organization', subtitle: 'position', date: 'startDate' })
  // Sections the builder has no section for become custom sections.
  const publications = section('publications').map((item) =>
    entry({
      title: str(item.name),
      subtitle: str(item.publisher),
      date: month(item.releaseDate),
      url: str(item.url),
      description: str(item.summary),
    }),
  )
  if (publications.length > 0) extra.push({ title: 'Publications', items: publications })
  const interests = section('interests').map((item) => entry({ title: str(item.name), description: list(item.keywords).join(', ') }))
  if (interests.length > 0) extra.push({ title: 'Interests', items: interests })
  const references = section('references').map((item) => entry({ title: str(item.name), description: str(item.reference) }))
  if (references.length > 0) extra.push({ title: 'References', items: references })

  for (const [key, value] of Object.entries(json)) {
    if (!['$schema', 'basics', 'meta', ...Object.keys(placedKeys)].includes(key) && !isEmpty(value))
      unplaced.push(`${key} (not a JSON Resume section)`)
  }

  const conferences = v.safeParse(resumeData.entries.conferences, ours.conferences)
  if (conferences.success) data.conferences = conferences.output
  const custom = v.safeParse(resumeData.entries.customSections, ours.customSections)
  if (custom.success) data.customSections = custom.output
  for (const section of extra) {
    if (data.customSections.length >= 10) unplaced.push(`${section.title} (the builder holds at most 10 custom sections)`)
    else data.customSections.push({ id: newId(), title: section.title, items: section.items.slice(0, 50) })
  }
  const order = v.safeParse(resumeData.entries.sectionOrder, ours.sectionOrder)
  if (order.success) data.sectionOrder = order.output
  else data.sectionOrder = [...data.sectionOrder, ...data.customSections.map((s) => `custom:${s.id}`)]
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
  return { ok: true, data: checked.output, recognised, unplaced }
}

const emailPatternOf = (text: string) => emailPattern.test(text.trim())

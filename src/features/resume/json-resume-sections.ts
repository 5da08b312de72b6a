import {
  languageLevels,
  skillLevels,
  type EducationItem,
  type EntryItem,
  type ExperienceItem,
  type LanguageItem,
  type SkillItem,
} from '~contract/resume.ts'
import type { Group, Json } from './json-resume-source'

/**
 * How each JSON Resume section maps to the builder's fields, both ways (used by json-resume.ts):
 * what an item of the file becomes in the builder, what a builder item is written as, and
 * which keys of the file each builder field makes.
 */

export type Fix = ReturnType<typeof schemaValues>
/** How an import reads what the user typed before our export made it absolute. */
export type Read = { url: (path: string, value: string) => string }

export const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '')
export const arr = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((x): x is Json => !!x && typeof x === 'object') : [])
/** A JSON Resume date at the builder's precision: "2021-03-14" -> "2021-03", "2021" stays "2021" (no invented month). */
export const month = (value: unknown): string => /^(\d{4}-(0[1-9]|1[0-2]))/.exec(str(value))?.[1] ?? (/^\d{4}$/.test(str(value)) ? str(value) : '')
export const clean = <T extends Json>(object: T): T =>
  Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== '' && value !== undefined && !(Array.isArray(value) && value.length === 0)),
  ) as T

/** The schema's `uri` format: a scheme, then no white space. */
const uriPattern = /^[a-zA-Z][a-zA-Z0-9+.-]*:[^\s]*$/
/** The schema's `email` format (ASCII local part and domain, as its validator checks). */
export const emailPattern =
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
export function schemaValues() {
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

export const joinDescription = (summary: unknown, highlights: unknown) =>
  [str(summary), ...(Array.isArray(highlights) ? highlights.map((h) => `- ${str(h)}`) : [])].filter(Boolean).join('\n')
export const list = (value: unknown) => (Array.isArray(value) ? value.map(str).filter(Boolean) : [])
export const lines = (...parts: string[]) => parts.filter(Boolean).join('\n')
const link = (url: string) => (url ? `[${url.replace(/^https?:\/\//, '').replace(/\/$/, '')}](${url})` : '')

function matchLevel<T extends readonly string[]>(levels: T, value: string, synonyms: Record<string, T[number]>): T[number] | null {
  const typed = value.trim().toLowerCase()
  if (!typed) return ''
  return levels.find((l) => l.toLowerCase() === typed) ?? Object.entries(synonyms).find(([word]) => typed.includes(word))?.[1] ?? null
}
const skillSynonyms = { master: 'Expert', expert: 'Expert', proficient: 'Advanced', novice: 'Beginner', basic: 'Beginner' } as const
const languageSynonyms = {
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
} as const

/** One JSON Resume section held as a list of builder items: how an item comes in, goes out, and which keys each field makes. */
export type Mapping<T> = {
  read: (item: Json, path: string, read: Read) => Omit<T, 'id'>
  write: (item: T, path: string, fix: Fix) => Json
  groups: Group[]
}
const one = (field: string, ...keys: string[]): Group => ({ fields: [field], keys: keys.length > 0 ? keys : [field] })

export const work: Mapping<ExperienceItem> = {
  read: (job, path, read) => ({
    jobTitle: str(job.position),
    employer: str(job.name) || str(job.company),
    city: str(job.location),
    startDate: month(job.startDate),
    endDate: month(job.endDate),
    current: !month(job.endDate) && !!month(job.startDate),
    description: lines(str(job.description), joinDescription(job.summary, job.highlights), link(read.url(`${path}.url`, str(job.url)))),
  }),
  write: (job, path, fix) => {
    const { summary, highlights } = splitDescription(job.description)
    return clean({
      name: job.employer,
      position: job.jobTitle,
      location: job.city,
      startDate: fix.date(`${path}.startDate`, job.startDate),
      endDate: job.current ? '' : fix.date(`${path}.endDate`, job.endDate),
      summary,
      highlights,
    })
  },
  groups: [
    one('jobTitle', 'position'),
    one('employer', 'name', 'company'),
    one('city', 'location'),
    one('startDate'),
    { fields: ['endDate', 'current'], keys: ['endDate'] },
    one('description', 'description', 'summary', 'highlights', 'url'),
  ],
}

export const education: Mapping<EducationItem> = {
  read: (school) => ({
    school: str(school.institution),
    degree: str(school.studyType),
    field: str(school.area),
    city: str(school.location),
    startDate: month(school.startDate),
    endDate: month(school.endDate),
    description: lines(joinDescription(school.summary, school.courses), str(school.score) ? `GPA: ${str(school.score)}` : '', link(str(school.url))),
  }),
  write: (school, path, fix) =>
    clean({
      institution: school.school,
      studyType: school.degree,
      area: school.field,
      location: school.city,
      startDate: fix.date(`${path}.startDate`, school.startDate),
      endDate: fix.date(`${path}.endDate`, school.endDate),
      summary: school.description,
    }),
  groups: [
    one('school', 'institution'),
    one('degree', 'studyType'),
    one('field', 'area'),
    one('city', 'location'),
    one('startDate'),
    one('endDate'),
    one('description', 'summary', 'courses', 'score', 'url'),
  ],
}

export const skills: Mapping<SkillItem> = {
  read: (skill) => {
    const level = matchLevel(skillLevels, str(skill.level), skillSynonyms)
    const keywords = list(skill.keywords)
      .slice(0, 30)
      .map((k) => k.slice(0, 80))
    return {
      // A level the builder has no word for stays in sight, after the name.
      name: level === null ? `${str(skill.name)} (${str(skill.level)})` : str(skill.name),
      level: level ?? '',
      ...(keywords.length > 0 ? { keywords } : {}),
    }
  },
  write: (skill) => clean({ name: skill.name, level: skill.level, keywords: (skill.keywords ?? []).map((k) => k.trim()).filter(Boolean) }),
  groups: [{ fields: ['name', 'level'], keys: ['name', 'level'] }, one('keywords')],
}

export const languages: Mapping<LanguageItem> = {
  read: (language) => {
    const fluency = str(language.fluency).trim()
    const level = matchLevel(languageLevels, fluency, languageSynonyms) ?? ''
    // The fluency in the file's words, unless it is the level's own word.
    return { name: str(language.language), level, ...(fluency && fluency !== level ? { fluency } : {}) }
  },
  write: (language) => clean({ language: language.name, fluency: language.fluency?.trim() || language.level }),
  groups: [one('name', 'language'), { fields: ['level', 'fluency'], keys: ['fluency'] }],
}

/** An entry section: the file's keys for the entry's title, subtitle and date, and how its description is made. */
function entries(
  names: { title: string; subtitle?: string; date?: string },
  description: { keys: string[]; read: (item: Json) => string; write?: (text: string) => Json },
): Mapping<EntryItem> {
  return {
    read: (item, path, read) => ({
      title: str(item[names.title]),
      subtitle: names.subtitle ? str(item[names.subtitle]) : '',
      date: names.date ? month(item[names.date]) : '',
      url: read.url(`${path}.url`, str(item.url)),
      description: description.read(item),
    }),
    write: (item, path, fix) =>
      clean({
        [names.title]: item.title,
        ...(names.subtitle ? { [names.subtitle]: item.subtitle } : {}),
        ...(names.date ? { [names.date]: fix.date(`${path}.${names.date}`, item.date) } : {}),
        url: fix.url(`${path}.url`, item.url),
        ...(description.write ?? ((text: string) => ({ summary: text })))(item.description),
      }),
    groups: [
      one('title', names.title),
      ...(names.subtitle ? [one('subtitle', names.subtitle)] : []),
      ...(names.date ? [one('date', names.date)] : []),
      one('url'),
      one('description', ...description.keys),
    ],
  }
}
const summaryAndHighlights = { keys: ['summary', 'highlights'], read: (item: Json) => joinDescription(item.summary, item.highlights) }

/** Each schema section the builder holds, and where. */
export const sections = {
  work: { place: 'experience', mapping: work },
  education: { place: 'education', mapping: education },
  skills: { place: 'skills', mapping: skills },
  languages: { place: 'languages', mapping: languages },
  awards: { place: 'honors', mapping: entries({ title: 'title', subtitle: 'awarder', date: 'date' }, summaryAndHighlights) },
  certificates: { place: 'licenses', mapping: entries({ title: 'name', subtitle: 'issuer', date: 'date' }, summaryAndHighlights) },
  projects: {
    place: 'portfolio',
    mapping: entries(
      { title: 'name', subtitle: 'entity', date: 'startDate' },
      {
        keys: ['description', 'summary', 'highlights', 'roles', 'keywords', 'type'],
        read: (item) =>
          lines(
            joinDescription(item.summary ?? item.description, item.highlights),
            item.summary !== undefined && str(item.description) ? str(item.description) : '',
            list(item.roles).length > 0 ? `Roles: ${list(item.roles).join(', ')}` : '',
            list(item.keywords).length > 0 ? `Keywords: ${list(item.keywords).join(', ')}` : '',
            str(item.type) ? `Type: ${str(item.type)}` : '',
          ),
      },
    ),
  },
  volunteer: { place: 'affiliations', mapping: entries({ title: 'organization', subtitle: 'position', date: 'startDate' }, summaryAndHighlights) },
  publications: {
    place: 'custom',
    title: 'Publications',
    mapping: entries({ title: 'name', subtitle: 'publisher', date: 'releaseDate' }, { keys: ['summary'], read: (item) => str(item.summary) }),
  },
  interests: {
    place: 'custom',
    title: 'Interests',
    mapping: entries(
      { title: 'name' },
      {
        keys: ['keywords'],
        read: (item) => list(item.keywords).join(', '),
        write: (text) => ({
          keywords: text
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean),
        }),
      },
    ),
  },
  references: {
    place: 'custom',
    title: 'References',
    mapping: entries({ title: 'name' }, { keys: ['reference'], read: (item) => str(item.reference), write: (text) => ({ reference: text }) }),
  },
} as const
export type SectionKey = keyof typeof sections
export const sectionKeys = Object.keys(sections) as SectionKey[]
export const sectionLabels: Record<SectionKey, string> = {
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
export const profiles = entries({ title: 'network', subtitle: 'username' }, { keys: [], read: () => '', write: () => ({}) })
/** A changed LinkedIn address drops the file's user name with it (it would name another profile). */
export const linkedinGroups: Group[] = [one('linkedin', 'url', 'username'), { fields: [], keys: ['network'] }]
export const basicsGroups: Group[] = [
  { fields: ['firstName', 'lastName'], keys: ['name'] },
  one('jobTitle', 'label'),
  one('email'),
  one('phone'),
  one('website', 'url'),
  one('summary'),
  { fields: [], keys: ['location', 'profiles'] },
]
export const locationGroups: Group[] = [one('address'), one('postalCode'), one('city'), one('region'), one('country', 'countryCode')]
export const isLinkedIn = (profile: Json) => /linkedin/i.test(str(profile.network)) || /linkedin\./i.test(str(profile.url))

export type Location = { address: string; postalCode: string; city: string; region: string; country: string }
export const readLocation = (location: Json, ours: Json): Location => ({
  address: str(location.address),
  postalCode: str(location.postalCode),
  city: str(location.city),
  region: str(location.region),
  country: str(location.countryCode) || str(ours.country),
})
export function readBasics(basics: Json, ours: Json, read: Read & { email: (value: string) => string }) {
  const name = str(basics.name).trim()
  return {
    firstName: typeof ours.firstName === 'string' ? ours.firstName : (name.split(/\s+/)[0] ?? ''),
    lastName: typeof ours.lastName === 'string' ? ours.lastName : name.split(/\s+/).slice(1).join(' '),
    jobTitle: str(basics.label),
    email: read.email(str(basics.email)),
    phone: str(basics.phone),
    website: read.url('basics.url', str(basics.url)),
    summary: str(basics.summary),
  }
}
export const readLinkedIn = (profile: Json, read: Read) => read.url('basics.profiles.linkedin', str(profile.url) || str(profile.username))
export const plainRead: Read & { email: (value: string) => string } = { url: (_path, value) => value, email: (value) => value }
export const objectOf = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {})
export const pathIndex = (path: string | undefined) => Number(/\.(\d+)$/.exec(path ?? '')?.[1] ?? Number.POSITIVE_INFINITY)

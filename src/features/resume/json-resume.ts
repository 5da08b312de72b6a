import * as v from 'valibot'
import {
  additionalSectionKeys,
  designSchema,
  emptyResumeData,
  jsonResumeOrigins,
  resumeData,
  type EntryItem,
  type ResumeData,
} from '~contract/resume.ts'
import { newId } from './model'
import { at, changedKeys, inFileOrder, merge, same, unownedKeys, type Json } from './json-resume-source'
import {
  absoluteUrl,
  arr,
  basicsGroups,
  clean,
  emailPattern,
  isLinkedIn,
  languages,
  linkedinGroups,
  locationGroups,
  objectOf,
  pathIndex,
  plainRead,
  profiles,
  readBasics,
  readLinkedIn,
  readLocation,
  schemaValues,
  sectionKeys,
  sectionLabels,
  sections,
  skills,
  str,
  work,
  education,
  type Location,
  type Mapping,
  type SectionKey,
} from './json-resume-sections'

export { absoluteUrl } from './json-resume-sections'

/**
 * JSON Resume (jsonresume.org, schema v1.0.0) export and import.
 *
 * Standard sections: heading -> basics (name = first + last name, label = job title, url =
 * website, location address, postalCode, city, region, countryCode when the country is a
 * two-letter code, profiles[LinkedIn]), summary -> basics.summary, experience -> work
 * (description paragraphs -> summary, "- " bullets -> highlights; no endDate with a startDate
 * means "I work here now"), education -> education (degree -> studyType, field -> area; city as
 * `location`, description as `summary`, both beyond the schema), skills -> skills (keywords
 * too), languages -> languages (the fluency as the user put it, else the level), honors ->
 * awards (subtitle -> awarder), licenses -> certificates (subtitle -> issuer), portfolio ->
 * projects (subtitle -> entity), affiliations -> volunteer (title -> organization, subtitle ->
 * position). Custom sections imported from profiles, publications, interests and references go
 * back there. Descriptions keep the builder's markup (- bullets, **bold**, [links](...)).
 *
 * Ours alone, under meta.waypoint: conferences, custom sections, the section order, the
 * additional sections switched on, the design (template, fonts, colours, spacing) and a country
 * that is not a two-letter code. Importing a file we exported gives the same resume back, and
 * exporting an imported file gives the same file back (json-resume-source.ts): what the builder
 * has no field for is kept with the resume and said in the import review.
 */

export function toJsonResume(data: ResumeData): Json {
  const { heading } = data
  const countryCode = /^[A-Z]{2}$/.test(heading.country) ? heading.country : ''
  const fix = schemaValues()
  const source = data.jsonResume
  const file = source?.file ?? {}
  /** A builder item's export, merged with the file's item it came from (json-resume-source.ts). */
  const exported = <T extends { id: string }>(mapping: Mapping<T>, builder: T, path: string): Json => {
    const fresh = mapping.write(builder, path, fix)
    const origin = source?.items[builder.id]
    const original = at(file, origin)
    return original ? merge(original, fresh, changedKeys(mapping.groups, builder, mapping.read(original, origin!, plainRead))) : fresh
  }
  const origins = source?.sections ?? {}
  const paths: Record<string, string> = {}
  const out: Partial<Record<SectionKey, Json[]>> = {}
  for (const key of sectionKeys) {
    const section = sections[key]
    const items: { id: string }[] =
      section.place === 'custom' ? data.customSections.filter((s) => origins[s.id] === key).flatMap((s) => s.items) : data[section.place]
    out[key] = items.map((item, i) => {
      if (section.place === 'custom') paths[item.id] = `${key}.${i}`
      return exported(section.mapping as unknown as Mapping<{ id: string }>, item, `${key}.${i}`)
    })
  }

  // Profiles: LinkedIn from the heading, the others from the custom section they were imported to, in the file's order.
  const others = data.customSections.filter((s) => origins[s.id] === 'profiles').flatMap((s) => s.items)
  const profileItems = [
    ...(heading.linkedin.trim() ? [{ id: 'linkedin', order: pathIndex(source?.items.linkedin) }] : []),
    ...others.map((item) => ({ id: item.id, order: pathIndex(source?.items[item.id]) })),
  ].sort((a, b) => a.order - b.order)
  const profileList = profileItems.map(({ id }, i) => {
    const path = `basics.profiles.${i}`
    if (id !== 'linkedin') {
      paths[id] = path
      return exported(
        profiles,
        others.find((item) => item.id === id)!,
        path,
      )
    }
    const fresh = { network: 'LinkedIn', url: fix.url('basics.profiles.linkedin', heading.linkedin) }
    const original = at(file, source?.items.linkedin)
    if (!original) return fresh.url ? fresh : {}
    return merge(original, clean(fresh), changedKeys(linkedinGroups, { linkedin: heading.linkedin }, { linkedin: readLinkedIn(original, plainRead) }))
  })

  const location: Location = { ...heading, region: heading.region ?? '', postalCode: heading.postalCode ?? '' }
  const freshLocation = clean({
    address: location.address,
    postalCode: location.postalCode,
    city: location.city,
    countryCode,
    region: location.region,
  })
  const fileBasics = at(file, 'basics')
  const fileLocation = at(file, 'basics.location')
  const freshBasics = clean({
    name: [heading.firstName, heading.lastName].filter(Boolean).join(' '),
    label: heading.jobTitle,
    email: fix.email('basics.email', heading.email),
    phone: heading.phone,
    url: fix.url('basics.url', heading.website),
    summary: data.summary,
    location: fileLocation
      ? merge(fileLocation, freshLocation, changedKeys(locationGroups, location, readLocation(fileLocation, {})))
      : Object.keys(freshLocation).length > 0
        ? freshLocation
        : undefined,
    profiles: profileList.filter((p) => Object.keys(p).length > 0),
  })
  const view = { ...heading, summary: data.summary }
  const basics = fileBasics
    ? merge(fileBasics, freshBasics, new Set([...changedKeys(basicsGroups, view, readBasics(fileBasics, {}, plainRead)), 'location', 'profiles']))
    : freshBasics

  const resume: Json = {
    $schema: 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json',
    basics,
    ...Object.fromEntries(sectionKeys.filter((key) => sections[key].place !== 'custom' || out[key]!.length > 0).map((key) => [key, out[key]])),
  }
  const { waypoint: _ours, ...fileMeta } = objectOf(file.meta)
  resume.meta = {
    ...fileMeta,
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
      ...(data.language ? { language: data.language } : {}),
      typed: fix.typed,
      origins: Object.fromEntries(data.customSections.filter((s) => origins[s.id]).map((s) => [s.id, origins[s.id]])),
      paths,
    },
  }
  return source ? inFileOrder(file, resume, sectionKeys) : resume
}

/** A JSON Resume as text without our meta.waypoint (and an empty meta): what import -> export compares. */
function withoutOurs(json: Json): string {
  const { meta, ...rest } = json
  const { waypoint: _ours, ...theirs } = objectOf(meta)
  return JSON.stringify(Object.keys(theirs).length > 0 ? { ...rest, meta: theirs } : rest)
}

/** `kept`: what the builder has no field for, kept with the resume for its JSON Resume export and the PDF's attached copy. */
export type ImportResult = { ok: true; data: ResumeData; recognised: string[]; unplaced: string[]; kept: string[] } | { ok: false; error: string }

const basicsKeys = ['name', 'label', 'email', 'phone', 'url', 'summary', 'location', 'profiles']
const isEmpty = (value: unknown) => same(value, '')

export function fromJsonResume(input: unknown): ImportResult {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    return { ok: false, error: 'This file is not a JSON Resume (no object at the top).' }
  const json = input as Json
  const basics = objectOf(json.basics)
  if (!json.basics && !json.work && !json.education)
    return { ok: false, error: 'This file has none of the JSON Resume sections (basics, work, education).' }
  const ours = objectOf(objectOf(json.meta).waypoint)
  const typed = objectOf(ours.typed)
  /** What the user typed, when our export made it absolute and the file still says the same. */
  const asTyped = (path: string, value: string, normalise: (typed: string) => string) => {
    const original = typed[path]
    return typeof original === 'string' && normalise(original) === value ? original : value
  }
  const read = {
    url: (path: string, value: string) => asTyped(path, value, absoluteUrl),
    email: (value: string) => asTyped('basics.email', value, (t) => (emailPattern.test(t.trim()) ? t.trim() : '')),
  }
  // The file as it came, without our own part (made again on export).
  const { waypoint: _ours, ...meta } = objectOf(json.meta)
  const source: NonNullable<ResumeData['jsonResume']> = {
    file: JSON.parse(JSON.stringify(json.meta === undefined ? json : { ...json, meta })) as Json,
    items: {},
    sections: {},
  }
  const unplaced: string[] = []
  const kept: string[] = []
  const data = emptyResumeData()
  const extra: { title: string; origin: (typeof jsonResumeOrigins)[number]; items: EntryItem[] }[] = []
  const originsInMeta = new Set(Object.values(objectOf(ours.origins)).map(str))

  // basics
  for (const [key, value] of Object.entries(basics)) if (!basicsKeys.includes(key) && !isEmpty(value)) kept.push(`Basics: ${key}`)
  const location = objectOf(basics.location)
  for (const key of unownedKeys(location, locationGroups)) kept.push(`Basics: location ${key}`)
  const profileList = arr(basics.profiles)
  const linkedin = profileList.findIndex(isLinkedIn)
  if (linkedin >= 0) source.items.linkedin = `basics.profiles.${linkedin}`
  profileList.forEach((profile, i) => {
    // The LinkedIn user name is kept with the address (the page shows the address only).
    for (const key of unownedKeys(profile, i === linkedin ? [{ fields: [], keys: ['url', 'network'] }] : profiles.groups))
      kept.push(`Basics: ${str(profile.network) || `profile ${i + 1}`}: ${key}`)
  })
  const otherProfiles = profileList.flatMap((profile, i) => (i === linkedin ? [] : [{ profile, path: `basics.profiles.${i}` }]))
  if (otherProfiles.length > 0 && !originsInMeta.has('profiles'))
    extra.push({
      title: 'Profiles',
      origin: 'profiles',
      items: otherProfiles.map(({ profile, path }) => {
        const id = newId()
        source.items[id] = path
        return { id, ...profiles.read(profile, path, read) }
      }),
    })
  const { summary, ...headingFields } = readBasics(basics, ours, read)
  const place = readLocation(location, ours)
  data.heading = {
    ...headingFields,
    address: place.address,
    city: place.city,
    country: place.country,
    linkedin: linkedin >= 0 ? readLinkedIn(profileList[linkedin]!, read) : '',
    ...(place.region ? { region: place.region } : {}),
    ...(place.postalCode ? { postalCode: place.postalCode } : {}),
  }
  data.summary = summary

  // Each schema section: every item's fields in the builder, the keys it has no field for kept and named.
  const readSection = <T>(key: SectionKey, mapping: Mapping<T>): (T & { id: string })[] => {
    const items = arr(json[key])
    if (items.length > 50) unplaced.push(`${sectionLabels[key]}: ${items.length - 50} entries after the first 50 (the builder holds 50)`)
    return items.slice(0, 50).map((item, i) => {
      const label = str(item.name) || str(item.title) || str(item.institution) || str(item.organization) || str(item.language) || `${i + 1}`
      for (const field of unownedKeys(item, mapping.groups)) kept.push(`${sectionLabels[key]}: ${label}: ${field}`)
      const id = newId()
      source.items[id] = `${key}.${i}`
      return { id, ...mapping.read(item, `${key}.${i}`, read) } as T & { id: string }
    })
  }
  data.experience = readSection('work', work)
  data.education = readSection('education', education)
  data.skills = readSection('skills', skills)
  data.languages = readSection('languages', languages)
  data.honors = readSection('awards', sections.awards.mapping)
  data.licenses = readSection('certificates', sections.certificates.mapping)
  data.portfolio = readSection('projects', sections.projects.mapping)
  data.affiliations = readSection('volunteer', sections.volunteer.mapping)
  // Sections the builder has no section for become custom sections (ours come back from meta.waypoint).
  for (const key of ['publications', 'interests', 'references'] as const) {
    const items = readSection(key, sections[key].mapping)
    if (items.length > 0 && !originsInMeta.has(key)) extra.push({ title: sections[key].title, origin: key, items })
  }

  for (const [key, value] of Object.entries(json)) {
    if (!['$schema', 'basics', 'meta', ...sectionKeys].includes(key) && !isEmpty(value)) kept.push(`${key} (not a JSON Resume section)`)
  }

  const conferences = v.safeParse(resumeData.entries.conferences, ours.conferences)
  if (conferences.success) data.conferences = conferences.output
  const custom = v.safeParse(resumeData.entries.customSections, ours.customSections)
  if (custom.success) {
    data.customSections = custom.output
    const origins = objectOf(ours.origins)
    const paths = objectOf(ours.paths)
    for (const section of custom.output) {
      const origin = v.safeParse(v.picklist(jsonResumeOrigins), origins[section.id])
      if (!origin.success) continue
      source.sections[section.id] = origin.output
      for (const item of section.items) if (typeof paths[item.id] === 'string') source.items[item.id] = paths[item.id] as string
    }
  }
  for (const section of extra) {
    if (data.customSections.length >= 10) unplaced.push(`${section.title} (the builder holds at most 10 custom sections)`)
    else {
      const id = newId()
      source.sections[id] = section.origin
      data.customSections.push({ id, title: section.title, items: section.items.slice(0, 50) })
    }
  }
  const order = v.safeParse(resumeData.entries.sectionOrder, ours.sectionOrder)
  if (order.success) data.sectionOrder = order.output
  else data.sectionOrder = [...data.sectionOrder, ...data.customSections.map((s) => `custom:${s.id}`)]
  const design = v.safeParse(designSchema, ours.design)
  if (design.success) data.design = design.output
  const language = v.safeParse(resumeData.entries.language, ours.language)
  if (language.success && language.output) data.language = language.output
  const additional = v.safeParse(resumeData.entries.additional, ours.additional)
  data.additional = additional.success ? additional.output : additionalSectionKeys.filter((key) => data[key].length > 0)
  // Kept only when the export needs it: a file the builder's fields give back as it is (ours) needs no copy.
  if (withoutOurs(toJsonResume(data)) !== withoutOurs(json)) data.jsonResume = source

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
  return { ok: true, data: checked.output, recognised, unplaced, kept }
}

import * as v from 'valibot'
import type { DocumentConflict, DocumentList, StoredDocument } from './documents.ts'

/**
 * The resume builder's state (spec section 3) and the CRUD /resumes wire shapes.
 *
 * The spec's field names are misspelled in places; ours are spelled out once here:
 * workexperince -> experience, confrences -> conferences, protfilo -> portfolio,
 * language -> languages, affiliation -> affiliations, additional -> customSections,
 * activebradcrump -> step, heading -> heading (its first field is the e-mail),
 * jobtitle -> heading.jobTitle, currentJob -> experience[].current,
 * resumeid / serverresumeid / serveruservalue -> the draft's id, serverId, serverVersion,
 * template / templateName / tempName -> design.template, tempColor / defaultThemeColor ->
 * design.themeColor, fontSize, headingFontSize, paragraphSpace, lineSpace, sectionSpace,
 * paragraphIndent, fontType (default 'Default'), fontColor, fontTitleColor -> design.*,
 * emailicon / addressicon / phoneicon -> design.icons.*, Shape -> design.iconShape,
 * htmlTitle -> title. downloadResume, finalizepage and uploadedFile are transient UI state.
 */

export const templateNames = ['cool', 'visionary', 'brilliant'] as const
export type TemplateName = (typeof templateNames)[number]

/** 'Default' (spec section 9) plus the bundled fonts; no font comes from the network. */
export const fontTypes = ['Default', 'Lato', 'Merriweather', 'Source Sans 3', 'Lora'] as const
export type FontType = (typeof fontTypes)[number]

export const iconShapes = ['none', 'circle', 'square', 'rounded'] as const
export const pageSizes = ['A4', 'Letter'] as const
export const skillLevels = ['', 'Beginner', 'Intermediate', 'Advanced', 'Expert'] as const
export const languageLevels = ['', 'Elementary', 'Intermediate', 'Fluent', 'Native'] as const

/**
 * Languages a resume can say it is written in (BCP 47 primary tags), with their names; '' means
 * the PDF writer tells it from the text (pdf-engine/language.ts).
 */
export const contentLanguages = {
  '': 'Tell from the text',
  en: 'English',
  pl: 'Polish (polski)',
  de: 'German (Deutsch)',
  fr: 'French (français)',
  es: 'Spanish (español)',
  pt: 'Portuguese (português)',
  it: 'Italian (italiano)',
  nl: 'Dutch (Nederlands)',
  cs: 'Czech (čeština)',
  sv: 'Swedish (svenska)',
  tr: 'Turkish (Türkçe)',
  vi: 'Vietnamese (Tiếng Việt)',
  id: 'Indonesian (Bahasa Indonesia)',
  ru: 'Russian (русский)',
  uk: 'Ukrainian (українська)',
  el: 'Greek (Ελληνικά)',
  ar: 'Arabic (العربية)',
  fa: 'Persian (فارسی)',
  he: 'Hebrew (עברית)',
  hi: 'Hindi (हिन्दी)',
  bn: 'Bengali (বাংলা)',
  th: 'Thai (ไทย)',
  ta: 'Tamil (தமிழ்)',
  zh: 'Chinese (中文)',
  ja: 'Japanese (日本語)',
  ko: 'Korean (한국어)',
} as const
export type ContentLanguage = keyof typeof contentLanguages

/** The list sections a user fills in, in their default order. */
export const listSectionKeys = [
  'experience',
  'education',
  'skills',
  'languages',
  'conferences',
  'portfolio',
  'honors',
  'affiliations',
  'licenses',
] as const
export type ListSectionKey = (typeof listSectionKeys)[number]

/** The additional sections (spec: confrences, protfilo, honors, affiliation, licenses). */
export const additionalSectionKeys = ['conferences', 'portfolio', 'honors', 'affiliations', 'licenses'] as const
export type AdditionalSectionKey = (typeof additionalSectionKeys)[number]

const text = (max: number, label = 'This field') =>
  v.pipe(v.string(`${label} must be text`), v.maxLength(max, `${label} must be at most ${max} characters`))
const itemId = v.pipe(v.string('Every item needs an id'), v.minLength(1, 'Every item needs an id'), v.maxLength(64, 'An id is at most 64 characters'))
/** Dates as the month inputs give them (YYYY-MM), a year alone (YYYY: a resume that prints only the year), or empty. */
const month = v.union([v.literal(''), v.pipe(v.string(), v.regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/, 'Dates are YYYY-MM'))], 'Dates are YYYY-MM')
const colour = v.pipe(v.string('A colour is #rrggbb'), v.regex(/^#[0-9a-fA-F]{6}$/, 'A colour is #rrggbb'))
const between = (min: number, max: number, label: string) =>
  v.pipe(v.number(`${label} must be a number`), v.minValue(min, `${label} is at least ${min}`), v.maxValue(max, `${label} is at most ${max}`))
/** Rich text in the builder's small markup: "- " bullets, **bold**, [text](https://link). */
const richText = text(5000, 'A description')

export const headingSchema = v.object({
  email: text(254, 'Email'),
  firstName: text(80, 'First name'),
  lastName: text(80, 'Last name'),
  jobTitle: text(120, 'Job title'),
  phone: text(40, 'Phone'),
  address: text(160, 'Address'),
  city: text(80, 'City'),
  country: text(80, 'Country'),
  website: text(200, 'Website'),
  linkedin: text(200, 'LinkedIn'),
  /** State, province or region (JSON Resume's location.region); absent on resumes made before it. */
  region: v.optional(text(80, 'Region')),
  postalCode: v.optional(text(20, 'Postal code')),
})
export type Heading = v.InferOutput<typeof headingSchema>

export const experienceItem = v.object({
  id: itemId,
  jobTitle: text(160, 'Job title'),
  employer: text(160, 'Employer'),
  city: text(80, 'City'),
  startDate: month,
  endDate: month,
  current: v.boolean(),
  description: richText,
})
export type ExperienceItem = v.InferOutput<typeof experienceItem>

export const educationItem = v.object({
  id: itemId,
  school: text(160, 'School'),
  degree: text(160, 'Degree'),
  field: text(160, 'Field of study'),
  city: text(80, 'City'),
  startDate: month,
  endDate: month,
  description: richText,
})
export type EducationItem = v.InferOutput<typeof educationItem>

export const skillItem = v.object({
  id: itemId,
  name: text(80, 'Skill'),
  level: v.picklist(skillLevels, 'Pick a listed level'),
  /** The tools or topics of a skill group (JSON Resume's skills[].keywords), each printed after the name. */
  keywords: v.optional(v.pipe(v.array(text(80, 'A keyword')), v.maxLength(30, 'At most 30 keywords in a skill'))),
})
export type SkillItem = v.InferOutput<typeof skillItem>

export const languageItem = v.object({
  id: itemId,
  name: text(80, 'Language'),
  level: v.picklist(languageLevels, 'Pick a listed level'),
  /** The fluency in the user's own words ("Conversational", "C1"), printed instead of the level when given. */
  fluency: v.optional(text(80, 'Fluency')),
})
export type LanguageItem = v.InferOutput<typeof languageItem>

/** One entry of an additional or custom section: a conference talk, a project, an award... */
export const entryItem = v.object({
  id: itemId,
  title: text(160, 'Title'),
  subtitle: text(160, 'Subtitle'),
  date: month,
  url: text(300, 'Link'),
  description: richText,
})
export type EntryItem = v.InferOutput<typeof entryItem>

/** The JSON Resume sections an imported custom section came from, and goes back to on export. */
export const jsonResumeOrigins = ['profiles', 'publications', 'interests', 'references'] as const

export const customSection = v.object({
  id: itemId,
  title: text(80, 'Section title'),
  items: v.pipe(v.array(entryItem), v.maxLength(50, 'At most 50 entries in a section')),
})
export type CustomSection = v.InferOutput<typeof customSection>

export const designSchema = v.object({
  template: v.picklist(templateNames, 'Pick cool, visionary or brilliant'),
  themeColor: colour,
  fontType: v.picklist(fontTypes, 'Pick a listed font'),
  fontSize: between(8, 14, 'Font size'),
  headingFontSize: between(10, 28, 'Heading font size'),
  paragraphSpace: between(0, 16, 'Paragraph spacing'),
  lineSpace: between(1, 2, 'Line spacing'),
  sectionSpace: between(4, 40, 'Section spacing'),
  paragraphIndent: between(0, 32, 'Paragraph indent'),
  fontColor: colour,
  titleColor: colour,
  icons: v.object({ email: v.boolean(), phone: v.boolean(), address: v.boolean() }),
  iconShape: v.picklist(iconShapes),
  pageSize: v.picklist(pageSizes),
})
export type Design = v.InferOutput<typeof designSchema>

const list = <T extends v.GenericSchema>(item: T) => v.pipe(v.array(item), v.maxLength(50, 'At most 50 entries in a section'))

/** The whole resume a user builds: what a draft keeps and what the server stores as `data`. */
export const resumeData = v.object({
  heading: headingSchema,
  summary: richText,
  experience: list(experienceItem),
  education: list(educationItem),
  skills: list(skillItem),
  languages: list(languageItem),
  conferences: list(entryItem),
  portfolio: list(entryItem),
  honors: list(entryItem),
  affiliations: list(entryItem),
  licenses: list(entryItem),
  customSections: v.pipe(v.array(customSection), v.maxLength(10, 'At most 10 custom sections')),
  /** Order of the sections after the summary: list section keys and `custom:<id>`. */
  sectionOrder: v.pipe(v.array(text(80)), v.maxLength(30)),
  /** The additional sections the user has switched on. */
  additional: v.array(v.picklist(additionalSectionKeys)),
  design: designSchema,
  /** The language the resume is written in, for the PDF's /Lang; absent or '' when the writer tells it from the text. */
  language: v.optional(v.picklist(Object.keys(contentLanguages) as ContentLanguage[], 'Pick a listed language')),
  /**
   * The JSON Resume file this resume was imported from, kept for the export (src/features/resume/json-resume.ts):
   * the values the builder has no field for (an image, a day of a date, a work's url...) go
   * back into the exported file and the PDF's attached copy. `items` maps an item's id to its
   * place in the file ("work.0"), `sections` a custom section's id to the file's section.
   */
  jsonResume: v.optional(
    v.object({
      file: v.record(v.string(), v.unknown()),
      items: v.record(v.string(), v.pipe(v.string(), v.maxLength(80))),
      sections: v.record(v.string(), v.picklist(jsonResumeOrigins)),
    }),
  ),
})
export type ResumeData = v.InferOutput<typeof resumeData>

const resumeTitle = v.pipe(
  v.string('Title is required'),
  v.trim(),
  v.nonEmpty('Title is required'),
  v.maxLength(120, 'Title must be at most 120 characters'),
)

/** POST /resumes */
export const createResumeRequest = v.object({
  title: resumeTitle,
  template: v.picklist(templateNames, 'Pick cool, visionary or brilliant'),
  data: resumeData,
})
export type CreateResumeRequest = v.InferOutput<typeof createResumeRequest>

/** The version a saved document's change is based on (the database keeps it in a 32-bit integer). */
export const documentVersion = v.pipe(
  v.number('Version is required'),
  v.integer('Version is a whole number'),
  v.minValue(1, 'Version is at least 1'),
  v.maxValue(2_147_483_647, 'Version is at most 2147483647'),
)

/** PUT /resumes/{id}: carries the version it was based on. */
export const updateResumeRequest = v.object({
  ...createResumeRequest.entries,
  version: documentVersion,
})
export type UpdateResumeRequest = v.InferOutput<typeof updateResumeRequest>

export type StoredResume = StoredDocument<ResumeData, TemplateName>
export type ResumeList = DocumentList<StoredResume>
export type ResumeConflict = DocumentConflict<StoredResume>

export const resumeMessages = {
  notFound: 'No resume with that id.',
  stale: 'This resume was changed elsewhere since you opened it.',
  /** 403 {"detail"} on POST when the account already keeps the most it may. */
  quota: (limit: number) =>
    `Your account already keeps ${limit} resumes, the most it can. Delete one you no longer need from your dashboard, then save this one again.`,
} as const

/** Saved documents one account may keep, per kind (resumes, cover letters). */
export const DOCUMENTS_PER_ACCOUNT = 100

export const resumeListQuery = v.object({
  page: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'page is a whole number up to 99999'), v.transform(Number), v.minValue(1, 'page is at least 1')),
    '1',
  ),
  page_size: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'page_size is a number'),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(100, 'page_size is at most 100'),
    ),
    '20',
  ),
})

export const defaultDesign: Design = {
  template: 'cool',
  themeColor: '#1f4e79',
  fontType: 'Default',
  fontSize: 10,
  headingFontSize: 13,
  paragraphSpace: 4,
  lineSpace: 1.3,
  sectionSpace: 14,
  paragraphIndent: 0,
  fontColor: '#1d232c',
  titleColor: '#111827',
  icons: { email: true, phone: true, address: true },
  iconShape: 'circle',
  pageSize: 'A4',
}

/** A resume with nothing filled in: what 'Clear' goes back to. */
export function emptyResumeData(): ResumeData {
  return {
    heading: { email: '', firstName: '', lastName: '', jobTitle: '', phone: '', address: '', city: '', country: '', website: '', linkedin: '' },
    summary: '',
    experience: [],
    education: [],
    skills: [],
    languages: [],
    conferences: [],
    portfolio: [],
    honors: [],
    affiliations: [],
    licenses: [],
    customSections: [],
    sectionOrder: [...listSectionKeys],
    additional: [],
    design: { ...defaultDesign, icons: { ...defaultDesign.icons } },
  }
}

import * as v from 'valibot'
import type { DocumentConflict, DocumentList, StoredDocument } from './documents.ts'
import { gapReasons } from './gap-reasons.ts'
import { defaultDesign, designSchema, documentVersion, templateNames, type TemplateName } from './resume.ts'

/**
 * The cover-letter builder's state (spec section 3) and the CRUD /cover-letters wire shapes.
 *
 * Spec names mapped once here: userInfo -> you, recipientInfo -> recipient, jobTitle / jobkind
 * (jobtitle, search) -> job.title, job.occupation, job.kind; jobAnswer -> job.company;
 * jobStrength -> strengths, jobSkills -> skills; backgroundType, backgroundSchool,
 * backgroundCollage, backgroundFeild, chooseSchool -> background.level, background.school,
 * background.field; workExpereince -> experienceLevel (+ the recent role it names);
 * workStyle -> workStyle, gap / gapAnswer -> gap.reason, gap.answer; greeting, subject,
 * opener, letterBody, callToAction -> edits.* (null while the generated text is used);
 * step, visitedBradCrumps -> the draft's step and visited; htmlTemp, tempName, templateColor,
 * shape, colour and font settings -> design (the resume's design, so the pair matches);
 * coverid -> the draft's serverId.
 */

const text = (max: number, label = 'This field') =>
  v.pipe(v.string(`${label} must be text`), v.maxLength(max, `${label} must be at most ${max} characters`))

export const jobKinds = ['full-time', 'part-time', 'internship', 'contract', 'freelance', 'apprenticeship'] as const
export type JobKind = (typeof jobKinds)[number]
export const jobKindLabels: Record<JobKind, string> = {
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  internship: 'Internship',
  contract: 'Contract',
  freelance: 'Freelance',
  apprenticeship: 'Apprenticeship',
}

/** The strengths a user can stress (at most three), with the phrase the letter uses. */
export const strengthKeys = [
  'problem-solving',
  'communication',
  'teamwork',
  'leadership',
  'reliability',
  'creativity',
  'attention-to-detail',
  'adaptability',
  'organisation',
  'customer-focus',
  'initiative',
  'analytical-thinking',
] as const
export type StrengthKey = (typeof strengthKeys)[number]
export const MAX_STRENGTHS = 3
export const MAX_SKILLS = 6

export const educationLevels = ['', 'high-school', 'vocational', 'college', 'bachelor', 'master', 'doctorate', 'self-taught'] as const
export type EducationLevel = (typeof educationLevels)[number]

export const experienceLevels = ['none', 'entry', 'mid', 'senior', 'lead'] as const
export type ExperienceLevel = (typeof experienceLevels)[number]

export const workStyles = ['independent', 'collaborative', 'structured', 'fast-paced', 'hands-on'] as const
export type WorkStyle = (typeof workStyles)[number]

export { gapReasons, type GapReason } from './gap-reasons.ts'

export const letterParts = ['greeting', 'subject', 'opener', 'body', 'callToAction'] as const
export type LetterPart = (typeof letterParts)[number]

export const coverLetterData = v.object({
  you: v.object({
    firstName: text(80, 'First name'),
    lastName: text(80, 'Last name'),
    email: text(254, 'Email'),
    phone: text(40, 'Phone'),
    city: text(80, 'City'),
    currentTitle: text(120, 'Current title'),
  }),
  recipient: v.object({
    name: text(120, 'Recipient name'),
    title: text(120, 'Recipient title'),
    company: text(160, 'Company'),
    address: text(200, 'Company address'),
  }),
  job: v.object({
    title: text(120, 'Job title'),
    /** The occupation code the title was picked from (salary occupation list), or empty. */
    occupation: text(20, 'Occupation'),
    kind: v.picklist(jobKinds, 'Pick a listed job kind'),
    /** Where the user saw the opening (optional). */
    source: text(120, 'Where you found the job'),
  }),
  strengths: v.pipe(
    v.array(v.picklist(strengthKeys, 'Pick listed strengths')),
    v.maxLength(MAX_STRENGTHS, `Pick at most ${MAX_STRENGTHS} strengths`),
  ),
  skills: v.pipe(v.array(text(60, 'A skill')), v.maxLength(MAX_SKILLS, `At most ${MAX_SKILLS} skills`)),
  background: v.object({
    level: v.picklist(educationLevels, 'Pick a listed level'),
    school: text(160, 'School'),
    field: text(160, 'Field of study'),
  }),
  experience: v.object({
    level: v.picklist(experienceLevels, 'Pick a listed level'),
    years: v.pipe(v.number('Years must be a number'), v.integer('Years is a whole number'), v.minValue(0), v.maxValue(50, 'Years is at most 50')),
    recentTitle: text(160, 'Recent job title'),
    recentEmployer: text(160, 'Recent employer'),
    achievement: text(300, 'Achievement'),
    /** The job is a change of career from the recent role (drafts saved before this field read as false). */
    careerChange: v.optional(v.boolean('Career change must be yes or no'), false),
  }),
  workStyle: v.picklist(workStyles, 'Pick a listed work style'),
  gap: v.object({
    reason: v.picklist(gapReasons, 'Pick a listed reason'),
    answer: text(300, 'Your answer'),
  }),
  /** The user's own wording of a part; null while the generated text is used. */
  edits: v.object({
    greeting: v.nullable(text(200, 'Greeting')),
    subject: v.nullable(text(200, 'Subject')),
    opener: v.nullable(text(2000, 'Opening')),
    body: v.nullable(text(6000, 'Body')),
    callToAction: v.nullable(text(2000, 'Call to action')),
  }),
  /** The wizard steps the user has opened, for the breadcrumb (spec: visitedBradCrumps). */
  visited: v.pipe(v.array(text(20)), v.maxLength(20)),
  /** Picks another phrasing of the generated text ('Rephrase'). */
  variant: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
  design: designSchema,
})
export type CoverLetterData = v.InferOutput<typeof coverLetterData>

export function emptyCoverLetterData(): CoverLetterData {
  return {
    you: { firstName: '', lastName: '', email: '', phone: '', city: '', currentTitle: '' },
    recipient: { name: '', title: '', company: '', address: '' },
    job: { title: '', occupation: '', kind: 'full-time', source: '' },
    strengths: [],
    skills: [],
    background: { level: '', school: '', field: '' },
    experience: { level: 'entry', years: 0, recentTitle: '', recentEmployer: '', achievement: '', careerChange: false },
    workStyle: 'collaborative',
    gap: { reason: 'none', answer: '' },
    edits: { greeting: null, subject: null, opener: null, body: null, callToAction: null },
    visited: ['you'],
    variant: 0,
    design: { ...defaultDesign, icons: { ...defaultDesign.icons } },
  }
}

const letterTitle = v.pipe(
  v.string('Title is required'),
  v.trim(),
  v.nonEmpty('Title is required'),
  v.maxLength(120, 'Title must be at most 120 characters'),
)

/** POST /cover-letters */
export const createCoverLetterRequest = v.object({
  title: letterTitle,
  template: v.picklist(templateNames, 'Pick cool, visionary or brilliant'),
  data: coverLetterData,
})
export type CreateCoverLetterRequest = v.InferOutput<typeof createCoverLetterRequest>

/** PUT /cover-letters/{id}: carries the version it was based on. */
export const updateCoverLetterRequest = v.object({
  ...createCoverLetterRequest.entries,
  version: documentVersion,
})
export type UpdateCoverLetterRequest = v.InferOutput<typeof updateCoverLetterRequest>

export type StoredCoverLetter = StoredDocument<CoverLetterData, TemplateName>
export type CoverLetterList = DocumentList<StoredCoverLetter>
export type CoverLetterConflict = DocumentConflict<StoredCoverLetter>

export const coverLetterMessages = {
  notFound: 'No cover letter with that id.',
  stale: 'This cover letter was changed elsewhere since you opened it.',
  /** 403 {"detail"} on POST when the account already keeps the most it may. */
  quota: (limit: number) =>
    `Your account already keeps ${limit} cover letters, the most it can. Delete one you no longer need from your dashboard, then save this one again.`,
} as const

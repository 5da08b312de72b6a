import { jobKindLabels, type CoverLetterData, type JobKind, type StrengthKey } from '~contract/cover-letter.ts'
import { countOf, roleNoun, withArticle } from './grammar'
import { strengthLabels, type StepKey } from './model'

/**
 * What every part of the letter is built from: sentences that carry the answers they came from,
 * the seeded picker of phrasings, the phrase tables and the applicant's story.
 */

export type Source = { step: StepKey | 'edited'; label: string }
export type Sentence = { text: string; sources: Source[] }
export type Paragraph = Sentence[]

/** FNV-1a: the same answers and variant always give the same phrasing. */
export function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

export type Picker = <T>(slot: string, options: readonly T[]) => T

/**
 * Phrasings are chosen from a hash of the applicant's own answers (not at random), so the same
 * answers always give the same letter and two applicants rarely land on the same choices. Contact
 * details stay out of the seed: typing an e-mail address should not reword the letter.
 */
export function picker(data: CoverLetterData): Picker {
  const { you, recipient, job, strengths, skills, background, experience, workStyle, gap, variant } = data
  const seed = JSON.stringify([
    variant,
    you.firstName,
    you.lastName,
    you.currentTitle,
    recipient.name,
    recipient.company,
    job.title,
    job.kind,
    job.source,
    strengths,
    skills,
    background,
    experience,
    workStyle,
    gap,
  ])
  return (slot, options) => options[hash(`${seed}|${slot}`) % options.length]!
}

export const kindNoun: Record<JobKind, string> = {
  'full-time': 'position',
  'part-time': 'part-time position',
  internship: 'internship',
  contract: 'contract role',
  freelance: 'freelance project',
  apprenticeship: 'apprenticeship',
}

/** A title that already names the kind ("Marketing Intern" + internship) takes a plain "position". */
export function kindAfter(title: string, kind: JobKind): string {
  const stem: Partial<Record<JobKind, RegExp>> = {
    internship: /intern(ship)?$/i,
    apprenticeship: /apprentice(ship)?$/i,
    contract: /contract(or)?$/i,
    freelance: /freelance(r)?$/i,
  }
  if (/(position|role|job|post|opening|internship|apprenticeship)$/i.test(title.trim())) return ''
  return stem[kind]?.test(title.trim()) ? 'position' : kindNoun[kind]
}

/** Strengths as noun phrases, and what each looked like in practice (past tense, after a place: "At Acme, ..."). */
export const strengthPhrases: Record<StrengthKey, { noun: string; evidence: readonly string[]; ahead: string }> = {
  'problem-solving': {
    noun: 'problem-solving',
    evidence: [
      'when something broke, I looked for the cause rather than the quickest patch',
      'I learned to untangle problems and find fixes that last',
    ],
    ahead: 'I look for the cause of a problem rather than the quickest patch',
  },
  communication: {
    noun: 'clear communication',
    evidence: [
      'I learned to explain complex ideas in plain words, in writing and in person',
      'people came to rely on my updates being short, clear and easy to act on',
    ],
    ahead: 'I explain complex ideas in plain words, in writing and in person',
  },
  teamwork: {
    noun: 'teamwork',
    evidence: [
      'I shared what I knew and asked for help early, so the whole team moved faster',
      'I was at my best when the team pulled in one direction, and I helped it get there',
    ],
    ahead: 'I share what I know and ask for help early, so the whole team moves faster',
  },
  leadership: {
    noun: 'leadership',
    evidence: [
      'I set clear goals, gave people room to own their work and stepped in when it mattered',
      'I guided others through deadlines and changes without losing momentum',
    ],
    ahead: 'I set clear goals and give people room to own their work',
  },
  reliability: {
    noun: 'reliability',
    evidence: [
      'when I committed to a deadline I met it, and I said so early if something put it at risk',
      'people counted on me to follow through on what I promised',
    ],
    ahead: 'when I commit to a deadline I meet it, and I say so early if something puts it at risk',
  },
  creativity: {
    noun: 'creativity',
    evidence: ['I looked for fresh ways to solve familiar problems', 'I brought new ideas to the table and tested them quickly'],
    ahead: 'I like finding fresh ways to solve familiar problems',
  },
  'attention-to-detail': {
    noun: 'attention to detail',
    evidence: [
      'I checked my work carefully, because small mistakes can have large costs',
      'I noticed the details others missed and fixed them before they became problems',
    ],
    ahead: 'I check my work carefully, because small mistakes can have large costs',
  },
  adaptability: {
    noun: 'adaptability',
    evidence: [
      'I learned new tools and routines quickly and stayed calm when plans changed',
      'change did not slow me down: I adjusted and kept the work moving',
    ],
    ahead: 'I learn new tools and routines quickly and stay calm when plans change',
  },
  organisation: {
    noun: 'strong organizational skills',
    evidence: [
      'I kept several tasks on track at once by planning ahead and setting clear priorities',
      'I planned my work carefully, so nothing important fell through the cracks',
    ],
    ahead: 'I keep several tasks on track at once by planning ahead and setting clear priorities',
  },
  'customer-focus': {
    noun: 'a focus on customers',
    evidence: ['I listened to what people needed and made sure they left with an answer', 'I treated every question as a chance to build trust'],
    ahead: 'I listen to what people need and make sure they leave with an answer',
  },
  initiative: {
    noun: 'initiative',
    evidence: [
      'I did not wait to be asked: when I saw something that could work better, I acted on it',
      'I took ownership of problems and brought solutions, not just questions',
    ],
    ahead: 'when I see something that could work better, I act on it without waiting to be asked',
  },
  'analytical-thinking': {
    noun: 'analytical thinking',
    evidence: [
      'I based decisions on evidence and turned data into clear recommendations',
      'I broke questions down, measured what mattered and drew sound conclusions',
    ],
    ahead: 'I base decisions on evidence and turn data into clear recommendations',
  },
}

export const degreeNoun: Record<string, string> = {
  'high-school': 'high school diploma',
  vocational: 'vocational qualification',
  college: 'college diploma',
  bachelor: 'bachelor’s degree',
  master: 'master’s degree',
  doctorate: 'doctorate',
}

/** Experience levels as adjectives before a noun. */
export const levelAdjective: Record<CoverLetterData['experience']['level'], string> = {
  none: 'new',
  entry: 'entry-level',
  mid: 'mid-level',
  senior: 'senior',
  lead: 'experienced',
}

export const fullName = (data: CoverLetterData) =>
  [data.you.firstName, data.you.lastName]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ')

/**
 * What the letter knows about the applicant's story, worked out once: the role they come from and
 * whether it is in the past (a gap, or no current title), the role they want, and whether the
 * move between them is a change of career.
 */
export type Story = {
  /** The role they come from, as it reads mid-sentence ("teacher"), or ''. */
  from: string
  fromSource: Source | null
  employer: string
  /** The old role is over: after a gap, or when the user gave no current title. */
  past: boolean
  gap: boolean
  change: boolean
  /** The role they apply for, as it reads mid-sentence ("UX designer"), or ''. */
  to: string
  company: string
  years: string
  yearSources: Source[]
  jobSources: Source[]
  changeSource: Source | null
}

export function storyOf(data: CoverLetterData): Story {
  const { experience, you, job, recipient } = data
  const worked = experience.level !== 'none'
  const current = you.currentTitle.trim()
  const recent = experience.recentTitle.trim()
  const fromTitle = worked ? current || recent : ''
  const gap = data.gap.reason !== 'none'
  const from = roleNoun(fromTitle)
  const to = roleNoun(job.title)
  const change = worked && experience.careerChange === true
  const years = worked && experience.years > 0 ? countOf(experience.years, 'year') : ''
  return {
    from,
    fromSource: fromTitle ? { step: current ? 'you' : 'experience', label: `${current && !gap ? 'Your title' : 'Recent role'}: ${fromTitle}` } : null,
    employer: worked ? experience.recentEmployer.trim() : '',
    past: gap || !current,
    gap,
    change,
    to,
    company: recipient.company.trim(),
    years,
    yearSources: years ? [{ step: 'experience', label: `Experience: ${years}` }] : [],
    jobSources: [
      { step: 'job', label: `Job: ${job.title.trim() || 'no title given'} (${jobKindLabels[job.kind]})` },
      ...(recipient.company.trim() ? [{ step: 'recipient' as const, label: `Company: ${recipient.company.trim()}` }] : []),
    ],
    changeSource: change
      ? { step: 'experience', label: `Career change: ${[fromTitle || 'your last role', job.title.trim() || 'this job'].join(' → ')}` }
      : null,
  }
}

/** Where the applicant would work: "at Acme", "as a UX designer", or nothing. */
export const placeOf = (story: Story) => (story.company ? `at ${story.company}` : story.to ? `as ${withArticle(story.to)}` : '')

export const strengthSource = (data: CoverLetterData): Source => ({
  step: 'strengths',
  label: `Strengths: ${data.strengths.map((k) => strengthLabels[k]).join(', ')}`,
})

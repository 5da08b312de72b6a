import { jobKindLabels, type CoverLetterData, type JobKind, type LetterPart, type StrengthKey } from '~contract/cover-letter.ts'
import {
  capitalise,
  clause,
  countOf,
  followsI,
  joinList,
  ownSentence,
  possessive,
  roleNoun,
  sentence,
  startsWithGerund,
  withArticle,
} from './grammar'
import { educationLabels, experienceLabels, gapLabels, strengthLabels, workStyleLabels, type StepKey } from './model'

/**
 * The composition engine: writes the letter from the wizard's answers, deterministically.
 * Every sentence is built from whole phrases (no slot strings to leave unfilled) and carries
 * the answers it came from, which the preview shows on hover and focus.
 */

export type Source = { step: StepKey | 'edited'; label: string }
export type Sentence = { text: string; sources: Source[] }
export type Paragraph = Sentence[]

export type ComposedLetter = {
  greeting: Sentence
  subject: Sentence
  opener: Paragraph[]
  body: Paragraph[]
  callToAction: Paragraph[]
  closing: string
  signature: string
}

/** FNV-1a: the same answers and variant always give the same phrasing. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

type Picker = <T>(slot: string, options: readonly T[]) => T

/**
 * Phrasings are chosen from a hash of the applicant's own answers (not at random), so the same
 * answers always give the same letter and two applicants rarely land on the same choices. Contact
 * details stay out of the seed: typing an e-mail address should not reword the letter.
 */
function picker(data: CoverLetterData): Picker {
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

const kindNoun: Record<JobKind, string> = {
  'full-time': 'position',
  'part-time': 'part-time position',
  internship: 'internship',
  contract: 'contract role',
  freelance: 'freelance project',
  apprenticeship: 'apprenticeship',
}

/** A title that already names the kind ("Marketing Intern" + internship) takes a plain "position". */
function kindAfter(title: string, kind: JobKind): string {
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
const strengthPhrases: Record<StrengthKey, { noun: string; evidence: readonly string[]; ahead: string }> = {
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

const degreeNoun: Record<string, string> = {
  'high-school': 'high school diploma',
  vocational: 'vocational qualification',
  college: 'college diploma',
  bachelor: 'bachelor’s degree',
  master: 'master’s degree',
  doctorate: 'doctorate',
}

/** Experience levels as adjectives before a noun. */
const levelAdjective: Record<CoverLetterData['experience']['level'], string> = {
  none: 'new',
  entry: 'entry-level',
  mid: 'mid-level',
  senior: 'senior',
  lead: 'experienced',
}

const fullName = (data: CoverLetterData) =>
  [data.you.firstName, data.you.lastName]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ')

/**
 * What the letter knows about the applicant's story, worked out once: the role they come from and
 * whether it is in the past (a gap, or no current title), the role they want, and whether the
 * move between them is a change of career.
 */
type Story = {
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

function storyOf(data: CoverLetterData): Story {
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

/** The job as a phrase: "the data analyst internship at Acme" (or without what is unknown). */
function jobPhrase(data: CoverLetterData, preposition: 'at' | 'with') {
  const title = roleNoun(data.job.title)
  const company = data.recipient.company.trim()
  const role = title ? `the ${[title, kindAfter(title, data.job.kind)].filter(Boolean).join(' ')}` : `this ${kindNoun[data.job.kind]}`
  return company ? `${role} ${preposition} ${company}` : role
}

/** "University of Warsaw" takes "the" mid-sentence; "Ohio State University" and "東京大学" do not. */
const institution = (school: string) =>
  /^(university|college|academy|institute|school|conservatory|polytechnic)\s+(of|for)\s/i.test(school) ? `the ${school}` : school

/** Where the applicant would work: "at Acme", "as a UX designer", or nothing. */
const placeOf = (story: Story) => (story.company ? `at ${story.company}` : story.to ? `as ${withArticle(story.to)}` : '')

function composeGreeting(data: CoverLetterData): Sentence {
  const name = data.recipient.name.trim()
  const company = data.recipient.company.trim()
  const text = name ? `Dear ${name},` : company ? `Dear ${company} hiring team,` : 'Dear Hiring Manager,'
  return { text, sources: [{ step: 'recipient', label: name ? `Recipient: ${name}` : company ? `Company: ${company}` : 'Recipient: not named' }] }
}

function composeSubject(data: CoverLetterData): Sentence {
  const title = data.job.title.trim().replace(/\s+/g, ' ')
  const kind = jobKindLabels[data.job.kind].toLowerCase()
  const text = title
    ? `Application for the ${[title, kindAfter(title, data.job.kind)].filter(Boolean).join(' ')}`
    : `Application for the ${kind} ${data.job.kind === 'full-time' ? 'position' : 'opening'}`
  return { text, sources: [{ step: 'job', label: `Job: ${title || 'no title given'} (${jobKindLabels[data.job.kind]})` }] }
}

/** Who the applicant is when no past role speaks for them: their studies, or their level. */
function studiesIdentity(data: CoverLetterData): { phrase: string; sources: Source[] } {
  const field = data.background.field.trim()
  if (data.background.level && data.background.level !== 'self-taught' && data.background.level !== 'high-school' && field) {
    return {
      phrase: `a ${data.experience.level === 'none' ? 'recent graduate' : 'professional'} with ${withArticle(degreeNoun[data.background.level]!)} in ${field}`,
      sources: [{ step: 'background', label: `Background: ${educationLabels[data.background.level]}, ${field}` }],
    }
  }
  if (field) return { phrase: `someone who has studied ${field}`, sources: [{ step: 'background', label: `Field: ${field}` }] }
  return data.experience.level === 'none'
    ? { phrase: 'someone at the start of my career', sources: [{ step: 'experience', label: `Experience: ${experienceLabels.none.title}` }] }
    : {
        phrase: withArticle(`${levelAdjective[data.experience.level]} professional`),
        sources: [{ step: 'experience', label: `Experience: ${experienceLabels[data.experience.level].title}` }],
      }
}

const strengthSource = (data: CoverLetterData): Source => ({
  step: 'strengths',
  label: `Strengths: ${data.strengths.map((k) => strengthLabels[k]).join(', ')}`,
})

/** The second sentence of the letter: who the applicant is, or the move they are making. */
function introduction(data: CoverLetterData, story: Story, pick: Picker): Sentence {
  const strengths = joinList(data.strengths.map((key) => strengthPhrases[key].noun))
  const team = story.company ? `${possessive(story.company)} team` : 'your team'
  if (story.change) {
    const from = story.from ? withArticle(story.from) : ''
    const to = story.to ? `become ${withArticle(story.to)}` : 'take on this role'
    const sources = [...(story.fromSource ? [story.fromSource] : []), ...story.yearSources, story.changeSource!, ...story.jobSources]
    if (!from)
      return {
        text: sentence(
          pick('change-bare', [`I am changing careers to ${to}.`, `This application is a deliberate change of career: I want to ${to}.`]),
        ),
        sources,
      }
    const forYears = story.years ? ` for ${story.years}` : ''
    const text = pick('change', [
      story.years ? `After ${story.years} as ${from}, I am changing careers to ${to}.` : `After working as ${from}, I am changing careers to ${to}.`,
      story.past
        ? `I worked as ${from}${forYears}, and I am now making a deliberate move into a new career: I want to ${to}.`
        : `I have worked as ${from}${forYears}, and I am now making a deliberate move into a new career: I want to ${to}.`,
      `This application is a change of career: I ${story.past ? 'worked' : 'have worked'} as ${from}${forYears}, and I want to ${to}.`,
    ])
    return { text: sentence(text), sources }
  }
  const years = story.years ? ` with ${story.years} of experience` : ''
  const roleRef = story.to ? `the ${story.to} role` : 'the role'
  const bring = strengths
    ? pick('bring', [
        `I would bring ${strengths} to ${team}`,
        `I would bring ${strengths} to ${roleRef}`,
        `I offer ${strengths} ${placeOf(story) || 'in this role'}`,
      ])
    : pick('keen', [
        `I am keen to put my abilities to work ${placeOf(story) || 'in this role'}`,
        `I would like to put what I have learned to work ${placeOf(story) || 'in this role'}`,
      ])
  const named = (story.to && bring.includes(story.to)) || (story.company && bring.includes(story.company)) ? story.jobSources : []
  const sources = [...(story.fromSource ? [story.fromSource] : []), ...story.yearSources, ...(strengths ? [strengthSource(data)] : []), ...named]
  if (story.from && !story.past) {
    return {
      text: sentence(
        pick('identity-now', [`As ${withArticle(story.from)}${years}, ${bring}.`, `I am ${withArticle(story.from)}${years}, and ${bring}.`]),
      ),
      sources,
    }
  }
  if (story.from) {
    const forYears = story.years ? ` for ${story.years}` : ''
    const before = story.gap ? pick('before-gap', ['Before my career break, ', 'Until my career break, ']) : ''
    return { text: sentence(`${before}I worked as ${withArticle(story.from)}${forYears}, and ${bring}.`), sources }
  }
  const who = studiesIdentity(data)
  return {
    text: sentence(pick('identity', [`As ${who.phrase}${years}, ${bring}.`, `I am ${who.phrase}${years}, and ${bring}.`])),
    sources: [...who.sources, ...story.yearSources, ...(strengths ? [strengthSource(data)] : []), ...named],
  }
}

function composeOpener(data: CoverLetterData, story: Story, pick: Picker): Paragraph[] {
  const job = jobPhrase(data, 'at')
  const seen = data.job.source.trim()
  const first = seen
    ? pick('opener-seen', [
        `I saw ${job} advertised on ${seen}, and I would like to apply.`,
        `I am applying for ${job}, which I found on ${seen}.`,
        `When I found ${job} on ${seen}, I knew I wanted to apply.`,
      ])
    : pick('opener', [
        `I am writing to apply for ${job}.`,
        `I would like to be considered for ${job}.`,
        `Please accept my application for ${jobPhrase(data, 'with')}.`,
      ])
  const paragraph: Paragraph = [
    { text: sentence(first), sources: seen ? [...story.jobSources, { step: 'job', label: `Found on: ${seen}` }] : story.jobSources },
  ]
  paragraph.push(introduction(data, story, pick))
  return [paragraph]
}

/** An answer after "I" ("led a team of five"), or the user's own sentence when it does not fit there. */
function afterI(answer: string): { fits: boolean; text: string } {
  const trimmed = answer.trim()
  if (!followsI(trimmed)) return { fits: false, text: ownSentence(trimmed) }
  const rest = clause(trimmed)
  return { fits: true, text: startsWithGerund(rest) ? `was ${rest}` : rest }
}

/** For a career changer: the strengths and skills they carry from the old role to the new one. */
function transferParagraph(data: CoverLetterData, story: Story, pick: Picker): Paragraph {
  const out: Paragraph = []
  const nouns = data.strengths.map((key) => strengthPhrases[key].noun)
  const skills = data.skills.map((s) => s.trim()).filter(Boolean)
  const from = story.from ? `as ${withArticle(story.from)}` : 'in my previous work'
  const toWork = story.to ? `the work of ${withArticle(story.to)}` : 'this new role'
  if (nouns.length > 0) {
    const list = joinList(nouns)
    const they = nouns.length === 1 ? 'it carries' : 'they carry'
    const time = story.from ? `My ${story.years || 'time'} as ${withArticle(story.from)}` : 'My previous work'
    out.push({
      text: sentence(
        pick('transfer', [
          `From my work ${from}, I bring ${list}, ${nouns.length === 1 ? 'which carries' : 'all of which carry'} over directly to ${toWork}.`,
          `${capitalise(from)}, I relied on ${list} every day; ${they} over to ${toWork}.`,
          `${time} built ${list}, and those are what I will bring to ${toWork}.`,
        ]),
      ),
      sources: [strengthSource(data), ...(story.fromSource ? [story.fromSource] : []), story.changeSource!],
    })
  }
  if (skills.length > 0) {
    const list = joinList(skills)
    out.push({
      text: sentence(
        pick('change-skills', [
          `For ${toWork}, I also bring skills in ${list}.`,
          `Alongside that, I have skills in ${list}, which I would use ${placeOf(story) || 'in this role'}.`,
        ]),
      ),
      sources: [{ step: 'strengths', label: `Skills: ${skills.join(', ')}` }, story.changeSource!],
    })
  }
  const achievement = data.experience.achievement.trim()
  if (achievement) {
    const { fits, text } = afterI(achievement)
    const where = story.from ? `as ${withArticle(story.from)}` : 'in my previous work'
    out.push({
      text: fits ? sentence(pick('change-result', [`One result from my time ${where}: I ${text}.`, `${capitalise(where)}, I ${text}.`])) : text,
      sources: [{ step: 'experience', label: `Your result: ${achievement}` }],
    })
  }
  return out
}

function experienceParagraph(data: CoverLetterData, story: Story, pick: Picker): Paragraph {
  if (story.change) return transferParagraph(data, story, pick)
  const { experience } = data
  const title = story.from
  const employer = story.employer
  const achievement = experience.achievement.trim()
  const out: Paragraph = []
  const roleLabel = `Recent role: ${[experience.recentTitle.trim() || data.you.currentTitle.trim(), employer].filter(Boolean).join(' at ') || 'not named'}`
  const target = story.to ? `the ${story.to} role` : 'this role'
  if (experience.level === 'none') {
    const field = data.background.field.trim()
    out.push({
      text: sentence(
        field
          ? pick('no-experience', [
              `Although I am new to the workplace, my studies in ${field} have given me a solid foundation for ${target}.`,
              `My studies in ${field} gave me a grounding I want to build on in ${target}.`,
            ])
          : `Although I am new to the workplace, I am a quick learner and eager to contribute ${placeOf(story) || 'from day one'}.`,
      ),
      sources: [
        { step: 'experience', label: `Experience: ${experienceLabels.none.title}` },
        ...(field ? [{ step: 'background' as const, label: `Field: ${field}` }] : []),
        ...story.jobSources,
      ],
    })
    if (achievement) {
      const { fits, text } = afterI(achievement)
      out.push({
        text: fits ? sentence(pick('first-result', [`In my projects so far, I ${text}.`, `One result from my studies: I ${text}.`])) : text,
        sources: [{ step: 'experience', label: `Your result: ${achievement}` }],
      })
    }
    return out
  }
  if (title || employer) {
    const role = title && employer ? `as ${withArticle(title)} at ${employer}` : title ? `as ${withArticle(title)}` : `at ${employer}`
    const lead = story.past
      ? pick('role-past', [`Most recently, I worked ${role}.`, `My most recent work was ${role}.`, `In my most recent role, I worked ${role}.`])
      : pick('role-now', [`I currently work ${role}.`, `At present, I work ${role}.`, `In my current role, I work ${role}.`])
    out.push({ text: sentence(lead), sources: [{ step: 'experience', label: roleLabel }] })
  }
  if (achievement) {
    const { fits, text } = afterI(achievement)
    out.push({
      text: fits
        ? sentence(
            pick('achievement', [
              `One result I am proud of: I ${text}.`,
              `For example, I ${text}.`,
              employer ? `At ${employer}, I ${text}.` : `In that work, I ${text}.`,
            ]),
          )
        : text,
      sources: [{ step: 'experience', label: `Your result: ${achievement}` }],
    })
  }
  if (out.length === 0) {
    const level = experience.level === 'lead' ? 'leadership' : levelAdjective[experience.level]
    const mine = story.years ? `My ${story.years} of ${level} experience have` : `My ${level} experience has`
    out.push({
      text: sentence(`${mine} taught me to deliver good work under real deadlines, and I would bring that to ${target}.`),
      sources: [{ step: 'experience', label: `Experience: ${experienceLabels[experience.level].title}` }, ...story.yearSources, ...story.jobSources],
    })
  }
  return out
}

/** Places the applicant has shown their strengths in: their roles and studies, in the past tense. */
function strengthPlaces(data: CoverLetterData, story: Story): { phrase: string; source: Source }[] {
  const places: { phrase: string; source: Source }[] = []
  if (story.employer) places.push({ phrase: `At ${story.employer}`, source: { step: 'experience', label: `Recent employer: ${story.employer}` } })
  else if (story.from && story.fromSource) places.push({ phrase: `In my work as ${withArticle(story.from)}`, source: story.fromSource })
  const field = data.background.field.trim()
  const school = data.background.school.trim()
  if (field && data.background.level !== 'self-taught')
    places.push({ phrase: `In my studies in ${field}`, source: { step: 'background', label: `Field: ${field}` } })
  else if (school) places.push({ phrase: `At ${institution(school)}`, source: { step: 'background', label: `School: ${school}` } })
  return places
}

function skillsParagraph(data: CoverLetterData, story: Story, pick: Picker): Paragraph {
  const out: Paragraph = []
  const skills = data.skills.map((s) => s.trim()).filter(Boolean)
  if (skills.length > 0 && !story.change) {
    const list = joinList(skills)
    out.push({
      text: sentence(
        pick('skills', [
          `I am skilled in ${list}, and I would put ${skills.length === 1 ? 'it' : 'them'} to work from the first week.`,
          `My skills include ${list}.`,
          `I would bring hands-on skill in ${list}.`,
        ]),
      ),
      sources: [{ step: 'strengths', label: `Skills: ${skills.join(', ')}` }],
    })
  }
  const places = strengthPlaces(data, story)
  const offset = hash(pick('places', ['a', 'b', 'c', 'd']))
  // Strengths shown in the same place share one sentence: "At Globex, I ..., and I ...".
  const atPlace: { place: { phrase: string; source: Source }; clauses: string[]; sources: Source[] }[] = []
  data.strengths.forEach((key, index) => {
    const phrases = strengthPhrases[key]
    const label = { step: 'strengths' as const, label: `Strength: ${strengthLabels[key]}` }
    if (places.length > 0) {
      const place = places[(index + offset) % places.length]!
      const last = atPlace[atPlace.length - 1]
      const clause = pick(`evidence-${index}`, phrases.evidence)
      if (last && last.place === place) {
        last.clauses.push(clause)
        last.sources.push(label)
      } else atPlace.push({ place, clauses: [clause], sources: [label, place.source] })
    } else {
      const where = placeOf(story)
      const text = where
        ? pick(`ahead-${index}`, [
            `${capitalise(phrases.ahead)}, and I would work that way ${where}.`,
            `${capitalise(where)}, I would bring ${phrases.noun}: ${phrases.ahead}.`,
          ])
        : `${capitalise(phrases.ahead)}.`
      out.push({ text: sentence(text), sources: where ? [label, ...story.jobSources] : [label] })
    }
  })
  for (const { place, clauses, sources } of atPlace) {
    const joined = clauses.length < 3 ? clauses.join(', and ') : `${clauses.slice(0, -1).join('; ')}; and ${clauses[clauses.length - 1]}`
    out.push({ text: sentence(`${place.phrase}, ${joined}.`), sources: [...sources.filter((s) => s !== place.source), place.source] })
  }
  return out
}

function backgroundParagraph(data: CoverLetterData, story: Story, pick: Picker): Paragraph {
  const { level } = data.background
  const school = data.background.school.trim()
  const field = data.background.field.trim()
  if (!level) return []
  const source: Source = { step: 'background', label: `Background: ${[educationLabels[level], field, school].filter(Boolean).join(', ')}` }
  if (level === 'self-taught') {
    const where = placeOf(story)
    return [
      {
        text: sentence(
          field
            ? pick('self-taught', [
                `I taught myself ${field}, which shows how I approach anything new: with curiosity and persistence.`,
                `I learned ${field} on my own, and I keep learning the same way.`,
              ])
            : `I am largely self-taught, and I would keep learning on my own time${where ? ` ${where}` : ''}.`,
        ),
        sources: where && !field ? [source, ...story.jobSources] : [source],
      },
    ]
  }
  const degree = degreeNoun[level]!
  const text = [
    `I hold ${withArticle(degree)}`,
    field && level !== 'high-school' ? ` in ${field}` : '',
    school ? ` from ${institution(school)}` : '',
  ].join('')
  const where = placeOf(story)
  if (!(field && level !== 'high-school') && !school && where)
    return [{ text: sentence(`${text}, and I am keen to keep learning ${where}.`), sources: [source, ...story.jobSources] }]
  const follow = school ? pick('background', [`${text}.`, `${text}, where I learned to work to a high standard.`]) : `${text}.`
  return [{ text: sentence(follow), sources: [source] }]
}

/** Work styles: how the applicant worked before (where they did), and how they would work at the new place. */
const workStyleSentences: Record<CoverLetterData['workStyle'], { before: string; ahead: readonly ((where: string) => string)[] }> = {
  independent: {
    before: 'I planned my own days and saw tasks through to the end',
    ahead: [
      (where) => `I work well on my own, and ${where} I would plan my days, keep others informed and see tasks through to the end.`,
      (where) => `${where}, I would be comfortable owning a piece of work from start to finish with little supervision.`,
    ],
  },
  collaborative: {
    before: 'I did my best work with others, sharing ideas openly and building on theirs',
    ahead: [
      (where) => `I do my best work with others, and ${where} I would share ideas openly and build on my colleagues’ ideas.`,
      (where) => `${where}, I would value working closely with colleagues in a team where people help each other.`,
    ],
  },
  structured: {
    before: 'I brought clear processes and steady routines to my work',
    ahead: [
      (where) => `I like clear processes and steady routines, and ${where} I would help keep the work organized.`,
      (where) => `${where}, I would bring structure to my work, which makes results consistent and easy to follow.`,
    ],
  },
  'fast-paced': {
    before: 'I thrived when priorities shifted and deadlines were tight',
    ahead: [
      (where) => `I thrive where priorities shift and deadlines are tight, and ${where} I would stay calm when the pressure rises.`,
      (where) => `${where}, variety and pace would keep me sharp, and I stay calm when the pressure rises.`,
    ],
  },
  'hands-on': {
    before: 'I learned by doing and was happy to roll up my sleeves',
    ahead: [
      (where) => `I learn by doing, and ${where} I would be happy to roll up my sleeves from the start.`,
      (where) => `${where}, I would get practical quickly, trying things and improving them as I go.`,
    ],
  },
}

function workStyleParagraph(data: CoverLetterData, story: Story, pick: Picker): Paragraph {
  const where = placeOf(story)
  const style = workStyleSentences[data.workStyle]
  const source: Source = { step: 'work-style', label: `Work style: ${workStyleLabels[data.workStyle].title}` }
  // Said of the applicant's own past (their role or studies), so it is theirs and not a stock line.
  const field = data.background.field.trim()
  const past =
    story.from && story.fromSource
      ? { phrase: `as ${withArticle(story.from)}`, source: story.fromSource }
      : field
        ? { phrase: `in my studies in ${field}`, source: { step: 'background' as const, label: `Field: ${field}` } }
        : null
  if (past) {
    const then = `${capitalise(past.phrase)}, ${style.before}`
    const text = where
      ? pick('work-style', [`${then}, and I would work the same way ${where}.`, `${then}; ${where} I would keep working that way.`])
      : `${then}.`
    return [{ text: sentence(text), sources: [source, past.source, ...(where ? story.jobSources : [])] }]
  }
  const text = pick('work-style', style.ahead)(where || 'in this role')
  return [{ text: sentence(text), sources: [source, ...(where ? story.jobSources : [])] }]
}

type GapReasonKey = Exclude<CoverLetterData['gap']['reason'], 'none'>

/** Why the applicant stepped away, as they chose it: plain, past tense, no claims added. */
const gapPurpose: Record<GapReasonKey, string> = {
  caregiving: 'to care for my family',
  study: 'to study',
  health: 'for my health',
  relocation: 'to relocate',
  'job-search': '',
  travel: 'to travel',
  other: 'for a career break',
}

function gapParagraph(data: CoverLetterData, story: Story, pick: Picker): Paragraph {
  const { reason } = data.gap
  if (reason === 'none') return []
  const source: Source = { step: 'gap', label: `Career gap: ${gapLabels[reason].title}` }
  const old = story.from ? `my work as ${withArticle(story.from)}` : ''
  const purpose = gapPurpose[reason]
  const back = story.to ? (story.change ? `this time as ${withArticle(story.to)}` : `as ${withArticle(story.to)}`) : ''
  const where = story.company ? ` at ${story.company}` : ''
  // The reason and the return in one sentence: with the old role or the new one named, it is this applicant's own.
  const returning = back || where ? `, and I am now ready to return to work${back && story.change ? ',' : ''}${back ? ` ${back}` : ''}${where}` : ''
  const first =
    reason === 'job-search'
      ? old
        ? pick('gap-search', [
            `Since ${old} ended, I have been looking for the right next step${returning}.`,
            `After ${old} ended, I took time to find the right next step${returning}.`,
          ])
        : pick('gap-search', [
            `Since my last role ended, I have been looking for the right next step${returning}.`,
            `After my last role ended, I took time to find the right next step${returning}.`,
          ])
      : old
        ? pick('gap', [
            `I stepped away from ${old} ${purpose}${returning}.`,
            `I left ${old} ${purpose}${returning}.`,
            `My resume shows a break: after ${old}, I took time ${purpose}${returning}.`,
          ])
        : pick('gap', [
            `I took a break from work ${purpose}${returning}.`,
            `My resume shows a break: I stepped away from work ${purpose}${returning}.`,
          ])
  const out: Paragraph = [
    {
      text: sentence(
        first.replace('took time for a career break', 'took a career break').replace('break from work for a career break', 'career break'),
      ),
      sources: [source, ...(old && story.fromSource ? [story.fromSource] : []), ...(returning ? story.jobSources : [])],
    },
  ]
  const answer = data.gap.answer.trim()
  if (answer) {
    const { fits, text } = afterI(answer)
    out.push({
      text: fits ? sentence(`${pick('gap-answer', ['During that time', 'In that time', 'While I was away from work'])}, I ${text}.`) : text,
      sources: [{ step: 'gap', label: `Your answer: ${answer}` }],
    })
  }
  return out
}

/** Something of the applicant's own to offer in the closing ask: a skill, a role, their studies. */
function offering(data: CoverLetterData, story: Story): { phrase: string; source: Source } | null {
  const skill = data.skills.map((s) => s.trim()).find(Boolean)
  if (skill) return { phrase: `my skills in ${skill}`, source: { step: 'strengths', label: `Skills: ${data.skills.join(', ')}` } }
  // A career changer's old role is not offered as the experience the new job needs.
  if (story.from && story.fromSource && !story.change) return { phrase: `my experience as ${withArticle(story.from)}`, source: story.fromSource }
  const field = data.background.field.trim()
  if (field) return { phrase: `my studies in ${field}`, source: { step: 'background', label: `Field: ${field}` } }
  if (data.strengths[0]) return { phrase: `my ${strengthPhrases[data.strengths[0]].noun.replace(/^a /, '')}`, source: strengthSource(data) }
  return null
}

function composeCallToAction(data: CoverLetterData, story: Story, pick: Picker): Paragraph[] {
  const company = story.company
  const team = company ? `${possessive(company)} team` : story.to ? `your team as ${withArticle(story.to)}` : 'your team'
  const mine = offering(data, story)
  const ask = mine
    ? pick('cta', [
        `I would welcome the chance to discuss how ${mine.phrase} could help ${team}.`,
        `I would be glad to talk about what ${mine.phrase} could do for ${team}.`,
        `I would love the opportunity to show in an interview how ${mine.phrase} could serve ${team}.`,
      ])
    : pick('cta', [
        `I would welcome the chance to discuss how I could contribute to ${team}.`,
        `I would be glad to talk about what I could do for ${team}.`,
        `I would love the opportunity to show in an interview what I could bring to ${team}.`,
      ])
  const jobOrCompany: Source[] = company
    ? [{ step: 'recipient', label: `Company: ${company}` }]
    : story.to
      ? story.jobSources
      : [{ step: 'recipient', label: 'Company: not named' }]
  const askSources: Source[] = [...jobOrCompany, ...(mine ? [mine.source] : [])]
  const contacts = [data.you.email.trim(), data.you.phone.trim()].filter(Boolean)
  const thanks =
    company || story.to
      ? pick('thanks', [
          `Thank you for considering my application ${company ? `to ${company}` : `for the ${story.to} role`}`,
          `Thank you for your time and for considering me ${story.to ? `for the ${story.to} role` : `at ${company}`}`,
        ])
      : 'Thank you for your time and consideration'
  const thanksSources: Source[] = company || story.to ? story.jobSources : [{ step: 'letter', label: 'Standard courtesy' }]
  // The thanks rides with something of the applicant's own (their contact, or what they offer), so it is theirs too.
  if (contacts.length > 0) {
    const reach = `you can reach me at ${joinList(contacts, 'or')}`
    const text = pick('reach', [`${thanks}; ${reach}.`, `${capitalise(reach)}, and ${thanks.replace(/^Thank/, 'thank')}.`])
    return [
      [
        { text: sentence(ask), sources: askSources },
        { text: sentence(text), sources: [{ step: 'you', label: `Contact: ${contacts.join(', ')}` }, ...thanksSources] },
      ],
    ]
  }
  if (mine)
    return [[{ text: sentence(`${ask.replace(/\.$/, '')}; ${thanks.replace(/^Thank/, 'thank')}.`), sources: [...askSources, ...thanksSources] }]]
  return [
    [
      { text: sentence(ask), sources: askSources },
      { text: sentence(`${thanks}.`), sources: thanksSources },
    ],
  ]
}

/** Writes the whole letter from the answers (the user's edits are applied by `letterWithEdits`). */
export function composeLetter(data: CoverLetterData): ComposedLetter {
  const pick = picker(data)
  const story = storyOf(data)
  const body = [
    experienceParagraph(data, story, pick),
    skillsParagraph(data, story, pick),
    [...backgroundParagraph(data, story, pick), ...workStyleParagraph(data, story, pick)],
    gapParagraph(data, story, pick),
  ].filter((p) => p.length > 0)
  return {
    greeting: composeGreeting(data),
    subject: composeSubject(data),
    opener: composeOpener(data, story, pick),
    body,
    callToAction: composeCallToAction(data, story, pick),
    closing: pick('closing', ['Kind regards,', 'Sincerely,', 'Best regards,']),
    signature: fullName(data),
  }
}

const edited: Source = { step: 'edited', label: 'Written by you' }

/** Text with blank lines as paragraphs, each paragraph one "sentence" marked as the user's. */
const editedParagraphs = (text: string): Paragraph[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => [{ text: p, sources: [edited] }])

/** The letter as the user sees it: generated parts, or their own wording where they edited one. */
export function letterWithEdits(data: CoverLetterData): ComposedLetter {
  const letter = composeLetter(data)
  const { edits } = data
  return {
    ...letter,
    greeting: edits.greeting !== null ? { text: edits.greeting, sources: [edited] } : letter.greeting,
    subject: edits.subject !== null ? { text: edits.subject, sources: [edited] } : letter.subject,
    opener: edits.opener !== null ? editedParagraphs(edits.opener) : letter.opener,
    body: edits.body !== null ? editedParagraphs(edits.body) : letter.body,
    callToAction: edits.callToAction !== null ? editedParagraphs(edits.callToAction) : letter.callToAction,
  }
}

/** One part as plain text (paragraphs separated by a blank line): what the edit box starts with. */
export function partText(letter: ComposedLetter, part: LetterPart): string {
  const value = letter[part]
  if (!Array.isArray(value)) return value.text
  return value.map((p) => p.map((s) => s.text).join(' ')).join('\n\n')
}

export type LetterHead = { name: string; contacts: string[]; date: string; recipient: string[] }

export function letterHead(data: CoverLetterData, today = new Date()): LetterHead {
  return {
    name: fullName(data),
    contacts: [data.you.email, data.you.phone, data.you.city].map((s) => s.trim()).filter(Boolean),
    date: today.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
    recipient: [data.recipient.name, data.recipient.title, data.recipient.company, data.recipient.address].map((s) => s.trim()).filter(Boolean),
  }
}

/** The letter as plain text, for pasting into an application form. */
export function letterPlainText(data: CoverLetterData, today = new Date()): string {
  const letter = letterWithEdits(data)
  const head = letterHead(data, today)
  const paragraphs = (ps: Paragraph[]) => ps.map((p) => p.map((s) => s.text).join(' '))
  const lines = [
    ...[head.name, head.contacts.join(' | ')].filter(Boolean),
    '',
    head.date,
    ...(head.recipient.length > 0 ? ['', ...head.recipient] : []),
    '',
    letter.subject.text,
    '',
    letter.greeting.text,
    '',
    ...[...paragraphs(letter.opener), ...paragraphs(letter.body), ...paragraphs(letter.callToAction)].flatMap((p) => [p, '']),
    letter.closing,
    ...(letter.signature ? [letter.signature] : []),
  ]
  return `${lines.join('\n')}\n`
}

import { jobKindLabels, type CoverLetterData, type JobKind, type LetterPart, type StrengthKey } from '~contract/cover-letter.ts'
import { clause, countOf, joinList, possessive, sentence, withArticle } from './grammar'
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

function picker(data: CoverLetterData): Picker {
  const seed = `${data.variant}|${data.job.title}|${data.recipient.company}|${data.strengths.join(',')}`
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

/** Strengths as noun phrases and one sentence of evidence each. */
const strengthPhrases: Record<StrengthKey, { noun: string; evidence: readonly string[] }> = {
  'problem-solving': {
    noun: 'problem-solving',
    evidence: ['When something breaks, I look for the cause rather than the quickest patch.', 'I enjoy untangling problems and finding a fix that lasts.'],
  },
  communication: {
    noun: 'clear communication',
    evidence: ['I explain complex ideas in plain words, in writing and in person.', 'People tell me my updates are short, clear and easy to act on.'],
  },
  teamwork: {
    noun: 'teamwork',
    evidence: ['I share what I know and ask for help early, so the whole team moves faster.', 'I am at my best when a team pulls in one direction, and I help it get there.'],
  },
  leadership: {
    noun: 'leadership',
    evidence: ['I set clear goals, give people room to own their work and step in when it matters.', 'I have guided others through deadlines and changes without losing momentum.'],
  },
  reliability: {
    noun: 'reliability',
    evidence: ['When I commit to a deadline, I meet it, and I say so early if something puts it at risk.', 'Colleagues count on me to follow through on what I promise.'],
  },
  creativity: {
    noun: 'creativity',
    evidence: ['I like finding fresh ways to solve familiar problems.', 'I bring new ideas to the table and test them quickly.'],
  },
  'attention-to-detail': {
    noun: 'attention to detail',
    evidence: ['I check my work carefully, because small mistakes can have large costs.', 'I notice the details others miss and fix them before they become problems.'],
  },
  adaptability: {
    noun: 'adaptability',
    evidence: ['I learn new tools and routines quickly and stay calm when plans change.', 'Change does not slow me down: I adjust and keep the work moving.'],
  },
  organisation: {
    noun: 'strong organizational skills',
    evidence: ['I keep several tasks on track at once by planning ahead and setting clear priorities.', 'I plan my work carefully, so nothing important falls through the cracks.'],
  },
  'customer-focus': {
    noun: 'a focus on customers',
    evidence: ['I listen to what customers need and make sure they leave with an answer.', 'I treat every customer question as a chance to build trust.'],
  },
  initiative: {
    noun: 'initiative',
    evidence: ['I do not wait to be asked: when I see something that could work better, I act on it.', 'I take ownership of problems and bring solutions, not just questions.'],
  },
  'analytical-thinking': {
    noun: 'analytical thinking',
    evidence: ['I base decisions on evidence and turn data into clear recommendations.', 'I like breaking a question down, measuring what matters and drawing sound conclusions.'],
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
const levelAdjective: Record<CoverLetterData['experience']['level'], string> = { none: 'new', entry: 'entry-level', mid: 'mid-level', senior: 'senior', lead: 'experienced' }

const fullName = (data: CoverLetterData) => [data.you.firstName, data.you.lastName].map((s) => s.trim()).filter(Boolean).join(' ')

/** The job as a phrase: "the Data Analyst internship at Acme" (or without what is unknown). */
function jobPhrase(data: CoverLetterData, preposition: 'at' | 'with') {
  const title = data.job.title.trim()
  const company = data.recipient.company.trim()
  const role = title ? `the ${title} ${kindNoun[data.job.kind]}` : `this ${kindNoun[data.job.kind]}`
  return company ? `${role} ${preposition} ${company}` : role
}

function composeGreeting(data: CoverLetterData): Sentence {
  const name = data.recipient.name.trim()
  const company = data.recipient.company.trim()
  const text = name ? `Dear ${name},` : company ? `Dear ${company} hiring team,` : 'Dear Hiring Manager,'
  return { text, sources: [{ step: 'recipient', label: name ? `Recipient: ${name}` : company ? `Company: ${company}` : 'Recipient: not named' }] }
}

function composeSubject(data: CoverLetterData): Sentence {
  const title = data.job.title.trim()
  const kind = jobKindLabels[data.job.kind].toLowerCase()
  const text = title ? `Application for the ${title} ${kindNoun[data.job.kind]}` : `Application for the ${kind} ${data.job.kind === 'full-time' ? 'position' : 'opening'}`
  return { text: text.replace(/\b(\w[\w-]*) \1\b/gi, '$1'), sources: [{ step: 'job', label: `Job: ${title || 'no title given'} (${jobKindLabels[data.job.kind]})` }] }
}

function identity(data: CoverLetterData): { phrase: string; sources: Source[] } {
  const current = data.you.currentTitle.trim() || data.experience.recentTitle.trim()
  const field = data.background.field.trim()
  if (data.experience.level !== 'none' && current) {
    return { phrase: withArticle(current), sources: [{ step: data.you.currentTitle.trim() ? 'you' : 'experience', label: `Your title: ${current}` }] }
  }
  if (data.background.level && data.background.level !== 'self-taught' && field) {
    return {
      phrase: `a ${data.experience.level === 'none' ? 'recent graduate' : 'professional'} with ${withArticle(degreeNoun[data.background.level]!)} in ${field}`,
      sources: [{ step: 'background', label: `Background: ${educationLabels[data.background.level]}, ${field}` }],
    }
  }
  if (field) return { phrase: `someone who has studied ${field}`, sources: [{ step: 'background', label: `Field: ${field}` }] }
  return data.experience.level === 'none'
    ? { phrase: 'someone at the start of my career', sources: [{ step: 'experience', label: `Experience: ${experienceLabels.none.title}` }] }
    : { phrase: withArticle(`${levelAdjective[data.experience.level]} professional`), sources: [{ step: 'experience', label: `Experience: ${experienceLabels[data.experience.level].title}` }] }
}

function composeOpener(data: CoverLetterData, pick: Picker): Paragraph[] {
  const job = jobPhrase(data, 'at')
  const jobSources: Source[] = [
    { step: 'job', label: `Job: ${data.job.title.trim() || 'no title given'} (${jobKindLabels[data.job.kind]})` },
    ...(data.recipient.company.trim() ? [{ step: 'recipient' as const, label: `Company: ${data.recipient.company.trim()}` }] : []),
  ]
  const seen = data.job.source.trim()
  const first = seen
    ? pick('opener-seen', [`I was excited to see ${job} advertised on ${seen}, and I would like to apply.`, `I am applying for ${job}, which I found on ${seen}.`])
    : pick('opener', [`I am writing to apply for ${job}.`, `I would like to be considered for ${job}.`, `Please accept my application for ${jobPhrase(data, 'with')}.`])
  const paragraph: Paragraph = [{ text: sentence(first), sources: seen ? [...jobSources, { step: 'job', label: `Found on: ${seen}` }] : jobSources }]

  const who = identity(data)
  const strengths = data.strengths.map((key) => strengthPhrases[key].noun)
  const years = data.experience.years > 0 && data.experience.level !== 'none' ? ` with ${countOf(data.experience.years, 'year')} of experience` : ''
  const yearSources: Source[] = years ? [{ step: 'experience', label: `Experience: ${countOf(data.experience.years, 'year')}` }] : []
  if (strengths.length > 0) {
    const list = joinList(strengths)
    const text = pick('identity', [
      `As ${who.phrase}${years}, I would bring ${list} to your team.`,
      `I am ${who.phrase}${years}, and I would bring ${list} to the role.`,
      `As ${who.phrase}${years}, I offer ${list}.`,
    ])
    paragraph.push({ text: sentence(text), sources: [...who.sources, ...yearSources, { step: 'strengths', label: `Strengths: ${data.strengths.map((k) => strengthLabels[k]).join(', ')}` }] })
  } else {
    paragraph.push({ text: sentence(`I am ${who.phrase}${years}, and I am keen to put my abilities to work in this role.`), sources: [...who.sources, ...yearSources] })
  }
  return [paragraph]
}

function experienceParagraph(data: CoverLetterData, pick: Picker): Paragraph {
  const { experience } = data
  const title = experience.recentTitle.trim()
  const employer = experience.recentEmployer.trim()
  const achievement = clause(experience.achievement)
  const out: Paragraph = []
  const roleLabel = `Recent role: ${[title, employer].filter(Boolean).join(' at ') || 'not named'}`
  if (experience.level === 'none') {
    const field = data.background.field.trim()
    out.push({
      text: sentence(
        field
          ? pick('no-experience', [`Although I am new to the workplace, my studies in ${field} have given me a solid foundation.`, `My studies in ${field} have prepared me well for a first role.`])
          : 'Although I am new to the workplace, I am a quick learner and eager to contribute from day one.',
      ),
      sources: [{ step: 'experience', label: `Experience: ${experienceLabels.none.title}` }, ...(field ? [{ step: 'background' as const, label: `Field: ${field}` }] : [])],
    })
    if (achievement) out.push({ text: sentence(`In my projects so far, I ${achievement}.`), sources: [{ step: 'experience', label: `Your result: ${experience.achievement.trim()}` }] })
    return out
  }
  if (title || employer) {
    const role = title && employer ? `as ${withArticle(title)} at ${employer}` : title ? `as ${withArticle(title)}` : `at ${employer}`
    const lead = pick('role', [`In my recent role ${role}, I built the experience this job calls for.`, `My recent work ${role} has prepared me well for this role.`])
    out.push({ text: sentence(lead), sources: [{ step: 'experience', label: roleLabel }] })
  }
  if (achievement) {
    out.push({
      text: sentence(pick('achievement', [`One result I am proud of: I ${achievement}.`, `For example, I ${achievement}.`])),
      sources: [{ step: 'experience', label: `Your result: ${experience.achievement.trim()}` }],
    })
  }
  if (out.length === 0) {
    const level = experience.level === 'lead' ? 'leadership' : levelAdjective[experience.level]
    out.push({ text: sentence(`My ${level} experience has taught me to deliver good work under real deadlines.`), sources: [{ step: 'experience', label: `Experience: ${experienceLabels[experience.level].title}` }] })
  }
  return out
}

function skillsParagraph(data: CoverLetterData, pick: Picker): Paragraph {
  const out: Paragraph = []
  const skills = data.skills.map((s) => s.trim()).filter(Boolean)
  if (skills.length > 0) {
    const list = joinList(skills)
    out.push({
      text: sentence(pick('skills', [`I am skilled in ${list}, and I would put ${skills.length === 1 ? 'it' : 'them'} to work from the first week.`, `My skills include ${list}.`])),
      sources: [{ step: 'strengths', label: `Skills: ${skills.join(', ')}` }],
    })
  }
  data.strengths.forEach((key, index) => {
    out.push({ text: pick(`evidence-${index}`, strengthPhrases[key].evidence), sources: [{ step: 'strengths', label: `Strength: ${strengthLabels[key]}` }] })
  })
  return out
}

function backgroundParagraph(data: CoverLetterData, pick: Picker): Paragraph {
  const { level } = data.background
  const school = data.background.school.trim()
  const field = data.background.field.trim()
  if (!level) return []
  const source: Source = { step: 'background', label: `Background: ${[educationLabels[level], field, school].filter(Boolean).join(', ')}` }
  if (level === 'self-taught') {
    return [{ text: sentence(field ? `I taught myself ${field}, which shows how I approach anything new: with curiosity and persistence.` : 'I am largely self-taught, and I keep learning on my own time.'), sources: [source] }]
  }
  const degree = degreeNoun[level]!
  const text = [`I hold ${withArticle(degree)}`, field && level !== 'high-school' ? ` in ${field}` : '', school ? ` from ${school}` : ''].join('')
  const follow = school ? pick('background', [`${text}.`, `${text}, where I learned to work to a high standard.`]) : `${text}.`
  return [{ text: sentence(follow), sources: [source] }]
}

const workStyleSentences: Record<CoverLetterData['workStyle'], readonly string[]> = {
  independent: ['I work well on my own: I plan my days, keep others informed and see tasks through to the end.', 'I am comfortable owning a piece of work from start to finish with little supervision.'],
  collaborative: ['I do my best work with others, sharing ideas openly and building on theirs.', 'I enjoy working closely with colleagues and value a team where people help each other.'],
  structured: ['I like clear processes and steady routines, and I help teams keep their work organized.', 'I bring structure to my work, which makes results consistent and easy to follow.'],
  'fast-paced': ['I thrive in fast-paced settings where priorities shift and deadlines are tight.', 'Variety and pace keep me sharp, and I stay calm when the pressure rises.'],
  'hands-on': ['I am hands-on: I learn by doing and I am happy to roll up my sleeves.', 'I prefer to get practical quickly, trying things and improving them as I go.'],
}

function workStyleParagraph(data: CoverLetterData, pick: Picker): Paragraph {
  return [{ text: pick('work-style', workStyleSentences[data.workStyle]), sources: [{ step: 'work-style', label: `Work style: ${workStyleLabels[data.workStyle].title}` }] }]
}

const gapSentences: Record<Exclude<CoverLetterData['gap']['reason'], 'none'>, readonly string[]> = {
  caregiving: ['I recently took time away from work to care for my family, and I am now ready to return full-time.', 'My resume shows a break while I cared for a family member; that chapter is behind me and I am ready to return.'],
  study: ['I recently stepped away from work to study, which sharpened the skills this role needs.', 'My resume shows a break while I studied, time I used to build new skills.'],
  health: ['I took time off for my health, and I am now fully ready to return to work.', 'After a break for my health, I am ready and eager to get back to work.'],
  relocation: ['My resume shows a short break while I relocated, and I am now settled and ready to start.', 'I recently moved, and after settling in I am ready to commit to a new role.'],
  'job-search': ['Since my last role ended, I have kept my skills current while looking for the right next step.', 'My last position ended, and I have used the time since to sharpen my skills.'],
  travel: ['I recently took time to travel, which left me with fresh perspective and renewed energy for work.', 'My resume shows a break while I travelled, an experience that made me more adaptable.'],
  other: ['My resume shows a short career break, and I am now ready to commit fully to a new role.', 'I recently took a planned break from work, and I am ready to return.'],
}

function gapParagraph(data: CoverLetterData, pick: Picker): Paragraph {
  const { reason } = data.gap
  if (reason === 'none') return []
  const out: Paragraph = [{ text: pick('gap', gapSentences[reason]), sources: [{ step: 'gap', label: `Career gap: ${gapLabels[reason].title}` }] }]
  const answer = clause(data.gap.answer)
  if (answer) out.push({ text: sentence(`During that time, I ${answer}.`), sources: [{ step: 'gap', label: `Your answer: ${data.gap.answer.trim()}` }] })
  return out
}

function composeCallToAction(data: CoverLetterData, pick: Picker): Paragraph[] {
  const company = data.recipient.company.trim()
  const team = company ? `${possessive(company)} team` : 'your team'
  const ask = pick('cta', [
    `I would welcome the chance to discuss how I could contribute to ${team}.`,
    `I would be glad to talk about how my experience could help ${team}.`,
    `I would love the opportunity to show in an interview what I could bring to ${team}.`,
  ])
  const out: Paragraph = [{ text: sentence(ask), sources: company ? [{ step: 'recipient', label: `Company: ${company}` }] : [{ step: 'recipient', label: 'Company: not named' }] }]
  const contacts = [data.you.email.trim(), data.you.phone.trim()].filter(Boolean)
  if (contacts.length > 0) out.push({ text: sentence(`You can reach me at ${joinList(contacts, 'or')}`), sources: [{ step: 'you', label: `Contact: ${contacts.join(', ')}` }] })
  out.push({ text: pick('thanks', ['Thank you for your time and consideration.', 'Thank you for considering my application.']), sources: [{ step: 'letter', label: 'Standard courtesy' }] })
  return [out]
}

/** Writes the whole letter from the answers (the user's edits are applied by `letterWithEdits`). */
export function composeLetter(data: CoverLetterData): ComposedLetter {
  const pick = picker(data)
  const body = [experienceParagraph(data, pick), skillsParagraph(data, pick), [...backgroundParagraph(data, pick), ...workStyleParagraph(data, pick)], gapParagraph(data, pick)].filter(
    (p) => p.length > 0,
  )
  return {
    greeting: composeGreeting(data),
    subject: composeSubject(data),
    opener: composeOpener(data, pick),
    body,
    callToAction: composeCallToAction(data, pick),
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


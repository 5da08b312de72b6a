import { jobKindLabels, type CoverLetterData, type LetterPart } from '~contract/cover-letter.ts'
import { backgroundParagraph, experienceParagraph, gapParagraph, skillsParagraph, workStyleParagraph } from './compose-body'
import {
  degreeNoun,
  fullName,
  kindAfter,
  kindNoun,
  levelAdjective,
  picker,
  placeOf,
  storyOf,
  strengthPhrases,
  strengthSource,
  type Paragraph,
  type Picker,
  type Sentence,
  type Source,
  type Story,
} from './compose-story'
import { capitalise, joinList, possessive, roleNoun, sentence, withArticle } from './grammar'
import { educationLabels, experienceLabels } from './model'

/**
 * The composition engine: writes the letter from the wizard's answers, deterministically.
 * Every sentence is built from whole phrases (no slot strings to leave unfilled) and carries
 * the answers it came from, which the preview shows on hover and focus.
 */

export type ComposedLetter = {
  greeting: Sentence
  subject: Sentence
  opener: Paragraph[]
  body: Paragraph[]
  callToAction: Paragraph[]
  closing: string
  signature: string
}

/** The job as a phrase: "the data analyst internship at Acme" (or without what is unknown). */
function jobPhrase(data: CoverLetterData, preposition: 'at' | 'with') {
  const title = roleNoun(data.job.title)
  const company = data.recipient.company.trim()
  const role = title ? `the ${[title, kindAfter(title, data.job.kind)].filter(Boolean).join(' ')}` : `this ${kindNoun[data.job.kind]}`
  return company ? `${role} ${preposition} ${company}` : role
}

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

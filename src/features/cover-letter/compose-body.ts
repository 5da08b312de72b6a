import type { CoverLetterData } from '~contract/cover-letter.ts'
import { capitalise, clause, followsI, joinList, ownSentence, sentence, startsWithGerund, withArticle } from './grammar'
import { educationLabels, experienceLabels, gapLabels, strengthLabels, workStyleLabels } from './model'
import {
  degreeNoun,
  hash,
  levelAdjective,
  placeOf,
  strengthPhrases,
  strengthSource,
  type Paragraph,
  type Picker,
  type Source,
  type Story,
} from './compose-story'

/** The letter's body: the applicant's experience, skills and strengths, background, work style and career gap. */

/** "University of Warsaw" takes "the" mid-sentence; "Ohio State University" and "東京大学" do not. */
const institution = (school: string) =>
  /^(university|college|academy|institute|school|conservatory|polytechnic)\s+(of|for)\s/i.test(school) ? `the ${school}` : school

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

export function experienceParagraph(data: CoverLetterData, story: Story, pick: Picker): Paragraph {
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

export function skillsParagraph(data: CoverLetterData, story: Story, pick: Picker): Paragraph {
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

export function backgroundParagraph(data: CoverLetterData, story: Story, pick: Picker): Paragraph {
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

export function workStyleParagraph(data: CoverLetterData, story: Story, pick: Picker): Paragraph {
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

export function gapParagraph(data: CoverLetterData, story: Story, pick: Picker): Paragraph {
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

import { describe, expect, it } from 'vitest'
import {
  educationLevels,
  emptyCoverLetterData,
  experienceLevels,
  gapReasons,
  jobKinds,
  strengthKeys,
  workStyles,
  type CoverLetterData,
} from '~contract/cover-letter.ts'
import { composeLetter, letterPlainText, letterWithEdits, type ComposedLetter } from '@/features/cover-letter/compose'
import type { Sentence } from '@/features/cover-letter/compose-story'
import { indefiniteArticle, joinList, roleNoun, sentence, singularTitle } from '@/features/cover-letter/grammar'
import { stepKeys, strengthLabels } from '@/features/cover-letter/model'

/** A small deterministic generator, so the combinations are many but the run is repeatable. */
function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}
const oneOf = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)]!

const titles = [
  'Data Analyst',
  'Engineer',
  'Office Manager',
  'UX Designer',
  'Registered Nurse',
  'Electrician',
  '',
  'Account Executive',
  'Marketing Intern',
  'English Teacher',
  'ソフトウェアエンジニア',
]
const companies = ['Acme', 'Umbrella Industries', 'Initech', '', 'Oak & Ivy', 'Hooli', 'Acme Inc.', '株式会社サクラ']
const names = ['Jo Park', '', 'Dr. Amara Obi', 'Łucja Wiśniewska-Nguyễn']
const fields = ['statistics', 'nursing', '', 'economics', 'information technology', '日本語']
const currentTitles = ['', 'Operations Coordinator', 'Engineer', 'Analyst', 'Teacher', 'Senior Teacher']
const recentTitles = ['', 'Analyst', 'Intern', 'Assistant Manager', 'Teacher', 'Elementary School Teacher', 'Barista']
const achievements = [
  '',
  'cut monthly reporting time by 40%',
  'I led a team of five through a system migration.',
  'Trained 12 new hires',
  'I I ran the school’s open day..',
  'We doubled the number of volunteers',
]
const gapAnswers = [
  '',
  'completed a certificate in project management.',
  'I volunteered at a local food bank',
  'My father was ill and I cared for him.',
  'caring for my twins',
  '看護の資格を取りました',
]

function randomAnswers(seed: number): CoverLetterData {
  const r = rng(seed)
  const data = emptyCoverLetterData()
  data.you = {
    ...data.you,
    firstName: oneOf(r, ['Ana', '', 'Liu', 'Łucja', '陽子']),
    lastName: oneOf(r, ['Lopez', '', 'Wiśniewska-Nguyễn']),
    email: oneOf(r, ['ana@example.org', '']),
    phone: oneOf(r, ['', '555 0100']),
    currentTitle: oneOf(r, currentTitles),
  }
  data.recipient = { ...data.recipient, name: oneOf(r, names), company: oneOf(r, companies) }
  data.job = { ...data.job, title: oneOf(r, titles), kind: oneOf(r, jobKinds), source: oneOf(r, ['', 'LinkedIn', 'your careers page']) }
  const strengths = [...strengthKeys].sort(() => r() - 0.5).slice(0, Math.floor(r() * 4))
  data.strengths = strengths
  data.skills = ['SQL', 'Excel', 'customer service', 'Python', 'scheduling', 'Figma'].filter(() => r() > 0.5)
  data.background = {
    level: oneOf(r, educationLevels),
    school: oneOf(r, ['', 'Ohio State University', 'Lyon College', 'University of Warsaw', '東京大学']),
    field: oneOf(r, fields),
  }
  data.experience = {
    level: oneOf(r, experienceLevels),
    years: Math.floor(r() * 14),
    recentTitle: oneOf(r, recentTitles),
    recentEmployer: oneOf(r, ['', 'Globex', 'Acme', 'Szkoła Podstawowa nr 5']),
    achievement: oneOf(r, achievements),
    careerChange: r() > 0.6,
  }
  data.workStyle = oneOf(r, workStyles)
  data.gap = { reason: oneOf(r, gapReasons), answer: oneOf(r, gapAnswers) }
  data.variant = Math.floor(r() * 5)
  return data
}

const sentencesOf = (letter: ComposedLetter): Sentence[] => [
  letter.greeting,
  letter.subject,
  ...[...letter.opener, ...letter.body, ...letter.callToAction].flat(),
]
const proseOf = (letter: ComposedLetter): Sentence[] => [...letter.opener, ...letter.body, ...letter.callToAction].flat()
const textOf = (letter: ComposedLetter) =>
  sentencesOf(letter)
    .map((s) => s.text)
    .join(' ')
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Sentences that say the old role is the applicant's present, for a role as the letter writes it. */
function presentTenseClaims(text: string, role: string): string[] {
  const r = escape(role)
  const patterns = [
    new RegExp(`\\bI am an? ${r}\\b`, 'i'),
    new RegExp(`\\bI(?: currently)? work as an? ${r}\\b`, 'i'),
    new RegExp(`(^|[.!?] )As an? ${r}(?: with [^,]*)?, I (would|offer|am|bring)\\b`),
    new RegExp(`\\bIn my current role, I work as an? ${r}\\b`, 'i'),
    new RegExp(`\\bAt present, I work as an? ${r}\\b`, 'i'),
  ]
  return patterns.filter((p) => p.test(text)).map(String)
}

describe('composition engine over many answer combinations', () => {
  const cases = Array.from({ length: 800 }, (_, i) => randomAnswers(i + 1))

  it('leaves no unfilled slot, no doubled word and no stray spacing or punctuation', () => {
    for (const data of cases) {
      const text = letterPlainText(data, new Date('2025-05-01T12:00:00Z'))
      expect(text).not.toMatch(/[{}[\]]|undefined|null|NaN|\$|<|>/)
      expect(text, text).not.toMatch(/(^|[^\p{L}])(\p{L}+) +\2(?=$|[^\p{L}])/iu)
      expect(text, text).not.toMatch(/ {2}| [,.]|,,|\.\.|[,;:]\./)
      expect(text).not.toMatch(/\b(at|with|for|in|from|to) (,|\.)/)
      expect(text, text).not.toMatch(/\bI (I|we|my|our|the|a|he|she|they)\b/i)
    }
  })

  it('ends every sentence with punctuation and starts it with a capital', () => {
    for (const data of cases) {
      for (const s of proseOf(composeLetter(data))) {
        expect(s.text, s.text).toMatch(/[.!?]$/)
        // A capital, or a letter of a script without capitals (a user's answer in Japanese).
        expect(s.text, s.text).toMatch(/^[\p{Lu}\d]|^(?!\p{Script=Latin})\p{Lo}/u)
      }
      expect(composeLetter(data).greeting.text).toMatch(/^Dear .+,$/)
    }
  })

  it('uses "an" before a vowel sound and "a" before a consonant sound', () => {
    // Acronyms are read letter by letter (an MBA, a UX designer); other words by their first sound.
    const vowelSound = (word: string) =>
      /^[A-Z]{2,}\b/.test(word) ? /^[AEFHILMNORSX]/.test(word) : /^([aeio]|u(?!ni[^nmd]|se|su|ti|ra|re)|hour|honest)/.test(word.toLowerCase())
    for (const data of cases) {
      const text = letterPlainText(data)
      for (const [, article, word] of text.matchAll(/\b(a|an) ([A-Za-z][\w’-]*)/g)) {
        const expected = vowelSound(word!) ? 'an' : 'a'
        expect(`${article!.toLowerCase()} ${word}`, text).toBe(`${expected} ${word}`)
      }
    }
  })

  it('writes common role words in lower case mid-sentence, and keeps names and acronyms as typed', () => {
    for (const data of cases) {
      const prose = proseOf(composeLetter(data))
        .map((s) => s.text)
        .join(' ')
      expect(prose, prose).not.toMatch(
        /\b(a|an|the|as) (Senior |English |Elementary School )?(Teacher|Designer|Analyst|Engineer|Manager|Nurse|Intern|Barista|Coordinator)\b/,
      )
      if (data.job.title === 'UX Designer') expect(prose).toContain('UX designer')
      if (data.job.title === 'English Teacher') expect(prose).toContain('English teacher')
    }
  })

  it('after a gap, never speaks of the old role in the present tense', () => {
    let checked = 0
    for (const data of cases) {
      const old = data.you.currentTitle || data.experience.recentTitle
      if (data.gap.reason === 'none' || data.experience.level === 'none' || !old) continue
      const role = old.replace(
        /\b(Teacher|Analyst|Engineer|Coordinator|Manager|Intern|Barista|Senior|Elementary|School|Assistant|Operations)\b/g,
        (w) => w.toLowerCase(),
      )
      const text = textOf(composeLetter(data))
      expect(presentTenseClaims(text, role), text).toEqual([])
      expect(text).not.toMatch(/\bcurrent role\b|\bI currently\b/)
      checked += 1
    }
    expect(checked).toBeGreaterThan(100)
  })

  it('never presents the old role as the experience the new job asks for', () => {
    for (const data of cases) {
      const text = textOf(composeLetter(data))
      expect(text).not.toMatch(
        /experience (this|the) job calls for|has prepared me well for (this|the) .*role|prepared me well for (this|the) .*role/i,
      )
    }
  })

  it('names the move for every career changer, with the role they come from and the one they want', () => {
    let checked = 0
    for (const data of cases) {
      if (!data.experience.careerChange || data.experience.level === 'none') continue
      const letter = composeLetter(data)
      const intro = letter.opener[0]![1]!
      expect(intro.text, intro.text).toMatch(/changing careers|change of career|new career/)
      if (data.job.title && /^[A-Za-z ]+$/.test(data.job.title))
        expect(intro.text.toLowerCase()).toContain(data.job.title.toLowerCase().replace(/^ux/, 'ux'))
      expect(intro.sources.some((s) => s.label.startsWith('Career change:'))).toBe(true)
      checked += 1
    }
    expect(checked).toBeGreaterThan(100)
  })

  it('explains a gap exactly when one was chosen, with the user’s answer in their own framing', () => {
    for (const data of cases) {
      const letter = composeLetter(data)
      const gapSentences = sentencesOf(letter).filter((s) => s.sources.some((src) => src.step === 'gap'))
      const text = gapSentences.map((s) => s.text).join(' ')
      if (data.gap.reason === 'none') expect(gapSentences).toEqual([])
      else {
        expect(gapSentences.length).toBeGreaterThan(0)
        if (data.gap.answer.startsWith('completed') || data.gap.answer.startsWith('I volunteered'))
          expect(text).toMatch(/(During that time|In that time|While I was away from work), I (completed|volunteered)/)
        if (data.gap.answer.startsWith('My father')) expect(text).toContain('My father was ill and I cared for him.')
        if (data.gap.answer.startsWith('caring')) expect(text).toMatch(/, I was caring for my twins\./)
        if (data.gap.answer.startsWith('看護')) expect(text).toContain('看護の資格を取りました.')
      }
    }
  })

  it('mentions the job title, the company and every chosen strength, each traceable to its answer', () => {
    for (const data of cases) {
      const letter = composeLetter(data)
      const all = sentencesOf(letter)
      const text = all.map((s) => s.text).join(' ')
      if (data.job.title) expect(text.toLowerCase()).toContain(data.job.title.toLowerCase())
      if (data.recipient.company) expect(text).toContain(data.recipient.company)
      for (const s of all) expect(s.sources.length, s.text).toBeGreaterThan(0)
      for (const s of all.filter((s) => data.job.title && s.text.toLowerCase().includes(`the ${data.job.title.toLowerCase()}`)))
        expect(
          s.sources.map((x) => x.step),
          s.text,
        ).toContain('job')
      for (const key of data.strengths) {
        // Named once as a list and backed by a sentence of its own, both traced to the strengths step.
        expect(all.some((s) => s.sources.some((src) => src.label.startsWith('Strengths:') && src.label.includes(strengthLabels[key])))).toBe(true)
        expect(all.filter((s) => s.sources.some((src) => src.label === `Strength: ${strengthLabels[key]}`))).toHaveLength(1)
      }
      if (data.skills.length > 0)
        expect(
          all.some((s) => data.skills.every((skill) => s.text.includes(skill)) && s.sources.some((src) => src.label.startsWith('Skills:'))),
        ).toBe(true)
    }
  })

  it('traces every sentence to a step of the wizard, and a sentence built on a typed answer to that answer', () => {
    for (const data of cases) {
      for (const s of sentencesOf(composeLetter(data))) {
        for (const src of s.sources) {
          expect([...stepKeys, 'edited']).toContain(src.step)
          expect(src.label.trim()).not.toBe('')
        }
        if (data.experience.achievement && s.text.includes(data.experience.achievement.replace(/^I /, '').slice(0, 12)))
          expect(s.sources.map((x) => x.label)).toContain(`Your result: ${data.experience.achievement}`)
        if (data.gap.answer && s.text.includes(data.gap.answer.slice(0, 10)))
          expect(s.sources.map((x) => x.label)).toContain(`Your answer: ${data.gap.answer}`)
      }
    }
  })

  it('varies its phrasing with the variant but stays the same for the same answers', () => {
    const data = randomAnswers(42)
    data.strengths = ['communication', 'reliability']
    data.job.title = 'Data Analyst'
    data.recipient.company = 'Acme'
    expect(letterPlainText(data)).toBe(letterPlainText(structuredClone(data)))
    const texts = new Set(Array.from({ length: 8 }, (_, variant) => letterPlainText({ ...data, variant })))
    expect(texts.size).toBeGreaterThan(3)
  })

  it('uses the user’s own wording for an edited part', () => {
    const data = randomAnswers(7)
    data.edits = { ...data.edits, body: 'First paragraph of mine.\n\nSecond one.' }
    const letter = letterWithEdits(data)
    expect(letter.body.map((p) => p.map((s) => s.text).join(' '))).toEqual(['First paragraph of mine.', 'Second one.'])
    expect(letter.body[0]![0]!.sources).toEqual([{ step: 'edited', label: 'Written by you' }])
  })
})

/** Two applicants who share nothing they typed: every free-text answer comes from a separate pool. */
const pools = [
  {
    first: ['Ana', 'Łucja', '陽子'],
    last: ['Lopez', 'Wiśniewska-Nguyễn', '佐藤'],
    email: ['ana@example.org', 'lucja@example.pl', ''],
    titles: ['UX Designer', 'Data Analyst', 'Registered Nurse', 'Marketing Intern'],
    companies: ['Brightpath Studio', 'Acme', ''],
    old: ['Teacher', 'Barista', 'Operations Coordinator', ''],
    employers: ['Lincoln Middle School', 'Globex', ''],
    fields: ['education', 'statistics', ''],
    schools: ['University of Warsaw', 'Ohio State University', ''],
    skills: ['Figma', 'user research', 'SQL'],
    achievements: ['redesigned the school’s parent portal', 'cut reporting time by 40%', ''],
    gapAnswers: ['completed the Google UX Design certificate', 'My mother was ill and I cared for her.', ''],
  },
  {
    first: ['Kwame', 'Søren', 'Мария'],
    last: ['Mensah', 'Kierkegård', 'Иванова'],
    email: ['kwame@example.com', 'maria@example.ru', ''],
    titles: ['Software Engineer', 'Electrician', 'Account Executive', 'Office Manager'],
    companies: ['Initech', 'Hooli', ''],
    old: ['Nurse', 'Retail Supervisor', 'Line Cook', ''],
    employers: ['St. Mary’s Hospital', 'Umbrella Retail', ''],
    fields: ['nursing', 'electrical engineering', ''],
    schools: ['Lyon College', 'Kyoto University', ''],
    skills: ['Python', 'wiring', 'negotiation'],
    achievements: ['trained 12 new hires', 'ran the night shift for a year', ''],
    gapAnswers: ['travelled through South America', 'We moved to Canada for my partner’s job.', ''],
  },
] as const

function applicantFrom(pool: (typeof pools)[number], seed: number): CoverLetterData {
  const r = rng(seed)
  const data = emptyCoverLetterData()
  data.you = { ...data.you, firstName: oneOf(r, pool.first), lastName: oneOf(r, pool.last), email: oneOf(r, pool.email) }
  data.recipient = { ...data.recipient, company: oneOf(r, pool.companies) }
  data.job = { ...data.job, title: oneOf(r, pool.titles), kind: oneOf(r, jobKinds) }
  data.strengths = [...strengthKeys].sort(() => r() - 0.5).slice(0, Math.floor(r() * 4))
  data.skills = pool.skills.filter(() => r() > 0.5)
  data.background = { level: oneOf(r, educationLevels), school: oneOf(r, pool.schools), field: oneOf(r, pool.fields) }
  data.experience = {
    level: oneOf(r, experienceLevels),
    years: Math.floor(r() * 10),
    recentTitle: oneOf(r, pool.old),
    recentEmployer: oneOf(r, pool.employers),
    achievement: oneOf(r, pool.achievements),
    careerChange: r() > 0.5,
  }
  data.workStyle = oneOf(r, workStyles)
  data.gap = { reason: oneOf(r, gapReasons), answer: oneOf(r, pool.gapAnswers) }
  return data
}

describe('two applicants’ letters', () => {
  it('share no sentence except the greeting and the closing', () => {
    for (let i = 0; i < 500; i += 1) {
      const a = composeLetter(applicantFrom(pools[0], 1000 + i))
      const b = composeLetter(applicantFrom(pools[1], 5000 + i * 7))
      // Greeting and closing are the fixed formulas; everything else must be the applicant's own.
      const own = (letter: ComposedLetter) => new Set([letter.subject, ...proseOf(letter)].map((s) => s.text))
      const mine = own(a)
      const shared = [...own(b)].filter((text) => mine.has(text))
      expect(shared, `${letterText(a)}\n---\n${letterText(b)}`).toEqual([])
    }
  })

  it('for the same job at the same company, share at most the line that applies for it', () => {
    // Applicants who said something of their own (a role they held, a field they studied); the line
    // "I am writing to apply for the UX designer position at Brightpath Studio." holds nothing else.
    const sameJob = (pool: (typeof pools)[number], seed: number) => {
      const data = applicantFrom(pool, seed)
      data.job = { ...data.job, title: 'UX Designer', kind: 'full-time' }
      data.recipient.company = 'Brightpath Studio'
      data.experience.recentTitle ||= pool.old[0]
      data.background.field ||= pool.fields[0]
      if (data.background.level === 'high-school' || data.background.level === '') data.background.level = 'bachelor'
      return composeLetter(data)
    }
    for (let i = 0; i < 500; i += 1) {
      const a = sameJob(pools[0], 9000 + i)
      const b = sameJob(pools[1], 13000 + i * 3)
      const own = (letter: ComposedLetter) =>
        new Set(
          proseOf(letter)
            .slice(1)
            .map((s) => s.text),
        )
      const mine = own(a)
      const shared = [...own(b)].filter((text) => mine.has(text))
      expect(shared, `${letterText(a)}\n---\n${letterText(b)}`).toEqual([])
    }
  })
})

const letterText = (letter: ComposedLetter) =>
  sentencesOf(letter)
    .map((s) => s.text)
    .join('\n')

/** Realistic applicants, read as a user would. */
function careerChanger(): CoverLetterData {
  const data = emptyCoverLetterData()
  data.you = { ...data.you, firstName: 'Łucja', lastName: 'Wiśniewska-Nguyễn', email: 'lucja@example.org', currentTitle: 'Teacher' }
  data.recipient = { ...data.recipient, company: 'Brightpath Studio' }
  data.job = { ...data.job, title: 'UX Designer', source: 'LinkedIn' }
  data.strengths = ['communication', 'organisation', 'problem-solving']
  data.skills = ['Figma', 'user research', 'usability testing']
  data.background = { level: 'bachelor', school: 'University of Warsaw', field: 'education' }
  data.experience = {
    level: 'mid',
    years: 6,
    recentTitle: 'Teacher',
    recentEmployer: 'Lincoln Middle School',
    achievement: 'redesigned the school’s parent portal with a team of three',
    careerChange: true,
  }
  data.gap = { reason: 'caregiving', answer: 'completed the Google UX Design certificate' }
  return data
}

describe('letters that read true', () => {
  it('a teacher moving into UX design after a two-year break: names the move, past tense, the reason in their words, no false claim', () => {
    for (let variant = 0; variant < 12; variant += 1) {
      const letter = composeLetter({ ...careerChanger(), variant })
      const text = letterText(letter)
      expect(letter.opener[0]![1]!.text, text).toMatch(
        /(changing careers|change of career|new career).*UX designer|teacher.*(changing careers|change of career|new career)/,
      )
      expect(text).toMatch(/\bteacher\b/)
      expect(text).not.toMatch(/\bTeacher\b/)
      expect(presentTenseClaims(text, 'teacher'), text).toEqual([])
      expect(text).toMatch(/to care for my family/)
      expect(text).toMatch(/, I completed the Google UX Design certificate\./)
      expect(text).not.toMatch(/experience this job calls for|prepared me (well )?for/)
      // The strengths are connected from the old role to the new one.
      const transfer = letter.body[0]![0]!
      expect(transfer.text, transfer.text).toMatch(/teacher.*clear communication, strong organizational skills, and problem-solving.*UX designer/)
      expect(transfer.sources.map((s) => s.step)).toEqual(expect.arrayContaining(['strengths', 'experience']))
      expect(text).toContain('Figma, user research, and usability testing')
      expect(text).toContain('the University of Warsaw')
    }
  })

  it('a first-job applicant reads as someone starting out, with their studies', () => {
    const data = emptyCoverLetterData()
    data.you = { ...data.you, firstName: 'Ana', lastName: 'Lopez' }
    data.recipient = { ...data.recipient, company: 'Acme' }
    data.job = { ...data.job, title: 'Data Analyst', kind: 'internship' }
    data.strengths = ['analytical-thinking']
    data.background = { level: 'bachelor', school: 'Ohio State University', field: 'statistics' }
    data.experience = { ...data.experience, level: 'none', achievement: 'built a dashboard of city bus delays' }
    const text = letterText(composeLetter(data))
    expect(text).toContain('Application for the Data Analyst internship')
    expect(text).toMatch(/the data analyst internship (at|with) Acme/)
    expect(text).toMatch(/recent graduate with a bachelor’s degree in statistics/)
    expect(text).toMatch(/studies in statistics/)
    expect(text).toMatch(/, I built a dashboard of city bus delays\./)
    expect(text).not.toMatch(/I worked as|changing careers|career break/)
  })

  it('an experienced applicant in the same field speaks of their current role in the present tense', () => {
    const data = emptyCoverLetterData()
    data.you = { ...data.you, firstName: 'Kwame', lastName: 'Mensah', currentTitle: 'Senior Data Analyst' }
    data.recipient = { ...data.recipient, company: 'Initech', name: 'Jo Park' }
    data.job = { ...data.job, title: 'Lead Data Analyst' }
    data.strengths = ['leadership', 'analytical-thinking']
    data.experience = {
      level: 'senior',
      years: 9,
      recentTitle: 'Senior Data Analyst',
      recentEmployer: 'Globex',
      achievement: 'cut monthly reporting time by 40%',
      careerChange: false,
    }
    for (let variant = 0; variant < 6; variant += 1) {
      const text = letterText(composeLetter({ ...data, variant }))
      expect(text).toMatch(/^Dear Jo Park,/)
      expect(text).toMatch(/(As|I am) a senior data analyst with nine years of experience/)
      expect(text).toMatch(/(I currently work|At present, I work|In my current role, I work) as a senior data analyst at Globex\./)
      expect(text).toMatch(/I cut monthly reporting time by 40%\./)
      expect(text).not.toMatch(/changing careers|change of career|career break|I worked as/)
    }
  })

  it('keeps an answer that is not the rest of an “I …” sentence as the user wrote it', () => {
    const data = careerChanger()
    data.gap.answer = 'my father was ill and I cared for him'
    data.experience.achievement = 'We doubled the parent turnout at open days.'
    const text = letterText(composeLetter(data))
    expect(text).toContain('My father was ill and I cared for him.')
    expect(text).toContain('We doubled the parent turnout at open days.')
    expect(text).not.toMatch(/I my|I we/i)
  })

  it('is the same letter for the same answers', () => {
    expect(letterPlainText(careerChanger(), new Date('2026-01-01'))).toBe(letterPlainText(careerChanger(), new Date('2026-01-01')))
  })
})

describe('grammar helpers', () => {
  it('picks articles by sound', () => {
    expect(['hour', 'engineer', 'MBA', 'SQL course', 'honest answer', 'office'].map(indefiniteArticle)).toEqual(['an', 'an', 'an', 'an', 'an', 'an'])
    expect(['university', 'European firm', 'UX role', 'one-year contract', 'user researcher', 'nurse'].map(indefiniteArticle)).toEqual([
      'a',
      'a',
      'a',
      'a',
      'a',
      'a',
    ])
  })

  it('writes role names as they read mid-sentence', () => {
    expect(
      [
        'Teacher',
        'Senior UX Designer',
        'English Teacher',
        'iOS Developer',
        'Salesforce Administrator',
        'ソフトウェアエンジニア',
        'Front-End Developer',
      ].map(roleNoun),
    ).toEqual([
      'teacher',
      'senior UX designer',
      'English teacher',
      'iOS developer',
      'Salesforce administrator',
      'ソフトウェアエンジニア',
      'front-end developer',
    ])
  })

  it('tidies where a template meets an answer', () => {
    expect(sentence('I I led the team..')).toBe('I led the team.')
    expect(sentence('I work at Acme Inc.')).toBe('I work at Acme Inc.')
    expect(sentence('we moved to to Berlin ,')).toBe('We moved to Berlin.')
  })

  it('joins lists and names occupations in the singular', () => {
    expect([joinList(['a']), joinList(['a', 'b']), joinList(['a', 'b', 'c'])]).toEqual(['a', 'a and b', 'a, b, and c'])
    expect(
      ['Software Developers', 'Registered Nurses', 'Secretaries and Administrative Assistants', 'Sales Managers', 'Accountants and Auditors'].map(
        singularTitle,
      ),
    ).toEqual(['Software Developer', 'Registered Nurse', 'Secretary and Administrative Assistant', 'Sales Manager', 'Accountant and Auditor'])
  })
})

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
import { composeLetter, letterPlainText, letterWithEdits, type ComposedLetter, type Sentence } from '@/features/cover-letter/compose'
import { indefiniteArticle, joinList, singularTitle } from '@/features/cover-letter/grammar'
import { strengthLabels } from '@/features/cover-letter/model'

/** A small deterministic generator, so the combinations are many but the run is repeatable. */
function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}
const oneOf = <T,>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)]!

const titles = ['Data Analyst', 'Engineer', 'Office Manager', 'UX Designer', 'Registered Nurse', 'Electrician', '', 'Account Executive']
const companies = ['Acme', 'Umbrella Industries', 'Initech', '', 'Oak & Ivy', 'Hooli']
const names = ['Jo Park', '', 'Dr. Amara Obi']
const fields = ['statistics', 'nursing', '', 'economics', 'information technology']
const currentTitles = ['', 'Operations Coordinator', 'Engineer', 'Analyst']
const achievements = ['', 'cut monthly reporting time by 40%', 'I led a team of five through a system migration.', 'Trained 12 new hires']
const gapAnswers = ['', 'completed a certificate in project management.', 'I volunteered at a local food bank']

function randomAnswers(seed: number): CoverLetterData {
  const r = rng(seed)
  const data = emptyCoverLetterData()
  data.you = { ...data.you, firstName: oneOf(r, ['Ana', '', 'Liu']), lastName: oneOf(r, ['Lopez', '']), email: oneOf(r, ['ana@example.org', '']), phone: oneOf(r, ['', '555 0100']), currentTitle: oneOf(r, currentTitles) }
  data.recipient = { ...data.recipient, name: oneOf(r, names), company: oneOf(r, companies) }
  data.job = { ...data.job, title: oneOf(r, titles), kind: oneOf(r, jobKinds), source: oneOf(r, ['', 'LinkedIn', 'your careers page']) }
  const strengths = [...strengthKeys].sort(() => r() - 0.5).slice(0, Math.floor(r() * 4))
  data.strengths = strengths
  data.skills = ['SQL', 'Excel', 'customer service', 'Python', 'scheduling'].filter(() => r() > 0.5)
  data.background = { level: oneOf(r, educationLevels), school: oneOf(r, ['', 'Ohio State University', 'Lyon College']), field: oneOf(r, fields) }
  data.experience = { level: oneOf(r, experienceLevels), years: Math.floor(r() * 14), recentTitle: oneOf(r, ['', 'Analyst', 'Intern', 'Assistant Manager']), recentEmployer: oneOf(r, ['', 'Globex', 'Acme']), achievement: oneOf(r, achievements) }
  data.workStyle = oneOf(r, workStyles)
  data.gap = { reason: oneOf(r, gapReasons), answer: oneOf(r, gapAnswers) }
  data.variant = Math.floor(r() * 5)
  return data
}

const sentencesOf = (letter: ComposedLetter): Sentence[] => [letter.greeting, letter.subject, ...[...letter.opener, ...letter.body, ...letter.callToAction].flat()]
const proseOf = (letter: ComposedLetter): Sentence[] => [...letter.opener, ...letter.body, ...letter.callToAction].flat()

describe('composition engine over many answer combinations', () => {
  const cases = Array.from({ length: 600 }, (_, i) => randomAnswers(i + 1))

  it('leaves no unfilled slot, no doubled word and no stray spacing', () => {
    for (const data of cases) {
      const text = letterPlainText(data, new Date('2025-05-01T12:00:00Z'))
      expect(text).not.toMatch(/[{}[\]]|undefined|null|NaN|\$|<|>/)
      expect(text, text).not.toMatch(/\b(\w+) +\1\b/i)
      expect(text).not.toMatch(/ {2}| [,.]|,,|\.\./)
      expect(text).not.toMatch(/\b(at|with|for|in|from|to) (,|\.)/)
    }
  })

  it('ends every sentence with punctuation and starts it with a capital', () => {
    for (const data of cases) {
      for (const s of proseOf(composeLetter(data))) {
        expect(s.text, s.text).toMatch(/[.!?]$/)
        expect(s.text, s.text).toMatch(/^[A-Z]/)
      }
      expect(composeLetter(data).greeting.text).toMatch(/^Dear .+,$/)
    }
  })

  it('uses "an" before a vowel sound and "a" before a consonant sound', () => {
    const vowelSound = /^([aeio]|u(?!ni[^nmd]|se|su|ti|ra|re)|hour|honest|[AEFHILMNORSX][A-Z])/
    for (const data of cases) {
      const text = letterPlainText(data)
      for (const [, article, word] of text.matchAll(/\b(a|an) ([\w’-]+)/gi)) {
        const expected = vowelSound.test(word!) || vowelSound.test(word!.toLowerCase()) ? 'an' : 'a'
        expect(`${article!.toLowerCase()} ${word}`, text).toBe(`${expected} ${word}`)
      }
    }
  })

  it('explains a gap exactly when one was chosen, with the user’s answer', () => {
    for (const data of cases) {
      const letter = composeLetter(data)
      const gapSentences = sentencesOf(letter).filter((s) => s.sources.some((src) => src.step === 'gap'))
      if (data.gap.reason === 'none') expect(gapSentences).toEqual([])
      else {
        expect(gapSentences.length).toBeGreaterThan(0)
        if (data.gap.answer) expect(gapSentences.map((s) => s.text).join(' ')).toMatch(/During that time, I (completed|volunteered)/)
      }
    }
  })

  it('mentions the job title, the company and every chosen strength, each traceable to its answer', () => {
    for (const data of cases) {
      const letter = composeLetter(data)
      const all = sentencesOf(letter)
      const text = all.map((s) => s.text).join(' ')
      if (data.job.title) expect(text).toContain(data.job.title)
      if (data.recipient.company) expect(text).toContain(data.recipient.company)
      for (const s of all) expect(s.sources.length, s.text).toBeGreaterThan(0)
      const titleSentences = all.filter((s) => data.job.title && s.text.includes(data.job.title))
      for (const s of titleSentences.filter((s) => s.text.includes(`the ${data.job.title}`))) expect(s.sources.map((x) => x.step)).toContain('job')
      for (const key of data.strengths) {
        // Named in the opener and backed by a sentence of its own, both traced to the strengths step.
        const opener = letter.opener.flat().find((s) => s.sources.some((src) => src.step === 'strengths'))!
        expect(opener.sources.find((src) => src.step === 'strengths')!.label).toContain(strengthLabels[key])
        expect(all.filter((s) => s.sources.some((src) => src.label === `Strength: ${strengthLabels[key]}`))).toHaveLength(1)
      }
      if (data.skills.length > 0) expect(all.some((s) => data.skills.every((skill) => s.text.includes(skill)) && s.sources.some((src) => src.label.startsWith('Skills:')))).toBe(true)
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

describe('grammar helpers', () => {
  it('picks articles by sound', () => {
    expect(['hour', 'engineer', 'MBA', 'SQL course', 'honest answer', 'office'].map(indefiniteArticle)).toEqual(['an', 'an', 'an', 'an', 'an', 'an'])
    expect(['university', 'European firm', 'UX role', 'one-year contract', 'user researcher', 'nurse'].map(indefiniteArticle)).toEqual(['a', 'a', 'a', 'a', 'a', 'a'])
  })

  it('joins lists and names occupations in the singular', () => {
    expect([joinList(['a']), joinList(['a', 'b']), joinList(['a', 'b', 'c'])]).toEqual(['a', 'a and b', 'a, b, and c'])
    expect(['Software Developers', 'Registered Nurses', 'Secretaries and Administrative Assistants', 'Sales Managers', 'Accountants and Auditors'].map(singularTitle)).toEqual([
      'Software Developer',
      'Registered Nurse',
      'Secretary and Administrative Assistant',
      'Sales Manager',
      'Accountant and Auditor',
    ])
  })
})

import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { adviceCards, matchAdvice } from '../../server/services/assistant/advice.ts'
import { createAssistantTools } from '../../server/services/assistant/tools.ts'
import type { Library } from '../../server/services/library/index.ts'
import { memoryLog, rootDir } from './support/db.ts'

const slugs = readdirSync(join(rootDir, 'server/content/articles'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.replace(/^.*\//, '').replace(/\.md$/, ''))

/** A library of titles only: what the advice answer needs to name its links. */
const library = {
  snapshot: async () => ({ articles: slugs.map((slug) => ({ slug, title: `Title of ${slug}` })) }),
} as unknown as Library
const tools = createAssistantTools({ library, log: memoryLog() })

describe('the advice base', () => {
  test('every card is whole: a unique id, several ways of asking, an answer, and links to articles that exist', () => {
    expect(new Set(adviceCards.map((c) => c.id)).size).toBe(adviceCards.length)
    for (const card of adviceCards) {
      expect(card.asks.length, card.id).toBeGreaterThanOrEqual(4)
      expect(card.answer.length, card.id).toBeGreaterThan(80)
      for (const url of card.links) expect(slugs, `${card.id} links ${url}`).toContain(url.replace('/articles/', ''))
    }
  })

  test('an everyday question in words no card uses is answered by the card that fits, with where to read more', async () => {
    const answer = await tools.advice(
      'my old boss from my summer job hasnt replied in 2 weeks, can i still put her down as a reference?? how do i ask',
    )
    expect(answer?.text).toMatch(/refer/i)
    expect(answer?.html).toContain('<strong>Read more:</strong> <a href="/articles/')
    expect(answer?.sources.every((s) => s.url.startsWith('/articles/') || s.url.startsWith('https://'))).toBe(true)
  })

  test('a question sharing only a word or two with a card is left to the library', async () => {
    expect(await tools.advice('How do I write a CV?')).toBeNull()
    expect(await tools.advice('what is the best deep dish pizza place in chicago')).toBeNull()
    // The card for a career change's resume does not answer every resume question.
    expect(matchAdvice('How do I write a CV?')[0]?.card.id).not.toBe('resume-career-change')
  })

  test('a long, messy, forum-style question finds the card that fits', () => {
    const questions: [string, string][] = [
      [
        'final interview was 10 days ago, they said theyd get back to me within a week, total silence, do i chase or wait',
        'follow-up-after-interview',
      ],
      ['my sat is saturday and i always panic in exams, how do i stay calm', 'test-day-nerves'],
      ['the pub wants me to do a trial shift for free, is that ok', 'unpaid-trial-shift'],
      ['been home with my kids for 4 years, how do i explain that in a cover letter', 'return-to-work-after-childcare'],
      ['email says ive been selected for a scholarship, i just need to pay a processing fee, scam?', 'scholarship-scams'],
      ['on my teaching placement a pupil told me something worrying and asked me to keep it secret', 'safeguarding-concern'],
    ]
    for (const [question, id] of questions) {
      const [best] = matchAdvice(question)
      expect(best?.card.id, question).toBe(id)
      expect(best?.score, question).toBeGreaterThanOrEqual(0.4)
    }
  })

  test('pay figures, visa rules and small talk are not answered from the advice base', async () => {
    for (const question of [
      'what is the uk minimum wage for 18 year olds',
      'what visa do i need to work in canada',
      'hi how are you',
      'what is the weather in paris',
    ])
      expect(await tools.advice(question), question).toBeNull()
  })
})

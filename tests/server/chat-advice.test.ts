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
})

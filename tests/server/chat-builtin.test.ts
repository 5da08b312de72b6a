import { describe, expect, test } from 'vitest'
import { builtinProvider, chunks, composeAnswer, topicPhrase } from '../../server/services/assistant/builtin.ts'
import { siteTools } from '../../server/services/assistant/tools.ts'
import { bestPassage, spellingVariants, topicWords } from '../../server/services/assistant/text.ts'
import type { AssistantTools, LibraryFindings } from '../../server/services/assistant/types.ts'

const star = {
  title: 'Answering behavioral interview questions with the STAR method',
  url: '/articles/answering-behavioral-questions-with-star',
  summary: 'Structure clear answers.',
  passage: '<mark>Behavioral</mark> questions ask what you did.',
}

function toolsFinding(findings: LibraryFindings): AssistantTools & { queries: string[] } {
  const queries: string[] = []
  return {
    queries,
    searchLibrary: async (query) => {
      queries.push(query)
      return findings
    },
    builders: () => siteTools,
  }
}

describe('built-in assistant', () => {
  test('quotes and links what the library found, names the category and says what it is', async () => {
    const tools = toolsFinding({ articles: [star], categories: [{ title: 'Interview Tips', url: '/library?category=interview-tips' }] })
    const { text, sources } = await composeAnswer(tools, { question: 'How do I prepare for a behavioural interview?' })
    expect(text.split('\n')).toEqual([
      'Here is what our library says about <strong>how to prepare for a behavioural interview</strong>:',
      '',
      `<strong><a href="${star.url}">${star.title}</a></strong>`,
      `“${star.passage}”`,
      '',
      'More on this in the library: <a href="/library?category=interview-tips">Interview Tips</a>.',
      '',
      'These are short quotes: open an article for the whole guide. I answer from the Waypoint library, not with advice of my own.',
    ])
    expect(sources).toEqual([
      { title: star.title, url: star.url },
      { title: 'Interview Tips', url: '/library?category=interview-tips' },
    ])
  })

  test('finding nothing, it says so and suggests the library; tools are named when the question mentions them', async () => {
    const none = toolsFinding({ articles: [], categories: [] })
    expect((await composeAnswer(none, { question: 'Why is the sky blue?' })).text).toBe(
      'I could not find an article in our library about “Why is the sky blue”.\nTry asking in other words, or browse all articles in the <a href="/library">library</a>.',
    )
    const { text, sources } = await composeAnswer(none, { question: 'What rent and salary can I expect with my CV and cover letter?' })
    expect(sources.map((s) => s.url)).toEqual(['/resume', '/coverletter', '/salary', '/living-cost'])
    expect(text).toContain('These Waypoint tools can help:')
  })

  test('escapes the question it repeats', async () => {
    const none = toolsFinding({ articles: [], categories: [] })
    const { text } = await composeAnswer(none, { question: '<img src=x onerror=alert(1)> help?' })
    expect(text).not.toContain('<img')
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })

  test('greetings and "who are you" get a short honest answer without searching', async () => {
    const tools = toolsFinding({ articles: [star], categories: [] })
    expect((await composeAnswer(tools, { question: 'Hello!' })).text).toMatch(/^Hello! Ask me about/)
    expect((await composeAnswer(tools, { question: 'Are you a bot?' })).text).toContain('I do not write advice of my own')
    expect(tools.queries).toEqual([])
  })

  test('streams the answer in pieces that never cut a tag, then the sources', async () => {
    const provider = builtinProvider(toolsFinding({ articles: [star], categories: [] }), { chunkDelayMs: 0 })
    const events = []
    for await (const event of provider.answer({ question: 'Interview tips?', history: [], signal: new AbortController().signal })) events.push(event)
    const deltas = events.filter((e) => e.type === 'delta')
    expect(deltas.length).toBeGreaterThan(5)
    for (const delta of deltas) expect(delta.text).not.toMatch(/<[^>]*$/)
    expect(events.at(-1)).toEqual({ type: 'done', sources: [{ title: star.title, url: star.url }] })
  })

  test('stops streaming when aborted', async () => {
    const controller = new AbortController()
    const provider = builtinProvider(toolsFinding({ articles: [star, star, star], categories: [] }), { chunkDelayMs: 5 })
    const seen: string[] = []
    await expect(async () => {
      for await (const event of provider.answer({ question: 'Interview tips?', history: [], signal: controller.signal })) {
        if (event.type === 'delta') seen.push(event.text)
        controller.abort()
      }
    }).rejects.toThrow()
    expect(seen).toHaveLength(1)
  })
})

describe('text helpers', () => {
  test('topic phrases', () => {
    expect(topicPhrase('How can I negotiate my first salary?')).toBe('<strong>how to negotiate your first salary</strong>')
    expect(topicPhrase('What is a cover letter?')).toBe('<strong>cover letter</strong>')
    expect(topicPhrase('Tell me about internships')).toBe('<strong>internships</strong>')
    expect(topicPhrase('Internships in Berlin?')).toBe('“Internships in Berlin”')
  })

  test('British spellings and everyday words find the words our articles use', () => {
    expect(spellingVariants('behavioural')).toEqual(['behavioral'])
    expect(spellingVariants('organise')).toEqual(['organize'])
    expect(spellingVariants('cv')).toEqual(['resume'])
    expect(topicWords('How do I prepare for a behavioural interview?')).toEqual(['prepare', 'behavioural', 'interview', 'behavioral'])
  })

  test('the best passage is the sentence holding most topic words, marked and escaped', () => {
    const body = [
      'Introduction',
      'Interviews vary a lot between companies. Some ask <tricky> questions.',
      'Behavioral interview questions ask what you did in a past situation, so prepare stories about it.',
    ].join('\n\n')
    expect(bestPassage(body, topicWords('How do I prepare for a behavioural interview?'))).toBe(
      '<mark>Behavioral</mark> <mark>interview</mark> questions ask what you did in a past situation, so <mark>prepare</mark> stories about it.',
    )
    expect(bestPassage(body, ['tricky'])).toBe('Interviews vary a lot between companies. Some ask &lt;<mark>tricky</mark>&gt; questions.')
    expect(bestPassage(body, ['astronaut'])).toBe('')
  })

  test('pieces keep every character', () => {
    const text = 'Some <a href="/articles/x">linked title</a> and “quotes” with\nline breaks.'
    expect(chunks(text, 8).join('')).toBe(text)
  })
})

import { setTimeout as sleep } from 'node:timers/promises'
import { builtinProviderLabel, type ChatSource } from '~contract/chat.ts'
import { dataQuestion } from './intents.ts'
import { escapeHtml } from './text.ts'
import {
  guestAsker,
  type AnswerEvent,
  type AnswerProvider,
  type AnswerRequest,
  type AssistantTools,
  type LibraryHit,
  type SiteTool,
  type ToolResult,
} from './types.ts'

export type BuiltinOptions = {
  /** Pause between two streamed pieces; the first piece goes at once. */
  chunkDelayMs?: number
}

/** Which of our tool pages a question is about, by the words people use for them. */
const toolMentions: { url: string; pattern: RegExp }[] = [
  { url: '/resume', pattern: /\b(resumes?|résumés?|cvs?|curriculum vitae)\b/i },
  { url: '/coverletter', pattern: /\b(cover(ing)? letters?|motivation(al)? letters?)\b/i },
  { url: '/salary', pattern: /\b(salar(y|ies)|pay|paid|wages?|earn(s|ing)?|income|compensation)\b/i },
  { url: '/living-cost', pattern: /\b(cost of living|living costs?|rent|expenses|afford)\b/i },
]

const smallTalk: { pattern: RegExp; answer: string }[] = [
  {
    pattern: /^(hi|hello|hey|hiya|good (morning|afternoon|evening)|greetings)\b[\s!.,]*(there)?[\s!.,]*$/i,
    answer: 'Hello! Ask me about applications, interviews, salaries or living costs, and I will look it up in the Waypoint library.',
  },
  {
    pattern: /^(thanks|thank you|thx|cheers|great|perfect|ok(ay)?)\b[\w\s!.,]{0,30}$/i,
    answer: 'You are welcome! Ask me anything else about your applications, interviews or studies.',
  },
  {
    pattern: /\b(who are you|what are you|what can you do|are you (a |an )?(bot|ai|human|robot|real))\b/i,
    answer:
      "I'm Waypoint's career assistant. I search Waypoint's library of articles and quote what it says, with links, " +
      'and I point you to our tools: Resume Builder, Cover Letter Builder, Salary Insights and Cost of Living. ' +
      'I do not write advice of my own.',
  },
]

/**
 * The assistant without a language model: it answers questions about pay, living costs and
 * places with the figures of our datasets (and their sources), and everything else by searching
 * the library and quoting what the articles say (short quotes and links), plus pointers to the
 * site's tools.
 */
export function builtinProvider(tools: AssistantTools, options: BuiltinOptions = {}): AnswerProvider {
  const delay = options.chunkDelayMs ?? 15
  return {
    label: builtinProviderLabel,
    async *answer(request) {
      const { text, sources } = await composeAnswer(tools, request)
      yield* stream(text, delay, request.signal)
      yield { type: 'done', sources }
    },
  }
}

export async function composeAnswer(
  tools: AssistantTools,
  { question, asker = guestAsker }: Pick<AnswerRequest, 'question' | 'asker'>,
): Promise<{ text: string; sources: ChatSource[] }> {
  const canned = smallTalk.find((s) => s.pattern.test(question.trim()))
  if (canned) return { text: canned.answer, sources: [] }

  const data = await dataAnswer(tools, question, asker)
  if (data) return data

  const findings = await tools.searchLibrary(question)
  const pointers = tools.builders().filter((tool) => toolMentions.some((m) => m.url === tool.url && m.pattern.test(question)))
  const topic = topicPhrase(question)
  const lines: string[] = []

  if (findings.articles.length > 0) {
    lines.push(`Here is what our library says about ${topic}:`, '')
    for (const article of findings.articles) lines.push(...quote(article), '')
    for (const category of findings.categories) {
      lines.push(`More on this in the library: <a href="${escapeHtml(category.url)}">${escapeHtml(category.title)}</a>.`, '')
    }
  } else {
    lines.push(`I could not find an article in our library about ${topic}.`)
    if (pointers.length === 0) {
      lines.push('Try asking in other words, or browse all articles in the <a href="/library">library</a>.')
    }
    lines.push('')
  }
  if (pointers.length > 0) {
    lines.push(pointers.length === 1 ? 'This Waypoint tool can help:' : 'These Waypoint tools can help:')
    for (const tool of pointers) lines.push(toolLine(tool))
    lines.push('')
  }
  if (findings.articles.length > 0) {
    lines.push('These are short quotes: open an article for the whole guide. I answer from the Waypoint library, not with advice of my own.')
  }

  const sources: ChatSource[] = [
    ...findings.articles.map(({ title, url }) => ({ title, url })),
    ...findings.categories,
    ...pointers.map(({ title, url }) => ({ title, url })),
  ]
  return { text: lines.join('\n').trim(), sources }
}

/**
 * A question about pay, living costs or a place, answered with the tool's figures. Null when
 * it is no such question or the tool knows no such occupation or place: the library answers.
 */
async function dataAnswer(
  tools: AssistantTools,
  question: string,
  asker: NonNullable<AnswerRequest['asker']>,
): Promise<{ text: string; sources: ChatSource[] } | null> {
  const intent = dataQuestion(question)
  if (!intent) return null
  let found: ToolResult | null = null
  if (intent.kind === 'salary' && tools.salary) found = await tools.salary(intent.job, intent.location, asker)
  else if (intent.kind === 'cost' && tools.costOfLiving) found = await tools.costOfLiving(intent.city, asker)
  else if (intent.kind === 'location' && tools.locations) found = await tools.locations(intent.place)
  if (!found) return null
  const intro = intent.kind === 'location' ? 'Here is what Waypoint knows about this place:' : 'Here is what our data says:'
  const text = [
    intro,
    '',
    found.html ?? escapeHtml(found.text),
    '',
    intent.kind === 'location'
      ? 'I quote Waypoint’s location page and the statistics behind it; I do not add advice of my own.'
      : 'I quote these figures from Waypoint’s datasets of official statistics, with their sources; I do not make up figures of my own.',
  ].join('\n')
  return { text, sources: found.sources }
}

function quote(article: LibraryHit): string[] {
  const link = `<strong><a href="${escapeHtml(article.url)}">${escapeHtml(article.title)}</a></strong>`
  if (article.passage) return [link, `“${article.passage}”`]
  return [link, escapeHtml(article.summary)]
}

const toolLine = (tool: SiteTool) => `<a href="${escapeHtml(tool.url)}">${escapeHtml(tool.title)}</a>: ${escapeHtml(tool.description)}`

/** "How do I prepare for X?" becomes "how to prepare for X"; other questions are quoted. */
export function topicPhrase(question: string): string {
  const text = question.trim().replace(/[\s?.!]+$/, '')
  const rewrites: [RegExp, string][] = [
    [/^(how (do|can|should|could|would|might) (i|we|you|one)|how to|how am i supposed to)\s+/i, 'how to '],
    [/^((can|could) you )?(tell me about|explain|help me with|i need help with|what (is|are)( an?| the)?)\s+/i, ''],
  ]
  for (const [pattern, replacement] of rewrites) {
    if (!pattern.test(text)) continue
    const phrase = text
      .replace(pattern, replacement)
      .replace(/\bI'm\b/g, "you're")
      .replace(/\bmy\b/gi, 'your')
      .replace(/\bmyself\b/gi, 'yourself')
      .replace(/\b(I|me)\b/g, 'you')
    return `<strong>${escapeHtml(phrase)}</strong>`
  }
  return `“${escapeHtml(text)}”`
}

/** Pieces of a few words; an HTML tag is never cut. */
export function chunks(text: string, size = 28): string[] {
  const out: string[] = []
  let current = ''
  for (const token of text.match(/<[^>]*>|[^\s<]+|\s+/g) ?? []) {
    current += token
    if (current.length >= size && /\s$/.test(token)) {
      out.push(current)
      current = ''
    }
  }
  if (current) out.push(current)
  return out
}

async function* stream(text: string, delayMs: number, signal: AbortSignal): AsyncGenerator<AnswerEvent> {
  let first = true
  for (const piece of chunks(text)) {
    if (!first && delayMs > 0) await sleep(delayMs, undefined, { signal })
    signal.throwIfAborted()
    first = false
    yield { type: 'delta', text: piece }
  }
}

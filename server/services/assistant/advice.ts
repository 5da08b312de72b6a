import data from '../../content/advice.json'
import { escapeHtml, words } from '../../lib/text.ts'
import { spellingVariants, stem, topicWords } from './text.ts'
import { questionKind, type QuestionKind } from './understand.ts'

/**
 * The advice base (server/content/advice.json): short answers, in our words, to the everyday
 * questions advisers hear most ("how do I ask for a reference?", "should I take a gap year?"),
 * each with the ways people ask it, example wording where words are what is asked for, and the
 * library articles that go deeper. A question is matched against the ways of asking (each one,
 * and all of a card's together), weighting each word by how rare it is among them.
 */
export type AdviceCard = {
  id: string
  category: string
  topic: string
  asks: string[]
  answer: string
  steps?: string[]
  script?: string
  links: string[]
  source?: { publisher: string; title: string; url: string; checked: string }
}

export const adviceCards = (data as { cards: AdviceCard[] }).cards

type Doc = { card: AdviceCard; stems: Set<string>; norm: number; kinds: Set<QuestionKind> }
type AdviceIndex = { asks: Doc[]; cards: Doc[]; idf: Map<string, number> }

/** Words that frame a question rather than say what it is about ("what's the difference", "is it worth it"). */
const frame = new Set(
  'difference differ between vs versus better best worth good bad normal okay ok mean means actually really need want get make go know think way ways thing things tip tips advice help question questions someone people time year years first new long much many soon often right wrong still even also just like lot'
    .split(' ')
    .map(stem),
)

/** The question's own words, each in one spelling ("cv" and "résumé" as "resume"), stemmed, its framing left out. */
function stemsOf(text: string): Set<string> {
  const kept = new Set(topicWords(text))
  const own = words(text).filter((w) => kept.has(w))
  return new Set(own.map((w) => stem(spellingVariants(w)[0] ?? w)).filter((s) => !frame.has(s)))
}

let built: AdviceIndex | undefined
function index(): AdviceIndex {
  if (built) return built
  const asks = adviceCards.flatMap((card) =>
    [...card.asks, card.topic].map((ask) => ({ card, stems: stemsOf(ask), norm: 0, kinds: new Set([questionKind(ask)]) })),
  )
  const df = new Map<string, number>()
  for (const doc of asks) for (const s of doc.stems) df.set(s, (df.get(s) ?? 0) + 1)
  const idf = new Map([...df].map(([s, n]) => [s, Math.log(1 + asks.length / n)]))
  const cards = adviceCards.map((card) => {
    const own = asks.filter((d) => d.card === card)
    return { card, stems: new Set(own.flatMap((d) => [...d.stems])), norm: 0, kinds: new Set(own.flatMap((d) => [...d.kinds])) }
  })
  // `norm`: the asking's weight, the sum of its words' rarity.
  for (const doc of [...asks, ...cards]) doc.norm = [...doc.stems].reduce((a, s) => a + (idf.get(s) ?? 0), 0)
  built = { asks, cards, idf }
  return built
}

/**
 * How well a question matches one way of asking (or a card's ways together): the share of the
 * asking's weight the question holds times the share of the question's weight the asking holds
 * (each word weighted by its rarity), square-rooted; at least two shared words unless the question
 * has fewer.
 */
function similarity(q: Set<string>, qWeight: number, doc: Doc, idf: Map<string, number>): number {
  if (qWeight === 0 || doc.norm === 0) return 0
  let shared = 0
  let count = 0
  for (const s of q)
    if (doc.stems.has(s)) {
      shared += idf.get(s) ?? 0
      count += 1
    }
  if (count < Math.min(2, q.size)) return 0
  // Most of a way of asking must be in the question: "how do I write a CV?" is not "…a CV for a career change".
  if (shared / doc.norm < minAskCover) return 0
  return Math.sqrt((shared / doc.norm) * (shared / qWeight))
}

export type AdviceMatch = { card: AdviceCard; score: number }

const minAskCover = 0.6

const pointed = new Set<QuestionKind>(['when', 'how-long', 'how-many', 'difference'])

/** The cards that answer `question`, best first, with their scores (0-1). */
export function matchAdvice(question: string, count = 3): AdviceMatch[] {
  const { asks, cards, idf } = index()
  const all = [...stemsOf(question)]
  const q = new Set(all.filter((s) => idf.has(s)))
  // Words no way of asking holds still say the question is about something else: a typical weight each.
  const typical = 5
  const qWeight = [...q].reduce((a, s) => a + (idf.get(s) ?? 0), 0) + (all.length - q.size) * typical
  // A question after a time, a length, a number or a contrast is answered by a card asked that way.
  const kind = questionKind(question)
  const sameKind = (doc: Doc) => (kind && pointed.has(kind) && !doc.kinds.has(kind) ? 0.75 : 1)
  const best = new Map<string, AdviceMatch>()
  for (const doc of asks) {
    const score = similarity(q, qWeight, doc, idf) * sameKind(doc)
    if (score > (best.get(doc.card.id)?.score ?? 0)) best.set(doc.card.id, { card: doc.card, score })
  }
  for (const doc of cards) {
    const score = 0.8 * similarity(q, qWeight, doc, idf) * sameKind(doc)
    if (score > (best.get(doc.card.id)?.score ?? 0)) best.set(doc.card.id, { card: doc.card, score })
  }
  return [...best.values()].sort((a, b) => b.score - a.score).slice(0, count)
}

/** A card as the assistant's answer: the answer, its steps and example wording, where to read more. */
export function adviceHtml(card: AdviceCard, titleOf: (url: string) => string | undefined): string {
  const parts = [escapeHtml(card.answer)]
  if (card.steps?.length) parts.push(card.steps.map((step, i) => `${i + 1}. ${escapeHtml(step)}`).join('\n'))
  if (card.script) parts.push(`<strong>You could say:</strong> “${escapeHtml(card.script)}”`)
  if (card.source)
    parts.push(`Source: <a href="${escapeHtml(card.source.url)}">${escapeHtml(card.source.publisher)}: ${escapeHtml(card.source.title)}</a>.`)
  const reading = card.links.flatMap((url) => {
    const title = titleOf(url)
    return title ? [`<a href="${escapeHtml(url)}">${escapeHtml(title)}</a>`] : []
  })
  if (reading.length > 0) parts.push(`<strong>Read more:</strong> ${reading.join('; ')}.`)
  return parts.join('\n\n')
}

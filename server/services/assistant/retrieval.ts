import { renderArticle } from '../../content/markdown.ts'
import type { LibrarySnapshot, StoredArticle } from '../library/index.ts'
import { editDistance, escapeHtml, words } from '../../lib/text.ts'
import { stem, topicWords } from './text.ts'

/**
 * Passage-level retrieval over the library: every article is cut into its sections (the text
 * under each heading), each section into sentences and list items. A question is matched
 * against sections (BM25 over stems, with the article's title, tags and the section's heading
 * counting extra), and the answer is built from the sentences of the best sections that hold
 * the question's words. Built in memory once per library version (150+ articles: a few ms a
 * question).
 */

export type Unit = { text: string; kind: 'sentence' | 'item'; stems: Set<string>; position: number }

export type Section = {
  article: StoredArticle
  /** The section's heading; '' for the article's opening. */
  heading: string
  /** `/articles/{slug}#{heading id}`, or the article's URL for its opening. */
  url: string
  units: Unit[]
  /** Stem counts of the body text. */
  tf: Map<string, number>
  length: number
  /** Stems of the article title, tags and summary; of the heading. */
  titleStems: Set<string>
  headingStems: Set<string>
}

export type Passage = {
  section: Section
  score: number
  /** The chosen sentences of the section, in the article's order. */
  units: Unit[]
}

export type Retrieval = {
  /** The question's stems after typo correction. */
  stems: string[]
  /** How much of the question (by weight of its words) the best section holds: 0-1. */
  coverage: number
  /** Best first; empty when nothing in the library matches well enough. */
  passages: Passage[]
  /** The sentence of the passages that answers most directly. */
  lead?: Unit
}

type Index = {
  sections: Section[]
  df: Map<string, number>
  avgLength: number
  /** Every word of the library (lower-case) -> its stem, for typo correction. */
  vocabulary: Map<string, string>
  /** Stem -> how many sections hold it. */
  known: Set<string>
}

const indexes = new WeakMap<LibrarySnapshot, Index>()

const stemsOf = (text: string) => words(text).map(stem)

const metaSentence =
  /^(this|the) (guide|article|page|section|piece|post)\b|^(in this (guide|article))|^(subject|dear|hi|hello|best|regards|thanks)\b\s*[:,\-–]|^\[|^(read|see) (also|more)\b/i

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=["“(]?[A-Z0-9])/)
    .map((s) => s.trim())
    .filter(Boolean)
}

function sectionsOf(article: StoredArticle): Section[] {
  const blocks = renderArticle(article.bodyMd).blocks
  const base = `/articles/${article.slug}`
  const titleStems = new Set(stemsOf(`${article.title} ${article.tags.join(' ')} ${article.tags.join(' ').replace(/-/g, ' ')}`))
  const out: Section[] = []
  let current: Section | undefined
  let position = 0
  const open = (heading: string, id: string | undefined) => {
    current = {
      article,
      heading,
      url: id ? `${base}#${id}` : base,
      units: [],
      tf: new Map(),
      length: 0,
      titleStems,
      headingStems: new Set(stemsOf(heading)),
    }
    out.push(current)
  }
  open('', undefined)
  let tocIndex = 0
  for (const block of blocks) {
    if (block.kind === 'heading') {
      if (block.level > 3) continue
      // The table of contents lists the h2 and h3 headings in order, with their ids.
      const entry = article.toc.slice(tocIndex).find((t) => t.title === block.text)
      if (entry) tocIndex = article.toc.indexOf(entry) + 1
      open(block.text, entry?.id)
      continue
    }
    if (block.kind === 'code') continue
    const pieces = block.kind === 'item' ? [block.text] : sentencesOf(block.text)
    for (const text of pieces) {
      const clean = text.replace(/\s+/g, ' ').trim()
      // Too short to say anything, or about the article itself ("This guide shows..."), or a template line.
      if (clean.length < 20 || metaSentence.test(clean)) continue
      const stems = stemsOf(clean)
      for (const s of stems) current!.tf.set(s, (current!.tf.get(s) ?? 0) + 1)
      current!.length += stems.length
      current!.units.push({ text: clean, kind: block.kind === 'item' ? 'item' : 'sentence', stems: new Set(stems), position: position++ })
    }
  }
  // The summary belongs to the opening: it says what the whole article answers.
  const opening = out[0]!
  for (const s of stemsOf(article.summary)) opening.tf.set(s, (opening.tf.get(s) ?? 0) + 1)
  return out.filter((s) => s.units.length > 0)
}

function buildIndex(snapshot: LibrarySnapshot): Index {
  const sections = snapshot.articles.flatMap(sectionsOf)
  const df = new Map<string, number>()
  const vocabulary = new Map<string, string>()
  let total = 0
  for (const section of sections) {
    total += section.length
    const seen = new Set([...section.tf.keys(), ...section.titleStems, ...section.headingStems])
    for (const s of seen) df.set(s, (df.get(s) ?? 0) + 1)
  }
  for (const article of snapshot.articles) {
    for (const w of words(`${article.title} ${article.summary} ${article.tags.join(' ')} ${article.bodyText}`)) {
      if (w.length >= 3 && !/\d/.test(w) && !vocabulary.has(w)) vocabulary.set(w, stem(w))
    }
  }
  return { sections, df, avgLength: total / Math.max(1, sections.length), vocabulary, known: new Set(df.keys()) }
}

export function libraryIndex(snapshot: LibrarySnapshot): Index {
  let index = indexes.get(snapshot)
  if (!index) {
    index = buildIndex(snapshot)
    indexes.set(snapshot, index)
  }
  return index
}

/** A word the library does not know, replaced by the closest one it does (one edit; two for long words). */
export function correctWord(index: Index, word: string): string {
  if (word.length < 4 || /\d/.test(word) || index.known.has(stem(word)) || index.vocabulary.has(word)) return word
  const max = word.length >= 8 ? 2 : 1
  let best: { word: string; distance: number; df: number } | undefined
  for (const [candidate, candidateStem] of index.vocabulary) {
    if (Math.abs(candidate.length - word.length) > max || candidate[0] !== word[0]) continue
    const distance = editDistance(word, candidate, max)
    if (distance > max) continue
    const df = index.df.get(candidateStem) ?? 0
    if (!best || distance < best.distance || (distance === best.distance && df > best.df)) best = { word: candidate, distance, df }
  }
  return best?.word ?? word
}

const k1 = 1.2
const b = 0.75

/** Words too common in questions to say what the question is about. */
const weakStems = new Set(
  [
    'job',
    'work',
    'career',
    'make',
    'find',
    'start',
    'go',
    'say',
    'write',
    'take',
    'use',
    'look',
    'time',
    'year',
    'new',
    'people',
    'thing',
    'first',
    'one',
    'ok',
    'really',
    'right',
    'well',
    'still',
    'also',
    'even',
    'long',
    'okay',
    'yes',
    'no',
    'not',
    'don',
    'll',
    've',
    're',
    'im',
  ].map(stem),
)

/**
 * Narrower contexts an article can be about: a profession's own school or admission test, a
 * sector, a country. Such an article answers a general question less well than a general one,
 * unless the question names the context itself.
 */
const contextTerms: RegExp[] = [
  /\bmed(ical)? schools?\b|\bmedicine\b|\bmcat\b|\bamcas\b|\bucat\b/i,
  /\blaw schools?\b|\blsat\b|\blsac\b/i,
  /\bdental\b|\bnursing\b|\bpharmacy\b|\bveterinary\b/i,
  /\bmba\b|\bgmat\b|\bphd\b|\bdoctoral\b/i,
  /\bacademic\b|\bfaculty\b/i,
  /\bmilitary\b|\bveterans?\b/i,
]
let countryPattern: RegExp | undefined
/** Country names (from the runtime's own region names) and the common short forms and demonyms. */
function countries(): RegExp {
  if (countryPattern) return countryPattern
  const names = new Set([
    'US',
    'USA',
    'UK',
    'EU',
    'American',
    'British',
    'Canadian',
    'Australian',
    'German',
    'French',
    'Dutch',
    'Irish',
    'Indian',
    'Chinese',
    'Japanese',
    'Korean',
    'Spanish',
    'Italian',
    'Polish',
    'Brazilian',
    'Mexican',
    'Nigerian',
    'Iranian',
    'Swedish',
    'Swiss',
    'Scottish',
    'Welsh',
    'England',
    'Scotland',
    'Wales',
  ])
  try {
    const display = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })
    for (let a = 65; a <= 90; a++)
      for (let c = 65; c <= 90; c++) {
        const name = display.of(String.fromCharCode(a, c))
        if (name && !/\d/.test(name)) names.add(name.replace(/\s*\(.*\)$/, ''))
      }
  } catch {
    // No region names in this runtime: the short list above still applies.
  }
  names.delete('World')
  const escaped = [...names].filter((n) => n.length >= 2).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  countryPattern = new RegExp(`\\b(${escaped.join('|')})\\b`)
  return countryPattern
}

/** The narrower contexts `text` names (each as its pattern's source, or the country named). */
export function contextsOf(text: string): Set<string> {
  const found = new Set<string>()
  for (const term of contextTerms) if (term.test(text)) found.add(term.source)
  for (const m of text.matchAll(new RegExp(countries().source, 'g'))) found.add(m[1]!.toLowerCase())
  return found
}

const imperative =
  /^(\*\*)?(ask|avoid|add|answer|apply|be|bring|build|check|choose|consider|cover|cut|decide|describe|do|don't|draft|end|explain|find|focus|follow|gather|get|give|have|highlight|include|keep|know|lead|leave|list|look|make|match|mention|mirror|name|never|note|open|pick|plan|practi[cs]e|prepare|put|quantify|read|record|remember|research|reply|run|say|send|share|show|start|stay|structure|tailor|take|talk|tell|test|thank|think|try|update|use|watch|write)\b/i
/** A sentence that tells the reader what to do: a list item, an instruction, "you should". */
export const instructive = (unit: Unit) =>
  unit.kind === 'item' || imperative.test(unit.text) || /\byou (should|can|need to|must|could)\b/i.test(unit.text)

/**
 * The sections that answer `question`, best first, with their sentences chosen. `minCoverage`:
 * the share of the question (weighted by how rare each word is) the best section must hold, or
 * nothing is returned (the assistant then says it does not know).
 */
export function retrieve(
  snapshot: LibrarySnapshot,
  question: string,
  { maxPassages = 3, maxUnits = 4, minCoverage = 0.45, extraStems = [] as string[] } = {},
): Retrieval {
  const index = libraryIndex(snapshot)
  const n = Math.max(1, index.sections.length)
  const topic = topicWords(question).map((w) => correctWord(index, w))
  const stems = [...new Set([...topic.map(stem), ...extraStems].filter((s) => s.length > 1))]
  const idf = (s: string) => {
    const df = index.df.get(s) ?? 0
    const value = Math.log(1 + (n - df + 0.5) / (df + 0.5))
    return weakStems.has(s) ? value * 0.3 : value
  }
  const weights = new Map(stems.map((s) => [s, idf(s)]))
  const totalWeight = [...weights.values()].reduce((a, v) => a + v, 0)
  if (totalWeight === 0) return { stems, coverage: 0, passages: [] }

  const howTo = /^\s*(how|what should|what steps|steps|tips|ways)\b/i.test(question)
  // A question asking what to do (rather than what something is): answered by instructions, not an introduction.
  const advice = howTo || /^\s*(who|which|where|when) (should|do|can|to)\b|^\s*(should i|what (do|can) i)\b/i.test(question)
  const asked = contextsOf(question)
  const narrower = new Map<string, boolean>()
  const isNarrower = (section: Section) => {
    let value = narrower.get(section.article.slug)
    if (value === undefined) {
      // Not when the question names one of its contexts ("medical school" for a US medical school article).
      const own = contextsOf(section.article.title)
      value = own.size > 0 && ![...own].some((c) => asked.has(c))
      narrower.set(section.article.slug, value)
    }
    return value
  }
  // "Who should I ask?" is answered by a section on whom to choose.
  const whoQuestion = /^\s*who\b/i.test(question)
  const scored: { section: Section; score: number; held: number }[] = []
  for (const section of index.sections) {
    let score = 0
    let held = 0
    let titled = 0
    for (const [s, w] of weights) {
      if (section.titleStems.has(s)) titled += w
      const tf = section.tf.get(s) ?? 0
      const inTitle = section.titleStems.has(s)
      const inHeading = section.headingStems.has(s)
      if (tf === 0 && !inTitle && !inHeading) continue
      held += w
      score += (w * (tf * (k1 + 1))) / (tf + k1 * (1 - b + (b * section.length) / index.avgLength))
      if (inTitle) score += w * (section.heading ? 1.6 : 1.8)
      if (inHeading) score += w * 1.0
    }
    // A section that holds more of the question answers it better than one repeating a word.
    // ...and an article about the question (its title holds the question's words) more than one that mentions it.
    score *= (0.4 + (0.6 * held) / totalWeight) * (1 + titled / totalWeight)
    // A how-to question is best answered by a section of steps.
    if (score > 0 && howTo && section.units.filter((u) => u.kind === 'item').length >= 2) score *= 1.15
    // ...rather than the article's introduction.
    if (score > 0 && advice && !section.heading) score *= 0.85
    if (score > 0 && whoQuestion && /\b(who|whom|choos\w*|pick\w*)\b/i.test(section.heading)) score *= 1.25
    // An article about a narrower context (medical school, one country) the question does not name.
    if (score > 0 && isNarrower(section)) score *= 0.7
    if (score > 0) scored.push({ section, score, held })
  }
  scored.sort((x, y) => y.score - x.score || x.section.url.localeCompare(y.section.url))
  const best = scored[0]
  const coverage = best ? Math.max(...scored.slice(0, 5).map((s) => s.held)) / totalWeight : 0
  if (!best || coverage < minCoverage) return { stems, coverage, passages: [] }

  // At most two sections of one article, and only sections near the best one's score.
  const chosen: typeof scored = []
  const perArticle = new Map<string, number>()
  for (const entry of scored) {
    if (chosen.length >= maxPassages || entry.score < best.score * 0.45) break
    const slug = entry.section.article.slug
    if ((perArticle.get(slug) ?? 0) >= 2) continue
    perArticle.set(slug, (perArticle.get(slug) ?? 0) + 1)
    chosen.push(entry)
  }

  const unitScore = (unit: Unit) => [...weights].reduce((a, [s, w]) => a + (unit.stems.has(s) ? w : 0), 0)
  const passages: Passage[] = []
  let budget = maxUnits
  for (const [rank, { section, score }] of chosen.entries()) {
    if (budget <= 0) break
    const ranked = section.units
      .map((unit) => ({ unit, score: unitScore(unit) + (unit.position === section.units[0]!.position ? 0.01 : 0) }))
      .filter((u) => u.score > 0 && u.unit.text.length <= 400)
      .sort((x, y) => y.score - x.score || x.unit.position - y.unit.position)
    // A section whose heading or article matches with list items: its steps answer the question.
    let picked = ranked.slice(0, rank === 0 ? Math.min(budget, 3) : Math.min(budget, 1)).map((r) => r.unit)
    const items = section.units.filter((u) => u.kind === 'item')
    if (rank === 0 && items.length >= 2 && picked.length < 3) {
      for (const item of items) if (picked.length < Math.min(budget, 4) && !picked.includes(item)) picked.push(item)
    }
    if (picked.length === 0) continue
    picked = picked.sort((x, y) => x.position - y.position)
    budget -= picked.length
    passages.push({ section, score, units: picked })
  }
  // The lead: the sentence that holds most of the question, from the section whose heading
  // matches it best, telling the reader what to do (for advice questions) rather than setting the scene.
  let lead: Unit | undefined
  let leadScore = 0
  for (const [rank, p] of passages.entries()) {
    const headingMatch = p.section.heading ? [...weights].reduce((a, [s, w]) => a + (p.section.headingStems.has(s) ? w : 0), 0) / totalWeight : 0
    for (const unit of p.units) {
      let score = unitScore(unit) * (rank === 0 ? 1.3 : 1) + (unit.kind === 'sentence' ? 0.05 : 0)
      score *= 1 + 0.5 * headingMatch
      if (advice && instructive(unit)) score *= 1.3
      // The opening sentences of an article introduce it.
      if (advice && !p.section.heading && unit.position <= 1) score *= 0.75
      if (isNarrower(p.section)) score *= 0.6
      if (score > leadScore) {
        lead = unit
        leadScore = score
      }
    }
  }
  return { stems, coverage, passages, lead }
}

/** A sentence of ours as HTML: escaped, with Markdown leftovers gone. */
export const unitHtml = (unit: Unit) => escapeHtml(unit.text.replace(/\*\*|__/g, ''))

/** "Title" or "Title: Heading", for a link to a section. */
export const passageTitle = (p: Passage) => (p.section.heading ? `${p.section.article.title}: ${p.section.heading}` : p.section.article.title)

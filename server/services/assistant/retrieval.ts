import { renderArticle } from '../../content/markdown.ts'
import type { LibrarySnapshot, StoredArticle } from '../library/index.ts'
import { editDistance, escapeHtml, words } from '../../lib/text.ts'
import { stem, topicWords } from './text.ts'
import { contextsOf } from './contexts.ts'
import { answersKind, kindPattern, type QuestionKind } from './understand.ts'

/**
 * Passage-level retrieval over the library: every article is cut into its sections (the text
 * under each heading), each section into sentences and list items. A question is matched
 * against sections (BM25 over stems, with the article's title, tags and the section's heading
 * counting extra), and the answer is built from the sentences of the best sections that hold
 * the question's words. Built in memory once per library version (150+ articles: a few ms a
 * question).
 */

/** A sentence or list item; `block`: the paragraph or item it comes from (a list's items are consecutive blocks). */
export type Unit = { text: string; kind: 'sentence' | 'item'; stems: Set<string>; position: number; block: number }

/** Whether a unit matches a kind's pattern, kept per unit: the library's sentences do not change between questions. */
const patternFits = new WeakMap<Unit, Map<RegExp, boolean>>()
function matches(unit: Unit, pattern: RegExp | null): boolean {
  if (!pattern) return false
  let seen = patternFits.get(unit)
  if (!seen) patternFits.set(unit, (seen = new Map()))
  let value = seen.get(pattern)
  if (value === undefined) seen.set(pattern, (value = pattern.test(unit.text)))
  return value
}

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
  /** How many of its units are list items. */
  items: number
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

/** A stem in one section: how often in its body, and whether the title or the heading holds it. */
type Posting = { at: number; tf: number; inTitle: boolean; inHeading: boolean }

type Index = {
  sections: Section[]
  df: Map<string, number>
  avgLength: number
  /** Every word of the library (lower-case) -> its stem, for typo correction. */
  vocabulary: Map<string, string>
  /** Stem -> how many sections hold it. */
  known: Set<string>
  /** Words already corrected (a question's typos come back in the next one). */
  corrections: Map<string, string>
  /** Stem -> where it is: the sections (by their place in `sections`) whose body, title or heading hold it. */
  postings: Map<string, Posting[]>
  /** Article slug -> its sections. */
  byArticle: Map<string, Section[]>
}

const indexes = new WeakMap<LibrarySnapshot, Index>()

const stemsOf = (text: string) => words(text).map(stem)

const metaSentence =
  /^(this|the) (guide|article|page|section|piece|post)\b|^(in this (guide|article))|^(subject|dear|hi|hello|best|regards|thanks)\b\s*[:,\-–]|^\[|^(read|see) (also|more)\b/i

/** Sentences of a paragraph; a quotation stays in one piece, whatever sentences it holds. */
function sentencesOf(text: string): string[] {
  const out: string[] = []
  for (const piece of text.split(/(?<=[.!?]["”’)]?)\s+(?=["“‘(]?[A-Z0-9])/)) {
    const last = out.at(-1)
    // Inside an open quotation (more opening than closing marks so far): the piece belongs to it.
    if (last !== undefined && openQuote(last)) out[out.length - 1] = `${last} ${piece}`
    else out.push(piece)
  }
  return out.map((s) => s.trim()).filter(Boolean)
}

const openQuote = (text: string) => (text.match(/“/g) ?? []).length > (text.match(/”/g) ?? []).length || (text.match(/"/g) ?? []).length % 2 === 1

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
      items: 0,
    }
    out.push(current)
  }
  open('', undefined)
  let tocIndex = 0
  let blockIndex = 0
  for (const block of blocks) {
    blockIndex += 1
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
      if (block.kind === 'item') current!.items += 1
      current!.units.push({
        text: clean,
        kind: block.kind === 'item' ? 'item' : 'sentence',
        stems: new Set(stems),
        position: position++,
        block: blockIndex,
      })
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
  const postings = new Map<string, Posting[]>()
  const byArticle = new Map<string, Section[]>()
  let total = 0
  for (const [at, section] of sections.entries()) {
    total += section.length
    const seen = new Set([...section.tf.keys(), ...section.titleStems, ...section.headingStems])
    for (const s of seen) {
      df.set(s, (df.get(s) ?? 0) + 1)
      const posting = { at, tf: section.tf.get(s) ?? 0, inTitle: section.titleStems.has(s), inHeading: section.headingStems.has(s) }
      const list = postings.get(s)
      if (list) list.push(posting)
      else postings.set(s, [posting])
    }
    const own = byArticle.get(section.article.slug)
    if (own) own.push(section)
    else byArticle.set(section.article.slug, [section])
  }
  for (const article of snapshot.articles) {
    for (const w of words(`${article.title} ${article.summary} ${article.tags.join(' ')} ${article.bodyText}`)) {
      if (w.length >= 3 && !/\d/.test(w) && !vocabulary.has(w)) vocabulary.set(w, stem(w))
    }
  }
  return {
    sections,
    df,
    avgLength: total / Math.max(1, sections.length),
    vocabulary,
    known: new Set(df.keys()),
    corrections: new Map(),
    postings,
    byArticle,
  }
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
  const seen = index.corrections.get(word)
  if (seen !== undefined) return seen
  const corrected = closestWord(index, word)
  if (index.corrections.size < 10_000) index.corrections.set(word, corrected)
  return corrected
}

function closestWord(index: Index, word: string): string {
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
  { maxPassages = 3, maxUnits = 4, minCoverage = 0.45, extraStems = [] as string[], kind = null as QuestionKind } = {},
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
  // "What is the STAR method?": the thing asked about counts twice the words around it.
  const focus =
    /^\s*(?:what(?:'s|’s| is| are| does)|whats|define|explain|meaning of)\s+(?:an?\s+|the\s+)?([^?,.;]+?)(?:\s+(?:mean|stand for|exactly|actually))?(?:[?,.;]|\s+(?:and|but|i|got|for)\b|$)/i.exec(
      question,
    )?.[1]
  const focusStems = new Set(focus ? topicWords(focus).map((w) => stem(correctWord(index, w))) : [])
  // "How do I ask someone to be my mentor?": the action asked about ("ask") counts twice.
  const action =
    /\b(?:how (?:do|can|should|would|could) (?:i|we|you)|how to|best way to|ways to)\s+(?:actually\s+|even\s+|best\s+|properly\s+)?([a-z]+)/i.exec(
      question,
    )?.[1]
  if (action && !/^(get|be|do|make|have|go|know)$/i.test(action)) focusStems.add(stem(action.toLowerCase()))
  // "Applying to both this year (masters in UK + a council job)": words of the asker's situation count half the question's own.
  const clauses = question.split(/(?<=[?!.])\s+|\s+[-–]\s+|\([^)]*\)/).filter((c) => c && c.trim())
  const asking = clauses.filter((c) => c.includes('?'))
  const mainStems = new Set(
    (asking.length > 0 && asking.length < clauses.length ? asking : []).flatMap((c) => topicWords(c).map((w) => stem(correctWord(index, w)))),
  )
  const weights = new Map(stems.map((s) => [s, idf(s) * (focusStems.has(s) ? 2 : 1) * (mainStems.size > 0 && !mainStems.has(s) ? 0.5 : 1)]))
  const totalWeight = [...weights.values()].reduce((a, v) => a + v, 0)
  if (totalWeight === 0) return { stems, coverage: 0, passages: [] }

  const howTo = /^\s*(how|what should|what steps|steps|tips|ways)\b/i.test(question) || kind === 'steps'
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
  const fitPattern = kindPattern(kind, question)
  const scored: { section: Section; score: number; held: number }[] = []
  // Only sections holding a word of the question can score: summed stem by stem over where each
  // stem is, then taken in library order (the tie-break below expects it).
  const count = index.sections.length
  const [sums, helds, titleds] = [new Float64Array(count), new Float64Array(count), new Float64Array(count)]
  const touched = new Uint8Array(count)
  const norm = (section: Section) => k1 * (1 - b + (b * section.length) / index.avgLength)
  for (const [s, w] of weights) {
    for (const { at, tf, inTitle, inHeading } of index.postings.get(s) ?? []) {
      const section = index.sections[at]!
      touched[at] = 1
      helds[at] = helds[at]! + w
      let add = (w * (tf * (k1 + 1))) / (tf + norm(section))
      if (inTitle) {
        titleds[at] = titleds[at]! + w
        add += w * (section.heading ? 1.6 : 1.8)
      }
      if (inHeading) add += w * 1.0
      sums[at] = sums[at]! + add
    }
  }
  for (const [at, section] of index.sections.entries()) {
    if (!touched[at]) continue
    let score = sums[at]!
    const held = helds[at]!
    const titled = titleds[at]!
    score *= (0.4 + (0.6 * held) / totalWeight) * (1 + titled / totalWeight)
    // A how-to question is best answered by a section of steps.
    if (score > 0 && howTo && section.items >= 2) score *= 1.15
    // ...rather than the article's introduction.
    if (score > 0 && advice && !section.heading) score *= 0.85
    if (score > 0 && whoQuestion && /\b(who|whom|choos\w*|pick\w*)\b/i.test(section.heading)) score *= 1.25
    // An article about a narrower context (medical school, one country) the question does not name.
    if (score > 0 && isNarrower(section)) score *= 0.7
    // "When ...?" is answered by the section whose heading or sentences name a time ("Within 24 hours").
    if (score > 0 && (kind === 'when' || kind === 'how-long' || kind === 'how-many')) {
      if (section.heading && fitPattern?.test(section.heading)) score *= 1.35
      else if (section.units.some((u) => matches(u, fitPattern) && [...weights.keys()].some((st) => u.stems.has(st)))) score *= 1.3
    }
    if (score > 0) scored.push({ section, score, held })
  }
  scored.sort((x, y) => y.score - x.score || x.section.url.localeCompare(y.section.url))
  // An article with several matching sections is about the question; one matching section of an
  // article about something else mentions it. Articles rank by their best section plus half the next.
  const articleScore = new Map<string, number[]>()
  for (const entry of scored) {
    const list = articleScore.get(entry.section.article.slug) ?? []
    if (list.length < 2) list.push(entry.score)
    articleScore.set(entry.section.article.slug, list)
  }
  const ofArticle = (entry: (typeof scored)[number]) => {
    const [first = 0, second = 0] = articleScore.get(entry.section.article.slug) ?? []
    return first + 0.5 * second
  }
  const top = scored[0] ? Math.max(...scored.slice(0, 12).map(ofArticle)) : 0
  const leader = scored.find((entry) => ofArticle(entry) === top)
  if (leader && leader !== scored[0]) {
    scored.splice(scored.indexOf(leader), 1)
    scored.unshift(leader)
  }
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

  // A sentence that gives what the kind of question wants (a time, a number, a contrast) answers it.
  // "The difference between A and B": a sentence that names both sides (their own words, not the shared ones) answers it.
  const sides = kind === 'difference' ? sidesOf(question).map((side) => new Set(topicWords(side).map((w) => stem(correctWord(index, w))))) : []
  if (sides.length === 2) {
    const [a, b] = sides as [Set<string>, Set<string>]
    for (const shared of [...a].filter((x) => b.has(x))) [a, b].forEach((side) => side.delete(shared))
  }
  const namesBoth = (unit: Unit) => sides.length === 2 && sides.every((side) => side.size > 0 && [...side].some((x) => unit.stems.has(x)))
  const fits = (unit: Unit) => kind !== null && (kind === 'difference' && sides.length === 2 ? namesBoth(unit) : matches(unit, fitPattern))
  const unitScore = (unit: Unit) => [...weights].reduce((a, [s, w]) => a + (unit.stems.has(s) ? w : 0), 0) * (fits(unit) ? 1.5 : 1)
  const cover = (units: Unit[]) => {
    const held = new Set(units.flatMap((u) => [...u.stems]))
    return [...weights].reduce((a, [s, w]) => a + (held.has(s) ? w : 0), 0)
  }
  const wantsList = kind === 'steps' || kind === 'draft' || kind === 'ask-interviewer' || kind === 'which' || howTo
  const passages: Passage[] = []
  let budget = maxUnits
  for (const [rank, { section, score }] of chosen.entries()) {
    if (budget <= 0) break
    let picked: Unit[]
    if (rank === 0) {
      // The best answer unit of the best section: a paragraph, or a list with the sentence that introduces it.
      const group = bestGroup(section, { cover, fits, wantsList })
      picked = group.length > 0 ? group : []
      // A paragraph of many sentences: its best three, in order; before a list, its best one and the list's introduction.
      const sentences = picked.filter((u) => u.kind === 'sentence')
      const items = picked.filter((u) => u.kind === 'item').slice(0, 8)
      const introduction = items.length > 0 ? sentences.at(-1) : undefined
      const rest = sentences.filter((u) => u !== introduction).sort((x, y) => unitScore(y) - unitScore(x) || x.position - y.position)
      if (sentences.length > 3 || items.length > 0)
        picked = [...rest.slice(0, items.length > 0 ? 1 : 3), ...(introduction ? [introduction] : []), ...items]
      // A heading that gives what is asked ("Within 24 hours: a short thank-you message") when no sentence does.
      const headingUnit = (of: Section): Unit => ({
        text: `${of.heading.replace(/[.:\s]+$/, '')}.`,
        kind: 'sentence',
        stems: of.headingStems,
        position: (of.units[0]?.position ?? 0) - 0.5,
        block: 0,
      })
      if (kind && section.heading && answersKind(kind, section.heading, question) && !picked.some(fits)) picked.unshift(headingUnit(section))
      // A time or number asked for and this section gives none: the article's sentence or heading that does.
      if ((kind === 'when' || kind === 'how-long' || kind === 'how-many') && !picked.some(fits)) {
        let found: Unit | undefined
        let foundScore = 0
        for (const other of index.byArticle.get(section.article.slug) ?? []) {
          if (other === section) continue
          const candidates = [
            ...(other.heading && answersKind(kind, other.heading, question) ? [headingUnit(other)] : []),
            ...other.units.filter(fits),
          ]
          for (const unit of candidates) {
            // The article is the right one: a fitting sentence counts even without the question's words.
            const score = unitScore(unit) + 0.01 + 0.1 * cover([headingUnit(other)])
            if (score > foundScore) [found, foundScore] = [unit, score]
          }
        }
        if (found) picked.unshift(found)
      }
    } else {
      picked = section.units
        .filter((u) => unitScore(u) > 0 && u.text.length <= 400 && !/:\s*$/.test(u.text))
        .sort((x, y) => unitScore(y) - unitScore(x) || x.position - y.position)
        .slice(0, 1)
    }
    if (picked.length === 0) continue
    picked = picked.sort((x, y) => x.position - y.position)
    // A whole list counts as two units of the budget: the best sentences of other sections still follow.
    budget -= Math.min(rank === 0 ? Math.min(picked.length, 2) : picked.length, budget)
    passages.push({ section, score, units: picked })
  }
  // The lead of a list: the sentence that introduces it.
  const first = passages[0]?.units
  const intro = first?.find((u, i, all) => /:\s*$/.test(u.text) && all[i + 1]?.kind === 'item')
  // The lead: the sentence that holds most of the question, from the section whose heading
  // matches it best, telling the reader what to do (for advice questions) rather than setting the scene.
  let lead: Unit | undefined
  let leadScore = 0
  // The lead comes from the best section (the answer's own paragraph); the others only add points.
  for (const [rank, p] of passages.slice(0, 1).entries()) {
    const headingMatch = p.section.heading ? [...weights].reduce((a, [s, w]) => a + (p.section.headingStems.has(s) ? w : 0), 0) / totalWeight : 0
    for (const unit of p.units) {
      let score = unitScore(unit) * (rank === 0 ? 1.3 : 1) + (unit.kind === 'sentence' ? 0.05 : 0)
      score *= 1 + 0.5 * headingMatch
      if (advice && instructive(unit)) score *= 1.3
      // The opening sentences of an article introduce it.
      if (advice && !p.section.heading && unit.position <= 1) score *= 0.75
      if (isNarrower(p.section)) score *= 0.6
      // A "when" or "how long" question is led by the sentence that names the time or number.
      if ((kind === 'when' || kind === 'how-long' || kind === 'how-many') && fits(unit)) score *= 2
      if (score > leadScore) {
        lead = unit
        leadScore = score
      }
    }
  }
  // A time, length or number asked for: the sentence that gives it leads, whatever else it shares with the question.
  const timeKind = kind === 'when' || kind === 'how-long' || kind === 'how-many' || (kind === 'difference' && sides.length === 2)
  const fitting = timeKind ? (first ?? []).filter(fits) : []
  if (fitting.length > 0) lead = fitting.reduce((a, u) => (unitScore(u) > unitScore(a) ? u : a))
  // A list's introduction never leads on its own: the sentence before it, when the best section has one.
  if (intro && lead && first?.includes(lead) && lead === intro && first[0]!.kind === 'sentence') lead = first[0]
  return { stems, coverage, passages, lead }
}

/**
 * The section's paragraphs and lists as answer units, the one that holds most of the question
 * (a list counts more when steps or options are asked for, any unit more when it gives what the
 * kind of question wants). A list keeps all its items (up to eight) and the sentence before it
 * when that sentence introduces it.
 */
function bestGroup(
  section: Section,
  { cover, fits, wantsList }: { cover: (units: Unit[]) => number; fits: (unit: Unit) => boolean; wantsList: boolean },
): Unit[] {
  const heading: Unit = { text: '', kind: 'sentence', stems: new Set([...section.headingStems, ...section.titleStems]), position: -1, block: -1 }
  const context = cover([heading])
  const groups: Unit[][] = []
  for (const unit of section.units) {
    const last = groups.at(-1)
    const tail = last?.at(-1)
    const sameParagraph = tail && unit.kind === 'sentence' && tail.kind === 'sentence' && tail.block === unit.block
    const sameList = tail && unit.kind === 'item' && tail.kind === 'item' && unit.block === tail.block + 1
    const introduced = tail && unit.kind === 'item' && tail.kind === 'sentence' && /:\s*$/.test(tail.text)
    // A paragraph that ends by introducing a list ("Aim for three:") is one unit with it.
    if (last && (sameParagraph || sameList || introduced)) last.push(unit)
    else groups.push([unit])
  }
  let best: Unit[] = []
  let bestScore = 0
  for (const group of groups) {
    const units = group.filter((u) => u.text.length <= 500).slice(0, 12)
    const isList = units.some((u) => u.kind === 'item') && units.length >= 2
    const size = units.filter((u) => u.kind === 'sentence').length + units.filter((u) => u.kind === 'item').length / 3
    // What the section's heading and article title already say counts for each of its units, at half weight.
    let score = (cover(units) + 0.5 * context) / Math.sqrt(Math.max(1, size / 3))
    if (units.some(fits)) score *= 1.4
    if (isList && wantsList) score *= 1.5
    if (score > bestScore) {
      best = units
      bestScore = score
    }
  }
  // Steps asked for and the best unit is a paragraph: the section's list follows it.
  if (wantsList && !best.some((u) => u.kind === 'item')) {
    const list = groups.find((g) => g.filter((u) => u.kind === 'item').length >= 2)
    if (list) best = [...best, ...list.filter((u) => !best.includes(u)).slice(0, 12)]
  }
  return best
}

/** The two things a "what's the difference between A and B" question compares, if it names them. */
export function sidesOf(question: string): string[] {
  const q = question.replace(/\([^)]*\)/g, ' ')
  const m =
    /\b(?:difference|differences|diff)\s+(?:between\s+)?(.+?)\s+(?:and|vs\.?|versus|or)\s+(.+?)(?:[?!.;]|\s+-\s|$)/i.exec(q) ??
    /^\s*(?:is\s+|are\s+|should i (?:do|take|choose|pick)\s+)?(.+?)\s+(?:vs\.?|versus)\s+(.+?)(?:[?!.;,]|\s+-\s|$)/i.exec(q) ??
    /\b(?:compare|comparing)\s+(.+?)\s+(?:and|with|to)\s+(.+?)(?:[?!.;]|$)/i.exec(q)
  return m ? [m[1]!, m[2]!] : []
}

/** A sentence of ours as HTML: escaped, with Markdown leftovers gone. */
export const unitHtml = (unit: Unit) => escapeHtml(unit.text.replace(/\*\*|__/g, ''))

/** "Title" or "Title: Heading", for a link to a section. */
export const passageTitle = (p: Passage) => (p.section.heading ? `${p.section.article.title}: ${p.section.heading}` : p.section.article.title)

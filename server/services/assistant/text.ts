/** Small text tools of the assistant: topic words, crude stems, passages, marks and HTML to text. */

import { escapeHtml, words } from '../../lib/text.ts'

/** Words that say nothing about the topic of a question. */
const fillers = new Set(
  (
    'a an and are as at be but by can could did do does for from get got give had has have he her his how i if in into is ' +
    'it its just know let like me more most much my need of on or our please should so some tell than that the their them ' +
    'then there these they this to us was we were what when where which who why will with would you your about any best ' +
    'good way ways want help advice tips anything something hi hello thanks thank waypoint'
  ).split(' '),
)

/**
 * British spellings and everyday synonyms next to the words our articles use, so
 * "behavioural" also finds "behavioral" and "CV" also finds "resume".
 */
export function spellingVariants(word: string): string[] {
  const variants = new Set<string>()
  const synonyms: Record<string, string[]> = {
    cv: ['resume'],
    cvs: ['resume'],
    résumé: ['resume'],
    pay: ['salary'],
    wage: ['salary'],
    wages: ['salary'],
    earn: ['salary'],
    rent: ['cost', 'living'],
    programme: ['program'],
    programmes: ['programs'],
    uni: ['university'],
    boss: ['manager'],
    bosses: ['manager'],
    supervisor: ['manager'],
    raise: ['salary', 'increase'],
    jobless: ['unemployed'],
    fired: ['dismissed', 'laid'],
    college: ['university'],
    reference: ['recommendation'],
    references: ['recommendation'],
    referee: ['recommendation'],
    grad: ['graduate'],
    abroad: ['international'],
    ats: ['applicant', 'tracking'],
  }
  for (const synonym of synonyms[word] ?? []) variants.add(synonym)
  const rules: [RegExp, string][] = [
    [/our(al|ally|s|ed|ing|ite|ites|able)?$/, 'or$1'], // behaviour(al), colour, labour, favourite
    [/is(e|ed|es|ing|ation|ations)$/, 'iz$1'], // organise, recognised, specialisation
    [/yse(d|s)?$/, 'yze$1'], // analyse
    [/tre(s)?$/, 'ter$1'], // centre
    [/ence$/, 'ense'], // licence, defence
    [/ll(ed|ing|er|ers)$/, 'l$1'], // travelled, modelling, counselling
  ]
  for (const [pattern, replacement] of rules) {
    if (word.length > 4 && pattern.test(word)) variants.add(word.replace(pattern, replacement))
  }
  variants.delete(word)
  return [...variants]
}

/** The topic words of a question, with their spelling variants appended. */
export function topicWords(question: string): string[] {
  const topic = words(question).filter((w) => !fillers.has(w) && w.length > 1)
  return [...new Set([...topic, ...topic.flatMap(spellingVariants)])]
}

/** A rough stem, the same on both sides of a comparison: good enough to find a sentence. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/our(?=al|s|ed|ing|$)/, 'or')
  for (const suffix of ['ational', 'ations', 'ation', 'ings', 'ing', 'ers', 'er', 'ies', 'ied', 'es', 'ed', 's', 'al', 'ly', 'e']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) {
      // "-ation" words keep "at" ("educat", "internat"): "international" is not "intern".
      w = w.slice(0, -suffix.length) + (suffix.startsWith('ation') ? 'at' : '')
      break
    }
  }
  return w
}

/**
 * The sentence (with its neighbour when short) of `body` that holds most of the question's
 * topic words; escaped, with those words in <mark>. Empty when no sentence holds any.
 */
export function bestPassage(body: string, topic: string[], maxLength = 320): string {
  const stems = new Set(topic.map(stem))
  if (stems.size === 0) return ''
  let best: { text: string; score: number } | undefined
  for (const block of body.split(/\n{2,}/)) {
    // Headings and list stubs make poor quotes: keep sentences that end like sentences.
    const sentences = block.split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/).filter((s) => /[.!?]["”)]?$/.test(s.trim()))
    for (let i = 0; i < sentences.length; i++) {
      let text = sentences[i]!.trim()
      if (text.length < 40) continue
      if (text.length < 110 && sentences[i + 1]) text = `${text} ${sentences[i + 1]!.trim()}`
      if (text.length > maxLength) continue
      const found = new Set(
        words(text)
          .map(stem)
          .filter((s) => stems.has(s)),
      )
      // Distinct topic words first; among equals the earlier (more general) sentence wins.
      const score = found.size
      if (score > 0 && (!best || score > best.score)) best = { text, score }
    }
  }
  return best ? markWords(best.text, stems) : ''
}

/** Escapes `text` and wraps the words whose stem is in `stems` in <mark>. */
export function markWords(text: string, stems: Set<string>): string {
  return text
    .split(/([\p{L}\p{N}]+)/u)
    .map((part, i) => (i % 2 === 1 && stems.has(stem(part)) ? `<mark>${escapeHtml(part)}</mark>` : escapeHtml(part)))
    .join('')
}

/** Plain text of a small HTML fragment (snippets, our own answers) for a language model. */
export const htmlToText = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

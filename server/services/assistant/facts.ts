import data from '../../content/study-facts.json'
import { escapeHtml } from '../../lib/text.ts'
import { countryNames } from './fact-countries.ts'
import { topicWords } from './text.ts'
import type { ToolResult } from './types.ts'

/**
 * The facts base (server/content/study-facts.json): work rights while studying and after
 * graduating, test scales and usual requirements, application timelines, each with the official
 * page it was written from. A question reaches a fact by its topic and its country or test; the
 * country may come from an earlier turn of the conversation.
 */

export type FactTopic = 'work-while-studying' | 'work-after-study' | 'tests' | 'deadlines' | 'keyword'
export type StudyFact = {
  id: string
  topic: FactTopic
  country?: string
  test?: string
  /** A 'keyword' fact: reached by its own words (a regular expression), when `requires` also matches. */
  match?: string
  requires?: string
  answer: string
  points?: string[]
  source: { publisher: string; title: string; url: string; checked: string }
}

export const studyFacts = data.facts as StudyFact[]

const testNames: [string, RegExp][] = [
  ['IELTS', /\bielts\b/i],
  ['TOEFL', /\btoefl\b/i],
  ['Duolingo English Test', /\b(duolingo|det)\b/i],
  ['GRE', /\bgre\b/i],
  ['GMAT', /\bgmat\b/i],
  ['SAT', /\bSAT\b|\bsat (score|test|exam)/],
  ['ACT', /\bACT\b|\bact (score|test|exam)/],
  ['PTE Academic', /\bpte\b/i],
  ['TestDaF', /\b(testdaf|dsh|goethe|german (language )?(tests?|level|requirements?|certificates?|exams?)|language level\b[\s\S]*\bin german)\b/i],
  ['LSAT', /\blsat\b/i],
  ['DELE', /\b(dele|siele)\b/i],
  ['DELF/DALF/TCF', /\b(delf|dalf|tcf|tef)\b/i],
  ['JLPT', /\bjlpt\b|日本語能力試験/i],
  ['TOPIK', /\btopik\b|한국어능력시험/i],
]

/** The fact base's countries a text names, in the order they appear. */
export function countriesIn(text: string): string[] {
  const found: { name: string; at: number }[] = []
  for (const [name, ...patterns] of countryNames) {
    const at = patterns.map((p) => p?.exec(text)?.index ?? -1).filter((i) => i >= 0)
    if (at.length > 0) found.push({ name, at: Math.min(...at) })
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.name)
}

export const testsIn = (text: string) => testNames.filter(([, p]) => p.test(text)).map(([name]) => name)

const workWords =
  /\b(work|working|job|jobs|hours?|part[- ]?time|full[- ]?time|employment|employed|earn|side hustle|shifts?|arbeiten|trabajar|travailler|trabalhar)\b/i
const studentWords =
  /\b(students?|study(ing)?|studies|visa|f-?1|stamp ?2|study permit|subclass 500|during (my |the )?(degree|course|semester|term|uni|studies|masters?|bachelors?|phd)|while (i'?m |i am )?(at uni|at university|in college|studying|i study|doing my)|in term|term[- ]time|international)\b/i
const afterWords =
  /\b(after (i |my |you )?(graduat\w*|finish\w*|complet\w*|degree|studies|uni|masters?|bachelors?|phd)|post[- ]?(study|grad\w*|graduation)|graduate (route|visa)|\bopt\b|stem opt|pgwp|post-graduation work|stay (on |back )?(and|to) work|stay after|job[- ]seek(er|ing) (visa|permit)|stamp ?1g|485|zoekjaar|orientation year|search year)\b/i
const deadlineWords =
  /\b(deadlines?|closing dates?|last dates?|due dates?|when (do|should|can|must|to) (i |we )?(apply|submit|send)|when (are|is) (the )?applications?|when to apply|apply by|application (window|period|dates?|timeline|season|open)|applications? (open|close|due)|intakes?|timeline|how early)\b/i
const testFactWords =
  /\b(scores?|scored|band|bands|scale|out of|marks?|points?|levels?|n[1-5]|what['’]?s|what (is|are)|need|needs|require\w*|minimum|min|good|enough|format|sections?|parts?|how long|length|duration|valid|validity|expire\w*|last|accepted|accept|which is (easier|better)|vs\.?|versus|or)\b/i

export type FactQuery = { topic: FactTopic; countries: string[]; tests: string[]; ids?: string[] }

const keywordFacts = () => studyFacts.filter((f) => f.topic === 'keyword' && f.match)
const compiled = new Map<string, RegExp>()
const regex = (source: string) => {
  let pattern = compiled.get(source)
  if (!pattern) compiled.set(source, (pattern = new RegExp(source, 'i')))
  return pattern
}

/** What of the facts base a question asks for, or null. `context`: earlier user turns, for a country or topic left out. */
export function factQuery(question: string, context = ''): FactQuery | null {
  // Pay for a job ("£12.50 an hour") is a pay question, not a work-rights one.
  if (/[$£€¥]\s?\d|\d\s?(k|usd|gbp|eur)\b/i.test(question) && !/\b(visa|student|permit)\b/i.test(question)) return null
  // A rule named by its own words (CPT, a CAS, deferring a place), before the general topics.
  const keyword = keywordFacts().filter((f) => regex(f.match!).test(question) && (!f.requires || regex(f.requires).test(question)))
  if (keyword.length > 0) return { topic: 'keyword', countries: [], tests: [], ids: keyword.map((f) => f.id) }
  const tests = testsIn(question)
  // Scores, scales and formats; how to prepare is the library's.
  if (
    tests.length > 0 &&
    testFactWords.test(question) &&
    !/\b(prepare|prep|study|studying|revise|revision|practi[cs]e|improve|raise|resources?|books?|courses?)\b/i.test(question)
  )
    return { topic: 'tests', countries: countriesIn(question), tests }
  let countries = countriesIn(question)
  const followUp = countries.length === 0 || !/\b(work|job|deadline|apply|visa|hours)\b/i.test(question)
  let topic: FactTopic | null = null
  if (afterWords.test(question) && (workWords.test(question) || /\b(opt|pgwp|graduate (route|visa)|485|stamp ?1g|zoekjaar|stay)\b/i.test(question)))
    topic = 'work-after-study'
  else if (
    workWords.test(question) &&
    (studentWords.test(question) || (countries.length > 0 && /\bhow (many|much) hours\b/i.test(question))) &&
    // A question about being allowed to work, not "how long should I study for the GMAT? I work full time".
    (countries.length > 0 ||
      /\b(can|could|may|allowed|allow|permit\w*|legal\w*|how (many|much)|limit\w*|hours?|rules?|visa|international|part[- ]?time job)\b/i.test(
        question,
      ))
  )
    topic = 'work-while-studying'
  else if (
    deadlineWords.test(question) &&
    !/\b(internships?|placements?|jobs?|grad(uate)? schemes?|roles?|positions?|work experience)\b/i.test(question) &&
    /\b(uni\w*|college|apply|application|admissions?|bachelor'?s?|master'?s?|degree|undergrad\w*|grad school|phd|course|programme|program|ucas|common app|intake)\b/i.test(
      question,
    )
  )
    topic = 'deadlines'
  // "And in Canada?" after a work-rights answer: the topic of the conversation, the new country.
  if (
    !topic &&
    context &&
    countries.length > 0 &&
    question.split(/\s+/).length <= 6 &&
    /^(and|what about|how about|same|in|for)\b/i.test(question.trim())
  ) {
    const before = factQuery(context)
    if (before && before.topic !== 'tests') topic = before.topic
  }
  // "How long does that last?" after a rule: the same rule.
  if (
    !topic &&
    context &&
    question.split(/\s+/).length <= 8 &&
    /\b(that|it|they|them)\b/i.test(question) &&
    countries.length === 0 &&
    tests.length === 0 &&
    topicWords(question).length <= 3
  ) {
    const before = factQuery(context)
    if (before) return before
  }
  if (!topic) return null
  if (countries.length === 0 && followUp && context) countries = countriesIn(context).slice(-1)
  return { topic, countries, tests: [] }
}

const cite = (fact: StudyFact) =>
  `<strong>Source:</strong> <a href="${escapeHtml(fact.source.url)}">${escapeHtml(fact.source.publisher)}, “${escapeHtml(fact.source.title)}”</a> (checked ${escapeHtml(fact.source.checked)}). Rules change: check this page before you rely on it.`

function factHtml(fact: StudyFact, withPoints: boolean): string {
  const points = withPoints && fact.points?.length ? `\n${fact.points.map((p) => `• ${escapeHtml(p)}`).join('\n')}` : ''
  return `${escapeHtml(fact.answer)}${points}\n${cite(fact)}`
}

const topicLabel: Record<FactTopic, string> = {
  'work-while-studying': 'how much a student may work',
  'work-after-study': 'staying to work after graduating',
  tests: 'test scores',
  deadlines: 'application deadlines',
  keyword: 'this rule',
}

/** The facts a query names: its rules, its tests' facts, or its topic in the countries named. */
export function factsFor(query: FactQuery): StudyFact[] {
  return query.topic === 'keyword'
    ? studyFacts.filter((f) => query.ids?.includes(f.id))
    : query.topic === 'tests'
      ? studyFacts.filter((f) => f.topic === 'tests' && query.tests.includes(f.test ?? ''))
      : studyFacts.filter((f) => f.topic === query.topic && query.countries.includes(f.country ?? ''))
}

/** The facts that answer `query`: one or two in full, or every country's in one line each when none is named. */
export function answerFacts(query: FactQuery): ToolResult | null {
  const facts = factsFor(query)
  const sources = (list: StudyFact[]) => list.map((f) => ({ title: `${f.source.publisher}: ${f.source.title}`, url: f.source.url }))
  if (facts.length > 0) {
    const shown = facts.slice(0, 3)
    const html = shown.map((f) => factHtml(f, shown.length === 1)).join('\n\n')
    return { text: html.replace(/<[^>]*>/g, ''), html, sources: sources(shown) }
  }
  if (query.topic === 'tests' || query.topic === 'keyword') return null
  // No country named (or none we hold): each country's rule in one line, and a question back.
  const all = studyFacts.filter((f) => f.topic === query.topic)
  const asked = query.countries.length > 0 ? `I have no checked rule for ${escapeHtml(query.countries.join(' or '))} yet. ` : ''
  const lines = all.map(
    (f) =>
      `• <strong>${escapeHtml(f.country ?? '')}:</strong> ${escapeHtml(firstSentence(f.answer))} (${`<a href="${escapeHtml(f.source.url)}">${escapeHtml(f.source.publisher)}</a>`})`,
  )
  const html = `${asked}It depends on the country. On ${topicLabel[query.topic]}, the official rules, in short:\n${lines.join('\n')}\nTell me which country you are going to and I will give you the details and conditions.`
  return { text: html.replace(/<[^>]*>/g, ''), html, sources: sources(all) }
}

const firstSentence = (text: string) => /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text

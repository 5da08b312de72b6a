import { builtinProviderLabel, type ChatSource } from '~contract/chat.ts'
import { bedroomsIn, dataQuestion, findMoney, jobPhrase, placePhrases, twoPlaces } from './intents.ts'
import { priceRankingOf } from './cost-comparison.ts'
import { counterAdvice } from './offers.ts'
import { stream } from './stream.ts'
import { draftKind, draftMessage } from './drafts.ts'
import { factQuery } from './facts.ts'
import { answerFactsIn } from './facts-i18n.ts'
import { askedBankQuestion, looksLikeAnswer, practiceCount, practiceMarker } from './interview.ts'
import { resumeLineOf } from './resume-line.ts'
import {
  answersKind,
  asksAdviceOnPay,
  careerWords,
  glossed,
  languageNothing,
  languageNotes,
  languageOf,
  payViewOf,
  questionKind,
  safetyOf,
  offTopicDomain,
  withoutInjection,
  type QuestionKind,
} from './understand.ts'
import { oneAtATime } from '../../lib/queue.ts'
import { escapeHtml } from '../../lib/text.ts'
import { categoryPointers, injectionReply, offerNeedsJob, offTopic, refusal, smallTalk } from './replies.ts'
import { topicWords } from './text.ts'
import { guestAsker, type AnswerProvider, type AnswerRequest, type AssistantTools, type SiteTool, type ToolResult } from './types.ts'

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

/**
 * The assistant without a language model. It recognises what is asked (an offer check, a pay or
 * cost comparison, interview practice, a resume line, a cover-letter situation, admissions and
 * tests, general advice) and composes an answer: the direct answer first, then the steps or
 * figures, then where they come from (our articles' sections and our data tables with their
 * vintage), then the Waypoint tool that does the rest. It says so when it does not know.
 */
export function builtinProvider(tools: AssistantTools, options: BuiltinOptions = {}): AnswerProvider {
  const delay = options.chunkDelayMs ?? 15
  const inTurn = oneAtATime()
  return {
    label: builtinProviderLabel,
    async *answer(request) {
      const { text, sources } = await inTurn(() => composeAnswer(tools, request))
      yield* stream(text, delay, request.signal)
      yield { type: 'done', sources }
    },
  }
}

/** `unanswered`: nothing in the library or data answered (the reply says so). */
type Composed = { text: string; sources: ChatSource[]; unanswered?: boolean }

const link = (url: string, title: string) => `<a href="${escapeHtml(url)}">${escapeHtml(title)}</a>`
const toolLine = (tool: SiteTool) => `<strong>Next step:</strong> ${link(tool.url, tool.title)}: ${escapeHtml(tool.description)}`

/** Our library's best one or two sentences on `query`, as a short cited paragraph. */
async function libraryNote(tools: AssistantTools, query: string, lead = 'From our library', kind: QuestionKind = null): Promise<Composed | null> {
  const found = await tools.searchLibrary(query, { maxPassages: 1, maxUnits: 2, minCoverage: 0.5, kind })
  const hit = found.articles[0]
  if (!hit) return null
  // Advice asked for: the sentence that tells what to do, not the article's scene-setting.
  const sentences = kind && found.lead ? found.lead : (hit.sentences ?? [hit.passage]).slice(0, 2).join(' ')
  return {
    text: `${lead}: ${sentences} (${link(hit.sectionUrl ?? hit.url, hit.title)})`,
    sources: [{ title: hit.title, url: hit.url }],
  }
}

function join(parts: (string | null | undefined | false)[]): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .join('\n\n')
    .trim()
}

function withTool(text: string, sources: ChatSource[], tool: SiteTool | undefined): Composed {
  if (!tool) return { text, sources: uniqueSources(sources) }
  return { text: join([text, toolLine(tool)]), sources: uniqueSources([...sources, { title: tool.title, url: tool.url }]) }
}

/** Each URL once, the first title kept. */
function uniqueSources(sources: ChatSource[]): ChatSource[] {
  const seen = new Set<string>()
  return sources.filter((s) => !seen.has(s.url) && Boolean(seen.add(s.url)))
}

const builder = (tools: AssistantTools, url: string) => tools.builders().find((t) => t.url === url)

const moneyWords =
  /\b(offer(ed)?|fair|good|enough|low ?ball|underpaid|negotiat\w*|reasonable|decent|accept|counter|should i|is (that|this|it)|too low|too high|competitive|market rate|worth)\b/i
const salaryWords =
  /\b(salar(y|ies)|pay|paid|wages?|earn(s|ing)?|income|make|going rate|rate|ask for|expect(ed)?|comp(ensation)?|package|worth|starting)\b/i
const rentWords = /\b(rent|rents|renting|bedroom|bed|1br|2br|1bd|studio|flat|apartment|lease)\b/i
const costWords = /\b(cost|costs|cheaper|expensive|pricier|afford\w*|rent|living|prices?|budget)\b/i
const interviewAsk =
  /\b(interview)\b[\s\S]*\b(questions?|practi[cs]e|mock|prep\w*|ask me|quiz|drill)\b|\b(practi[cs]e|mock|prep\w*|quiz)\b[\s\S]*\binterview|\b(what|which|common|typical|likely|usual)\b[\s\S]{0,40}\bquestions?\b[\s\S]*\binterview|\b(give|ask|quiz|throw|send|hit) me\b[\s\S]{0,40}\b(questions?|case)\b|\bquiz me\b/i
/** "How do I answer interview questions about X": advice from the library, not a practice list. */
const interviewAdvice =
  /\b(how (do|should|can) i|best way to) (answer|respond|handle|deal with|explain|prepare|get ready)\b|\bwhat (do|should) i (say|wear|bring)\b/i
const coverLetterAsk = /\b(cover(ing)? letters?|motivation(al)? letters?|application letter)\b/i

export async function composeAnswer(
  tools: AssistantTools,
  { question, history = [], asker = guestAsker }: Pick<AnswerRequest, 'question' | 'asker'> & { history?: AnswerRequest['history'] },
): Promise<Composed> {
  const asked = question.trim()
  // Another language: the question's career words in English, the answer introduced in its language.
  const language = languageOf(asked)
  if (language !== 'en') {
    // A rule of the facts base, written out in the asker's language when its translation exists.
    const english = glossed(asked)
    const earlier = history.filter((t) => t.role === 'user').map((t) => glossed(t.text))
    const query = safetyOf(english) ? null : factQuery(english, earlier.at(-1) ?? '')
    const localized = query ? answerFactsIn(query, language) : null
    if (localized) return { text: localized.html ?? escapeHtml(localized.text), sources: localized.sources }
    const inner = await composeEnglish(tools, english, history, asker, true)
    if (inner.unanswered)
      return { text: join([escapeHtml(languageNothing[language]), '<a href="/library">Waypoint library</a>']), sources: [], unanswered: true }
    return { text: join([escapeHtml(languageNotes[language]), inner.text]), sources: inner.sources }
  }
  return composeEnglish(tools, asked, history, asker, false)
}

async function composeEnglish(
  tools: AssistantTools,
  asked: string,
  history: NonNullable<AnswerRequest['history']>,
  asker: NonNullable<AnswerRequest['asker']>,
  foreign: boolean,
): Promise<Composed> {
  const safety = safetyOf(asked)
  if (safety === 'fraud') return { text: refusal(asked), sources: [] }
  const q = safety === 'injection' ? withoutInjection(asked) : asked
  if (safety === 'injection' && !careerWords.test(q)) return { text: injectionReply, sources: [] }
  const canned = smallTalk.find((s) => s.pattern.test(q))
  if (canned && !foreign) return { text: canned.answer, sources: [] }
  // The earlier questions of the conversation, for a follow-up that leaves its subject out.
  const earlier = history.filter((t) => t.role === 'user').map((t) => t.text)
  const previous = earlier.at(-1) ?? ''

  // An answer to one of the practice questions just given, or one offered for feedback.
  const last = [...history].reverse().find((t) => t.role === 'assistant')?.text ?? ''
  const explicitAnswer =
    /^(here(?:'s| is) my answer|my answer(?: is)?|feedback on (?:this|my) answer|rate (?:this|my) answer|how (?:is|was|would you rate) (?:this|my) answer)\b[\s:,-]*/i
  // A practice answer quoted with a request for a verdict ("ok here: '...' how was that?").
  const quotedAnswer = /["“'‘]([^"”]{60,})["”'’]/.exec(q)?.[1]
  const asksVerdict =
    /\b(how (was|is|did) (that|this|it|i do)|is (this|that|it) (good|ok|okay|enough|strong)|rate (this|it|my)|feedback|what do you think|any good)\b/i
  // ...or one given in an earlier message ("feedback on my STAR answer? Q: ... A: ...", then "is it good?").
  const earlierAnswer = earlier
    .slice(-2)
    .reverse()
    .map((t) => /\bA:\s*([\s\S]{40,})$/.exec(t)?.[1] ?? (looksLikeAnswer(t) && /\b(answer|star|feedback)\b/i.test(t) ? t : undefined))
    .find(Boolean)
  if (!quotedAnswer && earlierAnswer && asksVerdict.test(q) && q.split(/\s+/).length <= 14) {
    const result = tools.interviewFeedback(earlierAnswer)
    return withTool(result.html ?? escapeHtml(result.text), result.sources, categoryPointers['interview-tips'])
  }
  if (quotedAnswer && asksVerdict.test(q) && !/\b(resume|cv|bullet|cover letter)\b/i.test(q)) {
    const result = tools.interviewFeedback(quotedAnswer)
    return withTool(result.html ?? escapeHtml(result.text), result.sources, categoryPointers['interview-tips'])
  }
  if ((last.includes(practiceMarker) && looksLikeAnswer(q)) || (explicitAnswer.test(q) && q.split(/\s+/).length > 12)) {
    const result = tools.interviewFeedback(q.replace(explicitAnswer, ''))
    const note = await libraryNote(tools, 'STAR situation task action result answer', 'From our library')
    return withTool(join([result.html, note?.text]), [...result.sources, ...(note?.sources ?? [])], categoryPointers['interview-tips'])
  }

  const line = resumeLineOf(q)
  if (line) {
    // The article's link, not its example lines: examples of other people's work are not the asker's facts.
    const result = tools.reviewResumeLine(line, q.replace(line, ' '))
    const more = result.sources.length > 0 ? `Read more: ${result.sources.map((src) => link(src.url, src.title)).join('; ')}.` : null
    return withTool(join([result.html, more]), result.sources, builder(tools, '/resume'))
  }

  // A message to write: a draft with the asker's own details in it.
  const draft = questionKind(q) === 'draft' || /^(pls |please )?(write|draft|compose)\b/i.test(q) ? draftKind(q) : null
  if (draft) {
    const category = draft === 'networking' ? 'networking-and-connections' : draft === 'recommendation' ? 'university-admission' : 'interview-tips'
    return withTool(draftMessage(draft, q), [], categoryPointers[category])
  }

  // Work rights, test scales and deadlines: the facts base, with its official sources.
  const facts = factQuery(q, previous)
  if (facts) {
    const result = tools.studyFacts(q, previous)
    if (result) {
      const note = facts.topic === 'tests' ? await libraryNote(tools, q, 'From our library') : null
      return withTool(
        join([result.html ?? escapeHtml(result.text), note?.text]),
        [...result.sources, ...(note?.sources ?? [])],
        categoryPointers[facts.topic === 'tests' ? 'standardized-tests' : 'university-admission'],
      )
    }
  }

  const followUp = await dataFollowUp(tools, q, previous, asker)
  if (followUp) return followUp

  const money = findMoney(q)
  // "What do I say when they ask my salary expectations?" is advice: no job's pay table for it.
  const payAdvice = asksAdviceOnPay(q) && !money
  const job = payAdvice ? undefined : (jobPhrase(q) ?? tools.occupationIn?.(q))
  // The places named, whatever their case ("moving to houston"), else the capitalised phrases after "in", "to".
  const named = tools.placesIn?.(q) ?? []
  const where = named.length > 0 ? named : placePhrases(q)
  // Two offers side by side ("offer A: 72k, 3% match … offer B: 68k …", "95k in Boston vs 80k in Raleigh").
  const offers = money ? tools.compareOffers?.(q) : null
  if (offers) {
    const note = await libraryNote(tools, 'how to compare two job offers: salary, benefits and negotiation', 'From our library')
    return withTool(
      join([offers.html ?? escapeHtml(offers.text), note?.text]),
      [...offers.sources, ...(note?.sources ?? [])],
      builder(tools, '/salary'),
    )
  }
  if (money && job && tools.offerCheck && (moneyWords.test(q) || salaryWords.test(q))) {
    const place = where.at(-1)
    const result = await tools.offerCheck({ job, location: place, ...money, ...(payViewOf(q).early ? { early: true } : {}) }, asker)
    if (result) {
      // The asker's own question about the offer ("is it ok to negotiate as a new grad?"), else how to negotiate.
      const own = /\b(negotiat\w*|counter|ask for more|pull the offer|rescind\w*|accept|decline)\b/i.test(q)
      const note = await libraryNote(
        tools,
        own ? q.replace(/[$£€¥]\s?[\d,.]+\s?k?/gi, ' ') : 'how to negotiate a job offer: ask for a higher salary with a counter offer',
        'From our library',
        own ? (questionKind(q) ?? 'steps') : 'steps',
      )
      return withTool(
        join([result.html ?? escapeHtml(result.text), note?.text && `Before you answer: ${note.text.replace(/^From our library: /, '')}`]),
        [...result.sources, ...(note?.sources ?? [])],
        builder(tools, '/salary'),
      )
    }
  }

  // An offer whose job we cannot tell ("a job offer in tokyo for 3.5 million yen"): ask which job, as an adviser would.
  const jobKnown = job && tools.occupationIn?.(job)
  const payLike =
    money &&
    (money.period === 'hourly' || money.period === 'monthly' || money.amount >= 5000) &&
    !/\b(fees?|deposit|charg\w*|they want|upfront)\b/i.test(q)
  if (payLike && !jobKnown && tools.offerCheck && /\b(offer(ed)?|paying|pays)\b/i.test(q) && moneyWords.test(q) && !rentWords.test(q))
    return withTool(offerNeedsJob(money.amount, money.currency, money.period, where.at(-1)), [], builder(tools, '/salary'))
  // Rent of a home somewhere, or in two places: the measured rents, not a budget.
  if (rentWords.test(q) && named.length > 0 && tools.rents && !(job && salaryWords.test(q))) {
    const result = await tools.rents(named, bedroomsIn(q))
    if (result) return withTool(result.html ?? escapeHtml(result.text), result.sources, builder(tools, '/living-cost'))
  }

  // "Cheapest state to live in?": U.S. states or metro areas ranked by BEA's price levels.
  const ranking =
    tools.rankPrices &&
    priceRankingOf(
      q,
      named.some((key) => !key.startsWith('united-states')),
    )
  const ranked = ranking ? tools.rankPrices!(ranking) : null
  if (ranked) return withTool(ranked.html ?? escapeHtml(ranked.text), ranked.sources, builder(tools, '/living-cost'))
  const pair = named.length >= 2 ? ([named[0], named[1]] as [string, string]) : twoPlaces(q)
  if (pair) {
    if (job && salaryWords.test(q) && tools.compareSalaries) {
      const result = await tools.compareSalaries(job, pair[0], pair[1], asker)
      if (result) return withTool(result.html ?? escapeHtml(result.text), result.sources, builder(tools, '/salary'))
    }
    // Moving between the two, unless the question is about something else of the move (a relocation payment, its tax).
    const aboutMove = /\b(move|moving|relocat\w*|live|better)\b/i.test(q) && !money && !/\b(tax\w*|lump sum|bonus|package|allowance|visa)\b/i.test(q)
    if ((costWords.test(q) || aboutMove) && tools.compareCosts) {
      const result = await tools.compareCosts(pair[0], pair[1], asker)
      if (result) return withTool(result.html ?? escapeHtml(result.text), result.sources, builder(tools, '/living-cost'))
    }
  }

  const data = payAdvice ? null : await dataAnswer(tools, q, asker)
  if (data) return data

  // Pay for a job, in words the patterns above do not know ("the going rate for a junior UX designer in NYC").
  if (
    job &&
    salaryWords.test(q) &&
    named.length <= 1 &&
    tools.salary &&
    !coverLetterAsk.test(q) &&
    !/\b(interview|negotiat\w*|raise|promotion)\b/i.test(q)
  ) {
    const found = await tools.salary(job, named[0], asker, payViewOf(q))
    if (found) return withTool(found.html ?? escapeHtml(found.text), found.sources, builder(tools, '/salary'))
  }

  // A place named with pay, costs or life there, in words the patterns above do not know.
  const place = named.at(-1)
  // "Is Pittsburgh a good city for a young nurse? is it cheap?": the job's pay there and what living there costs, with the place's page.
  if (
    place &&
    named.length === 1 &&
    /\b(good (city|place|area|town)|a good place|like for|worth (it|moving|living)|cheap|affordable|expensive)\b/i.test(q)
  ) {
    const parts = [
      job && tools.salary ? await tools.salary(job, place, asker, payViewOf(q)) : null,
      tools.costOfLiving ? await tools.costOfLiving(place, asker) : null,
    ].filter((r): r is ToolResult => Boolean(r))
    if (parts.length > 0)
      return withTool(
        join(parts.map((r) => r.html ?? escapeHtml(r.text))),
        parts.flatMap((r) => r.sources),
        builder(tools, job ? '/salary' : '/living-cost'),
      )
  }
  if (place && named.length === 1) {
    // "paralegal in miami how much": a job and a place with "how much" and nothing of living costs asks its pay.
    const payAsked = salaryWords.test(q) || (/\bhow much\b|\bwhat do\b[\s\S]{0,40}\bmake\b/i.test(q) && !costWords.test(q))
    if (job && payAsked && tools.salary) {
      const found = await tools.salary(job, place, asker, payViewOf(q))
      if (found) return withTool(found.html ?? escapeHtml(found.text), found.sources, builder(tools, '/salary'))
    }
    if (/\b(like|life|living|live|move|moving|relocat\w*|worth|pros and cons)\b/i.test(q) && tools.locations) {
      const found = await tools.locations(place)
      if (found) return withTool(found.html ?? escapeHtml(found.text), found.sources, undefined)
    }
    if (costWords.test(q) && !job && tools.costOfLiving) {
      const found = await tools.costOfLiving(place, asker)
      if (found) return withTool(found.html ?? escapeHtml(found.text), found.sources, builder(tools, '/living-cost'))
    }
  }

  const kind = questionKind(q)
  // "How do I answer 'what is your greatest weakness'?": what interviewers listen for in that question, then the library.
  if (
    /\b(how (do|should|would|can) i|best way to|what('s| is) the best way to) (answer|respond to|handle|reply to|tackle)\b|\bwhat (do|should) i say (when|if) (they|an interviewer|the interviewer) ask/i.test(
      q,
    )
  ) {
    const bank = askedBankQuestion(q)
    if (bank) {
      const note = await libraryNote(tools, q, 'From our library', 'steps')
      return withTool(
        join([bank.html ?? escapeHtml(bank.text), note?.text]),
        [...bank.sources, ...(note?.sources ?? [])],
        categoryPointers['interview-tips'],
      )
    }
  }
  if (interviewAsk.test(q) && !interviewAdvice.test(q) && kind !== 'ask-interviewer') {
    const result = tools.interviewQuestions(q, q, practiceCount(q))
    const note = await libraryNote(tools, `${q} interview questions`, 'From our library')
    return withTool(join([result.html ?? result.text, note?.text]), [...result.sources, ...(note?.sources ?? [])], categoryPointers['interview-tips'])
  }

  if (coverLetterAsk.test(q)) {
    const result = tools.coverLetterGuidance(q)
    const note = await libraryNote(tools, q)
    const reading = result.sources.filter((s) => s.url.startsWith('/articles/') && s.url !== note?.sources[0]?.url)
    const more = reading.length > 0 ? `Read more: ${reading.map((s) => link(s.url, s.title)).join('; ')}.` : null
    return {
      text: join([result.html ?? escapeHtml(result.text), note?.text, more]),
      sources: uniqueSources([...result.sources, ...(note?.sources ?? [])]),
    }
  }

  // A follow-up without its subject ("how long does that take?"): the earlier question's words help find it.
  const short =
    topicWords(q.replace(/\b(that|this|it|them|those|there|first|next|else|instead)\b/gi, ' ')).length <= 3 &&
    q.split(/\s+/).length <= 14 &&
    (/\b(that|this|it|them|those|there|first|next|else|instead)\b/i.test(q) ||
      /^(and|but|so|then|what about|how about)\b/i.test(q) ||
      topicWords(q).length <= 1)
  // Questions for the interviewer are the same whatever the role: the role's words would find its technical questions.
  const query =
    kind === 'ask-interviewer'
      ? 'questions to ask the interviewer at the end of the interview'
      : kind === 'draft'
        ? `${q} template example message`
        : q
  const answer = await libraryAnswer(tools, short && previous ? `${query} ${previous}` : query, kind)
  // An everyday question the advice base answers directly: its answer first, the library's passage after.
  // ...unless the library already gives the time, length or number asked for.
  const given =
    !answer.unanswered && (kind === 'when' || kind === 'how-long' || kind === 'how-many') && answersKind(kind, answer.text.split('\n')[0]!, q)
  const advice =
    kind === 'ask-interviewer' || short || given
      ? null
      : await tools.advice(
          q,
          answer.sources.map((s) => s.url),
        )
  if (advice) {
    // The library's own answer after it, shortened: its lead and first points, and the sections cited.
    const library = answer.unanswered ? [] : answer.text.split('\n\n').filter((part) => !part.startsWith('<strong>Next step:'))
    const [lead, points, cited] = library.length === 3 ? library : [library[0], undefined, library[1]]
    const shortPoints = points?.split('\n').slice(0, 3).join('\n')
    const pointer = tools.builders().find((tool) => toolMentions.some((m) => m.url === tool.url && m.pattern.test(q)))
    return withTool(
      join([advice.html ?? escapeHtml(advice.text), lead && `<strong>From our library:</strong> ${lead}`, shortPoints, cited]),
      [...advice.sources, ...(answer.unanswered ? [] : answer.sources)],
      pointer ?? categoryPointers[advice.category],
    )
  }
  if (!answer.unanswered) return answer
  // A career question in words the library does not use ("without being weird"): the words it does know decide.
  if (kind && careerWords.test(q) && !offTopicDomain(q) && !salaryWords.test(q) && !findMoney(q)) {
    const looser = await libraryAnswer(tools, query, kind, 0.3)
    if (!looser.unanswered) return looser
  }
  // Situations the library covers under its own words (a career change between any two fields).
  for (const [pattern, topic] of situations) {
    if (!pattern.test(q)) continue
    const retry = await libraryAnswer(tools, topic, kind)
    if (!retry.unanswered) return retry
  }
  // Off the field unless career words outweigh the other domain's ("a recipe" is off topic; "a 401k match in an offer" is not).
  const careerCount = new Set(q.toLowerCase().match(new RegExp(careerWords.source, 'gi')) ?? []).size
  if (careerCount === 0 || (offTopicDomain(q) && careerCount < 2)) return { text: offTopic(q), sources: [], unanswered: true }
  return answer
}

/** Situations the library answers under its own words, whatever field or detail the asker adds. */
const situations: [RegExp, string][] = [
  [
    /\b(switch\w*|chang\w*|transition\w*|pivot\w*|mov(e|ing)|leav(e|ing)|get (in)?to|break into)\b[\s\S]{0,60}\b(careers?|fields?|industr(y|ies)|sectors?|professions?|into|from)\b/i,
    'career change transferable skills',
  ],
  [/\b(laid off|made redundant|redundancy|fired|let go|lost my job)\b/i, 'laid off job search after losing a job'],
  [/\b(gap|break|time off|years? out|career break)\b/i, 'explain a career gap'],
  [/\b(no experience|first job|entry[- ]level|never worked|fresh graduate|new grad)\b/i, 'first job with no experience entry level'],
  [/\b(promot\w*|raise|pay rise)\b/i, 'ask for a promotion or raise'],
  [/\b(burn\w* out|stress\w*|toxic|hate my job|quit)\b/i, 'leaving a job resign'],
  [/\b(message|email|e-mail|dm|reach out|contact|inmail|connect)\b/i, 'networking message template reach out'],
]

/** "And in Denver?" or "what about nurses?" after a pay or cost answer: the earlier subject, the new place or job. */
async function dataFollowUp(
  tools: AssistantTools,
  q: string,
  previous: string,
  asker: NonNullable<AnswerRequest['asker']>,
): Promise<Composed | null> {
  if (!previous || q.split(/\s+/).length > 16) return null
  // "How long does it take to get to the median?" after a pay answer: the figure again, then the advice.
  const aboutPay =
    /\b(median|percentile|average|the range|that (pay|salary)|before tax|after tax|gross|net|per month|a month|monthly|hourly|an hour|take[- ]home)\b/i.test(
      q,
    ) &&
    !findMoney(q) &&
    !tools.placesIn?.(q).length
  if (!aboutPay && !/^(and|but|what about|how about|what if|same|ok(ay)?|now|also|then)\b|^(in|for|at)\s|\binstead\b/i.test(q)) return null
  const before = dataQuestion(previous)
  const beforeMoney = findMoney(previous)
  const beforeJob = jobPhrase(previous) ?? tools.occupationIn?.(previous) ?? (before?.kind === 'salary' ? before.job : undefined)
  const beforePlace =
    tools.placesIn?.(previous).at(-1) ??
    placePhrases(previous).at(-1) ??
    (before?.kind === 'salary' ? before.location : before?.kind === 'cost' ? before.city : undefined)
  const lead = q.replace(/^(and|but|what about|how about|what if|same|ok(ay)?|now|also|then)\b[\s,]*/i, '').replace(/[?!.]+$/, '')
  const place =
    tools.placesIn?.(q).at(-1) ??
    placePhrases(q).at(-1) ??
    (/^\p{Lu}/u.test(lead) && !tools.occupationIn?.(lead) ? lead.replace(/^(in|for|at)\s+/i, '') : undefined)
  const job = jobPhrase(q) ?? tools.occupationIn?.(q)
  // "Rent in manchester for a 1 bed?" then "and liverpool?": the same home size's measured rent there.
  if (place && !job && rentWords.test(previous) && tools.rents) {
    const found = await tools.rents([place], bedroomsIn(previous))
    if (found) return withTool(found.html ?? escapeHtml(found.text), found.sources, builder(tools, '/living-cost'))
  }
  // "Ok so should I negotiate? how much do I ask for?" after an offer check: the check again, and a counter to ask for.
  if (
    beforeMoney &&
    beforeJob &&
    !place &&
    !job &&
    tools.offerCheck &&
    /\b(negotiat\w*|counter\w*|ask for (more|a higher)|how much (should|do|can|could) i ask)\b/i.test(q)
  ) {
    const found = await tools.offerCheck({ job: beforeJob, location: beforePlace, ...beforeMoney }, asker)
    if (found) return withTool(join([counterAdvice(beforeMoney), found.html ?? escapeHtml(found.text)]), found.sources, builder(tools, '/salary'))
  }
  if (before?.kind === 'cost' || (!beforeJob && costWords.test(previous))) {
    if (place && tools.costOfLiving) {
      const found = await tools.costOfLiving(place, asker)
      if (found) return withTool(found.html ?? escapeHtml(found.text), found.sources, builder(tools, '/living-cost'))
    }
    return null
  }
  if (!beforeJob && !beforePlace) return null
  if (aboutPay && beforeJob && !job && tools.salary) {
    const found = await tools.salary(beforeJob, beforePlace, asker, payViewOf(q))
    // "Is that before tax? per month?" wants the figure again, not an article.
    const figureOnly = /\b(before tax|after tax|gross|net|per month|a month|monthly|hourly|an hour)\b/i.test(q)
    const advice = figureOnly ? { unanswered: true, text: '', sources: [] } : await libraryAnswer(tools, q, questionKind(q))
    if (found)
      return withTool(
        join([found.html ?? escapeHtml(found.text), !advice.unanswered && advice.text.replace(/\n\n<strong>Next step:[\s\S]*$/, '')]),
        [...found.sources, ...advice.sources],
        builder(tools, '/salary'),
      )
  }
  const newJob = job ?? beforeJob
  const newPlace = place ?? (job ? beforePlace : undefined)
  if (!newJob || (!place && !job)) return null
  if (beforeMoney && tools.offerCheck && !job) {
    const result = await tools.offerCheck({ job: newJob, location: newPlace, ...beforeMoney }, asker)
    if (result) return withTool(result.html ?? escapeHtml(result.text), result.sources, builder(tools, '/salary'))
  }
  if (tools.salary && (before?.kind === 'salary' || beforeMoney || salaryWords.test(previous))) {
    const found = await tools.salary(newJob, newPlace, asker, payViewOf(q))
    if (found) return withTool(found.html ?? escapeHtml(found.text), found.sources, builder(tools, '/salary'))
  }
  return null
}

/** Advice from the library: the best sentence first, then the steps, then the sections cited. */
async function libraryAnswer(tools: AssistantTools, question: string, kind: QuestionKind = null, minCoverage?: number): Promise<Composed> {
  const findings = await tools.searchLibrary(question, { kind, minCoverage })
  const pointers = tools.builders().filter((tool) => toolMentions.some((m) => m.url === tool.url && m.pattern.test(question)))
  const topic = topicPhrase(question)
  if (findings.articles.length === 0) {
    const text = join([
      `I don't know: nothing in Waypoint's library answers ${topic}, and I would rather not guess.`,
      'Try other words, or browse the <a href="/library">library</a>. I can also check a job offer, compare salaries or living costs, give interview practice questions, rewrite a resume line or guide a cover letter.',
      pointers[0] && toolLine(pointers[0]),
    ])
    return { text, sources: pointers.map(({ title, url }) => ({ title, url })), unanswered: true }
  }
  const sentences = findings.articles.flatMap((hit) => (hit.sentences ?? [hit.passage]).map((s) => ({ s, hit })))
  // The most direct sentence first, then the others in their articles' order.
  const first = sentences.find(({ s }) => s === findings.lead) ?? sentences[0]!
  const steps = sentences.filter((entry) => entry !== first).slice(0, 8)
  const cited = [...new Map(findings.articles.map((h) => [h.sectionUrl ?? h.url, h])).values()]
  const sourceLine = `<strong>Sources:</strong> ${cited
    .map((h) => `${link(h.sectionUrl ?? h.url, h.title)}${h.heading ? ` (section “${escapeHtml(h.heading)}”)` : ''}`)
    .join('; ')}.`
  const category = findings.articles[0]!.category
  const tool = pointers[0] ?? (category ? categoryPointers[category] : undefined) ?? categoryPointers['job-hunting']
  // A sentence that introduces a list stands as a line of its own, the list's items under it.
  const text = join([first.s, steps.length > 0 && steps.map(({ s }) => (/:\s*$/.test(s) ? s : `• ${s}`)).join('\n'), sourceLine])
  return withTool(
    text,
    cited.map(({ title, url }) => ({ title, url })),
    tool,
  )
}

/**
 * A question about pay, living costs or a place, answered with the tool's figures. Null when
 * it is no such question or the tool knows no such occupation or place: the library answers.
 */
async function dataAnswer(tools: AssistantTools, question: string, asker: NonNullable<AnswerRequest['asker']>): Promise<Composed | null> {
  const intent = dataQuestion(question)
  if (!intent) return null
  let found: ToolResult | null = null
  if (intent.kind === 'salary' && tools.salary) found = await tools.salary(intent.job, intent.location, asker, payViewOf(question))
  else if (intent.kind === 'cost' && tools.costOfLiving) found = await tools.costOfLiving(intent.city, asker)
  else if (intent.kind === 'location' && tools.locations) found = await tools.locations(intent.place)
  if (!found) return null
  const tool = intent.kind === 'salary' ? builder(tools, '/salary') : intent.kind === 'cost' ? builder(tools, '/living-cost') : undefined
  return withTool(found.html ?? escapeHtml(found.text), found.sources, tool)
}

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

import type { PriceRanking } from './cost-comparison.ts'
import type { ChatSource } from '~contract/chat.ts'
import type { QuestionKind } from './understand.ts'

/** An article the library search found for a question. */
export type LibraryHit = {
  title: string
  /** `/articles/{slug}` */
  url: string
  summary: string
  /** One or two sentences of the article that match the question: escaped HTML, matches in <mark>. */
  passage: string
  /** The section the passage is from ('' for the opening), and its link. */
  heading?: string
  sectionUrl?: string
  /** The chosen sentences, in the article's order (escaped HTML). */
  sentences?: string[]
  /** The article's category slug. */
  category?: string
}

export type LibraryFindings = {
  /** The most relevant articles first; only ones that really match (may be empty). */
  articles: LibraryHit[]
  /** Library categories that match, as links (`/library?category=...`). */
  categories: ChatSource[]
  /** The sentence that answers most directly (escaped HTML), one of the articles' sentences. */
  lead?: string
}

/**
 * What a data tool answers: a short factual text for a language model, the same facts as a
 * ready answer (escaped HTML with links) for the built-in assistant, and the pages they came from.
 */
export type ToolResult = { text: string; html?: string; sources: ChatSource[] }

/** Who is asking: the data tools give guests less than signed-in users (see data-tools.ts). */
export type Asker = { signedIn: boolean }

/** A guest unless told otherwise: the safe default for gated figures. */
export const guestAsker: Asker = { signedIn: false }

/** A page of the site's own tools (builders and services), explained to the user on request. */
export type SiteTool = { title: string; url: string; description: string }

/**
 * The assistant's access to the platform's own data. `searchLibrary` and `builders` always
 * exist; the data tools are plugged in from app deps once their services exist, and the
 * assistant offers only the ones present.
 */
export interface AssistantTools {
  /** Never throws: an unavailable library answers no findings. */
  searchLibrary(
    query: string,
    options?: { maxPassages?: number; maxUnits?: number; minCoverage?: number; kind?: QuestionKind },
  ): Promise<LibraryFindings>
  /** Official rules on work while studying and after, test scores and deadlines (the facts base); null: none fits. */
  studyFacts(question: string, context?: string): ToolResult | null
  /**
   * The advice base's answer to an everyday career question, with where to read more; null: no
   * card comes near. `articles`: the library's own answer to it; a card that links to one of them
   * may come less near.
   */
  advice(question: string, articles?: string[]): Promise<(ToolResult & { category: string }) | null>
  /**
   * Wage figures of an occupation, in a place or (without one) U.S. national; null: no such
   * occupation. `want`: the hourly figure first, or the lower percentiles for someone starting out.
   */
  salary?(job: string, location: string | undefined, asker: Asker, want?: PayView): Promise<ToolResult | null>
  /** The monthly budget of a place; null: no such place or no prices for it. */
  costOfLiving?(city: string, asker: Asker): Promise<ToolResult | null>
  /** What we know about a place, with the link to its page; null: no such place. */
  locations?(query: string): Promise<ToolResult | null>
  /** Where an offer sits among the local measured percentiles; null: no such occupation. */
  offerCheck?(input: OfferInput, asker: Asker): Promise<ToolResult | null>
  /** Median pay of an occupation in two places; null: unknown occupation or place. */
  compareSalaries?(job: string, first: string, second: string, asker: Asker): Promise<ToolResult | null>
  /** Two or three job offers compared (salary, match, bonus, leave, and U.S. price levels); null: fewer than two offers with an amount. */
  compareOffers?(question: string): ToolResult | null
  /** The occupation or job title a text names (a phrase of it), if any. */
  occupationIn?(text: string): string | undefined
  /** The places a text names (dataset keys), in order: any case, big places and capitalised names. */
  placesIn?(text: string): string[]
  /** Measured rents of one to three places for a home size (0: studio), the cheaper one named; null: no such place. */
  rents?(places: string[], bedrooms: number): Promise<ToolResult | null>
  /** U.S. states or metro areas ranked by BEA's measured price level; null: no price levels. */
  rankPrices?(want: PriceRanking): ToolResult | null
  /** Monthly budgets of two places side by side; null: unknown place. */
  compareCosts?(first: string, second: string, asker: Asker): Promise<ToolResult | null>
  /** Practice questions for a role and level from the question bank. */
  interviewQuestions(role: string, level: string, count: number): ToolResult
  /** STAR feedback on a practice answer, with a follow-up question. */
  interviewFeedback(answer: string, question?: string): ToolResult
  /** A resume line reviewed and rewritten to start with an action verb, asking for its number. */
  reviewResumeLine(line: string, context?: string): ToolResult
  /** Cover-letter guidance for a situation, with a link that opens the builder prefilled. */
  coverLetterGuidance(situation: string): ToolResult
  /** The Builder and Services pages: Resume Builder, Cover Letter Builder, Salary Insights, Cost of Living. */
  builders(): SiteTool[]
}

export type OfferInput = {
  job: string
  location?: string
  amount: number
  currency?: string
  period?: 'annual' | 'hourly' | 'monthly'
  /** The asker is starting out (a new graduate, a first job): the lower percentiles are where most begin. */
  early?: boolean
}

export type ChatTurn = { role: 'user' | 'assistant'; text: string }

export type AnswerEvent = { type: 'delta'; text: string } | { type: 'done'; sources: ChatSource[] }

export type AnswerRequest = {
  question: string
  /** Earlier turns of this conversation, oldest first. */
  history: ChatTurn[]
  /** Aborted when the connection closes or the conversation is reset. */
  signal: AbortSignal
  /** Whether a signed-in user asks (default: a guest). */
  asker?: Asker
}

/** Answers one question as a stream of text pieces, then the sources it cited. */
export interface AnswerProvider {
  /** Who is answering, for the drawer's credit bar. */
  readonly label: string
  answer(request: AnswerRequest): AsyncGenerator<AnswerEvent>
}

/** What a pay question asks to see: pay by the hour or the month, and where someone starting out lands. */
export type PayView = { hourly?: boolean; early?: boolean; monthly?: boolean }

import type { ChatSource } from '~contract/chat.ts'

/** An article the library search found for a question. */
export type LibraryHit = {
  title: string
  /** `/articles/{slug}` */
  url: string
  summary: string
  /** One or two sentences of the article that match the question: escaped HTML, matches in <mark>. */
  passage: string
}

export type LibraryFindings = {
  /** The most relevant articles first; only ones that really match (may be empty). */
  articles: LibraryHit[]
  /** Library categories that match, as links (`/library?category=...`). */
  categories: ChatSource[]
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
  searchLibrary(query: string): Promise<LibraryFindings>
  /** Wage figures of an occupation, in a place or (without one) U.S. national; null: no such occupation. */
  salary?(job: string, location: string | undefined, asker: Asker): Promise<ToolResult | null>
  /** The monthly budget of a place; null: no such place or no prices for it. */
  costOfLiving?(city: string, asker: Asker): Promise<ToolResult | null>
  /** What we know about a place, with the link to its page; null: no such place. */
  locations?(query: string): Promise<ToolResult | null>
  /** The Builder and Services pages: Resume Builder, Cover Letter Builder, Salary Insights, Cost of Living. */
  builders(): SiteTool[]
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

/** A failure the person asking should hear about in these words (no internals). */
export class ProviderError extends Error {
  constructor(
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(detail, options)
    this.name = 'ProviderError'
  }
}

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

/** What a data tool answers: a short factual text for the assistant, and the pages it came from. */
export type ToolResult = { text: string; sources: ChatSource[] }

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
  salary?(job: string, location: string): Promise<ToolResult | null>
  costOfLiving?(city: string): Promise<ToolResult | null>
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

import type { Deps } from '../../deps.ts'
import type { Library } from '../library.ts'
import type { LocationData } from '../location-data.ts'
import type { RateLimiter } from '../rate-limit.ts'
import type { Tokens } from '../tokens.ts'
import { builtinProvider } from './builtin.ts'
import type { ChatService } from './connection.ts'
import { createComparisonTools, createDataTools } from './data-tools.ts'
import { createChatHistory } from './history.ts'
import { openAiProvider } from './openai.ts'
import { createAssistantTools } from './tools.ts'
import type { AssistantTools } from './types.ts'

/** What app deps may set for the assistant: data tools of other features, and test pacing. */
export type AssistantDeps = {
  /** Test doubles of any tool (the salary, cost and location tools come from the app's location data). */
  tools?: Partial<AssistantTools>
  /** Pause between the built-in assistant's streamed pieces (default 15 ms). */
  chunkDelayMs?: number
  /** How long a connection may take to authenticate (default 10 s). */
  authTimeoutMs?: number
  /** main.ts: warm the library search this long after start, before the first question comes. */
  warmUpAfterMs?: number
}

/**
 * The chat service of one app: the tools over our data (the library; salary, cost of living and
 * locations when the app gives its location data), the provider that answers (an
 * OpenAI-compatible API when configured, else the built-in assistant) and the stored history.
 */
export function createChatService(
  deps: Deps,
  {
    library,
    tokens,
    limiter,
    locations,
  }: { library: Library; tokens: Tokens; limiter: RateLimiter; locations?: LocationData },
): ChatService {
  const options = deps.assistant ?? {}
  const dataTools = locations ? { ...createDataTools({ locations, library, log: deps.log }), ...createComparisonTools({ locations }) } : {}
  // Test doubles in app deps replace the real tools of the same name.
  const tools = createAssistantTools({ library, log: deps.log }, { ...dataTools, ...options.tools })
  const provider = deps.config.openai
    ? openAiProvider(deps.config.openai, tools, deps.log)
    : builtinProvider(tools, { chunkDelayMs: options.chunkDelayMs })
  // The first search of a process loads the library and prepares its statements (~0.3 s):
  // done after start or while the first visitor is still typing, not while they wait.
  let warmed = false
  const warmUp = () => {
    if (warmed) return
    warmed = true
    // Search failures are the tool's to report; a failing override must not go unhandled.
    void Promise.resolve()
      .then(() => tools.searchLibrary('interview preparation'))
      .catch(() => undefined)
  }
  if (options.warmUpAfterMs !== undefined) setTimeout(warmUp, options.warmUpAfterMs).unref()
  return {
    provider,
    history: createChatHistory(deps),
    tokens,
    limiter,
    authTimeoutMs: options.authTimeoutMs ?? 10_000,
    warmUp,
  }
}

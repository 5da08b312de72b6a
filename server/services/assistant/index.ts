import type { Deps } from '../../deps.ts'
import type { Library } from '../library/index.ts'
import type { LocationData } from '../places/index.ts'
import type { RateLimiter } from '../rate-limit.ts'
import type { Tokens } from '../accounts/index.ts'
import { createOfferTools } from './offers.ts'
import { builtinProvider } from './builtin.ts'
import type { ChatService } from './connection.ts'
import { createComparisonTools, createDataTools } from './data-tools.ts'
import { createChatHistory } from './history.ts'
import { openAiProvider } from './openai.ts'
import { createAssistantTools } from './tools.ts'
import type { AssistantTools } from './types.ts'

export { createChatConnection, type ChatService } from './connection.ts'
/** How the chat is built: the app's services it uses, and its pacing where the defaults do not suit. */
export type ChatServiceOptions = {
  library: Library
  tokens: Tokens
  limiter: RateLimiter
  /** Salary, cost of living and locations; without them the assistant has no data tools. */
  locations?: LocationData
  /** Replace tools of the same name (the data tools come from `locations`). */
  tools?: Partial<AssistantTools>
  /** Pause between the built-in assistant's streamed pieces (default 15 ms). */
  chunkDelayMs?: number
  /** How long a connection may take to authenticate (default 10 s). */
  authTimeoutMs?: number
}

/** Every tool over the location data: salary, cost of living, places, offer checks and comparisons. */
export function createLocationTools({ locations, library, log }: { locations: LocationData; library: Library; log: Deps['log'] }) {
  return {
    ...createDataTools({ locations, library, log }),
    ...createComparisonTools({ locations }),
    ...createOfferTools({ places: locations.places }),
  }
}

/**
 * The chat service of one app: the tools over our data (the library; salary, cost of living and
 * locations when the app gives its location data), the provider that answers (an
 * OpenAI-compatible API when configured, else the built-in assistant) and the stored history.
 */
export function createChatService(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'log'>,
  { library, tokens, limiter, locations, tools: replaced, chunkDelayMs, authTimeoutMs }: ChatServiceOptions,
): ChatService {
  const dataTools = locations ? createLocationTools({ locations, library, log: deps.log }) : {}
  const tools = createAssistantTools({ library, log: deps.log }, { ...dataTools, ...replaced })
  const provider = deps.config.openai ? openAiProvider(deps.config.openai, tools, deps.log) : builtinProvider(tools, { chunkDelayMs })
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
  return {
    provider,
    history: createChatHistory(deps),
    tokens,
    limiter,
    authTimeoutMs: authTimeoutMs ?? 10_000,
    warmUp,
  }
}

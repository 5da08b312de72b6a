// The one call the server makes to an OpenAI-compatible chat-completions API (OpenAI, Ollama,
// vLLM...), shared by the assistant (streamed, with tools) and the cover letter's polish
// (one-shot): the request, its refusals and its time limit.
import { defaultOpenAiBaseUrl, type OpenAiConfig } from '../config.ts'
import type { Log } from '../log.ts'

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

/** Who answers: OpenAI itself, else the model and the host serving it. */
export function openAiName(config: Pick<OpenAiConfig, 'baseUrl' | 'model'>): string {
  if (config.baseUrl === defaultOpenAiBaseUrl) return 'OpenAI'
  return `${config.model} via ${new URL(config.baseUrl).host}`
}

export class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`)
  }
}

export class IdleTimeout extends Error {
  constructor() {
    super('The provider sent nothing for too long')
  }
}

/** POST {baseUrl}/chat/completions with our key and model; a refusal is an HttpStatusError (logged). */
export async function postCompletion(
  config: OpenAiConfig,
  log: Log,
  fetchImpl: typeof fetch,
  body: { stream: boolean; messages: unknown[] } & Record<string, unknown>,
  signal: AbortSignal,
): Promise<Response> {
  const response = await fetchImpl(`${config.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: body.stream ? 'text/event-stream' : 'application/json',
      Authorization: `Bearer ${config.apiKey}`,
    },
    body: JSON.stringify({ model: config.model, temperature: 0.3, ...body }),
    signal,
  })
  if (!response.ok || (body.stream && !response.body)) {
    const text = await response.text().catch(() => '')
    log.warn(`AI request: the AI provider answered ${response.status}: ${text.replace(/\s+/g, ' ').slice(0, 300)}`)
    if (response.status === 401 || response.status === 403) {
      log.error('The AI provider refused our credentials: check OPENAI_API_KEY and OPENAI_BASE_URL')
    }
    throw new HttpStatusError(response.status)
  }
  return response
}

/** A plain message of a one-shot completion. */
export type CompletionMessage = { role: 'system' | 'user' | 'assistant'; content: string }

/**
 * One non-streamed completion (no tools): the answer's text. Throws on a refusal, a broken
 * answer, an empty one, or when nothing complete came within OPENAI_TIMEOUT_MS.
 */
export async function complete(
  config: OpenAiConfig,
  messages: CompletionMessage[],
  { log, fetchImpl = fetch, signal }: { log: Log; fetchImpl?: typeof fetch; signal?: AbortSignal },
): Promise<string> {
  const controller = new AbortController()
  const onAbort = () => controller.abort(signal?.reason)
  signal?.addEventListener('abort', onAbort, { once: true })
  const timer = setTimeout(() => controller.abort(new IdleTimeout()), config.timeoutMs)
  try {
    const response = await postCompletion(config, log, fetchImpl, { stream: false, messages }, controller.signal)
    const answer = (await response.json()) as { choices?: { message?: { content?: unknown } }[] }
    const content = answer.choices?.[0]?.message?.content
    if (typeof content !== 'string' || !content.trim()) throw new ProviderError('The AI provider returned an empty answer.')
    return content.trim()
  } catch (error) {
    if (controller.signal.aborted && !signal?.aborted && controller.signal.reason instanceof IdleTimeout) {
      log.warn('AI request: the AI provider timed out')
      throw controller.signal.reason
    }
    throw error
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
}

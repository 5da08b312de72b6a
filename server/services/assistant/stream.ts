import { setTimeout as sleep } from 'node:timers/promises'
import type { AnswerEvent } from './types.ts'

/** Pieces of a few words; an HTML tag is never cut. */
export function chunks(text: string, size = 28): string[] {
  const out: string[] = []
  let current = ''
  for (const token of text.match(/<[^>]*>|[^\s<]+|\s+/g) ?? []) {
    current += token
    if (current.length >= size && /\s$/.test(token)) {
      out.push(current)
      current = ''
    }
  }
  if (current) out.push(current)
  return out
}

/** The answer as the chat streams it: the first piece at once, the rest `delayMs` apart. */
export async function* stream(text: string, delayMs: number, signal: AbortSignal): AsyncGenerator<AnswerEvent> {
  let first = true
  for (const piece of chunks(text)) {
    if (!first && delayMs > 0) await sleep(delayMs, undefined, { signal })
    signal.throwIfAborted()
    first = false
    yield { type: 'delta', text: piece }
  }
}

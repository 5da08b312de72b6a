import * as v from 'valibot'
import { letterParts, type LetterPart } from './cover-letter.ts'

/**
 * GET /cover-letters/polish: whether an OpenAI-compatible provider can polish a letter part, and
 * who it is. POST /cover-letters/polish: one part rewritten for clarity and warmth, facts kept.
 * Signed-in users only; without a provider the builder is complete on its own (503 here).
 */
export const polishPath = 'cover-letters/polish'

export const POLISH_TEXT_MAX = 4000
export const POLISH_FACTS_MAX = 40
export const POLISH_FACT_MAX = 300

/** The longest rewrite each part may take (the builder's own limits on edited parts). */
export const polishedPartMax: Record<LetterPart, number> = { greeting: 200, subject: 200, opener: 2000, body: 6000, callToAction: 2000 }

export const polishRequest = v.object({
  part: v.picklist(letterParts, 'Pick greeting, subject, opener, body or callToAction'),
  text: v.pipe(
    v.string('Text is required'),
    v.trim(),
    v.nonEmpty('Write something to polish first'),
    v.maxLength(POLISH_TEXT_MAX, `Text must be at most ${POLISH_TEXT_MAX} characters`),
  ),
  facts: v.pipe(
    v.array(
      v.pipe(v.string('A fact must be text'), v.maxLength(POLISH_FACT_MAX, `A fact must be at most ${POLISH_FACT_MAX} characters`)),
      'Facts must be a list',
    ),
    v.maxLength(POLISH_FACTS_MAX, `At most ${POLISH_FACTS_MAX} facts`),
  ),
})
export type PolishRequest = v.InferOutput<typeof polishRequest>

export type PolishAvailability = { available: boolean; provider: string | null }
export type PolishResponse = { text: string }

const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
}

export const polishMessages = {
  unavailable: 'Polishing with AI is not available here: no AI provider is configured. Your letter is complete without it.',
  failed: 'The AI provider did not answer. Your text is unchanged.',
  rateLimited: (retryAfterSeconds: number) => `You have polished a lot of text in a short time. Try again in ${inMinutes(retryAfterSeconds)}.`,
} as const

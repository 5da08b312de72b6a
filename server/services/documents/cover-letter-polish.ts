import { polishedPartMax, type PolishAvailability, type PolishRequest } from '~contract/cover-letter-polish.ts'
import type { LetterPart } from '~contract/cover-letter.ts'
import type { Deps } from '../../deps.ts'
import { complete, openAiName } from '../../lib/llm.ts'

const partNames: Record<LetterPart, string> = {
  greeting: 'greeting line',
  subject: 'subject line',
  opener: 'opening paragraph',
  body: 'body',
  callToAction: 'closing call to action',
}

export const polishSystemPrompt = [
  'You polish one part of a job seeker’s cover letter.',
  'Rewrite the text for clarity and warmth, in the first person, as the applicant.',
  'Keep every fact: every name, company, job title, number, date, skill and claim stays as it is.',
  'Add no new claims, achievements, skills or details that are not in the text or the facts.',
  'Keep the story as told: a previous role stays in the past tense after a career break, and after a career change the previous role is never presented as the experience the new job asks for.',
  'Answer with the rewritten text only: plain text, no Markdown, no quotes around it, no notes or explanations.',
  'Write in the same language as the text, and keep about the same length.',
].join('\n')

function userPrompt({ part, text, facts }: PolishRequest): string {
  const kept = facts.map((f) => f.trim()).filter(Boolean)
  return [
    `Part of the letter: ${partNames[part]}.`,
    kept.length > 0 ? `Facts from the applicant's answers that must stay true (do not add others):\n${kept.map((f) => `- ${f}`).join('\n')}` : '',
    `Text to rewrite:\n${text}`,
  ]
    .filter(Boolean)
    .join('\n\n')
}

/** Models like to wrap the answer in quotes or a code fence despite the prompt. */
const unwrap = (answer: string) =>
  answer
    .replace(/^```[a-z]*\n?([\s\S]*?)\n?```$/i, '$1')
    .replace(/^"([\s\S]*)"$/, '$1')
    .replace(/^“([\s\S]*)”$/, '$1')
    .trim()

export type CoverLetterPolish = ReturnType<typeof createCoverLetterPolish>

/** One cover-letter part rewritten by the chat assistant's OpenAI-compatible provider, when one is configured. */
export function createCoverLetterPolish({ config, log }: Pick<Deps, 'config' | 'log'>) {
  const provider = config.openai
  return {
    availability: (): PolishAvailability => (provider ? { available: true, provider: openAiName(provider) } : { available: false, provider: null }),

    /** The rewritten text; undefined when no provider is configured or its answer is unusable (logged). */
    async polish(request: PolishRequest, signal: AbortSignal): Promise<string | undefined> {
      if (!provider) return undefined
      let text: string
      try {
        text = unwrap(
          await complete(
            provider,
            [
              { role: 'system', content: polishSystemPrompt },
              { role: 'user', content: userPrompt(request) },
            ],
            { log, signal },
          ),
        )
      } catch (error) {
        log.warn('Cover letter: polishing failed', error)
        return undefined
      }
      if (!text || text.length > polishedPartMax[request.part]) {
        log.warn(`Cover letter: the AI provider's ${request.part} was ${text ? 'too long' : 'empty'}`)
        return undefined
      }
      return text
    },
  }
}

import { Hono, type MiddlewareHandler } from 'hono'
import { polishedPartMax, polishMessages, polishRequest, type PolishAvailability, type PolishRequest, type PolishResponse } from '~contract/cover-letter-polish.ts'
import type { LetterPart } from '~contract/cover-letter.ts'
import type { Deps } from '../deps.ts'
import type { AuthEnv } from '../http/auth.ts'
import { detailError } from '../http/errors.ts'
import { jsonBody } from '../http/validate.ts'
import { complete, openAiName } from '../services/assistant/openai.ts'
import { refuseWhenLimited, type RateLimiter } from '../services/rate-limit.ts'

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

/**
 * GET/POST /api/cover-letters/polish: the OpenAI-compatible provider of the chat assistant
 * rewrites one letter part; signed-in users only, rate-limited per user. Mounted before the
 * CRUD routes, whose /:id would otherwise take "polish".
 */
export function coverLetterPolishRoutes(
  { config, log }: Pick<Deps, 'config' | 'log'>,
  { requireUser, limiter, fetchImpl }: { requireUser: MiddlewareHandler<AuthEnv>; limiter: RateLimiter; fetchImpl?: typeof fetch },
) {
  const provider = config.openai
  return new Hono<AuthEnv>()
    .use('*', requireUser)
    .use('*', async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store')
    })
    .get('/', (c) => c.json<PolishAvailability>(provider ? { available: true, provider: openAiName(provider) } : { available: false, provider: null }))
    .post(
      '/',
      async (_c, next) => {
        if (!provider) throw detailError(503, polishMessages.unavailable)
        await next()
      },
      jsonBody(polishRequest),
      async (c) => {
        const request = c.req.valid('json')
        // Each polish is one paid model call: the chat's per-user budget, counted on its own key.
        refuseWhenLimited([await limiter.hit(`polish:user:${c.var.user.id}`, config.rateLimits.chatPerOwner)], polishMessages.rateLimited)
        let text: string
        try {
          text = unwrap(
            await complete(
              provider!,
              [
                { role: 'system', content: polishSystemPrompt },
                { role: 'user', content: userPrompt(request) },
              ],
              { log, fetchImpl, signal: c.req.raw.signal },
            ),
          )
        } catch (error) {
          log.warn('Cover letter: polishing failed', error)
          throw detailError(502, polishMessages.failed)
        }
        if (!text || text.length > polishedPartMax[request.part]) {
          log.warn(`Cover letter: the AI provider's ${request.part} was ${text ? 'too long' : 'empty'}`)
          throw detailError(502, polishMessages.failed)
        }
        return c.json<PolishResponse>({ text })
      },
    )
}

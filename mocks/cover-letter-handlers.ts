import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { authErrorCodes, authMessages } from '~contract/auth.ts'
import { coverLetterMessages, createCoverLetterRequest, updateCoverLetterRequest } from '~contract/cover-letter.ts'
import { polishMessages, polishRequest, type PolishRequest } from '~contract/cover-letter-polish.ts'
import type { createMockAccounts } from './auth-handlers'
import { fieldErrors } from './field-errors'
import { createOwnedDocumentHandlers } from './owned-document-handlers'

/** How the mock provider rewrites a part: the new text, or an HTTP failure. */
export type MockPolish = { text: string } | { status: 502 | 503 | 429; detail: string }

const defaultPolish = ({ text }: PolishRequest): MockPolish => ({ text: `${text} (polished)` })

/**
 * What tests steer and read for 'Polish with AI': whether a provider is configured, its name,
 * how it answers, and the requests the SPA sent. `createCoverLetterHandlers()` (run by every
 * reset of the mock server) puts the defaults back: no provider, as without OPENAI_API_KEY.
 */
export const mockPolish = {
  available: false,
  provider: 'mock-model via ai.example',
  /** GET requests answered (availability checks). */
  checks: 0,
  requests: [] as PolishRequest[],
  answer: defaultPolish as (request: PolishRequest) => MockPolish,
  delayMs: 0,
}

/**
 * CRUD /api/cover-letters in memory, and GET/POST /api/cover-letters/polish with the real API's
 * rules: signed-in users only, 503 without a provider.
 */
export function createCoverLetterHandlers(accounts: ReturnType<typeof createMockAccounts>) {
  Object.assign(mockPolish, { available: false, provider: 'mock-model via ai.example', checks: 0, requests: [], answer: defaultPolish, delayMs: 0 })
  const unauthorized = () => HttpResponse.json({ detail: authMessages.tokenNotValid, code: authErrorCodes.tokenNotValid }, { status: 401 })

  return [
    http.get('*/api/cover-letters/polish', ({ request }) => {
      if (!accounts.userFrom(request)) return unauthorized()
      mockPolish.checks += 1
      return HttpResponse.json(mockPolish.available ? { available: true, provider: mockPolish.provider } : { available: false, provider: null })
    }),
    http.post('*/api/cover-letters/polish', async ({ request }) => {
      if (!accounts.userFrom(request)) return unauthorized()
      if (!mockPolish.available) return HttpResponse.json({ detail: polishMessages.unavailable }, { status: 503 })
      const parsed = v.safeParse(polishRequest, await request.json())
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      mockPolish.requests.push(parsed.output)
      if (mockPolish.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, mockPolish.delayMs))
      const answer = mockPolish.answer(parsed.output)
      return 'text' in answer ? HttpResponse.json({ text: answer.text }) : HttpResponse.json({ detail: answer.detail }, { status: answer.status })
    }),
    // After polish: `polish` is not a letter's id.
    ...createOwnedDocumentHandlers(accounts, {
      collection: 'cover-letters',
      create: createCoverLetterRequest,
      update: updateCoverLetterRequest,
      messages: coverLetterMessages,
    }),
  ]
}

import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { contactMessages, contactRequest } from '~contract/contact.ts'
import { subscribeMessages, subscribeRequest } from '~contract/newsletter.ts'
import { createMockAccounts } from './auth-handlers'
import { createChatHandlers } from './chat-handlers'
import { createCoverLetterHandlers } from './cover-letter-handlers'
import { fieldErrors } from './field-errors'
import { createLibraryHandlers } from './library-handlers'
import { createLocationHandlers } from './location-handlers'
import { createPlaylistHandlers } from './playlist-handlers'
import { createResumeHandlers } from './resume-handlers'

/** In-memory stand-ins for the API, used by SPA tests and `npm run dev:mock`. */
export function createHandlers(accounts = createMockAccounts()) {
  const subscribers = new Set<string>()
  let contactCount = 0

  return [
    ...accounts.handlers,
    ...createChatHandlers(),
    ...createLibraryHandlers(),
    ...createLocationHandlers(),
    ...createPlaylistHandlers(accounts),
    ...createResumeHandlers(accounts),
    ...createCoverLetterHandlers(accounts),
    http.post('*/api/users/contact-us/subscribe', async ({ request }) => {
      const parsed = v.safeParse(subscribeRequest, await request.json())
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      if (subscribers.has(parsed.output.email)) {
        return HttpResponse.json({ email: [subscribeMessages.duplicate] }, { status: 400 })
      }
      subscribers.add(parsed.output.email)
      return HttpResponse.json({ email: parsed.output.email, detail: subscribeMessages.success }, { status: 201 })
    }),

    http.post('*/api/users/contact-us', async ({ request }) => {
      const parsed = v.safeParse(contactRequest, await request.json())
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      contactCount += 1
      return HttpResponse.json({ id: `mock-${contactCount}`, detail: contactMessages.success }, { status: 201 })
    }),
  ]
}

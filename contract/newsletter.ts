import * as v from 'valibot'
import { normalisedEmail } from './common.ts'

export const subscribeMessages = {
  success: 'Thank you, your email has been registered in our mailing list.',
  duplicate: 'This email address already exists in our mailing list.',
} as const

/** POST /api/users/contact-us/subscribe */
export const subscribeRequest = v.object({ email: normalisedEmail })
export type SubscribeRequest = v.InferInput<typeof subscribeRequest>

/** 201 */
export const subscribeResponse = v.object({ email: v.string(), detail: v.string() })
export type SubscribeResponse = v.InferOutput<typeof subscribeResponse>

/** Double opt-in: what the confirmation and unsubscribe pages and the API say. */
export const newsletterMessages = {
  confirmed: 'Your subscription is confirmed: the Waypoint newsletter will come to this address.',
  confirmLinkInvalid: 'This confirmation link has expired or is not valid. Subscribe again with the form at the bottom of any page to get a new one.',
  unsubscribed: 'You are unsubscribed: no newsletter will be sent to this address any more.',
  unsubscribeLinkUnknown: 'No subscription belongs to this link. If you already unsubscribed, there is nothing more to do.',
  mailFailed: 'We could not send the confirmation e-mail just now, so you are not subscribed. Please try again in a few minutes.',
} as const

/** A confirmation link is good for this long; an unconfirmed address then leaves the list. */
export const NEWSLETTER_CONFIRM_DAYS = 7

/** POST /api/newsletter/confirm and /api/newsletter/unsubscribe (JSON; the one-click form posts carry it in the query). */
export const newsletterTokenRequest = v.object({
  token: v.pipe(v.string(newsletterMessages.confirmLinkInvalid), v.trim(), v.nonEmpty(newsletterMessages.confirmLinkInvalid), v.maxLength(200)),
})

/** 200 of both. */
export type NewsletterTokenResponse = { email: string; detail: string }

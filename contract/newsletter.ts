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

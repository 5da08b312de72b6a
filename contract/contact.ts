import * as v from 'valibot'
import { emailField } from './common.ts'

export const contactTopics = ['general', 'account', 'content', 'privacy', 'partnership'] as const
export type ContactTopic = (typeof contactTopics)[number]

export const contactTopicLabels: Record<ContactTopic, string> = {
  general: 'General question',
  account: 'My account',
  content: 'Articles and tools',
  privacy: 'Privacy and my data',
  partnership: 'Schools and partnerships',
}

export const contactLimits = { nameMax: 120, messageMin: 10, messageMax: 4000 } as const

/** POST /api/users/contact-us */
export const contactRequest = v.object({
  name: v.pipe(
    v.string('Name is required'),
    v.trim(),
    v.nonEmpty('Name is required'),
    v.maxLength(contactLimits.nameMax, `Name must be at most ${contactLimits.nameMax} characters`),
  ),
  email: emailField,
  topic: v.picklist(contactTopics, 'Choose a topic'),
  message: v.pipe(
    v.string('Message is required'),
    v.trim(),
    v.nonEmpty('Message is required'),
    v.minLength(contactLimits.messageMin, `Message must be at least ${contactLimits.messageMin} characters`),
    v.maxLength(contactLimits.messageMax, `Message must be at most ${contactLimits.messageMax} characters`),
  ),
})
export type ContactRequest = v.InferInput<typeof contactRequest>

/** 201 */
export const contactResponse = v.object({ id: v.string(), detail: v.string() })
export type ContactResponse = v.InferOutput<typeof contactResponse>

export const contactMessages = {
  success: 'Thanks for writing to Waypoint. We have your message and will answer by e-mail within two working days.',
} as const

import type * as v from 'valibot'
import { contactTopicLabels, type contactRequest } from '~contract/contact.ts'
import { contactMessages } from '../../db/schema.ts'
import type { Deps } from '../../deps.ts'

export type Contact = ReturnType<typeof createContact>

/** The contact form: every message is stored, then the team's inbox is told. */
export function createContact({ db, mailer, clock, config, log }: Pick<Deps, 'db' | 'mailer' | 'clock' | 'config' | 'log'>) {
  return {
    /** Stores the message and mails the inbox; answers the message's reference. */
    async receive(form: v.InferOutput<typeof contactRequest>): Promise<{ id: string }> {
      const receivedAt = clock.now()
      const [stored] = await db
        .insert(contactMessages)
        .values({ ...form, createdAt: receivedAt })
        .returning({ id: contactMessages.id })
      const id = stored!.id
      // The message is safe in the database; a mail problem must not make the visitor retry.
      try {
        await mailer.send({
          to: config.contactInbox,
          replyTo: form.email,
          subject: `Contact form: ${contactTopicLabels[form.topic]}, from ${form.name.replace(/\s+/g, ' ')}`,
          text: [
            `From: ${form.name} <${form.email}>`,
            `Topic: ${contactTopicLabels[form.topic]}`,
            `Received: ${receivedAt.toISOString()}`,
            `Reference: ${id}`,
            '',
            form.message,
          ].join('\n'),
        })
      } catch (error) {
        log.error(`Contact message ${id} is stored, but its notification mail failed`, error)
      }
      return { id }
    },
  }
}

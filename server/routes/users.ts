import { Hono } from 'hono'
import { rateLimitMessages } from '~contract/auth.ts'
import { contactMessages as contactTexts, contactRequest, contactTopicLabels, type ContactResponse } from '~contract/contact.ts'
import { newsletterMessages, subscribeMessages, subscribeRequest, type SubscribeResponse } from '~contract/newsletter.ts'
import { contactMessages } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { detailError, FieldError } from '../http/errors.ts'
import { siteOrigin } from '../http/origin.ts'
import { jsonBody } from '../http/validate.ts'
import { limitKeys } from '../services/accounts.ts'
import { createNewsletter } from '../services/newsletter.ts'
import { clientIp, refuseWhenLimited, type RateLimiter } from '../services/rate-limit.ts'

export function usersRoutes(deps: Deps, limiter: RateLimiter) {
  const { db, mailer, clock, config, log } = deps
  const newsletter = createNewsletter(deps)
  return new Hono()
    .post('/contact-us/subscribe', jsonBody(subscribeRequest), async (c) => {
      const { email } = c.req.valid('json')
      const ip = clientIp(c, config.trustProxy)
      refuseWhenLimited(
        [await limiter.hit(limitKeys.subscribeIp(ip), config.rateLimits.subscribePerIp)],
        rateLimitMessages.subscribe,
      )
      // Double opt-in: the spec's success text, and a confirmation mail follows.
      const outcome = await newsletter.subscribe(email, siteOrigin(c, config))
      if (outcome === 'duplicate') throw new FieldError({ email: [subscribeMessages.duplicate] })
      if (outcome === 'mail-failed') throw detailError(503, newsletterMessages.mailFailed)
      return c.json({ email, detail: subscribeMessages.success } satisfies SubscribeResponse, 201)
    })

    .post('/contact-us', jsonBody(contactRequest), async (c) => {
      const form = c.req.valid('json')
      refuseWhenLimited(
        [await limiter.hit(limitKeys.contactIp(clientIp(c, config.trustProxy)), config.rateLimits.contactPerIp)],
        rateLimitMessages.contact,
      )
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
      return c.json({ id, detail: contactTexts.success } satisfies ContactResponse, 201)
    })
}

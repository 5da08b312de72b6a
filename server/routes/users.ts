import { Hono } from 'hono'
import { rateLimitMessages } from '~contract/auth.ts'
import { contactMessages, contactRequest, type ContactResponse } from '~contract/contact.ts'
import { newsletterMessages, subscribeMessages, subscribeRequest, type SubscribeResponse } from '~contract/newsletter.ts'
import { clientIp } from '../http/client-ip.ts'
import { detailError } from '../http/errors.ts'
import { siteOrigin } from '../http/origin.ts'
import { jsonBody } from '../http/validate.ts'
import { limitKeys } from '../services/accounts/index.ts'
import { FieldError } from '../services/errors.ts'
import { refuseWhenLimited } from '../services/rate-limit.ts'
import type { RouteContext } from './context.ts'

/** The newsletter sign-up and the contact form, both under /users/contact-us. */
export function usersRoutes({ config, services }: RouteContext) {
  const { newsletter, contact, limiter } = services
  return new Hono()
    .post('/contact-us/subscribe', jsonBody(subscribeRequest), async (c) => {
      const { email } = c.req.valid('json')
      const ip = clientIp(c, config.trustProxy)
      refuseWhenLimited([await limiter.hit(limitKeys.subscribeIp(ip), config.rateLimits.subscribePerIp)], rateLimitMessages.subscribe)
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
      const { id } = await contact.receive(form)
      return c.json({ id, detail: contactMessages.success } satisfies ContactResponse, 201)
    })
}

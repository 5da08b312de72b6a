import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import { rateLimitMessages } from '~contract/auth.ts'
import { newsletterMessages, newsletterTokenRequest, type NewsletterTokenResponse } from '~contract/newsletter.ts'
import { clientIp } from '../http/client-ip.ts'
import { detailError } from '../http/errors.ts'
import { jsonBody } from '../http/validate.ts'
import { FieldError } from '../services/errors.ts'
import { refuseWhenLimited } from '../services/rate-limit.ts'
import type { RouteContext } from './context.ts'

const tokenPattern = /^[A-Za-z0-9_-]{16,200}$/

/**
 * The token of an unsubscribe request: in the query string (the List-Unsubscribe address a mail
 * program POSTs `List-Unsubscribe=One-Click` to, RFC 8058) or in a JSON body (the SPA's page).
 */
async function unsubscribeToken(c: Context): Promise<string | null> {
  const fromQuery = c.req.query('token')
  if (fromQuery !== undefined) return tokenPattern.test(fromQuery) ? fromQuery : null
  const mediaType = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase() ?? ''
  if (mediaType !== 'application/json') return null
  let body: unknown
  try {
    body = JSON.parse(await c.req.text())
  } catch {
    throw detailError(400, 'The request body is not valid JSON.')
  }
  const parsed = v.safeParse(newsletterTokenRequest, body)
  return parsed.success && tokenPattern.test(parsed.output.token) ? parsed.output.token : null
}

/** Double opt-in confirmation and unsubscribing (the subscribe call itself is under /users). */
export function newsletterRoutes({ config, services }: RouteContext) {
  const { newsletter, limiter } = services
  // Confirming comes from the subscriber's browser: bounded per address like subscribing. Not
  // unsubscribing: one-click requests arrive from a few mail providers' servers for many people,
  // and a token (256 random bits) cannot be guessed anyway.
  const limited = async (c: Context) =>
    refuseWhenLimited(
      [await limiter.hit(`newsletter:ip:${clientIp(c, config.trustProxy)}`, config.rateLimits.subscribePerIp)],
      rateLimitMessages.subscribe,
    )

  return new Hono()
    .use('*', async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store')
    })
    .post('/confirm', jsonBody(newsletterTokenRequest), async (c) => {
      await limited(c)
      const confirmed = await newsletter.confirm(c.req.valid('json').token)
      if (!confirmed) throw new FieldError({ token: [newsletterMessages.confirmLinkInvalid] })
      return c.json({ email: confirmed.email, detail: newsletterMessages.confirmed } satisfies NewsletterTokenResponse)
    })
    .post('/unsubscribe', async (c) => {
      const token = await unsubscribeToken(c)
      const gone = token ? await newsletter.unsubscribe(token) : null
      if (!gone) throw detailError(404, newsletterMessages.unsubscribeLinkUnknown)
      return c.json({ email: gone.email, detail: newsletterMessages.unsubscribed } satisfies NewsletterTokenResponse)
    })
}

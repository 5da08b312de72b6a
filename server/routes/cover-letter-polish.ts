import { Hono } from 'hono'
import { polishMessages, polishRequest, type PolishResponse } from '~contract/cover-letter-polish.ts'
import type { AuthEnv } from '../http/auth.ts'
import { detailError } from '../http/errors.ts'
import { jsonBody } from '../http/validate.ts'
import { refuseWhenLimited } from '../services/rate-limit.ts'
import type { RouteContext } from './context.ts'

/**
 * GET/POST /api/cover-letters/polish: the OpenAI-compatible provider of the chat assistant
 * rewrites one letter part; signed-in users only, rate-limited per user. Mounted before the
 * CRUD routes, whose /:id would otherwise take "polish".
 */
export function coverLetterPolishRoutes({ config, services, requireUser }: RouteContext) {
  const { coverLetterPolish, limiter } = services
  return new Hono<AuthEnv>()
    .use('*', requireUser)
    .use('*', async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store')
    })
    .get('/', (c) => c.json(coverLetterPolish.availability()))
    .post(
      '/',
      async (_c, next) => {
        if (!coverLetterPolish.availability().available) throw detailError(503, polishMessages.unavailable)
        await next()
      },
      jsonBody(polishRequest),
      async (c) => {
        const request = c.req.valid('json')
        // Each polish is one paid model call: the chat's per-user budget, counted on its own key.
        refuseWhenLimited([await limiter.hit(`polish:user:${c.var.user.id}`, config.rateLimits.chatPerOwner)], polishMessages.rateLimited)
        const text = await coverLetterPolish.polish(request, c.req.raw.signal)
        if (text === undefined) throw detailError(502, polishMessages.failed)
        return c.json<PolishResponse>({ text })
      },
    )
}

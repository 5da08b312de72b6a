import { randomInt } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { authErrorCodes, authMessages, guestTokenCookie, guestTokenPattern } from '~contract/auth.ts'
import type { Config } from '../config.ts'
import { identify, type SessionUser, type Tokens } from '../services/accounts/index.ts'
import { detailError } from './errors.ts'

/** What routes behind requireUser read from `c.var`. */
export type AuthEnv = { Variables: { user: SessionUser } }
/** What routes behind requireUserOrGuest read: one of the two is set. */
export type UserOrGuestEnv = { Variables: { user: SessionUser | undefined; guestToken: string | undefined } }

export const tokenNotValid = () =>
  detailError(401, authMessages.tokenNotValid, {
    code: authErrorCodes.tokenNotValid,
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  })

const notAuthenticated = () =>
  detailError(401, authMessages.notAuthenticated, {
    code: authErrorCodes.notAuthenticated,
    headers: { 'WWW-Authenticate': 'Bearer' },
  })

/** The request's identity; a credential that is refused is a 401 token_not_valid. */
async function identifyRequest(tokens: Tokens, authorization: string | undefined) {
  const identity = await identify(tokens, authorization)
  if (identity.kind === 'refused') throw tokenNotValid()
  return identity
}

export function authMiddleware(tokens: Tokens) {
  /** Signed-in users only: `c.var.user`. */
  const requireUser: MiddlewareHandler<AuthEnv> = async (c, next) => {
    const identity = await identifyRequest(tokens, c.req.header('Authorization'))
    if (identity.kind === 'guest' || identity.kind === 'none') throw notAuthenticated()
    c.set('user', identity.user)
    await next()
  }

  /** Signed-in users or guests: `c.var.user` or `c.var.guestToken`. */
  const requireUserOrGuest: MiddlewareHandler<UserOrGuestEnv> = async (c, next) => {
    const identity = await identifyRequest(tokens, c.req.header('Authorization'))
    if (identity.kind === 'none') throw notAuthenticated()
    if (identity.kind === 'user') c.set('user', identity.user)
    else c.set('guestToken', identity.token)
    await next()
  }

  return { requireUser, requireUserOrGuest }
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
export const newGuestToken = () => Array.from({ length: 16 }, () => alphabet[randomInt(alphabet.length)]).join('')

/** Cookies get Secure when the site is served over https (directly or per PUBLIC_URL). */
export const secureCookies = (c: Context, config: Config) =>
  new URL(c.req.url).protocol === 'https:' || (config.publicUrl?.startsWith('https:') ?? false)

/**
 * Gives every visitor a guest token on a GET (page loads and API reads alike, so it also
 * happens behind the vite dev server). Readable by the SPA, which sends it as
 * `Authorization: Guest {token}`. Skipped for hashed assets (cached publicly) and health checks.
 */
export function guestCookie(config: Config): MiddlewareHandler {
  return async (c, next) => {
    const wanted =
      c.req.method === 'GET' &&
      !c.req.path.startsWith('/assets/') &&
      c.req.path !== '/api/health' &&
      !guestTokenPattern.test(getCookie(c, guestTokenCookie) ?? '')
    await next()
    // A cookie on an answer a shared cache may keep would hand one visitor's token to the next.
    if (wanted && !/\b(public|s-maxage)\b/i.test(c.res.headers.get('Cache-Control') ?? '')) {
      setCookie(c, guestTokenCookie, newGuestToken(), {
        path: '/',
        maxAge: 365 * 24 * 60 * 60,
        sameSite: 'Lax',
        httpOnly: false,
        secure: secureCookies(c, config),
      })
    }
  }
}

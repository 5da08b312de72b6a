import { Hono, type Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import {
  oauthAuthorizeQuery,
  oauthCallbackQuery,
  oauthMessages,
  oauthProviders,
  socialRedirectPath,
  type OAuthProvider,
  type UserData,
  type Whoami,
} from '~contract/auth.ts'
import { secureCookies, type UserOrGuestEnv } from '../http/auth.ts'
import { detailError } from '../http/errors.ts'
import { requestOrigins, siteOrigin } from '../http/origin.ts'
import { queryParams } from '../http/validate.ts'
import { FieldError } from '../services/errors.ts'
import { signInStateTtlMs } from '../services/accounts/index.ts'
import { randomToken } from '../lib/crypto.ts'
import type { RouteContext } from './context.ts'

/** HttpOnly cookie binding a sign-in under way to the browser that started it. */
export const oauthBindingCookie = 'oauth_state'
const bindingPattern = /^[A-Za-z0-9_-]{43}$/

/**
 * Mounted at /api/auth: social sign-in (/o/{provider}/), the provider list, and whoami. A
 * provider's failures (OAuthError) are answered by server/http/errors.ts.
 */
export function oauthRoutes({ config, services, requireUserOrGuest }: RouteContext) {
  const { oauth, socialSignIn, tokens } = services
  const providerOf = (c: Context): OAuthProvider => {
    const provider = c.req.param('provider')
    if (!oauthProviders.includes(provider as OAuthProvider)) throw detailError(404, oauthMessages.unknownProvider)
    if (!oauth.isConfigured(provider as OAuthProvider)) {
      throw detailError(503, oauthMessages.notConfigured(provider as OAuthProvider))
    }
    return provider as OAuthProvider
  }

  async function start(c: Context, redirect_uri: string) {
    const provider = providerOf(c)
    let redirect: URL | undefined
    try {
      redirect = new URL(redirect_uri)
    } catch {
      redirect = undefined
    }
    if (
      !redirect ||
      !requestOrigins(c, config).has(redirect.origin) ||
      redirect.pathname !== socialRedirectPath ||
      redirect.search ||
      redirect.hash
    ) {
      throw new FieldError({ redirect_uri: [oauthMessages.redirectUriInvalid] })
    }
    const redirectUri = `${redirect.origin}${redirect.pathname}`
    // One binding per browser: sign-ins started in two tabs both stay valid.
    const existing = getCookie(c, oauthBindingCookie)
    const binding = existing && bindingPattern.test(existing) ? existing : randomToken()
    const authorizationUrl = await socialSignIn.start(provider, redirectUri, binding)
    setCookie(c, oauthBindingCookie, binding, {
      path: '/api/auth/o',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: signInStateTtlMs / 1000,
      secure: secureCookies(c, config),
    })
    return c.json({ authorization_url: authorizationUrl }, 200)
  }

  async function finish(c: Context, state: string, code: string) {
    const provider = providerOf(c)
    const binding = getCookie(c, oauthBindingCookie) ?? ''
    // Used once, in time, for this provider, and from the browser that started it.
    const user = await socialSignIn.finish(provider, state, code, binding, siteOrigin(c, config))
    if (!user) throw detailError(400, oauthMessages.stateInvalid)
    const issued = await tokens.issue(user)
    return c.json({ email: user.email, ...issued } satisfies UserData, 200)
  }

  const authorize = queryParams(oauthAuthorizeQuery)
  const callback = queryParams(oauthCallbackQuery)
  return (
    new Hono<UserOrGuestEnv>()
      .get('/providers', (c) => c.json(oauth.statuses(), 200))
      .get('/whoami', requireUserOrGuest, (c) => {
        const user = c.var.user
        const body: Whoami = user ? { kind: 'user', id: user.id, email: user.email } : { kind: 'guest', guest_token: c.var.guestToken! }
        return c.json(body, 200)
      })
      // The SPA calls /o/{provider}/ (spec section 7); without the slash works too.
      .get('/o/:provider/', authorize, (c) => start(c, c.req.valid('query').redirect_uri))
      .get('/o/:provider', authorize, (c) => start(c, c.req.valid('query').redirect_uri))
      .post('/o/:provider/', callback, (c) => finish(c, c.req.valid('query').state, c.req.valid('query').code))
      .post('/o/:provider', callback, (c) => finish(c, c.req.valid('query').state, c.req.valid('query').code))
  )
}

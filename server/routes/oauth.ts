import { and, eq, gt, isNull } from 'drizzle-orm'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
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
import { oauthStates } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { secureCookies, type UserOrGuestEnv } from '../http/auth.ts'
import { detailError, FieldError } from '../http/errors.ts'
import { requestOrigins, siteOrigin } from '../http/origin.ts'
import { queryParams } from '../http/validate.ts'
import type { Accounts } from '../services/accounts.ts'
import { OAuthError, type OAuthClient } from '../services/oauth.ts'
import { randomToken, sha256, type Tokens } from '../services/tokens.ts'

/** HttpOnly cookie binding a sign-in under way to the browser that started it. */
export const oauthBindingCookie = 'oauth_state'
const bindingPattern = /^[A-Za-z0-9_-]{43}$/
const stateTtlMs = 10 * 60_000

type OAuthServices = {
  oauth: OAuthClient
  accounts: Accounts
  tokens: Tokens
  requireUserOrGuest: MiddlewareHandler<UserOrGuestEnv>
}

/** Mounted at /api/auth: social sign-in (/o/{provider}/), the provider list, and whoami. */
export function oauthRoutes(
  { db, clock, config }: Deps,
  { oauth, accounts, tokens, requireUserOrGuest }: OAuthServices,
) {
  const providerOf = (c: Context): OAuthProvider => {
    const provider = c.req.param('provider')
    if (!oauthProviders.includes(provider as OAuthProvider)) throw detailError(404, oauthMessages.unknownProvider)
    if (!oauth.isConfigured(provider as OAuthProvider)) {
      throw detailError(503, oauthMessages.notConfigured(provider as OAuthProvider))
    }
    return provider as OAuthProvider
  }

  const providerFailure = (provider: OAuthProvider, error: unknown) => {
    if (!(error instanceof OAuthError)) return error
    if (error.reason === 'unavailable') return detailError(502, oauthMessages.unavailable(provider))
    if (error.reason === 'unverified') return detailError(400, oauthMessages.emailNotVerified(provider))
    return detailError(400, oauthMessages.exchangeFailed(provider))
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
    const request = { state: randomToken(), nonce: randomToken(), codeVerifier: randomToken(), redirectUri }

    let authorizationUrl: string
    try {
      authorizationUrl = await oauth.authorizationUrl(provider, request)
    } catch (error) {
      throw providerFailure(provider, error)
    }
    const now = clock.now()
    await db.insert(oauthStates).values({
      stateHash: sha256(request.state),
      provider,
      codeVerifier: request.codeVerifier,
      nonce: request.nonce,
      redirectUri,
      bindingHash: sha256(binding),
      createdAt: now,
      expiresAt: new Date(now.getTime() + stateTtlMs),
    })
    setCookie(c, oauthBindingCookie, binding, {
      path: '/api/auth/o',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: stateTtlMs / 1000,
      secure: secureCookies(c, config),
    })
    return c.json({ authorization_url: authorizationUrl }, 200)
  }

  async function finish(c: Context, state: string, code: string) {
    const provider = providerOf(c)
    const binding = getCookie(c, oauthBindingCookie) ?? ''
    const now = clock.now()
    // Used once, in time, for this provider, and from the browser that started it.
    const [started] = await db
      .update(oauthStates)
      .set({ usedAt: now })
      .where(
        and(
          eq(oauthStates.stateHash, sha256(state)),
          eq(oauthStates.provider, provider),
          eq(oauthStates.bindingHash, sha256(binding)),
          isNull(oauthStates.usedAt),
          gt(oauthStates.expiresAt, now),
        ),
      )
      .returning()
    if (!started) throw detailError(400, oauthMessages.stateInvalid)

    let account: { subject: string; email: string }
    try {
      account = await oauth.exchange(provider, {
        code,
        codeVerifier: started.codeVerifier,
        redirectUri: started.redirectUri,
        nonce: started.nonce,
      })
    } catch (error) {
      throw providerFailure(provider, error)
    }
    const user = await accounts.socialUser(provider, account.subject, account.email, siteOrigin(c, config))
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
        const body: Whoami = user
          ? { kind: 'user', id: user.id, email: user.email }
          : { kind: 'guest', guest_token: c.var.guestToken! }
        return c.json(body, 200)
      })
      // The SPA calls /o/{provider}/ (spec section 7); without the slash works too.
      .get('/o/:provider/', authorize, (c) => start(c, c.req.valid('query').redirect_uri))
      .get('/o/:provider', authorize, (c) => start(c, c.req.valid('query').redirect_uri))
      .post('/o/:provider/', callback, (c) => finish(c, c.req.valid('query').state, c.req.valid('query').code))
      .post('/o/:provider', callback, (c) => finish(c, c.req.valid('query').state, c.req.valid('query').code))
  )
}

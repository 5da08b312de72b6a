import { and, eq } from 'drizzle-orm'
import type { Hono } from 'hono'
import * as v from 'valibot'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { meResponse, oauthProvidersResponse, userData, type OAuthProvider } from '~contract/auth.ts'
import type { Config } from '../../server/config.ts'
import { outbox, userIdentities, users } from '../../server/db/schema.ts'
import { bearer, confirmAddress, cookieFrom, goodPassword, mailedToken, newEmail, registerUser, send, setCookieLine } from './support/auth.ts'
import { describeDbs } from './support/db.ts'
import { postJson } from './support/http.ts'
import { startOidcProvider, type TestAccount, type TestProvider } from './support/oidc.ts'
import { freePort } from './support/process.ts'

const redirectUri = 'http://localhost/userauth/socialredirect'
const accounts: Record<string, TestAccount> = {}
let subjects = 0
/** A person at the provider: a new subject with a new address. */
function person(verified = true) {
  const subject = `subject-${++subjects}`
  accounts[subject] = { email: newEmail('social'), email_verified: verified }
  return { subject, email: accounts[subject].email }
}

let google: TestProvider
let linkedin: TestProvider
beforeAll(async () => {
  // Google's flavour here: e-mail from the userinfo endpoint, client_secret_basic.
  google = await startOidcProvider({
    client: { id: 'waypoint-google', secret: 'google-client-secret', redirectUri, authMethod: 'client_secret_basic' },
    accounts,
    emailInIdToken: false,
  })
  // LinkedIn's: e-mail in the ID token, client_secret_post.
  linkedin = await startOidcProvider({
    client: {
      id: 'waypoint-linkedin',
      secret: 'linkedin-client-secret',
      redirectUri,
      authMethod: 'client_secret_post',
    },
    accounts,
    emailInIdToken: true,
  })
})
afterAll(async () => {
  await google?.close()
  await linkedin?.close()
})

export const providerConfig = (): Config['oauth'] => ({
  'google-oauth2': { issuer: google.issuer, clientId: 'waypoint-google', clientSecret: 'google-client-secret' },
  'linkedin-oauth2': { issuer: linkedin.issuer, clientId: 'waypoint-linkedin', clientSecret: 'linkedin-client-secret' },
})

const servers = (): Record<OAuthProvider, TestProvider> => ({ 'google-oauth2': google, 'linkedin-oauth2': linkedin })

describeDbs('social sign-in with a local OpenID provider', (suite) => {
  const app = () => suite.app({ config: { ...suite.config, oauth: providerConfig() } })

  const start = (app: Hono, provider: string, redirect = redirectUri, cookie?: string) =>
    app.request(`/api/auth/o/${provider}/?redirect_uri=${encodeURIComponent(redirect)}`, {
      headers: { Accept: 'application/json', ...(cookie ? { Cookie: `oauth_state=${cookie}` } : {}) },
    })
  const finish = (app: Hono, provider: string, query: { state: string; code: string }, cookie?: string) =>
    app.request(`/api/auth/o/${provider}/?${new URLSearchParams(query)}`, {
      method: 'POST',
      headers: { Accept: 'application/json', ...(cookie ? { Cookie: `oauth_state=${cookie}` } : {}) },
    })

  /** Starts at our API, signs in at the provider as `subject`, and comes back with code and state. */
  async function goToProvider(app: Hono, provider: OAuthProvider, subject: string) {
    const started = await start(app, provider)
    expect(started.status).toBe(200)
    const cookie = cookieFrom(started, 'oauth_state')!
    const { authorization_url } = (await started.json()) as { authorization_url: string }
    servers()[provider].signInAs(subject)
    const back = await servers()[provider].authorize(authorization_url)
    return { cookie, state: back.searchParams.get('state')!, code: back.searchParams.get('code')! }
  }

  async function signIn(app: Hono, provider: OAuthProvider, subject: string) {
    const { cookie, state, code } = await goToProvider(app, provider, subject)
    return finish(app, provider, { state, code }, cookie)
  }

  test('GET /api/auth/providers tells which buttons work', async () => {
    const configured = await send(app(), 'GET', '/api/auth/providers')
    const unconfigured = await send(suite.app(), 'GET', '/api/auth/providers')

    expect(v.parse(oauthProvidersResponse, await configured.json())).toEqual([
      { provider: 'google-oauth2', name: 'Google', configured: true },
      { provider: 'linkedin-oauth2', name: 'LinkedIn', configured: true },
    ])
    expect(await unconfigured.json()).toEqual([
      { provider: 'google-oauth2', name: 'Google', configured: false },
      { provider: 'linkedin-oauth2', name: 'LinkedIn', configured: false },
    ])
  })

  test.each([
    ['google-oauth2', 'Sign-in with Google is not configured on this server.'],
    ['linkedin-oauth2', 'Sign-in with LinkedIn is not configured on this server.'],
  ])('a provider without client id and secret answers 503 (%s)', async (provider, detail) => {
    const started = await start(suite.app(), provider)
    const finished = await finish(suite.app(), provider, { state: 's', code: 'c' })

    for (const response of [started, finished]) {
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({ detail })
    }
  })

  test('an unknown provider answers 404', async () => {
    const response = await start(app(), 'facebook')

    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ detail: 'Unknown sign-in provider.' })
  })

  test('GET answers the authorization URL (code flow, state, nonce, PKCE S256) and an HttpOnly binding cookie', async () => {
    const response = await start(app(), 'google-oauth2')

    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const { authorization_url } = (await response.json()) as { authorization_url: string }
    const url = new URL(authorization_url)
    expect(`${url.origin}${url.pathname}`).toBe(`${google.issuer}/auth`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'waypoint-google',
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 'S256',
    })
    expect(setCookieLine(response, 'oauth_state')).toMatch(
      /^oauth_state=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/api\/auth\/o; HttpOnly; SameSite=Lax$/,
    )
  })

  test.each([
    ['another origin', 'https://evil.example/userauth/socialredirect'],
    ['another page', 'http://localhost/userauth/profile'],
    ['a query string', 'http://localhost/userauth/socialredirect?next=https://evil.example'],
    ['not a URL', 'socialredirect'],
  ])('GET refuses a redirect_uri with %s', async (_, redirect) => {
    const response = await start(app(), 'google-oauth2', redirect)

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      redirect_uri: ["redirect_uri must be this site's /userauth/socialredirect page."],
    })
  })

  test('a first sign-in creates an account without password; the next one finds the same account', async () => {
    const { subject, email } = person()
    const server = app()

    const first = await signIn(server, 'google-oauth2', subject)

    expect(first.status).toBe(200)
    const body = v.parse(userData, await first.json())
    expect(body.email).toBe(email)
    const me = v.parse(meResponse, await (await send(server, 'GET', '/api/users/me', undefined, bearer(body.access))).json())
    expect(me).toMatchObject({ email, providers: ['google-oauth2'], has_password: false })
    const [row] = await suite.db.select().from(users).where(eq(users.email, email))
    expect(row!.passwordHash).toBeNull()
    // No password: signing in with one fails like any wrong password.
    const withPassword = await postJson(server, '/api/users/login', { email, password: goodPassword })
    expect(withPassword.status).toBe(401)

    const second = await signIn(server, 'google-oauth2', subject)

    expect(second.status).toBe(200)
    const again = v.parse(userData, await second.json())
    const meAgain = v.parse(meResponse, await (await send(server, 'GET', '/api/users/me', undefined, bearer(again.access))).json())
    expect(meAgain.id).toBe(me.id)
    expect(await suite.db.select().from(userIdentities).where(eq(userIdentities.userId, me.id))).toHaveLength(1)
  })

  test('a verified e-mail of an account whose address is confirmed links the provider to it (e-mail in the ID token)', async () => {
    const { subject, email } = person()
    const registered = await registerUser(app(), email)
    await confirmAddress(app(), suite, email)

    const response = await signIn(app(), 'linkedin-oauth2', subject)

    expect(response.status).toBe(200)
    const body = v.parse(userData, await response.json())
    const me = v.parse(meResponse, await (await send(app(), 'GET', '/api/users/me', undefined, bearer(body.access))).json())
    const before = v.parse(meResponse, await (await send(app(), 'GET', '/api/users/me', undefined, bearer(registered.access))).json())
    expect(me.id).toBe(before.id)
    expect(me.providers).toEqual(['password', 'linkedin-oauth2'])
    expect(await suite.db.select().from(users).where(eq(users.email, email))).toHaveLength(1)
    expect((await postJson(app(), '/api/users/login', { email, password: goodPassword })).status).toBe(200)
  })

  test('an account registered with the address but never confirmed is taken over by its verified owner', async () => {
    const { subject, email } = person()
    // Someone else registers the owner's address with their own password, and signs in twice.
    const squatter = await registerUser(app(), email, 'the squatter passphrase')
    const squatterLogin = v.parse(userData, await (await postJson(app(), '/api/users/login', { email, password: 'the squatter passphrase' })).json())

    const response = await signIn(app(), 'google-oauth2', subject)

    expect(response.status).toBe(200)
    const owner = v.parse(userData, await response.json())
    const me = v.parse(meResponse, await (await send(app(), 'GET', '/api/users/me', undefined, bearer(owner.access))).json())
    expect(me).toMatchObject({ email, providers: ['google-oauth2'], has_password: false, email_verified: true })
    // Every sign-in of the squatter has ended, and their password no longer opens the account.
    for (const session of [squatter, squatterLogin]) {
      expect((await send(app(), 'GET', '/api/users/me', undefined, bearer(session.access))).status).toBe(401)
      expect((await postJson(app(), '/api/users/refresh', { refresh: session.refresh })).status).toBe(401)
    }
    expect((await postJson(app(), '/api/users/login', { email, password: 'the squatter passphrase' })).status).toBe(401)
    // The squatter's pending confirmation link is dead too.
    const link = await mailedToken(suite, email)
    expect((await postJson(app(), '/api/users/verify-email', { token: link })).status).toBe(400)
    // The owner is told what happened.
    const [notice] = await suite.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.subject, 'Your Waypoint account is now yours alone')))
    expect(notice!.body).toContain('its password was removed and every device signed in')
  })

  test('a wrong state answers 400 and creates nothing', async () => {
    const { subject } = person()
    const server = app()
    const { cookie, code } = await goToProvider(server, 'google-oauth2', subject)

    const response = await finish(server, 'google-oauth2', { state: 'made-up-state', code }, cookie)

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      detail: 'This sign-in attempt has expired or was already used. Please start again.',
    })
    expect(await suite.db.select().from(userIdentities).where(eq(userIdentities.subject, subject))).toHaveLength(0)
  })

  test('a state from another browser (no or another binding cookie) answers 400', async () => {
    const { subject } = person()
    const server = app()
    const { state, code } = await goToProvider(server, 'google-oauth2', subject)

    const withoutCookie = await finish(server, 'google-oauth2', { state, code })
    const otherCookie = await finish(server, 'google-oauth2', { state, code }, 'A'.repeat(43))

    for (const response of [withoutCookie, otherCookie]) {
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        detail: 'This sign-in attempt has expired or was already used. Please start again.',
      })
    }
  })

  test('a state started for one provider does not finish at another', async () => {
    const { subject } = person()
    const server = app()
    const { cookie, state, code } = await goToProvider(server, 'google-oauth2', subject)

    const response = await finish(server, 'linkedin-oauth2', { state, code }, cookie)

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      detail: 'This sign-in attempt has expired or was already used. Please start again.',
    })
  })

  test('a replayed state and code answer 400; a replayed code under a fresh state is refused by the provider', async () => {
    const { subject } = person()
    const server = app()
    const { cookie, state, code } = await goToProvider(server, 'google-oauth2', subject)
    expect((await finish(server, 'google-oauth2', { state, code }, cookie)).status).toBe(200)

    const replay = await finish(server, 'google-oauth2', { state, code }, cookie)

    expect(replay.status).toBe(400)
    expect(await replay.json()).toEqual({
      detail: 'This sign-in attempt has expired or was already used. Please start again.',
    })

    const fresh = await start(server, 'google-oauth2', redirectUri, cookie)
    const freshState = new URL(((await fresh.json()) as { authorization_url: string }).authorization_url).searchParams.get('state')!
    const replayedCode = await finish(server, 'google-oauth2', { state: freshState, code }, cookie)

    expect(replayedCode.status).toBe(400)
    expect(await replayedCode.json()).toEqual({ detail: 'Sign-in with Google did not complete. Please start again.' })
  })

  test('a state older than 10 minutes answers 400', async () => {
    const { subject } = person()
    const server = app()
    const { cookie, state, code } = await goToProvider(server, 'google-oauth2', subject)

    suite.clock.advance(10 * 60_000 + 1000)
    const response = await finish(server, 'google-oauth2', { state, code }, cookie)

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      detail: 'This sign-in attempt has expired or was already used. Please start again.',
    })
  })

  test.each([
    ['google-oauth2', 'Google'],
    ['linkedin-oauth2', 'LinkedIn'],
  ] as const)('an account without a verified e-mail answers 400 (%s)', async (provider, name) => {
    const { subject, email } = person(false)

    const response = await signIn(app(), provider, subject)

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      detail: `Your ${name} account has no verified e-mail address. Verify it there, or sign up with e-mail and password.`,
    })
    expect(await suite.db.select().from(users).where(eq(users.email, email))).toHaveLength(0)
  })

  test('POST without state or code answers 400 with field errors', async () => {
    const response = await app().request('/api/auth/o/google-oauth2/', { method: 'POST' })

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ state: ['state is required'], code: ['code is required'] })
  })

  test('a provider that cannot be reached answers 502 and is logged', async () => {
    const port = await freePort()
    const down = suite.app({
      config: {
        ...suite.config,
        oauth: {
          ...providerConfig(),
          'google-oauth2': { ...providerConfig()['google-oauth2'], issuer: `http://127.0.0.1:${port}` },
        },
      },
    })

    const response = await start(down, 'google-oauth2')

    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({
      detail: 'Sign-in with Google is not available right now. Please try again later.',
    })
    expect(suite.log.lines.some((l) => l.startsWith('warn: Sign-in with Google: its OpenID configuration could not be read'))).toBe(true)
  })
})

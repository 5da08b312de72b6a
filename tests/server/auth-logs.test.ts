import { eq } from 'drizzle-orm'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { refreshResponse, userData } from '~contract/auth.ts'
import { oauthStates, outbox, passwordResetTokens, refreshTokens, users } from '../../server/db/schema.ts'
import { createLog, describeError } from '../../server/log.ts'
import { outboxMailer } from '../../server/services/mail/mail.ts'
import { bearer, cookieFrom, newEmail, registerUser, send } from './support/auth.ts'
import { describeDbs } from './support/db.ts'
import { postJson } from './support/http.ts'
import { startOidcProvider, type TestAccount, type TestProvider } from './support/oidc.ts'

const redirectUri = 'http://localhost/userauth/socialredirect'
const clientSecret = 'a client secret that must stay secret'
const accounts: Record<string, TestAccount> = {}
let provider: TestProvider
beforeAll(async () => {
  provider = await startOidcProvider({
    client: { id: 'waypoint-logs', secret: clientSecret, redirectUri, authMethod: 'client_secret_basic' },
    accounts,
    emailInIdToken: true,
  })
})
afterAll(() => provider?.close())

/** Everything written to stdout, stderr or the console while a test runs. */
let output: string[] = []
beforeEach(() => {
  output = []
  const keep = (chunk: unknown) => {
    output.push(String(chunk))
    return true
  }
  vi.spyOn(process.stdout, 'write').mockImplementation(keep)
  vi.spyOn(process.stderr, 'write').mockImplementation(keep)
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void keep(args.join(' ')))
  }
})
afterEach(() => vi.restoreAllMocks())

test('a failed query is logged without its parameters', () => {
  const error = new DrizzleQueryError(
    'insert into "users" ("email", "password_hash") values ($1, $2)',
    ['ann@example.org', '$argon2id$v=19$secret'],
    Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), { code: '23505' }),
  )

  const text = describeError(error, true)

  expect(text).toBe(
    'Failed query: insert into "users" ("email", "password_hash") values ($1, $2): duplicate key value violates unique constraint "users_email_key"',
  )
})

describeDbs('nothing secret reaches the logs', (suite) => {
  test('register, sign-in, refresh, reuse, reset, password change and social sign-in at debug level', async () => {
    const log = createLog('debug')
    const app = suite.app({
      log,
      mailer: outboxMailer(suite.db, suite.clock, log),
      config: {
        ...suite.config,
        logLevel: 'debug',
        oauth: {
          ...suite.config.oauth,
          'google-oauth2': { issuer: provider.issuer, clientId: 'waypoint-logs', clientSecret },
        },
      },
    })
    const passwords = ['first secret passphrase', 'a wrong secret passphrase', 'second secret passphrase', 'third secret passphrase']
    const tokens: string[] = []
    const email = newEmail('logged')

    const registered = await registerUser(app, email, passwords[0])
    tokens.push(registered.access, registered.refresh)
    expect((await postJson(app, '/api/users/login', { email, password: passwords[1] })).status).toBe(401)
    const login = v.parse(userData, await (await postJson(app, '/api/users/login', { email, password: passwords[0] })).json())
    tokens.push(login.access, login.refresh)
    const rotated = v.parse(refreshResponse, await (await postJson(app, '/api/users/refresh', { refresh: login.refresh })).json())
    tokens.push(rotated.access, rotated.refresh)
    expect((await postJson(app, '/api/users/refresh', { refresh: login.refresh })).status).toBe(401)

    await postJson(app, '/api/users/request-reset-password-email', { email })
    const resetToken = await vi.waitFor(async () => {
      const mails = await suite.db.select().from(outbox).where(eq(outbox.recipient, email))
      const found = mails.find((m) => m.subject === 'Reset your Waypoint password')
      if (!found) throw new Error('no reset mail yet')
      return /token=([A-Za-z0-9_-]+)/.exec(found.body)![1]!
    })
    // The reset page load carries the token in its query string.
    await app.request(`/reset-password?token=${resetToken}`, { headers: { Accept: 'text/html' } })
    expect((await postJson(app, '/api/users/reset-password-by-email', { token: resetToken, password: passwords[2] })).status).toBe(200)
    const afterReset = v.parse(userData, await (await postJson(app, '/api/users/login', { email, password: passwords[2] })).json())
    tokens.push(afterReset.access, afterReset.refresh)
    const change = await send(
      app,
      'POST',
      '/api/users/me/password',
      { current_password: passwords[2], new_password: passwords[3] },
      bearer(afterReset.access),
    )
    expect(change.status).toBe(204)

    accounts['logged-subject'] = { email: newEmail('social-logged'), email_verified: true }
    const started = await app.request(`/api/auth/o/google-oauth2/?redirect_uri=${encodeURIComponent(redirectUri)}`)
    const binding = cookieFrom(started, 'oauth_state')!
    const { authorization_url } = (await started.json()) as { authorization_url: string }
    provider.signInAs('logged-subject')
    const back = await provider.authorize(authorization_url)
    const state = back.searchParams.get('state')!
    const code = back.searchParams.get('code')!
    const finish = () =>
      app.request(`/api/auth/o/google-oauth2/?state=${state}&code=${code}`, {
        method: 'POST',
        headers: { Cookie: `oauth_state=${binding}` },
      })
    const social = v.parse(userData, await (await finish()).json())
    tokens.push(social.access, social.refresh)
    expect((await finish()).status).toBe(400)

    const stored = [
      ...(await suite.db.select({ value: users.passwordHash }).from(users)).map((r) => r.value ?? ''),
      ...(await suite.db.select({ value: refreshTokens.tokenHash }).from(refreshTokens)).map((r) => r.value),
      ...(await suite.db.select({ value: passwordResetTokens.tokenHash }).from(passwordResetTokens)).map((r) => r.value),
      ...(await suite.db.select({ value: oauthStates.codeVerifier }).from(oauthStates)).map((r) => r.value),
      ...(await suite.db.select({ value: oauthStates.nonce }).from(oauthStates)).map((r) => r.value),
    ].filter(Boolean)

    const text = output.join('')
    // The run was logged (request lines at debug level), so the check below means something.
    expect(text).toContain('POST /api/users/login 401')
    expect(text).toContain('POST /api/auth/o/google-oauth2/ 200')
    expect(text).toContain('warning: A rotated refresh token was presented again')
    for (const secret of [...passwords, ...tokens, ...stored, state, code, binding, clientSecret]) {
      expect(text, 'a secret is in the log').not.toContain(secret)
    }
    // The reset link is logged on purpose (outbox without SMTP), in that one line only.
    const linkLines = text.split('\n').filter((line) => line.includes(resetToken))
    expect(linkLines).toEqual([
      `Mail to ${email} ("Reset your Waypoint password") kept in the outbox table: SMTP_URL is not set. Its link: http://localhost/reset-password?token=${resetToken}`,
    ])
  })
})

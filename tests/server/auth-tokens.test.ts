import { eq, inArray, sql } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import * as v from 'valibot'
import { expect, test } from 'vitest'
import { authMessages, meResponse, refreshResponse, userData } from '~contract/auth.ts'
import { refreshTokens, users } from '../../server/db/schema.ts'
import { sha256 } from '../../server/lib/crypto.ts'
import { describeDbs, queryRows } from './support/db.ts'
import { bearer, goodPassword, newEmail, registerUser, send } from './support/auth.ts'
import { postJson } from './support/http.ts'

const tokenNotValid = { detail: 'Token is invalid or expired', code: 'token_not_valid' }
const minute = 60_000

describeDbs('register, sign in and tokens', (suite) => {
  const me = (access: string) => send(suite.app(), 'GET', '/api/users/me', undefined, bearer(access))
  const refresh = (token: string) => postJson(suite.app(), '/api/users/refresh', { refresh: token })

  test('register answers 201 with the user data; the password is kept as an argon2id hash', async () => {
    const email = newEmail('Ann').replace('ann', 'Ann')
    const response = await postJson(suite.app(), '/api/users/register', { email: ` ${email} `, password: goodPassword })

    expect(response.status).toBe(201)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const body = v.parse(userData, await response.json())
    expect(body.email).toBe(email.toLowerCase())
    expect(body.refresh).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const claims = decodeJwt(body.access)
    expect(claims).toMatchObject({ email: email.toLowerCase(), type: 'access' })
    expect(claims.exp! - claims.iat!).toBe(15 * 60)
    expect(claims.iat).toBe(suite.clock.now().getTime() / 1000)
    expect(claims.jti).toEqual(expect.any(String))

    const [row] = await suite.db.select().from(users).where(eq(users.email, email.toLowerCase()))
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/)
    expect(row!.id).toBe(claims.sub)
    const [stored] = await suite.db.select().from(refreshTokens).where(eq(refreshTokens.userId, row!.id))
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored!.tokenHash).not.toContain(body.refresh)
  })

  test('a password of spaces is refused for sign-up, reset and change, and no account is made', async () => {
    const email = newEmail()
    const spaces = '        '

    const register = await postJson(suite.app(), '/api/users/register', { email, password: spaces })
    const reset = await postJson(suite.app(), '/api/users/reset-password-by-email', { token: 'some-token', password: spaces })
    const user = await registerUser(suite.app())
    const change = await send(
      suite.app(),
      'POST',
      '/api/users/me/password',
      { current_password: goodPassword, new_password: spaces },
      bearer(user.access),
    )

    expect(register.status).toBe(400)
    expect(await register.json()).toEqual({ password: ['Password cannot be only spaces'] })
    expect(await suite.db.select().from(users).where(eq(users.email, email))).toHaveLength(0)
    expect(reset.status).toBe(400)
    expect(await reset.json()).toEqual({ password: ['Password cannot be only spaces'] })
    expect(change.status).toBe(400)
    expect(await change.json()).toEqual({ new_password: ['Password cannot be only spaces'] })
    expect((await postJson(suite.app(), '/api/users/login', { email: user.email, password: goodPassword })).status).toBe(200)
  })

  test('register refuses a taken address whatever its case', async () => {
    const email = newEmail()
    await registerUser(suite.app(), email)

    const response = await postJson(suite.app(), '/api/users/register', {
      email: email.toUpperCase(),
      password: goodPassword,
    })

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ email: [authMessages.emailTaken] })
  })

  test.each([
    [
      { email: '', password: '' },
      { email: ['Email is required'], password: ['Password is required'] },
    ],
    [
      { email: 'nope', password: 'abc' },
      { email: ['Email is invalid'], password: ['Password must be at least 6 characters'] },
    ],
    [{}, { email: ['Email is required'], password: ['Password is required'] }],
  ])('register answers the spec messages for %j', async (body, errors) => {
    const response = await postJson(suite.app(), '/api/users/register', body)

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual(errors)
  })

  test.each(['password', 'Password123', 'QWERTY123', 'iloveyou', '123456789'])('register refuses the common password %s', async (password) => {
    const response = await postJson(suite.app(), '/api/users/register', { email: newEmail(), password })

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      password: ['This password is too common. Choose one that is harder to guess.'],
    })
  })

  test('login answers the user data; the access token opens /users/me', async () => {
    const email = newEmail()
    await registerUser(suite.app(), email)

    const response = await postJson(suite.app(), '/api/users/login', {
      email: email.toUpperCase(),
      password: goodPassword,
      path: '/salary',
    })

    expect(response.status).toBe(200)
    const body = v.parse(userData, await response.json())
    expect(body.email).toBe(email)
    const meAnswer = await me(body.access)
    expect(meAnswer.status).toBe(200)
    expect(v.parse(meResponse, await meAnswer.json())).toMatchObject({
      email,
      plan: 'free',
      providers: ['password'],
      has_password: true,
    })
  })

  test('a wrong password, an unknown address and a social-only account all get the same 401', async () => {
    const email = newEmail()
    await registerUser(suite.app(), email)
    const social = newEmail('social')
    await suite.db.insert(users).values({ email: social, passwordHash: null })

    const answers = await Promise.all([
      postJson(suite.app(), '/api/users/login', { email, password: 'not the password' }),
      postJson(suite.app(), '/api/users/login', { email: newEmail('nobody'), password: goodPassword }),
      postJson(suite.app(), '/api/users/login', { email: social, password: goodPassword }),
    ])

    for (const response of answers) {
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({ detail: 'No active account found with the given credentials' })
    }
  })

  test('/users/me without credentials or with a bad token answers 401', async () => {
    const none = await send(suite.app(), 'GET', '/api/users/me')
    expect(none.status).toBe(401)
    expect(await none.json()).toEqual({
      detail: 'Authentication credentials were not provided.',
      code: 'not_authenticated',
    })

    for (const header of ['Bearer nonsense', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.']) {
      const response = await send(suite.app(), 'GET', '/api/users/me', undefined, { Authorization: header })
      expect(response.status).toBe(401)
      expect(response.headers.get('WWW-Authenticate')).toBe('Bearer error="invalid_token"')
      expect(await response.json()).toEqual(tokenNotValid)
    }
  })

  test('an access token works for 15 minutes by the clock, then answers 401 token_not_valid', async () => {
    const { access } = await registerUser(suite.app())

    suite.clock.advance(15 * minute - 1000)
    expect((await me(access)).status).toBe(200)

    suite.clock.advance(1000)
    const expired = await me(access)
    expect(expired.status).toBe(401)
    expect(await expired.json()).toEqual(tokenNotValid)
  })

  test('refresh rotates: a new pair each time, and the new access token works', async () => {
    const first = await registerUser(suite.app())

    const response = await refresh(first.refresh)

    expect(response.status).toBe(200)
    const second = v.parse(refreshResponse, await response.json())
    expect(Object.keys(second).sort()).toEqual(['access', 'refresh'])
    expect(second.refresh).not.toBe(first.refresh)
    expect(second.access).not.toBe(first.access)
    expect((await me(second.access)).status).toBe(200)
    const third = await refresh(second.refresh)
    expect(third.status).toBe(200)
  })

  test('reuse of a rotated refresh token revokes the whole sign-in, newest token and access token too', async () => {
    const app = suite.app()
    const first = await registerUser(app)
    const other = v.parse(userData, await (await postJson(app, '/api/users/login', { email: first.email, password: goodPassword })).json())
    const second = v.parse(refreshResponse, await (await refresh(first.refresh)).json())
    const third = v.parse(refreshResponse, await (await refresh(second.refresh)).json())

    const reused = await refresh(first.refresh)

    expect(reused.status).toBe(401)
    expect(await reused.json()).toEqual(tokenNotValid)
    const newest = await refresh(third.refresh)
    expect(newest.status).toBe(401)
    expect(await newest.json()).toEqual(tokenNotValid)
    expect((await me(third.access)).status).toBe(401)
    expect(suite.log.lines.some((line) => line.startsWith('warn: A rotated refresh token was presented again'))).toBe(true)
    // Another sign-in of the same account is untouched.
    expect((await me(other.access)).status).toBe(200)
    expect((await refresh(other.refresh)).status).toBe(200)
  })

  test('a rotation is stored as a chain: the old row points at its successor, which lasts 30 days', async () => {
    const first = await registerUser(suite.app())
    suite.clock.advance(minute)

    const second = v.parse(refreshResponse, await (await refresh(first.refresh)).json())

    const rows = await suite.db
      .select()
      .from(refreshTokens)
      .where(inArray(refreshTokens.tokenHash, [sha256(first.refresh), sha256(second.refresh)]))
    const old = rows.find((r) => r.tokenHash === sha256(first.refresh))!
    const next = rows.find((r) => r.tokenHash === sha256(second.refresh))!
    expect(old.rotatedAt).toEqual(suite.clock.now())
    expect(old.replacedBy).toBe(next.id)
    expect(old.revokedAt).toBeNull()
    expect(next).toMatchObject({
      userId: old.userId,
      familyId: old.familyId,
      rotatedAt: null,
      replacedBy: null,
      revokedAt: null,
    })
    expect(next.createdAt).toEqual(suite.clock.now())
    expect(next.expiresAt.getTime() - suite.clock.now().getTime()).toBe(30 * 24 * 60 * minute)
  })

  test.each([2, 5])(
    '%i refreshes racing with the same token: exactly one gets a pair, the rest count as reuse and end the sign-in',
    async (racers) => {
      const app = suite.app()
      const { refresh: token, access, email } = await registerUser(app)
      const other = v.parse(userData, await (await postJson(app, '/api/users/login', { email, password: goodPassword })).json())
      const reuseWarnings = () => suite.log.lines.filter((line) => line.startsWith('warn: A rotated refresh token was presented again')).length
      const warningsBefore = reuseWarnings()

      const answers = await Promise.all(Array.from({ length: racers }, () => refresh(token)))

      const winners = answers.filter((r) => r.status === 200)
      expect(winners).toHaveLength(1)
      for (const loser of answers.filter((r) => r.status !== 200)) {
        expect(loser.status).toBe(401)
        expect(await loser.json()).toEqual(tokenNotValid)
      }
      // The winner's pair was issued before a loser saw the reuse: the revocation ends it too.
      const pair = v.parse(refreshResponse, await winners[0]!.json())
      expect((await refresh(pair.refresh)).status).toBe(401)
      expect((await me(pair.access)).status).toBe(401)
      expect((await me(access)).status).toBe(401)
      expect(reuseWarnings()).toBeGreaterThan(warningsBefore)
      // The account's other sign-in is untouched.
      expect((await me(other.access)).status).toBe(200)
      expect((await refresh(other.refresh)).status).toBe(200)
    },
  )

  test('a refresh token lasts 30 days from its issue', async () => {
    const first = await registerUser(suite.app())
    const second = v.parse(refreshResponse, await (await refresh(first.refresh)).json())

    suite.clock.advance(30 * 24 * 60 * minute - 1000)
    const fresh = v.parse(refreshResponse, await (await refresh(second.refresh)).json())
    suite.clock.advance(30 * 24 * 60 * minute)

    const expired = await refresh(fresh.refresh)
    expect(expired.status).toBe(401)
    expect(await expired.json()).toEqual(tokenNotValid)
  })

  test.each([['unknown'], ['x'.repeat(43)]])('refresh with an unknown token (%s) answers 401', async (token) => {
    const response = await refresh(token)

    expect(response.status).toBe(401)
    expect(await response.json()).toEqual(tokenNotValid)
  })

  test('refresh without a token answers 400', async () => {
    const response = await postJson(suite.app(), '/api/users/refresh', {})

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ refresh: [expect.any(String)] })
  })

  test('logout answers 204 and ends the sign-in: refresh and access token stop working', async () => {
    const user = await registerUser(suite.app())
    const next = v.parse(refreshResponse, await (await refresh(user.refresh)).json())

    const response = await postJson(suite.app(), '/api/users/logout', { refresh: next.refresh })

    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    expect((await refresh(next.refresh)).status).toBe(401)
    expect((await me(next.access)).status).toBe(401)
    expect((await postJson(suite.app(), '/api/users/logout', { refresh: 'never-issued' })).status).toBe(204)
  })

  test('processes sharing a database accept each other’s tokens (the key lives in the database)', async () => {
    const user = await registerUser(suite.app())
    const otherProcess = suite.app()

    const response = await send(otherProcess, 'GET', '/api/users/me', undefined, bearer(user.access))

    expect(response.status).toBe(200)
    expect(await queryRows(suite.db, sql`select count(*)::int as count from app_secrets`)).toEqual([{ count: 1 }])
  })

  test('with JWT_SECRET set, tokens signed with the stored key are refused', async () => {
    const user = await registerUser(suite.app())
    const withSecret = suite.app({ config: { ...suite.config, jwtSecret: 'a'.repeat(40) } })

    expect((await send(withSecret, 'GET', '/api/users/me', undefined, bearer(user.access))).status).toBe(401)
    const own = await registerUser(withSecret)
    expect((await send(withSecret, 'GET', '/api/users/me', undefined, bearer(own.access))).status).toBe(200)
  })
})

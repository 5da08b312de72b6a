import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { decodeJwt, SignJWT, type JWTPayload } from 'jose'
import { expect, test } from 'vitest'
import { appSecrets, users } from '../../server/db/schema.ts'
import { bearer, registerUser, send } from './support/auth.ts'
import { describeDbs } from './support/db.ts'
import { postJson } from './support/http.ts'

const tokenNotValid = { detail: 'Token is invalid or expired', code: 'token_not_valid' }
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

// auth-tokens.test.ts covers a bare alg-none token, expiry by the clock and another JWT_SECRET.
// These are forgeries with a real user's claims, and tokens that outlive their user.
describeDbs('forged and orphaned access tokens', (suite) => {
  /** The key the server signs with (kept in the database when JWT_SECRET is unset). */
  async function serverKey() {
    const [row] = await suite.db.select().from(appSecrets).where(eq(appSecrets.name, 'access_token_hs256_key'))
    return new Uint8Array(Buffer.from(row!.value, 'base64url'))
  }
  const sign = (claims: JWTPayload, key: Uint8Array, alg = 'HS256') => new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(key)

  /** Every protected route a stolen identity would want answers 401 token_not_valid. */
  async function expectRefused(token: string) {
    for (const path of ['/api/users/me', '/api/resumes', '/api/users/me/playlist', '/api/users/me/export']) {
      const response = await send(suite.app(), 'GET', path, undefined, bearer(token))
      expect(response.status, path).toBe(401)
      expect(await response.json()).toEqual(tokenNotValid)
    }
  }

  test('a real token works, and the same claims forged are refused: alg none, another key, HS512 with the right key', async () => {
    const user = await registerUser(suite.app())
    expect((await send(suite.app(), 'GET', '/api/users/me', undefined, bearer(user.access))).status).toBe(200)
    const claims = decodeJwt(user.access)
    const [, payload] = user.access.split('.')

    await expectRefused(`${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`)
    await expectRefused(`${base64url({ alg: 'NONE', typ: 'JWT' })}.${payload}.`)
    await expectRefused(await sign(claims, randomBytes(32)))
    await expectRefused(await sign(claims, await serverKey(), 'HS512'))
    // The real signature over other claims: another user's id.
    const [header, , signature] = user.access.split('.')
    await expectRefused(`${header}.${base64url({ ...claims, sub: randomUUID() })}.${signature}`)
  })

  test('a token signed with the right key is refused once expired, and when it is not an access token', async () => {
    const user = await registerUser(suite.app())
    const claims = decodeJwt(user.access)
    const now = Math.floor(suite.clock.now().getTime() / 1000)

    await expectRefused(await sign({ ...claims, iat: now - 3600, exp: now - 1 }, await serverKey()))
    await expectRefused(await sign({ ...claims, exp: undefined }, await serverKey()))
    await expectRefused(await sign({ ...claims, type: 'refresh' }, await serverKey()))
  })

  test('a deleted account’s tokens are refused, even a fresh one signed with the right key', async () => {
    const user = await registerUser(suite.app())
    const claims = decodeJwt(user.access)

    expect((await send(suite.app(), 'DELETE', '/api/users/me', undefined, bearer(user.access))).status).toBe(204)

    await expectRefused(user.access)
    expect(await (await postJson(suite.app(), '/api/users/refresh', { refresh: user.refresh })).json()).toEqual(tokenNotValid)
    const now = Math.floor(suite.clock.now().getTime() / 1000)
    await expectRefused(await sign({ ...claims, iat: now, exp: now + 600 }, await serverKey()))
  })

  test('a user removed from the database directly (another process, an admin) is refused at once', async () => {
    const user = await registerUser(suite.app())
    await suite.db.delete(users).where(eq(users.email, user.email))

    await expectRefused(user.access)
  })
})

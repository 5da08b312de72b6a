import { expect, test } from 'vitest'
import { bearer, cookieFrom, registerUser, send, setCookieLine } from './support/auth.ts'
import { describeDbs } from './support/db.ts'
import { postJson } from './support/http.ts'

const pageLoad = { Accept: 'text/html,application/xhtml+xml' }

describeDbs('guests', (suite) => {
  test('a first page load sets a 16-character guest_token cookie the SPA can read', async () => {
    const response = await suite.app().request('/library', { headers: pageLoad })

    expect(setCookieLine(response, 'guest_token')).toMatch(/^guest_token=[A-Za-z0-9]{16}; Max-Age=31536000; Path=\/; SameSite=Lax$/)
  })

  test('each visitor gets a token of their own', async () => {
    const tokens = new Set<string>()
    for (let i = 0; i < 20; i++) tokens.add(cookieFrom(await suite.app().request('/', { headers: pageLoad }), 'guest_token')!)

    expect(tokens.size).toBe(20)
  })

  test('a visitor who has a token keeps it; a malformed one is replaced', async () => {
    const kept = await suite.app().request('/', { headers: { ...pageLoad, Cookie: 'guest_token=Ab3dEf6hIj9kLm2n' } })
    const replaced = await suite.app().request('/', { headers: { ...pageLoad, Cookie: 'guest_token=short' } })

    expect(setCookieLine(kept, 'guest_token')).toBeUndefined()
    expect(cookieFrom(replaced, 'guest_token')).toMatch(/^[A-Za-z0-9]{16}$/)
  })

  test('the cookie is Secure when the site is served over https', async () => {
    const app = suite.app({ config: { ...suite.config, publicUrl: 'https://waypoint.example.com' } })

    const response = await app.request('/', { headers: pageLoad })

    expect(setCookieLine(response, 'guest_token')).toMatch(/; Secure; SameSite=Lax$/)
  })

  test('no cookie on health checks, hashed assets and POST requests', async () => {
    const app = suite.app()
    const answers = [
      await app.request('/api/health'),
      await app.request('/assets/index-abc123.js'),
      await postJson(app, '/api/users/logout', { refresh: 'x' }),
    ]

    for (const response of answers) expect(setCookieLine(response, 'guest_token')).toBeUndefined()
  })

  test('no cookie on answers a shared cache may keep (Cache-Control: public)', async () => {
    const app = suite.app()
    const answers = [await app.request('/api/library/categories'), await app.request('/api/search?title=resume')]

    for (const response of answers) {
      expect(response.status).toBe(200)
      expect(response.headers.get('Cache-Control')).toMatch(/^public/)
      expect(response.headers.getSetCookie()).toEqual([])
    }
  })

  test('Authorization: Guest {token} is accepted where guests are allowed', async () => {
    const response = await send(suite.app(), 'GET', '/api/auth/whoami', undefined, {
      Authorization: 'Guest Ab3dEf6hIj9kLm2n',
    })

    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ kind: 'guest', guest_token: 'Ab3dEf6hIj9kLm2n' })
  })

  test('a signed-in user is named by the same helper', async () => {
    const user = await registerUser(suite.app())

    const response = await send(suite.app(), 'GET', '/api/auth/whoami', undefined, bearer(user.access))

    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ kind: 'user', id: expect.any(String), email: user.email })
  })

  test.each([
    [undefined, 401, { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' }],
    ['Guest short', 401, { detail: 'Token is invalid or expired', code: 'token_not_valid' }],
    ['Bearer nonsense', 401, { detail: 'Token is invalid or expired', code: 'token_not_valid' }],
  ])('whoami with Authorization %j answers %i', async (header, status, body) => {
    const response = await send(suite.app(), 'GET', '/api/auth/whoami', undefined, header ? { Authorization: header } : {})

    expect(response.status).toBe(status)
    expect(await response.json()).toEqual(body)
  })

  test('a guest token is not a sign-in: /users/me still needs a user', async () => {
    const response = await send(suite.app(), 'GET', '/api/users/me', undefined, {
      Authorization: 'Guest Ab3dEf6hIj9kLm2n',
    })

    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      detail: 'Authentication credentials were not provided.',
      code: 'not_authenticated',
    })
  })
})

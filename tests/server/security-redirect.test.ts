import { expect, test } from 'vitest'
import { describeDbs } from './support/db.ts'

// The server redirects nowhere itself; the one return address it handles is the social
// sign-in's redirect_uri, which must be this site's /userauth/socialredirect page.
describeDbs('open redirect: the social sign-in return address', (suite) => {
  // Configured, at an address nobody listens on: a refused redirect_uri never gets that far.
  const app = () =>
    suite.app({
      config: {
        ...suite.config,
        oauth: { ...suite.config.oauth, 'google-oauth2': { issuer: 'http://127.0.0.1:9', clientId: 'id', clientSecret: 'secret' } },
      },
    })

  test.each([
    'https://evil.example',
    '//evil.example/userauth/socialredirect',
    '/\\evil.example/userauth/socialredirect',
    '/userauth/socialredirect',
    'javascript:alert(1)//localhost/userauth/socialredirect',
    'http://localhost@evil.example/userauth/socialredirect',
    'http://evil.example\\@localhost/userauth/socialredirect',
    'http://localhost/userauth/socialredirect/../../evil',
    'http://localhost/userauth/socialredirect#https://evil.example',
    'http://localhost.evil.example/userauth/socialredirect',
  ])('refuses redirect_uri=%s', async (redirect) => {
    const response = await app().request(`http://localhost/api/auth/o/google-oauth2/?redirect_uri=${encodeURIComponent(redirect)}`, {
      headers: { Accept: 'application/json' },
    })

    expect(response.status).toBe(400)
    expect(response.headers.get('Location')).toBeNull()
    expect(await response.json()).toEqual({ redirect_uri: ["redirect_uri must be this site's /userauth/socialredirect page."] })
  })
})

import { describe, expect, test } from 'vitest'
import { ConfigError, defaultRateLimits, readConfig } from '../../server/config.ts'
import { rootDir } from './support/db.ts'

const read = (env: Record<string, string>) => readConfig(env, rootDir)

describe('account settings from the environment', () => {
  test('defaults: no PUBLIC_URL, no JWT_SECRET, no proxy, the documented limits, no social providers', () => {
    const config = read({})

    expect(config.publicUrl).toBeUndefined()
    expect(config.jwtSecret).toBeUndefined()
    expect(config.trustProxy).toBe(0)
    expect(config.rateLimits).toEqual(defaultRateLimits)
    expect(config.oauth).toEqual({
      'google-oauth2': { issuer: 'https://accounts.google.com', clientId: undefined, clientSecret: undefined },
      'linkedin-oauth2': { issuer: 'https://www.linkedin.com/oauth', clientId: undefined, clientSecret: undefined },
    })
  })

  test('everything set', () => {
    const config = read({
      PUBLIC_URL: 'https://waypoint.example.com/',
      JWT_SECRET: 'x'.repeat(32),
      TRUST_PROXY: '2',
      RATE_LIMIT_MULTIPLIER: '100',
      GOOGLE_CLIENT_ID: 'google-id',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      LINKEDIN_CLIENT_ID: 'linkedin-id',
      LINKEDIN_CLIENT_SECRET: 'linkedin-secret',
      OAUTH_LINKEDIN_ISSUER: 'http://127.0.0.1:9000/',
    })

    expect(config.publicUrl).toBe('https://waypoint.example.com')
    expect(config.jwtSecret).toBe('x'.repeat(32))
    expect(config.trustProxy).toBe(2)
    expect(config.rateLimits.signInFailuresPerAccountIp).toEqual({ limit: 1000, windowMs: 15 * 60_000 })
    expect(config.oauth['google-oauth2']).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'google-id',
      clientSecret: 'google-secret',
    })
    expect(config.oauth['linkedin-oauth2'].issuer).toBe('http://127.0.0.1:9000')
  })

  test.each([
    [{ PUBLIC_URL: 'waypoint.example.com' }, 'PUBLIC_URL must be an origin such as https://waypoint.example.com, got "waypoint.example.com".'],
    [{ PUBLIC_URL: 'https://example.com/app' }, 'PUBLIC_URL must be an origin such as https://waypoint.example.com, got "https://example.com/app".'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters long (e.g. `openssl rand -base64 48`).'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY must be the number of proxies in front of Waypoint (0 to 10), got "yes".'],
    [{ RATE_LIMIT_MULTIPLIER: '0' }, 'RATE_LIMIT_MULTIPLIER must be a positive number, got "0".'],
    [{ GOOGLE_CLIENT_ID: 'only-the-id' }, 'Set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither.'],
    [{ OAUTH_GOOGLE_ISSUER: 'accounts.google.com' }, 'OAUTH_GOOGLE_ISSUER must be an http(s) URL, got "accounts.google.com".'],
  ])('refuses %j', (env, message) => {
    expect(() => read(env)).toThrow(new ConfigError(message))
  })
})

import { createHash } from 'node:crypto'
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose'
import * as v from 'valibot'
import { oauthProviderNames, oauthProviders, type OAuthProvider, type OAuthProviderStatus } from '~contract/auth.ts'
import { normalisedEmail } from '~contract/common.ts'
import type { OAuthClientConfig } from '../../config.ts'
import type { Deps } from '../../deps.ts'

/** Why a social sign-in with `provider` failed; the HTTP layer's error handler answers it. */
export class OAuthError extends Error {
  constructor(
    readonly provider: OAuthProvider,
    readonly reason: 'unavailable' | 'exchange' | 'unverified',
    message: string,
  ) {
    super(message)
  }
}

type Metadata = {
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  jwks_uri: string
  userinfo_endpoint?: string
  token_endpoint_auth_methods_supported?: string[]
}

const metadataSchema = v.object({
  issuer: v.string(),
  authorization_endpoint: v.pipe(v.string(), v.url()),
  token_endpoint: v.pipe(v.string(), v.url()),
  jwks_uri: v.pipe(v.string(), v.url()),
  userinfo_endpoint: v.optional(v.pipe(v.string(), v.url())),
  token_endpoint_auth_methods_supported: v.optional(v.array(v.string())),
})

const tokenResponseSchema = v.object({ id_token: v.string(), access_token: v.optional(v.string()) })

const scopes: Record<OAuthProvider, string> = {
  'google-oauth2': 'openid email profile',
  'linkedin-oauth2': 'openid profile email',
}

const timeoutMs = 10_000

/** The S256 PKCE challenge of a verifier (RFC 7636). */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

type Configured = OAuthClientConfig & { clientId: string; clientSecret: string }

export type OAuthClient = ReturnType<typeof createOAuthClient>

/**
 * OpenID Connect relying party for Google and LinkedIn: discovery fetched on first use and
 * cached (a failure is not cached), code flow with PKCE and nonce, ID token checked with the
 * provider's JWKS. Provider tokens are checked against real time, not deps.clock: they come
 * from another system's clock.
 */
export function createOAuthClient({ config, log }: Pick<Deps, 'config' | 'log'>) {
  const discovered = new Map<OAuthProvider, Promise<{ metadata: Metadata; jwks: JWTVerifyGetKey }>>()

  const configured = (provider: OAuthProvider): Configured | undefined => {
    const client = config.oauth[provider]
    return client.clientId && client.clientSecret ? (client as Configured) : undefined
  }

  function discover(provider: OAuthProvider, client: Configured) {
    let found = discovered.get(provider)
    if (!found) {
      found = (async () => {
        const url = `${client.issuer}/.well-known/openid-configuration`
        const response = await fetch(url, {
          headers: { Accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        })
        if (!response.ok) throw new Error(`${url} answered ${response.status}`)
        const metadata = v.parse(metadataSchema, await response.json())
        if (metadata.issuer !== client.issuer) {
          throw new Error(`${url} names the issuer ${metadata.issuer}, expected ${client.issuer}`)
        }
        return { metadata, jwks: createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: timeoutMs }) }
      })().catch((error: unknown) => {
        discovered.delete(provider)
        log.warn(`Sign-in with ${oauthProviderNames[provider]}: its OpenID configuration could not be read`, error)
        throw new OAuthError(provider, 'unavailable', 'discovery failed')
      })
      discovered.set(provider, found)
    }
    return found
  }

  return {
    statuses: (): OAuthProviderStatus[] =>
      oauthProviders.map((provider) => ({
        provider,
        name: oauthProviderNames[provider],
        configured: configured(provider) !== undefined,
      })),

    isConfigured: (provider: OAuthProvider) => configured(provider) !== undefined,

    async authorizationUrl(
      provider: OAuthProvider,
      request: { state: string; nonce: string; codeVerifier: string; redirectUri: string },
    ): Promise<string> {
      const client = configured(provider)!
      const { metadata } = await discover(provider, client)
      const url = new URL(metadata.authorization_endpoint)
      url.search = new URLSearchParams({
        ...Object.fromEntries(url.searchParams),
        response_type: 'code',
        client_id: client.clientId,
        redirect_uri: request.redirectUri,
        scope: scopes[provider],
        state: request.state,
        nonce: request.nonce,
        code_challenge: pkceChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      }).toString()
      return url.toString()
    },

    /** Trades the code for the provider's verified account: its stable subject and e-mail. */
    async exchange(
      provider: OAuthProvider,
      request: { code: string; codeVerifier: string; redirectUri: string; nonce: string },
    ): Promise<{ subject: string; email: string }> {
      const client = configured(provider)!
      const { metadata, jwks } = await discover(provider, client)
      const name = oauthProviderNames[provider]

      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        code: request.code,
        redirect_uri: request.redirectUri,
        code_verifier: request.codeVerifier,
      })
      const headers: Record<string, string> = {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      }
      const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic']
      if (methods.includes('client_secret_basic')) {
        const pair = `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`
        headers.Authorization = `Basic ${Buffer.from(pair).toString('base64')}`
      } else {
        body.set('client_id', client.clientId)
        body.set('client_secret', client.clientSecret)
      }

      let tokens: v.InferOutput<typeof tokenResponseSchema>
      try {
        const response = await fetch(metadata.token_endpoint, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(timeoutMs),
        })
        const answer: unknown = await response.json().catch(() => undefined)
        if (!response.ok) {
          // The provider's error code only (e.g. invalid_grant): never the code or the tokens.
          const code = typeof answer === 'object' && answer && 'error' in answer ? String(answer.error) : 'no error code'
          throw new Error(`the token endpoint answered ${response.status} (${code.slice(0, 100)})`)
        }
        tokens = v.parse(tokenResponseSchema, answer)
      } catch (error) {
        log.info(`Sign-in with ${name}: the authorization code was not accepted: ${(error as Error).message}`)
        throw new OAuthError(provider, 'exchange', 'token exchange failed')
      }

      let claims: Record<string, unknown>
      try {
        const { payload } = await jwtVerify(tokens.id_token, jwks, {
          issuer: metadata.issuer,
          audience: client.clientId,
          requiredClaims: ['sub', 'exp', 'iat'],
        })
        if (payload.nonce !== request.nonce) throw new Error('the nonce does not match')
        if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== client.clientId) {
          throw new Error('the ID token was issued to another party')
        }
        claims = payload
      } catch (error) {
        log.info(`Sign-in with ${name}: the ID token was refused: ${(error as Error).message}`)
        throw new OAuthError(provider, 'exchange', 'bad id token')
      }

      let email = claims.email
      let verified = claims.email_verified
      // Providers may keep the e-mail out of the ID token and give it at the userinfo endpoint.
      if ((typeof email !== 'string' || verified === undefined) && metadata.userinfo_endpoint && tokens.access_token) {
        try {
          const response = await fetch(metadata.userinfo_endpoint, {
            headers: { Authorization: `Bearer ${tokens.access_token}`, Accept: 'application/json' },
            signal: AbortSignal.timeout(timeoutMs),
          })
          const info = (await response.json()) as Record<string, unknown>
          if (response.ok && info.sub === claims.sub) {
            email = info.email
            verified = info.email_verified
          }
        } catch (error) {
          log.info(`Sign-in with ${name}: the userinfo endpoint failed: ${(error as Error).message}`)
        }
      }
      const address = v.safeParse(normalisedEmail, email)
      if (!(verified === true || verified === 'true') || !address.success) {
        throw new OAuthError(provider, 'unverified', 'no verified e-mail')
      }
      return { subject: String(claims.sub), email: address.output }
    },
  }
}

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair } from 'jose'
import Provider, { type ClientMetadata } from 'oidc-provider'

export type TestAccount = { email: string; email_verified: boolean }

export type TestProvider = {
  issuer: string
  /** Who signs in at the provider's next login prompt. */
  signInAs(subject: string): void
  /**
   * Plays the browser: follows the authorization URL through the provider's login
   * interaction (completed programmatically) to the redirect back to us with code and state.
   */
  authorize(authorizationUrl: string): Promise<URL>
  close(): Promise<void>
}

/**
 * A real OpenID Connect provider (npm oidc-provider) on 127.0.0.1 with one confidential client.
 * `emailInIdToken: false` keeps the e-mail out of the ID token (userinfo only), as strict
 * providers do; true puts it in the ID token, as Google and LinkedIn do.
 */
export async function startOidcProvider(options: {
  client: { id: string; secret: string; redirectUri: string; authMethod: 'client_secret_basic' | 'client_secret_post' }
  accounts: Record<string, TestAccount>
  emailInIdToken: boolean
}): Promise<TestProvider> {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  let nextSubject: string | undefined

  const client: ClientMetadata = {
    client_id: options.client.id,
    client_secret: options.client.secret,
    redirect_uris: [options.client.redirectUri],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: options.client.authMethod,
  }

  const provider = new Provider(issuer, {
    clients: [client],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' }] },
    cookies: { keys: ['a cookie key of the test provider'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    conformIdTokenClaims: !options.emailInIdToken,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    async findAccount(_ctx, id) {
      const account = options.accounts[id]
      return account && { accountId: id, claims: async () => ({ sub: id, ...account }) }
    },
    // Consent is given at once: the grant covers what the client asks for.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        accountId: ctx.oidc.session!.accountId!,
        clientId: ctx.oidc.client!.clientId,
      })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  })
  const callback = provider.callback()

  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res)
    // The login page, answered at once with the account the test chose.
    void (async () => {
      await provider.interactionDetails(req, res)
      if (!nextSubject) throw new Error('signInAs() was not called')
      await provider.interactionFinished(req, res, { login: { accountId: nextSubject } }, { mergeWithLastSubmission: false })
    })().catch((error: unknown) => {
      res.statusCode = 500
      res.end(String(error))
    })
  })

  return {
    issuer,
    signInAs(subject) {
      nextSubject = subject
    },
    async authorize(authorizationUrl) {
      const jar = new Map<string, string>()
      let url = new URL(authorizationUrl)
      for (let hop = 0; hop < 10; hop++) {
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
        })
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';')
          const at = pair.indexOf('=')
          const name = pair.slice(0, at)
          const value = pair.slice(at + 1)
          if (value && !/expires=Thu, 01 Jan 1970/i.test(line)) jar.set(name, value)
          else jar.delete(name)
        }
        const location = response.headers.get('Location')
        if (!location) throw new Error(`The provider answered ${response.status} at ${url.pathname}: ${await response.text()}`)
        const next = new URL(location, url)
        if (`${next.origin}${next.pathname}` === options.client.redirectUri) return next
        url = next
      }
      throw new Error('Too many redirects at the provider')
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

import { and, eq, gt, isNull } from 'drizzle-orm'
import type { OAuthProvider } from '~contract/auth.ts'
import { oauthStates } from '../../db/schema.ts'
import type { Deps } from '../../deps.ts'
import type { Accounts } from './accounts.ts'
import type { OAuthClient } from './oauth.ts'
import { randomToken, sha256 } from '../../lib/crypto.ts'

/** How long a started sign-in may take to come back from the provider. */
export const signInStateTtlMs = 10 * 60_000

export type SocialSignIn = ReturnType<typeof createSocialSignIn>

/**
 * Sign-in with an OpenID Connect provider: each start is stored (hashed) with the browser
 * binding that started it, and is good for one finish, in time, from that browser.
 */
export function createSocialSignIn({ db, clock }: Pick<Deps, 'db' | 'clock'>, oauth: OAuthClient, accounts: Accounts) {
  return {
    /** The provider's authorization URL for a sign-in started by the browser holding `binding`. */
    async start(provider: OAuthProvider, redirectUri: string, binding: string): Promise<string> {
      const request = { state: randomToken(), nonce: randomToken(), codeVerifier: randomToken(), redirectUri }
      const authorizationUrl = await oauth.authorizationUrl(provider, request)
      const now = clock.now()
      await db.insert(oauthStates).values({
        stateHash: sha256(request.state),
        provider,
        codeVerifier: request.codeVerifier,
        nonce: request.nonce,
        redirectUri,
        bindingHash: sha256(binding),
        createdAt: now,
        expiresAt: new Date(now.getTime() + signInStateTtlMs),
      })
      return authorizationUrl
    },

    /**
     * The account the provider's code signs in to (made or linked as needed); undefined when the
     * state is unknown, used, expired, for another provider or from another browser.
     */
    async finish(
      provider: OAuthProvider,
      state: string,
      code: string,
      binding: string,
      origin: string,
    ): Promise<{ id: string; email: string } | undefined> {
      const now = clock.now()
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
      if (!started) return undefined
      const account = await oauth.exchange(provider, {
        code,
        codeVerifier: started.codeVerifier,
        redirectUri: started.redirectUri,
        nonce: started.nonce,
      })
      return accounts.socialUser(provider, account.subject, account.email, origin)
    },
  }
}

import { guestTokenPattern } from '~contract/auth.ts'
import type { SessionUser, Tokens } from './tokens.ts'

/**
 * Who a credential names. `refused`: a bad or expired access token, one whose sign-in has
 * ended, or a malformed guest token (the HTTP layer answers 401 token_not_valid).
 */
export type Identity = { kind: 'user'; user: SessionUser } | { kind: 'guest'; token: string } | { kind: 'none' } | { kind: 'refused' }

/**
 * Reads `Bearer <access>` or `Guest <token>` (spec section 6). Used by the HTTP middleware and
 * by the chat socket, which gets the same value in its first message.
 */
export async function identify(tokens: Tokens, authorization: string | undefined): Promise<Identity> {
  const match = /^(\w+) +(\S+)\s*$/.exec(authorization ?? '')
  if (!match) return { kind: 'none' }
  const scheme = match[1]!.toLowerCase()
  const value = match[2]!
  if (scheme === 'bearer') {
    const claims = await tokens.verifyAccess(value)
    const user = claims && (await tokens.sessionUser(claims))
    return user ? { kind: 'user', user } : { kind: 'refused' }
  }
  if (scheme === 'guest') return guestTokenPattern.test(value) ? { kind: 'guest', token: value } : { kind: 'refused' }
  return { kind: 'none' }
}

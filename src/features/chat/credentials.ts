import type { AuthFrame } from '~contract/chat.ts'
import { guestTokenCookie, guestTokenPattern } from '~contract/auth.ts'
import { authStore } from '@/features/auth'
import { callApi } from '@/lib/api-client'
import { readCookie, writeCookie } from '@/lib/cookies'

/** Refresh an access token this close to its expiry before using it. */
const EXPIRY_MARGIN_MS = 30_000

function expiresAt(token: string): number | undefined {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown }
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined
  } catch {
    return undefined
  }
}

/**
 * The guest cookie (spec section 6); made here when the server has not set it yet, in the
 * same shape the server makes: 16 letters and digits.
 */
export function guestToken(): string {
  const existing = readCookie(guestTokenCookie)
  if (existing && guestTokenPattern.test(existing)) return existing
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  const token = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')
  writeCookie(guestTokenCookie, token, 365 * 24 * 60 * 60)
  return token
}

/**
 * The first frame of the chat socket: the access token of a signed-in user, else the guest
 * token. An access token about to expire (or one the server just refused, `refresh`) is renewed
 * first through the API client, which refreshes on a 401 or signs out when it cannot.
 */
export async function chatCredentials({ refresh }: { refresh: boolean }): Promise<AuthFrame> {
  let token = authStore.accessToken()
  const expiry = token ? expiresAt(token) : undefined
  if (token && (refresh || (expiry !== undefined && expiry - Date.now() < EXPIRY_MARGIN_MS))) {
    const refused = token
    await callApi((api) => api.get('users/me')).catch(() => undefined)
    token = authStore.accessToken()
    // Still the refused token: the server will not take it; ask as a guest instead.
    if (refresh && token === refused) token = null
  }
  return token ? { type: 'auth', token } : { type: 'auth', guest: guestToken() }
}

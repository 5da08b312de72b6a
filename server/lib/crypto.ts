// Random tokens and the hash they are stored as: accounts, newsletter confirmations, rate-limit
// keys and chat owners all use these.
import { createHash, randomBytes } from 'node:crypto'

/** 256 random bits, URL-safe: refresh tokens, reset tokens, OAuth state and verifier. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url')

/** Tokens are stored only as this hash: a leaked table gives nobody a session. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

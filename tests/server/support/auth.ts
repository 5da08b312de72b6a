import { and, asc, eq } from 'drizzle-orm'
import type { Hono } from 'hono'
import * as v from 'valibot'
import { vi } from 'vitest'
import { userData, type UserData } from '~contract/auth.ts'
import { outbox } from '../../../server/db/schema.ts'
import { createTokens } from '../../../server/services/accounts/tokens.ts'
import type { DbSuite } from './db.ts'
import { postJson } from './http.ts'

let counter = 0
/** A fresh address per call, so tests in one suite never collide. */
export const newEmail = (name = 'user') => `${name}-${++counter}-${Date.now().toString(36)}@example.org`

export const goodPassword = 'correct horse battery staple'

/** Registers and answers the user data (fails the test on anything but 201). */
export async function registerUser(app: Hono, email = newEmail(), password = goodPassword): Promise<UserData> {
  const response = await postJson(app, '/api/users/register', { email, password })
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${await response.text()}`)
  return v.parse(userData, await response.json())
}

export const bearer = (access: string) => ({ Authorization: `Bearer ${access}` })

/** Any method with a JSON body (or none) and extra headers. */
export function send(app: Hono, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

/** The Set-Cookie value of one cookie (name=value only), or undefined. */
export function cookieFrom(response: Response, name: string): string | undefined {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';')
    if (pair?.startsWith(`${name}=`)) return pair.slice(name.length + 1)
  }
  return undefined
}

export const setCookieLine = (response: Response, name: string) => response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`))

/** Tokens for a user made directly in the database (e.g. a social-only account). */
export async function signedIn(suite: DbSuite, user: { id: string; email: string }): Promise<UserData> {
  const tokens = createTokens({ db: suite.db, clock: suite.clock, config: suite.config, log: suite.log })
  return { email: user.email, ...(await tokens.issue(user)) }
}

/** The token of the newest link mailed to `email` with this subject (kept in the outbox table). */
export async function mailedToken(suite: DbSuite, email: string, subject = 'Confirm your Waypoint e-mail address') {
  return vi.waitFor(async () => {
    const mails = await suite.db
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.subject, subject)))
      .orderBy(asc(outbox.createdAt))
    const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.body ?? '')?.[1]
    if (!token) throw new Error(`no "${subject}" mail to ${email} yet`)
    return token
  })
}

/** Opens the confirmation link mailed to `email` after sign-up. */
export async function confirmAddress(app: Hono, suite: DbSuite, email: string) {
  const response = await postJson(app, '/api/users/verify-email', { token: await mailedToken(suite, email) })
  if (response.status !== 200) throw new Error(`verify-email answered ${response.status}: ${await response.text()}`)
}

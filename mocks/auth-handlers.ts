import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import {
  authErrorCodes,
  authMessages,
  authMessagesVerify,
  oauthMessages,
  oauthProviderNames,
  type OAuthProvider,
  changePasswordRequest,
  loginRequest,
  registerRequest,
  resetEmailRequest,
  resetPasswordRequest,
  updateMeRequest,
  verifyEmailRequest,
} from '~contract/auth.ts'
import { fieldErrors } from './field-errors'

type MockUser = {
  id: string
  email: string
  password: string | null
  createdAt: string
  verified?: boolean
  pendingEmail?: string | null
}

/** Tokens are opaque strings here; the real server signs JWTs. */
const tokenFor = (kind: 'access' | 'refresh', user: MockUser, serial: number) => `${kind}.${user.id}.${serial}`

/**
 * An in-memory account service with the real API's shapes and messages. `users` is exposed so
 * tests can seed an account; `expireAccess()` makes the next Bearer call answer 401.
 */
export function createMockAccounts() {
  const users = new Map<string, MockUser>()
  const access = new Map<string, string>()
  const refresh = new Map<string, string>()
  let serial = 0

  const issue = (user: MockUser) => {
    serial += 1
    const tokens = { access: tokenFor('access', user, serial), refresh: tokenFor('refresh', user, serial) }
    access.set(tokens.access, user.id)
    refresh.set(tokens.refresh, user.id)
    return tokens
  }

  const userFrom = (request: Request) => {
    const header = request.headers.get('Authorization') ?? ''
    const id = header.startsWith('Bearer ') ? access.get(header.slice(7)) : undefined
    return id ? [...users.values()].find((user) => user.id === id) : undefined
  }

  const unauthorized = () => HttpResponse.json({ detail: authMessages.tokenNotValid, code: authErrorCodes.tokenNotValid }, { status: 401 })

  const addUser = (email: string, password: string | null) => {
    const user = { id: `user-${users.size + 1}`, email, password, createdAt: '2026-11-01T10:00:00.000Z' }
    users.set(email, user)
    return user
  }

  const me = (user: MockUser) => ({
    id: user.id,
    email: user.email,
    created_at: user.createdAt,
    plan: 'free' as const,
    providers: user.password ? ['password'] : ['google-oauth2'],
    has_password: user.password !== null,
    email_verified: user.verified ?? false,
    pending_email: user.pendingEmail ?? null,
  })

  const handlers = [
    http.post('*/api/users/register', async ({ request }) => {
      const parsed = v.safeParse(registerRequest, await request.json())
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      if (users.has(parsed.output.email)) return HttpResponse.json({ email: [authMessages.emailTaken] }, { status: 400 })
      const user = addUser(parsed.output.email, parsed.output.password)
      return HttpResponse.json({ email: user.email, ...issue(user) }, { status: 201 })
    }),

    http.post('*/api/users/login', async ({ request }) => {
      const parsed = v.safeParse(loginRequest, await request.json())
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      const user = users.get(parsed.output.email)
      if (!user || user.password !== parsed.output.password) {
        return HttpResponse.json({ detail: authMessages.invalidCredentials }, { status: 401 })
      }
      return HttpResponse.json({ email: user.email, ...issue(user) })
    }),

    http.post('*/api/users/refresh', async ({ request }) => {
      const body = (await request.json()) as { refresh?: string }
      const id = body.refresh ? refresh.get(body.refresh) : undefined
      const user = id ? [...users.values()].find((candidate) => candidate.id === id) : undefined
      if (!user || !body.refresh) return unauthorized()
      refresh.delete(body.refresh)
      return HttpResponse.json(issue(user))
    }),

    http.post('*/api/users/logout', async ({ request }) => {
      const body = (await request.json()) as { refresh?: string }
      if (body.refresh) refresh.delete(body.refresh)
      return new HttpResponse(null, { status: 204 })
    }),

    http.post('*/api/users/request-reset-password-email', async ({ request }) => {
      const parsed = v.safeParse(resetEmailRequest, await request.json())
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      return HttpResponse.json({ detail: authMessages.resetEmailSent })
    }),

    http.post('*/api/users/reset-password-by-email', async ({ request }) => {
      const parsed = v.safeParse(resetPasswordRequest, await request.json())
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      // In the mock, a reset token is `reset-<email>`.
      const email = parsed.output.token.startsWith('reset-') ? parsed.output.token.slice(6) : ''
      const user = users.get(email)
      if (!user) {
        return HttpResponse.json({ token: ['This reset link has expired or was already used. Ask for a new one.'] }, { status: 400 })
      }
      user.password = parsed.output.password
      return HttpResponse.json({ detail: authMessages.passwordReset })
    }),

    http.get('*/api/users/me', ({ request }) => {
      const user = userFrom(request)
      return user ? HttpResponse.json(me(user)) : unauthorized()
    }),

    http.patch('*/api/users/me', async ({ request }) => {
      const user = userFrom(request)
      if (!user) return unauthorized()
      const parsed = v.safeParse(updateMeRequest, await request.json())
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      if (user.password && parsed.output.current_password !== user.password) {
        return HttpResponse.json({ current_password: ['Your current password is not correct.'] }, { status: 400 })
      }
      // As the server: the change waits for the link mailed to the new address, taken or not.
      user.pendingEmail = parsed.output.email === user.email ? null : parsed.output.email
      return HttpResponse.json(me(user))
    }),

    http.post('*/api/users/me/verify-email', ({ request }) => {
      const user = userFrom(request)
      if (!user) return unauthorized()
      if (user.verified) return HttpResponse.json({ detail: authMessagesVerify.alreadyVerified })
      return HttpResponse.json({ detail: authMessagesVerify.linkSent(user.email) })
    }),

    http.post('*/api/users/verify-email', async ({ request }) => {
      const parsed = v.safeParse(verifyEmailRequest, await request.json())
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      // In the mock, a confirmation token is `verify-<email>`.
      const email = parsed.output.token.startsWith('verify-') ? parsed.output.token.slice(7) : ''
      const user = users.get(email)
      if (!user || user.verified) return HttpResponse.json({ token: [authMessagesVerify.linkInvalid] }, { status: 400 })
      user.verified = true
      return HttpResponse.json({ detail: authMessagesVerify.verified, email: user.email })
    }),

    http.post('*/api/users/me/password', async ({ request }) => {
      const user = userFrom(request)
      if (!user) return unauthorized()
      const parsed = v.safeParse(changePasswordRequest, await request.json())
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      if (user.password && parsed.output.current_password !== user.password) {
        return HttpResponse.json({ current_password: ['Your current password is not correct.'] }, { status: 400 })
      }
      user.password = parsed.output.new_password
      return new HttpResponse(null, { status: 204 })
    }),

    http.get('*/api/users/me/export', ({ request }) => {
      const user = userFrom(request)
      if (!user) return unauthorized()
      return HttpResponse.json(
        {
          exported_at: new Date().toISOString(),
          account: me(user),
          identities: [],
          sessions: [],
          password_resets: [],
          newsletter_subscriptions: [],
          contact_messages: [],
          chat_messages: [],
          playlist: [],
          listening_positions: [],
          resumes: [],
          cover_letters: [],
        },
        { headers: { 'Content-Disposition': 'attachment; filename="waypoint-export.json"' } },
      )
    }),

    http.delete('*/api/users/me', ({ request }) => {
      const user = userFrom(request)
      if (!user) return unauthorized()
      users.delete(user.email)
      return new HttpResponse(null, { status: 204 })
    }),

    http.get('*/api/auth/providers', () =>
      HttpResponse.json(
        (Object.keys(oauthProviderNames) as OAuthProvider[]).map((provider) => ({
          provider,
          name: oauthProviderNames[provider],
          configured: false,
        })),
      ),
    ),

    http.get('*/api/auth/o/:provider/', ({ params }) =>
      HttpResponse.json({ detail: oauthMessages.notConfigured(params.provider as OAuthProvider) }, { status: 503 }),
    ),
  ]

  return {
    handlers,
    addUser,
    /** The signed-in user a request's Bearer token belongs to (for other features' mocks). */
    userFrom,
    /** Every access token issued so far stops working (as after 15 minutes). */
    expireAccess: () => access.clear(),
  }
}

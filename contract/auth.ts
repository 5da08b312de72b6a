import * as v from 'valibot'
import { emailField, normalisedEmail } from './common.ts'

/** Spec sections 5 and 9. */
export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 128

export const authMessages = {
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordBlank: 'Password cannot be only spaces',
  confirmRequired: 'Confirm Password is required',
  passwordsMustMatch: 'Passwords must match',
  /** Spec section 8: the forgot-password success dialog, 3 seconds. */
  resetEmailSent: 'We have sent you an email with the password reset link.',
  emailTaken: 'An account with this email already exists. Sign in instead, or reset your password.',
  invalidCredentials: 'No active account found with the given credentials',
  commonPassword: 'This password is too common. Choose one that is harder to guess.',
  /** 400 {"current_password": [...]} on PATCH /users/me and POST /users/me/password. */
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'Your current password is not correct.',
  /** 400 {"token": [...]} on POST /users/reset-password-by-email. */
  resetTokenInvalid: 'This reset link has expired or was already used. Ask for a new one.',
  /** 200 {"detail"} of POST /users/reset-password-by-email. */
  passwordReset: 'Your password has been changed. Sign in with your new password.',
  /** 401 with code token_not_valid: a bad or expired access or refresh token. */
  tokenNotValid: 'Token is invalid or expired',
  /** 401 with code not_authenticated: no Authorization header where one is needed. */
  notAuthenticated: 'Authentication credentials were not provided.',
  /** 503 {"detail"} (Retry-After) when too much password checking is already under way. */
  passwordWorkBusy: 'Too many people are signing in right now. Try again in a few seconds.',
} as const

/** E-mail verification (issue 19). */
export const authMessagesVerify = {
  linkInvalid: 'This confirmation link has expired or was already used. Ask for a new one from your dashboard.',
  addressTaken: 'This address now belongs to another account, so your address was not changed.',
  verified: 'Your e-mail address is confirmed.',
  changed: (email: string) => `Your e-mail address is now ${email}.`,
  linkSent: (email: string) => `We have sent a confirmation link to ${email}.`,
  alreadyVerified: 'Your e-mail address is already confirmed.',
  changeRequested: (email: string) => `We have sent a link to ${email}. Your address changes when you open it.`,
} as const

/** The `code` of a 401 body. */
export const authErrorCodes = { tokenNotValid: 'token_not_valid', notAuthenticated: 'not_authenticated' } as const

const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
}

/** 429 {"detail"} (with a Retry-After header in seconds) per rate-limited action. */
export const rateLimitMessages = {
  signIn: (retryAfterSeconds: number) => `Too many sign-in attempts. Try again in ${inMinutes(retryAfterSeconds)}.`,
  signUp: (retryAfterSeconds: number) => `Too many sign-up attempts. Try again in ${inMinutes(retryAfterSeconds)}.`,
  reset: (retryAfterSeconds: number) => `Too many password reset requests. Try again in ${inMinutes(retryAfterSeconds)}.`,
  subscribe: (retryAfterSeconds: number) => `Too many subscription attempts. Try again in ${inMinutes(retryAfterSeconds)}.`,
  verification: (retryAfterSeconds: number) => `Too many confirmation e-mails. Try again in ${inMinutes(retryAfterSeconds)}.`,
  passwordChange: (retryAfterSeconds: number) => `Too many password changes. Try again in ${inMinutes(retryAfterSeconds)}.`,
  contact: (retryAfterSeconds: number) => `Too many messages. Try again in ${inMinutes(retryAfterSeconds)}.`,
  documentWrites: (retryAfterSeconds: number) =>
    `You are saving faster than we can keep up with. Your work is kept on this device; try saving again in ${inMinutes(retryAfterSeconds)}.`,
} as const

/** A new password: the spec's rules. (The server also refuses the most common passwords.) */
export const newPassword = v.pipe(
  v.string(authMessages.passwordRequired),
  v.nonEmpty(authMessages.passwordRequired),
  v.minLength(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort),
  v.maxLength(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong),
  v.check((password) => password.trim() !== '', authMessages.passwordBlank),
)

/** A password being presented (sign-in, confirming a change): only required. */
export const presentedPassword = v.pipe(
  v.string(authMessages.passwordRequired),
  v.nonEmpty(authMessages.passwordRequired),
  v.maxLength(1024, authMessages.passwordTooLong),
)

/** POST /api/users/register → 201 userData; 400 {"email": [emailTaken]} */
export const registerRequest = v.object({ email: normalisedEmail, password: newPassword })
export type RegisterRequest = v.InferInput<typeof registerRequest>

/** POST /api/users/login → 200 userData; 401 {"detail": invalidCredentials} */
export const loginRequest = v.object({
  email: normalisedEmail,
  password: presentedPassword,
  /** The page the user signed in from (spec section 7); kept for the sign-in record only. */
  path: v.optional(v.pipe(v.string(), v.maxLength(2048))),
})
export type LoginRequest = v.InferInput<typeof loginRequest>

/** The spec's user data: register 201, login 200, social POST 200. */
export const userData = v.object({ email: v.string(), access: v.string(), refresh: v.string() })
export type UserData = v.InferOutput<typeof userData>

/** POST /api/users/refresh → 200 {access, refresh} (rotated); 401 token_not_valid */
export const refreshRequest = v.object({ refresh: v.pipe(v.string(), v.nonEmpty(), v.maxLength(512)) })
export const refreshResponse = v.object({ access: v.string(), refresh: v.string() })
export type RefreshResponse = v.InferOutput<typeof refreshResponse>

/** POST /api/users/logout → 204 */
export const logoutRequest = refreshRequest

/** POST /api/users/request-reset-password-email → always 200 {detail: resetEmailSent} */
export const resetEmailRequest = v.object({ email: emailField })

/** POST /api/users/reset-password-by-email → 200 {detail}; 400 {"token": [...]} when expired/used/unknown */
export const resetPasswordRequest = v.object({
  token: v.pipe(v.string('The reset link is not valid.'), v.nonEmpty('The reset link is not valid.'), v.maxLength(512)),
  password: newPassword,
})

/** 200 of POST /api/users/reset-password-by-email and of POST /api/users/request-reset-password-email. */
export const detailResponse = v.object({ detail: v.string() })

export const oauthProviders = ['google-oauth2', 'linkedin-oauth2'] as const
export type OAuthProvider = (typeof oauthProviders)[number]

export const oauthProviderNames: Record<OAuthProvider, string> = {
  'google-oauth2': 'Google',
  'linkedin-oauth2': 'LinkedIn',
}

/** The SPA's return page; redirect_uri must be this path on the site's own origin. */
export const socialRedirectPath = '/userauth/socialredirect'

export const oauthMessages = {
  unknownProvider: 'Unknown sign-in provider.',
  notConfigured: (provider: OAuthProvider) => `Sign-in with ${oauthProviderNames[provider]} is not configured on this server.`,
  unavailable: (provider: OAuthProvider) => `Sign-in with ${oauthProviderNames[provider]} is not available right now. Please try again later.`,
  redirectUriInvalid: `redirect_uri must be this site's ${socialRedirectPath} page.`,
  /** Wrong, expired, replayed state, or a state started in another browser. */
  stateInvalid: 'This sign-in attempt has expired or was already used. Please start again.',
  /** The provider refused the code (e.g. a replayed code) or answered nonsense. */
  exchangeFailed: (provider: OAuthProvider) => `Sign-in with ${oauthProviderNames[provider]} did not complete. Please start again.`,
  emailNotVerified: (provider: OAuthProvider) =>
    `Your ${oauthProviderNames[provider]} account has no verified e-mail address. ` + 'Verify it there, or sign up with e-mail and password.',
} as const

/** GET /api/auth/o/{provider}/?redirect_uri= */
export const oauthAuthorizeQuery = v.object({
  redirect_uri: v.pipe(v.string('redirect_uri is required'), v.nonEmpty('redirect_uri is required'), v.maxLength(2048)),
})

/** GET /api/auth/o/{provider}/?redirect_uri= → {authorization_url}; 503 {detail} when not configured */
export const oauthAuthorizeResponse = v.object({ authorization_url: v.string() })

/** POST /api/auth/o/{provider}/?state=&code= → 200 userData; 400 {detail} */
export const oauthCallbackQuery = v.object({
  state: v.pipe(v.string('state is required'), v.nonEmpty('state is required'), v.maxLength(512)),
  code: v.pipe(v.string('code is required'), v.nonEmpty('code is required'), v.maxLength(4096)),
})

/** GET /api/auth/providers: which social sign-in buttons work on this server. */
export const oauthProvidersResponse = v.array(v.object({ provider: v.picklist(oauthProviders), name: v.string(), configured: v.boolean() }))
export type OAuthProviderStatus = v.InferOutput<typeof oauthProvidersResponse>[number]

/** GET /api/users/me */
export const meResponse = v.object({
  id: v.string(),
  email: v.string(),
  created_at: v.string(),
  plan: v.literal('free'),
  providers: v.array(v.picklist(['password', ...oauthProviders])),
  has_password: v.boolean(),
  /** Whether the owner of `email` has proven it (the link we mailed, or a provider's verified e-mail). */
  email_verified: v.boolean(),
  /** A new address asked for with PATCH: it replaces `email` when the link mailed to it is opened. */
  pending_email: v.nullable(v.string()),
})
export type Me = v.InferOutput<typeof meResponse>

/**
 * PATCH /api/users/me {email, current_password?} → 200 Me with `pending_email`: the address
 * changes when the link mailed to the new address is opened. The answer is the same whether or
 * not the address has an account (the mail to it says). current_password is needed when the
 * account has a password: 400 {"current_password": [...]}.
 */
export const updateMeRequest = v.object({ email: normalisedEmail, current_password: v.optional(presentedPassword) })

/** POST /api/users/verify-email {token} (the link /verify-email?token= mailed) → 200 {detail, email}; 400 {"token": [...]} */
export const verifyEmailRequest = v.object({
  token: v.pipe(v.string(authMessagesVerify.linkInvalid), v.nonEmpty(authMessagesVerify.linkInvalid), v.maxLength(512)),
})
export const verifyEmailResponse = v.object({ detail: v.string(), email: v.string() })
export type VerifyEmailResponse = v.InferOutput<typeof verifyEmailResponse>

/** POST /api/users/me/verify-email → 200 {detail}: mails a new link (429 when asked too often). */

/** POST /api/users/me/password → 204; 400 {"current_password": ["Your current password is not correct."]} */
export const changePasswordRequest = v.object({ current_password: v.optional(presentedPassword), new_password: newPassword })

/** GET /api/auth/whoami: who the Authorization header names (Bearer or Guest). */
export const whoamiResponse = v.variant('kind', [
  v.object({ kind: v.literal('user'), id: v.string(), email: v.string() }),
  v.object({ kind: v.literal('guest'), guest_token: v.string() }),
])
export type Whoami = v.InferOutput<typeof whoamiResponse>

/** The guest cookie (spec sections 6 and 9), sent back as `Authorization: Guest {token}`. */
export const guestTokenCookie = 'guest_token'
export const guestTokenPattern = /^[A-Za-z0-9]{16}$/

/** GET /api/users/me/export, downloaded as waypoint-export.json. Times are ISO 8601 strings. */
const savedDocument = v.object({
  id: v.string(),
  title: v.string(),
  template: v.string(),
  data: v.unknown(),
  version: v.number(),
  updated_at: v.string(),
})

export const accountExport = v.object({
  exported_at: v.string(),
  account: v.object({
    id: v.string(),
    email: v.string(),
    created_at: v.string(),
    updated_at: v.string(),
    has_password: v.boolean(),
    plan: v.literal('free'),
    email_verified: v.boolean(),
    /** Addresses the account changed from: what is kept under them is part of the export too. */
    earlier_emails: v.array(v.string()),
  }),
  /** Mail kept for the account's addresses (the outbox, without SMTP): to whom, the subject and when; bodies hold links, so they stay out. */
  stored_mails: v.array(v.object({ to: v.string(), subject: v.string(), kept_at: v.string() })),
  identities: v.array(v.object({ provider: v.string(), subject: v.string(), email: v.string(), linked_at: v.string() })),
  sessions: v.array(
    v.object({
      started_at: v.string(),
      last_refreshed_at: v.string(),
      expires_at: v.string(),
      status: v.picklist(['active', 'signed_out', 'expired']),
    }),
  ),
  password_resets: v.array(v.object({ requested_at: v.string(), expires_at: v.string(), used_at: v.nullable(v.string()) })),
  newsletter_subscriptions: v.array(v.object({ email: v.string(), subscribed_at: v.string(), confirmed_at: v.nullable(v.string()) })),
  contact_messages: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      email: v.string(),
      topic: v.string(),
      message: v.string(),
      sent_at: v.string(),
    }),
  ),
  /** The conversation with the career assistant: questions and answers with their sources. */
  chat_messages: v.array(
    v.object({
      role: v.picklist(['user', 'assistant']),
      text: v.string(),
      sources: v.array(v.object({ title: v.string(), url: v.string() })),
      sent_at: v.string(),
    }),
  ),
  /** The audio playlist, in order, and where the listener stopped in each narration. */
  playlist: v.array(v.object({ audio_id: v.string(), title: v.string(), added_at: v.string() })),
  listening_positions: v.array(v.object({ audio_id: v.string(), position: v.number(), updated_at: v.string() })),
  /** Resumes and cover letters saved to the account, whole (drafts in the browser are not ours). */
  resumes: v.array(savedDocument),
  cover_letters: v.array(savedDocument),
})
export type AccountExport = v.InferOutput<typeof accountExport>

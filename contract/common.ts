import * as v from 'valibot'

/** Messages of the product spec, section 5. */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
} as const

/** An e-mail address as a user types it: trimmed, then checked. */
export const emailField = v.pipe(
  v.string(messages.emailRequired),
  v.trim(),
  v.nonEmpty(messages.emailRequired),
  v.maxLength(254, 'Email must be at most 254 characters'),
  v.email(messages.emailInvalid),
)

/** The stored form of an address: trimmed and lower-cased, so one person is one row. */
export const normalisedEmail = v.pipe(emailField, v.toLowerCase())

/** 400: field errors, `{"field": ["message", ...]}`. */
export type FieldErrors = Record<string, string[]>

/** 401, 403, 404, 409, 413, 429 and a non-field 400: `{"detail": "..."}`. */
export const detailError = v.object({ detail: v.string(), code: v.optional(v.string()) })
export type DetailError = v.InferOutput<typeof detailError>

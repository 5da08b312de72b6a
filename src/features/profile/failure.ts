import { ApiError } from '@/lib/api-client'

const sessionEnded = 'Your session has ended. Sign in again to continue.'

/** A failed account call as one ApiError; a 401 here means the refresh failed too. */
export function toFailure(error: unknown, fallback: string): ApiError {
  if (!(error instanceof ApiError)) return new ApiError(0, fallback)
  if (error.status === 401) return new ApiError(401, sessionEnded)
  return error
}

/**
 * Hands each of the server's field errors to `show` when the form has that field, and
 * returns the message nothing else shows (other fields' errors or the detail), if any.
 */
export function placeFieldErrors<Name extends string>(
  error: ApiError,
  fields: readonly Name[],
  show: (field: Name, message: string) => void,
): string | null {
  let shown = false
  for (const field of fields) {
    const message = error.field(field)
    if (!message) continue
    show(field, message)
    shown = true
  }
  const others = Object.entries(error.fieldErrors)
    .filter(([name]) => !(fields as readonly string[]).includes(name))
    .flatMap(([, messages]) => messages)
  if (others.length > 0) return others.join(' ')
  return shown ? null : error.detail
}

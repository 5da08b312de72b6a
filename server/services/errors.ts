import type { FieldErrors } from '~contract/common.ts'

/** What was wrong with each field of a request, in the contract's words. */
export class FieldError extends Error {
  constructor(readonly fields: FieldErrors) {
    super('Invalid fields')
  }
}

/**
 * Why a service refuses a request, in the domain's terms. The HTTP layer gives each kind its
 * status in its one error handler; services never speak HTTP themselves.
 */
export type RefusalKind =
  /** The request cannot be done as asked (an unknown currency, a full playlist). */
  | 'invalid'
  | 'not-found'
  /** It clashes with what is stored (the track is already in the playlist). */
  | 'conflict'
  /** Too many requests of this kind: the caller may try again after `retryAfterSeconds`. */
  | 'rate-limited'
  /** This process has no room for the work now: the caller may try again after `retryAfterSeconds`. */
  | 'busy'

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }
}

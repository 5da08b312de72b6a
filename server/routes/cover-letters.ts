import type { MiddlewareHandler } from 'hono'
import type { RateLimit } from '../config.ts'
import type { RateLimiter } from '../services/rate-limit.ts'
import { coverLetterMessages, createCoverLetterRequest, updateCoverLetterRequest } from '~contract/cover-letter.ts'
import type { AuthEnv } from '../http/auth.ts'
import type { CoverLetters } from '../services/cover-letters.ts'
import { ownedDocumentRoutes } from './owned-documents.ts'

/** CRUD /api/cover-letters: signed-in owners only; PUT carries the version it was based on. */
export function coverLetterRoutes({
  coverLetters,
  requireUser,
  limiter,
  writesPerAccount,
}: {
  coverLetters: CoverLetters
  requireUser: MiddlewareHandler<AuthEnv>
  limiter: RateLimiter
  writesPerAccount: RateLimit
}) {
  return ownedDocumentRoutes({
    documents: coverLetters,
    requireUser,
    create: createCoverLetterRequest,
    update: updateCoverLetterRequest,
    messages: coverLetterMessages,
    limiter,
    writesPerAccount,
  })
}

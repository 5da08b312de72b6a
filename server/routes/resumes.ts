import type { MiddlewareHandler } from 'hono'
import type { RateLimit } from '../config.ts'
import type { RateLimiter } from '../services/rate-limit.ts'
import { createResumeRequest, resumeMessages, updateResumeRequest } from '~contract/resume.ts'
import type { AuthEnv } from '../http/auth.ts'
import type { Resumes } from '../services/resumes.ts'
import { ownedDocumentRoutes } from './owned-documents.ts'

/** CRUD /api/resumes: signed-in owners only; PUT carries the version it was based on. */
export function resumeRoutes({
  resumes,
  requireUser,
  limiter,
  writesPerAccount,
}: {
  resumes: Resumes
  requireUser: MiddlewareHandler<AuthEnv>
  limiter: RateLimiter
  writesPerAccount: RateLimit
}) {
  return ownedDocumentRoutes({
    documents: resumes,
    requireUser,
    create: createResumeRequest,
    update: updateResumeRequest,
    messages: resumeMessages,
    limiter,
    writesPerAccount,
  })
}

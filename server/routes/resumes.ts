import { createResumeRequest, resumeMessages, updateResumeRequest } from '~contract/resume.ts'
import type { RouteContext } from './context.ts'
import { ownedDocumentRoutes } from './owned-documents.ts'

/** CRUD /api/resumes: signed-in owners only; PUT carries the version it was based on. */
export function resumeRoutes(ctx: RouteContext) {
  return ownedDocumentRoutes(ctx, {
    documents: ctx.services.resumes,
    create: createResumeRequest,
    update: updateResumeRequest,
    messages: resumeMessages,
  })
}

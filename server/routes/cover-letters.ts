import { coverLetterMessages, createCoverLetterRequest, updateCoverLetterRequest } from '~contract/cover-letter.ts'
import type { RouteContext } from './context.ts'
import { ownedDocumentRoutes } from './owned-documents.ts'

/** CRUD /api/cover-letters: signed-in owners only; PUT carries the version it was based on. */
export function coverLetterRoutes(ctx: RouteContext) {
  return ownedDocumentRoutes(ctx, {
    documents: ctx.services.coverLetters,
    create: createCoverLetterRequest,
    update: updateCoverLetterRequest,
    messages: coverLetterMessages,
  })
}

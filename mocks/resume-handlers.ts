import { createResumeRequest, resumeMessages, updateResumeRequest } from '~contract/resume.ts'
import type { createMockAccounts } from './auth-handlers'
import { createOwnedDocumentHandlers } from './owned-document-handlers'

/** CRUD /api/resumes in memory, with the real API's rules: owner-only, 409 with the server copy on a stale version. */
export function createResumeHandlers(accounts: ReturnType<typeof createMockAccounts>) {
  return createOwnedDocumentHandlers(accounts, {
    collection: 'resumes',
    create: createResumeRequest,
    update: updateResumeRequest,
    messages: resumeMessages,
  })
}

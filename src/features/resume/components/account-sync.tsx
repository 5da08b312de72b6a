import { DocumentSync } from '@/features/documents'
import { SignInToSave, useAuth } from '@/features/auth'
import { draftStore, resumeKind } from '../draft-store'
import type { ResumeDraft } from '../model'

/** Saving to the account: gated for guests (loginfrom=resume). */
export function AccountSync({ draft }: { draft: ResumeDraft }) {
  const signedIn = useAuth((state) => state.userData !== null)
  if (!signedIn) return <SignInToSave loginfrom="resume" what="resume" />
  return (
    <div>
      <SignInToSave loginfrom="resume" what="resume" />
      <DocumentSync kind={resumeKind} store={draftStore} draft={draft} />
    </div>
  )
}

import { DocumentSync } from '@/features/documents'
import { SignInToSave, useAuth } from '@/features/auth'
import { coverLetterKind, coverLetterStore, type CoverLetterDraft } from '../draft-store'

/** Saving to the account: gated for guests (loginfrom=cover). */
export function AccountSync({ draft }: { draft: CoverLetterDraft }) {
  const signedIn = useAuth((state) => state.userData !== null)
  if (!signedIn) return <SignInToSave loginfrom="cover" what="cover letter" />
  return (
    <div>
      <SignInToSave loginfrom="cover" what="cover letter" />
      <DocumentSync kind={coverLetterKind} store={coverLetterStore} draft={draft} />
    </div>
  )
}

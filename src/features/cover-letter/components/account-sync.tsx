import type { CoverLetterData } from '~contract/cover-letter.ts'
import { DocumentSync } from '@/components/builder/document-sync'
import { SignInToSave, useAuth } from '@/features/auth'
import { coverLetterStore, type CoverLetterDraft } from '../draft-store'

const templateOf = (data: CoverLetterData) => data.design.template

/** Saving to the account: gated for guests (loginfrom=cover). */
export function AccountSync({ draft }: { draft: CoverLetterDraft }) {
  const signedIn = useAuth((state) => state.userData !== null)
  if (!signedIn) return <SignInToSave loginfrom="cover" what="cover letter" />
  return (
    <div>
      <SignInToSave loginfrom="cover" what="cover letter" />
      <DocumentSync collection="cover-letters" noun="cover letter" defaultTitle="My cover letter" store={coverLetterStore} draft={draft} template={templateOf} />
    </div>
  )
}

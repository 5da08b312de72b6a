import { DocumentSync } from '@/components/builder/document-sync'
import { SignInToSave, useAuth } from '@/features/auth'
import { draftStore } from '../draft-store'
import type { ResumeData } from '~contract/resume.ts'
import type { ResumeDraft } from '../model'

const templateOf = (data: ResumeData) => data.design.template

/** Saving to the account: gated for guests (loginfrom=resume). */
export function AccountSync({ draft }: { draft: ResumeDraft }) {
  const signedIn = useAuth((state) => state.userData !== null)
  if (!signedIn) return <SignInToSave loginfrom="resume" what="resume" />
  return (
    <div>
      <SignInToSave loginfrom="resume" what="resume" />
      <DocumentSync collection="resumes" noun="resume" defaultTitle="My resume" store={draftStore} draft={draft} template={templateOf} />
    </div>
  )
}

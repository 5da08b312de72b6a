import { OpenFromAccount } from '@/features/documents'
import { useAuth, useGate } from '@/features/auth'
import { coverLetterKind, coverLetterStore, getCoverLetter } from '../draft-store'

/** `/coverletter?open=<id>`: a cover letter saved to the account becomes the current draft. */
export function OpenSavedCoverLetter({ id }: { id: string | undefined }) {
  const signedIn = useAuth((state) => state.userData !== null)
  const gate = useGate()
  return (
    <OpenFromAccount
      id={id}
      noun={coverLetterKind.noun}
      signedIn={signedIn}
      signIn={() => gate('cover')}
      fetchCopy={getCoverLetter}
      store={coverLetterStore}
    />
  )
}

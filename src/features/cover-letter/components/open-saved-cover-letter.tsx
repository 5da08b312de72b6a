import { OpenFromAccount } from '@/components/builder/open-from-account'
import { useAuth, useGate } from '@/features/auth'
import { getCoverLetter } from '../api/get-cover-letter'
import { coverLetterStore } from '../draft-store'

/** `/coverletter?open=<id>`: a cover letter saved to the account becomes the current draft. */
export function OpenSavedCoverLetter({ id }: { id: string | undefined }) {
  const signedIn = useAuth((state) => state.userData !== null)
  const gate = useGate()
  return <OpenFromAccount id={id} noun="cover letter" signedIn={signedIn} signIn={() => gate('cover')} fetchCopy={getCoverLetter} store={coverLetterStore} />
}

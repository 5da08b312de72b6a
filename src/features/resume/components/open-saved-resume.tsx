import { OpenFromAccount } from '@/features/documents'
import { useAuth, useGate } from '@/features/auth'
import { draftStore, getResume, resumeKind } from '../draft-store'

/** `/resume?open=<id>`: a resume saved to the account becomes the current draft. */
export function OpenSavedResume({ id }: { id: string | undefined }) {
  const signedIn = useAuth((state) => state.userData !== null)
  const gate = useGate()
  return <OpenFromAccount id={id} noun={resumeKind.noun} signedIn={signedIn} signIn={() => gate('resume')} fetchCopy={getResume} store={draftStore} />
}

import { OpenFromAccount } from '@/components/builder/open-from-account'
import { useAuth, useGate } from '@/features/auth'
import { getResume } from '../api/get-resume'
import { draftStore } from '../draft-store'

/** `/resume?open=<id>`: a resume saved to the account becomes the current draft. */
export function OpenSavedResume({ id }: { id: string | undefined }) {
  const signedIn = useAuth((state) => state.userData !== null)
  const gate = useGate()
  return <OpenFromAccount id={id} noun="resume" signedIn={signedIn} signIn={() => gate('resume')} fetchCopy={getResume} store={draftStore} />
}

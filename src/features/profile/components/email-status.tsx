import { useState } from 'react'
import { authMessagesVerify, type Me } from '~contract/auth.ts'
import { Button } from '@/components/button/button'
import { useResendVerification } from '@/features/auth'
import { toFailure } from '../failure'
import { FailureAlert, StatusMessage } from './messages'
import styles from './dashboard.module.css'

/** Whether the address is confirmed; while it is not, the confirmation link can be sent again. */
export function EmailStatus({ me }: { me: Me }) {
  const resend = useResendVerification()
  const [sent, setSent] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  return (
    <div className={styles.emailStatus}>
      <p>{me.email_verified ? 'Confirmed' : 'Not confirmed yet: open the link we sent to this address.'}</p>
      {me.pending_email ? <p>{authMessagesVerify.changeRequested(me.pending_email)}</p> : null}
      {me.email_verified ? null : (
        <Button
          variant="secondary"
          loading={resend.isPending}
          onClick={() => {
            setSent(null)
            setFailure(null)
            resend.mutate(undefined, {
              onSuccess: (answer) => setSent(answer.detail),
              onError: (error) => setFailure(toFailure(error, 'The link was not sent. Please try again.').detail),
            })
          }}
        >
          Send the link again
        </Button>
      )}
      <StatusMessage message={sent} />
      <FailureAlert title="The link was not sent." message={failure} />
    </div>
  )
}

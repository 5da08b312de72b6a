import { useMutation } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { Button } from '@/components/button/button'
import { downloadMyData } from '@/features/auth'
import type { ApiError } from '@/lib/api-client'
import { toFailure } from '../failure'
import { FailureAlert, StatusMessage } from './messages'
import styles from './settings.module.css'
import { saveFile } from '@/lib/save-file'

const fileName = 'waypoint-export.json'

/** The GDPR export: everything Waypoint holds about the user, as one JSON file. */
export function DownloadData() {
  const mutation = useMutation<Blob, ApiError>({
    mutationFn: async () => {
      try {
        return await downloadMyData()
      } catch (error) {
        throw toFailure(error, 'Your data could not be downloaded. Please try again.')
      }
    },
    onSuccess: (blob) => saveFile(blob, fileName),
  })

  return (
    <>
      <p className={styles.intro}>
        Get a copy of everything Waypoint holds about you, such as your account details, how you sign in and the messages you sent us, in one file (
        {fileName}).
      </p>
      <StatusMessage message={mutation.isSuccess ? `Your data has been downloaded as ${fileName}.` : null} />
      <FailureAlert title="Your data was not downloaded." message={mutation.error?.detail ?? null} />
      <div className={styles.actions}>
        <Button variant="secondary" loading={mutation.isPending} onClick={() => mutation.mutate()}>
          {mutation.isPending ? null : <Download size={16} aria-hidden="true" />}
          {mutation.isPending ? 'Preparing your data…' : 'Download my data'}
        </Button>
      </div>
    </>
  )
}

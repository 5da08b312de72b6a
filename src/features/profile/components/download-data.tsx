import { useMutation } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { Button } from '@/components/button/button'
import { downloadMyData } from '@/features/auth'
import type { ApiError } from '@/lib/api-client'
import { toFailure } from '../failure'
import { FailureAlert, StatusMessage } from './messages'
import styles from './settings.module.css'

const fileName = 'waypoint-export.json'

/** Hands a blob to the browser as a download through a temporary link. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers read the URL after click() returns; give them time before letting it go.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

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
        Get a copy of everything Waypoint holds about you, such as your account details, how you sign in and the
        messages you sent us, in one file ({fileName}).
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

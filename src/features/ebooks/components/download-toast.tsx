import { CircleAlert, CircleCheck, X } from 'lucide-react'
import { useState } from 'react'
import { Spinner } from '@/components/spinner/spinner'
import { useLatestEbookDownload } from '../download-store'
import { downloadStatusText } from './ebook-card'
import styles from './download-toast.module.css'

/** Progress of the download that started by itself after the sign-in detour. */
export function EbookDownloadToast() {
  const download = useLatestEbookDownload()
  const [dismissed, setDismissed] = useState<string | null>(null)
  const visible = download && dismissed !== `${download.key}:${download.status}`

  return (
    <div className={styles.region} role="status" aria-live="polite">
      {visible ? (
        <div className={styles.toast} data-tone={download.status}>
          {download.status === 'downloading' ? <Spinner size={18} /> : null}
          {download.status === 'done' ? <CircleCheck size={20} aria-hidden="true" /> : null}
          {download.status === 'error' ? <CircleAlert size={20} aria-hidden="true" /> : null}
          <span className={styles.text}>{downloadStatusText(download)}</span>
          {download.status === 'downloading' ? null : (
            <button type="button" className={styles.close} aria-label="Dismiss" onClick={() => setDismissed(`${download.key}:${download.status}`)}>
              <X size={16} aria-hidden="true" />
            </button>
          )}
        </div>
      ) : null}
    </div>
  )
}

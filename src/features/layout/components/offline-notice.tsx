import { WifiOff } from 'lucide-react'
import { useOnline } from '@/lib/use-online'
import styles from './offline-notice.module.css'

export const offlineMessage =
  'You are offline. Your drafts stay saved on this device and go to your account when you are back online; pages that need the server load again then.'

/** A plain line at the bottom of the screen while the browser has no network. */
export function OfflineNotice() {
  const online = useOnline()
  // Only there while offline: an empty status region would stand beside every page's own.
  if (online) return null
  return (
    <div role="status" className={styles.region}>
      <p className={styles.notice}>
        <WifiOff aria-hidden="true" size={18} />
        <span>{offlineMessage}</span>
      </p>
    </div>
  )
}

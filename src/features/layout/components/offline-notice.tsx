import { SpriteIcon } from '@/components/sprite-icon/sprite-icon'
import { useOnline } from '@/lib/use-online'
import styles from './offline-notice.module.css'

export const offlineMessage =
  'You are offline. Your drafts stay saved on this device and go to your account when you are back online; pages that need the server load again then.'

/** A line under the top bar while the browser has no network. */
export function OfflineNotice() {
  const online = useOnline()
  // Only there while offline: an empty status region would stand beside every page's own.
  if (online) return null
  return (
    <div role="status" className={styles.region}>
      <p className={styles.notice}>
        <SpriteIcon name="wifi-off" size={18} />
        <span>{offlineMessage}</span>
      </p>
    </div>
  )
}

import { CircleAlert, CircleCheck } from 'lucide-react'
import { useLayoutEffect, useRef, type ReactNode } from 'react'
import styles from './outcome-notice.module.css'

type OutcomeNoticeProps = { tone: 'success' | 'error'; title: string; children: ReactNode }

/**
 * The panel that says what a link or form did (a reset, a confirmation, an unsubscribe): focused on
 * arrival so keyboard and screen reader users land on it; a status when it worked, an alert when not.
 */
export function OutcomeNotice({ tone, title, children }: OutcomeNoticeProps) {
  const ref = useRef<HTMLDivElement>(null)
  // At commit, not after paint: the panel has focus as soon as it is on the screen.
  useLayoutEffect(() => {
    ref.current?.focus()
  }, [])
  const Icon = tone === 'success' ? CircleCheck : CircleAlert
  return (
    <div ref={ref} className={styles.notice} data-tone={tone} role={tone === 'success' ? 'status' : 'alert'} tabIndex={-1}>
      <Icon className={styles.icon} size={28} aria-hidden="true" />
      <div>
        <h2 className={styles.title}>{title}</h2>
        {children}
      </div>
    </div>
  )
}

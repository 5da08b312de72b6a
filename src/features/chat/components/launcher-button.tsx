import type { ComponentProps } from 'react'
import { SpriteIcon } from '@/components/sprite-icon/sprite-icon'
import styles from './chat-launcher.module.css'

/**
 * The round chat icon. The launcher shows it until the widget's code has loaded; the widget then
 * renders the same button. Its own module so the lazy widget need not import the launcher.
 */
export function LauncherButton(props: ComponentProps<'button'>) {
  return (
    <button type="button" aria-label="Open chat" className={styles.launcher} {...props}>
      <SpriteIcon name="message-circle" size={26} />
    </button>
  )
}

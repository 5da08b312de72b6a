import { lazy, Suspense, useState } from 'react'
import styles from './user-menu.module.css'
import { SpriteIcon } from '@/components/sprite-icon/sprite-icon'
import { Avatar } from './user-avatar'

const loadDropdown = () => import('./user-menu-dropdown')
const UserMenuDropdown = lazy(loadDropdown)

/** The signed-in user's menu; like the nav menus, its radix code loads on first use. */
export function UserMenu({ email, className }: { email: string; className?: string }) {
  const [opened, setOpened] = useState(false)
  const standIn = (
    <button
      type="button"
      className={`${styles.trigger} ${className ?? ''}`}
      aria-label="Account menu"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onPointerDown={(event) => {
        if (event.button === 0) setOpened(true)
      }}
      onClick={() => setOpened(true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
          event.preventDefault()
          setOpened(true)
        }
      }}
    >
      <Avatar email={email} />
      <SpriteIcon name="chevron-down" size={16} />
    </button>
  )
  if (!opened) return standIn
  return (
    <Suspense fallback={standIn}>
      <UserMenuDropdown email={email} className={className} />
    </Suspense>
  )
}

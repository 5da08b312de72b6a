import { lazy, Suspense, useState, type KeyboardEvent } from 'react'
import { menuGroups, type NavGroup } from '../nav'
import styles from './desktop-nav.module.css'
import { SpriteIcon } from '@/components/sprite-icon/sprite-icon'

const loadDropdown = () => import('./nav-dropdown')
const NavDropdown = lazy(loadDropdown)

type GroupLabel = NavGroup['label']

/**
 * Library / Builder / Services dropdowns (wider than 992 px). Until a menu is first opened,
 * plain stand-in buttons keep the radix code out of the first page load; hovering or
 * focusing the bar preloads it.
 */
export function DesktopNav({ className }: { className?: string }) {
  const [firstOpened, setFirstOpened] = useState<GroupLabel | null>(null)
  const preload = () => void loadDropdown()

  const openOnKeys = (label: GroupLabel) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault()
      setFirstOpened(label)
    }
  }

  return (
    <nav aria-label="Main" className={`${styles.nav} ${className ?? ''}`} onPointerEnter={preload} onFocus={preload}>
      <ul className={styles.list}>
        {menuGroups.map((group) => {
          const standIn = (
            <button
              type="button"
              className={styles.trigger}
              aria-haspopup="menu"
              aria-expanded={false}
              onPointerDown={(event) => {
                if (event.button === 0) setFirstOpened(group.label)
              }}
              onClick={() => setFirstOpened(group.label)}
              onKeyDown={openOnKeys(group.label)}
            >
              {group.label}
              <SpriteIcon name="chevron-down" className={styles.chevron} size={16} />
            </button>
          )
          return (
            <li key={group.label}>
              {firstOpened ? (
                <Suspense fallback={standIn}>
                  <NavDropdown group={group} defaultOpen={firstOpened === group.label} />
                </Suspense>
              ) : (
                standIn
              )}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

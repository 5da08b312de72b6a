import { Link } from '@tanstack/react-router'
import { ChevronDown } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import type { NavGroup } from '../nav'
import styles from './desktop-nav.module.css'

type NavDropdownProps = {
  group: NavGroup
  /** This is the menu the user opened through its stand-in trigger. */
  defaultOpen: boolean
}

/** One radix dropdown of the top bar; loaded on the first sign of intent (see desktop-nav). */
export default function NavDropdown({ group, defaultOpen }: NavDropdownProps) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={styles.trigger}>
        {group.label}
        <ChevronDown className={styles.chevron} size={16} aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="start" sideOffset={10}>
          {group.items.map((item) => {
            const descriptionId = `nav-desc-${item.to.slice(1)}`
            return (
              <DropdownMenu.Item key={item.to} asChild className={styles.item}>
                <Link to={item.to} aria-describedby={descriptionId}>
                  <span className={styles.itemLabel}>{item.label}</span>
                  <span id={descriptionId} className={styles.itemDescription} aria-hidden="true">
                    {item.description}
                  </span>
                </Link>
              </DropdownMenu.Item>
            )
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

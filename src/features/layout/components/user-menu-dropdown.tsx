import { Link, useRouter } from '@tanstack/react-router'
import { ChevronDown, LayoutDashboard, LogOut, Settings } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import { signOut } from '@/features/auth'
import { Avatar } from './user-avatar'
import styles from './user-menu.module.css'

/** Spec section 2: the user's e-mail, 'No new messages', Dashboard, Settings, Sign out. */
export default function UserMenuDropdown({ email, className }: { email: string; className?: string }) {
  const router = useRouter()
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger className={`${styles.trigger} ${className ?? ''}`} aria-label="Account menu">
        <Avatar email={email} />
        <ChevronDown size={16} aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={10}>
          <DropdownMenu.Label className={styles.email}>{email}</DropdownMenu.Label>
          <p className={styles.messages}>No new messages</p>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item asChild className={styles.item}>
            <Link to="/userauth/profile">
              <LayoutDashboard size={18} aria-hidden="true" />
              Dashboard
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={styles.item}>
            <Link to="/userauth/settings">
              <Settings size={18} aria-hidden="true" />
              Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={styles.item} onSelect={() => void signOut(router.state.location)}>
            <LogOut size={18} aria-hidden="true" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

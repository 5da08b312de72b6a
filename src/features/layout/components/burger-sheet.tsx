import { Link, useRouter } from '@tanstack/react-router'
import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { buttonClass } from '@/components/button/button'
import { Logo } from '@/components/logo/logo'
import { openAuthDialog, signOut, useAuth } from '@/features/auth'
import { exploreLinks, menuGroups } from '../nav'
import styles from './burger-menu.module.css'

type BurgerSheetProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Where focus goes back to once the sheet closes. */
  onCloseFocus: () => void
}

/** The side sheet itself (radix Dialog), loaded when the burger is first used. */
/** Spec section 2: in the burger menu a long e-mail is cut to 19 characters plus an ellipsis. */
export function shortEmail(email: string): string {
  return email.length > 20 ? `${email.slice(0, 19)}…` : email
}

export default function BurgerSheet({ open, onOpenChange, onCloseFocus }: BurgerSheetProps) {
  const close = () => onOpenChange(false)
  const email = useAuth((state) => state.userData?.email ?? null)
  const router = useRouter()

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.sheet}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            onCloseFocus()
          }}
        >
          <div className={styles.head}>
            <Logo />
            <Dialog.Close className={styles.close} aria-label="Close menu">
              <X size={22} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Title className="visually-hidden">Menu</Dialog.Title>
          <nav aria-label="Mobile" className={styles.nav}>
            {email ? (
              <section className={styles.group} aria-labelledby="burger-account">
                <h2 id="burger-account" className={styles.account} title={email}>
                  {shortEmail(email)}
                </h2>
                <p className={styles.messages}>No new messages</p>
                <ul className={styles.links}>
                  <li>
                    <Link to="/userauth/profile" className={styles.link} onClick={close}>
                      Dashboard
                    </Link>
                  </li>
                  <li>
                    <Link to="/userauth/settings" className={styles.link} onClick={close}>
                      Settings
                    </Link>
                  </li>
                </ul>
              </section>
            ) : null}
            {menuGroups.map((group) => (
              <section key={group.label} className={styles.group} aria-labelledby={`burger-${group.label}`}>
                <h2 id={`burger-${group.label}`} className={styles.groupTitle}>
                  {group.label}
                </h2>
                <ul className={styles.links}>
                  {group.items.map((item) => (
                    <li key={item.to}>
                      <Link to={item.to} className={styles.link} onClick={close}>
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            <section className={styles.group} aria-labelledby="burger-explore">
              <h2 id="burger-explore" className={styles.groupTitle}>
                Explore
              </h2>
              <ul className={styles.links}>
                {exploreLinks
                  .filter((link) => link.to !== '/library' && link.to !== '/countries')
                  .map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className={styles.link} onClick={close}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
              </ul>
            </section>
          </nav>
          <div className={styles.foot}>
            {email ? (
              <button type="button" className={buttonClass('secondary', true)} onClick={() => void signOut(router.state.location)}>
                Sign out
              </button>
            ) : (
              <button
                type="button"
                className={buttonClass('primary', true)}
                onClick={() => {
                  close()
                  openAuthDialog(router.state.location.href)
                }}
              >
                Sign in
              </button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

import { Link, useRouter } from '@tanstack/react-router'
import { lazy, Suspense, useRef, useState } from 'react'
import { buttonClass } from '@/components/button/button'
import { Logo } from '@/components/logo/logo'
import { openAuthDialog, useAuth } from '@/features/auth'
import { useHydrated } from '@/lib/use-hydrated'
import { useScrolledPast } from '@/lib/use-scrolled-past'
import { SCROLL_THRESHOLD_PX } from '../nav'
import { BurgerMenu } from './burger-menu'
import { DesktopNav } from './desktop-nav'
import { UserMenu } from './user-menu'
import styles from './top-bar.module.css'
import { SpriteIcon } from '@/components/sprite-icon/sprite-icon'

const loadSearch = () => import('./search-overlay')
const SearchOverlay = lazy(() => loadSearch().then((module) => ({ default: module.SearchOverlay })))

export function TopBar() {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX)
  const [searchOpen, setSearchOpen] = useState(false)
  const searchButton = useRef<HTMLButtonElement>(null)
  const email = useAuth((state) => state.userData?.email ?? null)
  const router = useRouter()
  const hydrated = useHydrated()

  const closeSearch = (returnFocus: boolean) => {
    setSearchOpen(false)
    if (returnFocus) searchButton.current?.focus()
  }

  return (
    <header className={styles.bar} data-scrolled={scrolled}>
      <div className={styles.inner}>
        <Link to="/" className={styles.home} aria-label="Waypoint home">
          <Logo />
        </Link>
        <DesktopNav className={styles.desktopOnly} />
        <div className={styles.actions}>
          <button
            ref={searchButton}
            type="button"
            className={styles.iconButton}
            aria-label="Search"
            aria-expanded={searchOpen}
            aria-controls="site-search"
            onPointerEnter={() => void loadSearch()}
            onFocus={() => void loadSearch()}
            onClick={() => setSearchOpen((open) => !open)}
          >
            <SpriteIcon name="search" size={20} />
          </button>
          {email ? (
            <UserMenu email={email} className={styles.desktopOnly} />
          ) : (
            <button
              type="button"
              className={`${buttonClass('secondary')} ${styles.desktopOnly} ${styles.signIn}`}
              // Prerendered for every visitor: whether one is signed in is known only in the browser.
              style={hydrated ? undefined : { visibility: 'hidden' }}
              onClick={() => openAuthDialog(router.state.location.href)}
            >
              Sign in
            </button>
          )}
          <BurgerMenu className={styles.mobileOnly} />
        </div>
      </div>
      {searchOpen ? (
        <Suspense fallback={null}>
          <SearchOverlay onClose={closeSearch} />
        </Suspense>
      ) : null}
    </header>
  )
}

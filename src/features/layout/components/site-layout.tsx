import { Outlet } from '@tanstack/react-router'
import { AuthDialogHost } from '@/features/auth'
import { ChatLauncher } from '@/features/chat'
import { ConsentManager } from '@/features/consent'
import { PlayerHost } from '@/features/player'
import { Footer } from './footer'
import { RouteProgress } from './route-progress'
import { TopBar } from './top-bar'
import styles from './site-layout.module.css'

export function SiteLayout() {
  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <RouteProgress />
      <TopBar />
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <PlayerHost />
      <Footer />
      <AuthDialogHost />
      <ChatLauncher />
      <ConsentManager />
    </div>
  )
}

import { useRouterState } from '@tanstack/react-router'
import styles from './route-progress.module.css'

/** Thin bar at the top while a route change is pending; CSS holds it back 150 ms against flicker. */
export function RouteProgress() {
  const pending = useRouterState({ select: (state) => state.status === 'pending' })
  if (!pending) return null
  return <div className={styles.bar} role="progressbar" aria-label="Loading page" />
}

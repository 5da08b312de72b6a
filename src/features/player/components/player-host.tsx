import { useLocation } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { useAuth } from '@/features/auth'

const Player = lazy(() => import('./player'))

/** Spec section 2: the pages the music player shows on. */
export function isPlayerPage(pathname: string): boolean {
  return pathname === '/library' || pathname.includes('/articles')
}

/**
 * Where the music player lives in the layout (the footer area). Its code (machine, wavesurfer)
 * loads for a signed-in user on the first library page; after that it stays mounted, so the
 * music state lives on while the user visits pages that do not show the player.
 */
export function PlayerHost() {
  const owner = useAuth((state) => state.userData?.email ?? null)
  const onPlayerPage = useLocation({ select: (location) => isPlayerPage(location.pathname) })
  const [used, setUsed] = useState(false)
  if (owner && onPlayerPage && !used) setUsed(true)
  if (!owner || !used) return null
  return (
    <Suspense fallback={null}>
      <Player owner={owner} onPlayerPage={onPlayerPage} />
    </Suspense>
  )
}

import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False in Node (a page's first view, src/prerender.tsx) and while the app takes over that
 * copy in the browser (src/main.tsx hydrates it), true from the render after. What differs
 * between Node and the browser renders as in Node first, so the copy and the app's first
 * render are the same markup; React renders again with `true` straight after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}

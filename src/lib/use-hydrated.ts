import { createContext, useContext } from 'react'

/**
 * Whether the app has taken over the page's prerendered copy (src/app/main.tsx provides it). False
 * in Node (a page's first view, src/app/prerender.tsx) and while the app hydrates that copy in the
 * browser; true from the render after, and from the start for an app without a copy. What
 * differs between Node and the browser renders as in Node first, so the copy and the app's first
 * render are the same markup.
 *
 * A context, not a store: its change reaches every part of the page still waiting to be
 * hydrated (React hydrates those first), so the render that flips it is the one after which the
 * whole page is the app's.
 */
export const HydratedContext = createContext(typeof window !== 'undefined')

export function useHydrated(): boolean {
  return useContext(HydratedContext)
}

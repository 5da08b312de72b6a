import { lazy, Suspense, useEffect } from 'react'
import { forwardInspection, inspectorEnabled } from '@/lib/inspection'

const InspectorPanel = lazy(() => import('./inspector-panel'))

/**
 * The QA inspector (?inspect=1, or its stored setting): nothing but this check ships with
 * the page; the panel is its own chunk. With VITE_INSPECT=stately at build time the same
 * events also go to Stately's inspector (it opens stately.ai, so it needs the internet).
 */
export function InspectorHost() {
  useEffect(() => {
    if (import.meta.env.VITE_INSPECT !== 'stately' || !inspectorEnabled()) return
    void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
      const stately = createBrowserInspector()
      forwardInspection((event) => stately.inspect.next?.(event))
    })
  }, [])
  if (!inspectorEnabled()) return null
  return (
    <Suspense fallback={null}>
      <InspectorPanel />
    </Suspense>
  )
}

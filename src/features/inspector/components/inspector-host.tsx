import { lazy, Suspense } from 'react'
import { inspectorEnabled } from '@/lib/inspection-flag'

const InspectorPanel = lazy(() => import('./inspector-panel'))

/**
 * The QA inspector (?inspect=1, or its stored setting): nothing but this check ships with
 * the page; the panel is its own chunk.
 */
export function InspectorHost() {
  if (!inspectorEnabled) return null
  return (
    <Suspense fallback={null}>
      <InspectorPanel />
    </Suspense>
  )
}

import { Component, lazy, Suspense, type ReactNode } from 'react'
import { inspectorEnabled } from '@/lib/inspection-flag'
import { useHydrated } from '@/lib/use-hydrated'

const InspectorPanel = lazy(() => import('./inspector-panel'))

/** Whatever goes wrong in the inspector (its code not loading, a render error) leaves the page alone. */
class Isolated extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    return this.state.failed ? null : this.props.children
  }
}

/**
 * The QA inspector (?inspect=1, or its stored setting): nothing but this check ships with
 * the page; the panel is its own chunk.
 */
export function InspectorHost() {
  // A page's first view has no inspector (Node cannot tell): it comes once the app has taken over.
  const hydrated = useHydrated()
  if (!inspectorEnabled || !hydrated) return null
  return (
    <Isolated>
      <Suspense fallback={null}>
        <InspectorPanel />
      </Suspense>
    </Isolated>
  )
}

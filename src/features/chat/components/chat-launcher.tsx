import { Component, lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react'
import { LauncherButton } from './launcher-button'

const loadWidget = () => import('./chat-widget')

let preloading = false
/** Fetch the drawer's code while the browser is idle, once a pointer or the focus comes near. */
function preload() {
  if (preloading) return
  preloading = true
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1))
  idle(() => void loadWidget().catch(() => (preloading = false)))
}

/** A failed download of the drawer's code must not take the page down with it. */
class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}

/**
 * Spec section 2: the floating chat icon on the right. It is all of the chat that loads with
 * a page; the drawer, its machine and the sanitiser load on first use.
 */
export function ChatLauncher() {
  // A new lazy component per attempt: React keeps a failed import's error otherwise.
  const [attempt, setAttempt] = useState<{ n: number; Widget: LazyExoticComponent<ComponentType<{ openOnMount?: boolean }>> } | null>(null)
  const start = () => setAttempt((previous) => ({ n: (previous?.n ?? 0) + 1, Widget: lazy(loadWidget) }))
  if (!attempt) return <LauncherButton onClick={start} onPointerEnter={preload} onFocus={preload} />
  const { Widget } = attempt
  return (
    <LoadBoundary key={attempt.n} fallback={<LauncherButton onClick={start} />}>
      <Suspense fallback={<LauncherButton aria-busy="true" />}>
        <Widget openOnMount />
      </Suspense>
    </LoadBoundary>
  )
}

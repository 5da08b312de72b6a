import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react'

/**
 * Renders its children once the spot comes within ~300 px of the viewport. The home page's
 * lower sections (and the API client they need) load as the visitor scrolls towards them,
 * so they cost nothing on the first paint.
 */
export function WhenNear({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const spot = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')

  useEffect(() => {
    const node = spot.current
    if (near || !node) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: '300px 0px' },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [near])

  const placeholder = <div style={{ minHeight }} />
  return <div ref={spot}>{near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</div>
}

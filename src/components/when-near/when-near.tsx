import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react'

type WhenNearProps = {
  children: ReactNode
  /** Stands in until then (and while lazy children load); give it the children's size. */
  placeholder?: ReactNode
  /** Or just the height to keep free. */
  minHeight?: string
  /** How far outside the viewport counts as near. */
  margin?: string
}

/**
 * Renders its children once they come within `margin` of the viewport, so what sits below
 * the fold (and the code it loads lazily) costs the first page load nothing. Without
 * IntersectionObserver it renders them at once.
 */
export function WhenNear({ children, placeholder, minHeight, margin = '300px 0px' }: WhenNearProps) {
  const anchor = useRef<HTMLDivElement>(null)
  // In Node (a page's first view) the placeholder, as in the browser's first render over it.
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined')

  useEffect(() => {
    const element = anchor.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near, margin])

  const standIn = placeholder ?? <div style={{ minHeight }} />
  return <div ref={anchor}>{near ? <Suspense fallback={standIn}>{children}</Suspense> : standIn}</div>
}

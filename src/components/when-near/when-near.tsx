import { useEffect, useRef, useState, type ReactNode } from 'react'

type WhenNearProps = {
  children: ReactNode
  /** Shown until then; give it the children's size so nothing shifts. */
  placeholder: ReactNode
  /** How far outside the viewport counts as near. */
  margin?: string
}

/**
 * Renders its children once they come within `margin` of the viewport, so code that sits
 * below the fold (and is loaded lazily) costs the first page load nothing. Without
 * IntersectionObserver it renders them at once.
 */
export function WhenNear({ children, placeholder, margin = '600px' }: WhenNearProps) {
  const anchor = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')

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

  return near ? children : <div ref={anchor}>{placeholder}</div>
}

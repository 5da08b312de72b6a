import { useEffect, useState } from 'react'

/**
 * True once the page is scrolled beyond `threshold` px; re-renders only when that flips.
 * Read after the first paint, not during render: reading scrollY while rendering forces the
 * first layout into React's first task (long on a slow phone).
 */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false)
  useEffect(() => {
    const check = () => setPast(window.scrollY > threshold)
    check()
    window.addEventListener('scroll', check, { passive: true })
    window.addEventListener('resize', check, { passive: true })
    return () => {
      window.removeEventListener('scroll', check)
      window.removeEventListener('resize', check)
    }
  }, [threshold])
  return past
}

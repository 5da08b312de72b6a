import { useEffect, useRef, useState } from 'react'

/** The scale that fits a page `pageWidthPt` wide into the preview column, kept up to date. */
export function usePreviewZoom<E extends HTMLElement = HTMLDivElement>(pageWidthPt: number) {
  const ref = useRef<E>(null)
  const [zoom, setZoom] = useState(0.6)
  useEffect(() => {
    const node = ref.current
    if (!node || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0
      if (width > 0) setZoom(Math.min(1, width / (pageWidthPt * (96 / 72) + 8)))
    })
    observer.observe(node)
    return () => observer.disconnect()
  }, [pageWidthPt])
  return { ref, zoom }
}

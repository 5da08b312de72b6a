import { ListTree } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import type { TocEntry } from '~contract/library.ts'
import styles from './table-of-contents.module.css'

/** The heading being read: the last one that has scrolled past the top bar. */
function useCurrentHeading(ids: string[]): string | undefined {
  const [current, setCurrent] = useState<string | undefined>(ids[0])
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined' || ids.length === 0) return
    const headings = ids.map((id) => document.getElementById(id)).filter((node): node is HTMLElement => node !== null)
    const observer = new IntersectionObserver(
      () => {
        const line = 120
        let active = headings[0]?.id
        for (const heading of headings) {
          if (heading.getBoundingClientRect().top <= line) active = heading.id
        }
        setCurrent(active)
      },
      { rootMargin: '0px 0px -60% 0px', threshold: [0, 1] },
    )
    for (const heading of headings) observer.observe(heading)
    return () => observer.disconnect()
  }, [ids])
  return current
}

function TocList({ entries, current }: { entries: TocEntry[]; current?: string }) {
  return (
    <ol className={styles.list}>
      {entries.map((entry) => (
        <li key={entry.id} data-level={entry.level}>
          <a href={`#${entry.id}`} className={styles.link} aria-current={entry.id === current ? 'location' : undefined}>
            {entry.title}
          </a>
        </li>
      ))}
    </ol>
  )
}

/**
 * 'On this page': a sticky list beside the article on wide screens; on phones and tablets a
 * collapsible details element above the body.
 */
export function TableOfContents({ entries, variant }: { entries: TocEntry[]; variant: 'sticky' | 'compact' }) {
  const ids = useMemo(() => entries.map((entry) => entry.id), [entries])
  const current = useCurrentHeading(ids)
  if (entries.length === 0) return null

  if (variant === 'compact') {
    return (
      <details className={styles.details}>
        <summary className={styles.summary}>
          <ListTree size={18} aria-hidden="true" />
          On this page
        </summary>
        <nav aria-label="On this page">
          <TocList entries={entries} />
        </nav>
      </details>
    )
  }

  return (
    <nav className={styles.sticky} aria-labelledby="toc-title">
      <h2 id="toc-title" className={styles.title}>
        On this page
      </h2>
      <TocList entries={entries} current={current} />
    </nav>
  )
}

import { Link } from '@tanstack/react-router'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import styles from './pagination.module.css'

type Gap = 'gap-start' | 'gap-end'

/** 1 … 4 5 6 … 12: the first, the last, and the current page with its neighbours. */
export function pageItems(page: number, pageCount: number): (number | Gap)[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1)
  const from = Math.max(2, Math.min(page - 1, pageCount - 4))
  const to = Math.min(pageCount - 1, Math.max(page + 1, 5))
  const items: (number | Gap)[] = [1]
  if (from > 2) items.push('gap-start')
  for (let n = from; n <= to; n += 1) items.push(n)
  if (to < pageCount - 1) items.push('gap-end')
  items.push(pageCount)
  return items
}

type PaginationProps = {
  page: number
  pageCount: number
  /** Names the list the pages belong to, e.g. 'Article pages'. */
  label: string
}

/** Links to the pages of the current list; the page number lives in the URL (`?page=`). */
export function Pagination({ page, pageCount, label }: PaginationProps) {
  if (pageCount <= 1) return null
  const pageSearch = (n: number) => (prev: Record<string, unknown>) => ({ ...prev, page: n === 1 ? undefined : n })
  return (
    <nav className={styles.nav} aria-label={label}>
      {page > 1 ? (
        <Link to="." search={pageSearch(page - 1)} activeOptions={{ exact: true }} className={styles.step} aria-label="Previous page" rel="prev">
          <ChevronLeft size={18} aria-hidden="true" />
          <span className={styles.stepText}>Previous</span>
        </Link>
      ) : (
        <span className={styles.step} aria-hidden="true" data-disabled="">
          <ChevronLeft size={18} aria-hidden="true" />
          <span className={styles.stepText}>Previous</span>
        </span>
      )}
      <ol className={styles.pages}>
        {pageItems(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Link
                to="."
                search={pageSearch(item)}
                activeOptions={{ exact: true }}
                className={styles.page}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </Link>
            </li>
          ) : (
            <li key={item} className={styles.gap} aria-hidden="true">
              …
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link to="." search={pageSearch(page + 1)} activeOptions={{ exact: true }} className={styles.step} aria-label="Next page" rel="next">
          <span className={styles.stepText}>Next</span>
          <ChevronRight size={18} aria-hidden="true" />
        </Link>
      ) : (
        <span className={styles.step} aria-hidden="true" data-disabled="">
          <span className={styles.stepText}>Next</span>
          <ChevronRight size={18} aria-hidden="true" />
        </span>
      )}
    </nav>
  )
}

import { CircleAlert, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/button/button'
import { ApiError } from '@/lib/api-client'
import { ArticleCardSkeleton } from './article-card'
import styles from './list-states.module.css'

type EmptyStateProps = { Icon: LucideIcon; title: string; children?: ReactNode; headingLevel?: 2 | 3 }

/** Nothing to show, said plainly, with a way on. */
export function EmptyState({ Icon, title, children, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className={styles.panel}>
      <span className={styles.icon} aria-hidden="true">
        <Icon size={26} />
      </span>
      <div>
        <Heading className={styles.title}>{title}</Heading>
        {children}
      </div>
    </div>
  )
}

type ErrorStateProps = { title: string; error: unknown; onRetry: () => void; retrying?: boolean }

/** A failed load: what happened, and a button to try again. */
export function ErrorState({ title, error, onRetry, retrying }: ErrorStateProps) {
  const detail = error instanceof ApiError ? error.detail : 'Something went wrong on our side. Please try again.'
  return (
    <div className={styles.panel} data-tone="error" role="alert">
      <span className={styles.icon} aria-hidden="true">
        <CircleAlert size={26} />
      </span>
      <div>
        <h2 className={styles.title}>{title}</h2>
        <p className={styles.text}>{detail}</p>
        <Button variant="secondary" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </div>
    </div>
  )
}

/** A grid of card placeholders; `label` is announced once. */
export function CardGridSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div aria-busy="true">
      <span role="status" className="visually-hidden">
        {label}
      </span>
      <div className={styles.grid}>
        {Array.from({ length: count }, (_, i) => (
          <ArticleCardSkeleton key={i} />
        ))}
      </div>
    </div>
  )
}

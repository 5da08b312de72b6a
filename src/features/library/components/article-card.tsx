import { Link } from '@tanstack/react-router'
import { Clock, Headphones } from 'lucide-react'
import type { ArticleCard as ArticleCardData } from '~contract/library.ts'
import { formatDate, formatDuration, readingTime, spokenDuration } from '../format'
import styles from './article-card.module.css'

type ArticleCardProps = {
  article: ArticleCardData
  /** The card's title level in the page outline (h2 on a plain list, h3 under a section heading). */
  headingLevel?: 2 | 3
  /** Cards above the fold load their cover at once. */
  eager?: boolean
  /** The list's first card above the fold: its cover is likely the page's largest paint, fetched first. */
  lead?: boolean
}

/** One article in a list: cover, category, title (the link), summary, reading time, date, audio. */
export function ArticleCard({ article, headingLevel = 3, eager = false, lead = false }: ArticleCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className={styles.card}>
      <div className={styles.cover}>
        <img
          src={article.cover}
          alt=""
          width={640}
          height={360}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={lead ? 'high' : undefined}
        />
      </div>
      <div className={styles.body}>
        <p className={styles.category}>{article.category.title}</p>
        <Heading className={styles.title}>
          <Link to="/articles/$slug" params={{ slug: article.slug }} className={styles.link}>
            {article.title}
          </Link>
        </Heading>
        <p className={styles.summary}>{article.summary}</p>
        <div className={styles.meta}>
          <span className={styles.metaItem}>
            <Clock size={15} aria-hidden="true" />
            {readingTime(article.reading_minutes)}
          </span>
          <time className={styles.metaItem} dateTime={article.published_at}>
            {formatDate(article.published_at)}
          </time>
          {article.audio && article.audio.status !== 'failed' ? <AudioBadge duration={article.audio.duration} /> : null}
        </div>
      </div>
    </article>
  )
}

function AudioBadge({ duration }: { duration: number | null }) {
  return (
    <span className={styles.audio}>
      <Headphones size={14} aria-hidden="true" />
      Audio
      {duration ? (
        <>
          <span aria-hidden="true"> · {formatDuration(duration)}</span>
          <span className="visually-hidden">, {spokenDuration(duration)}</span>
        </>
      ) : null}
    </span>
  )
}

/** Placeholder with the card's shape while a list loads (the list announces the loading). */
export function ArticleCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true" data-skeleton="">
      <div className={`${styles.cover} ${styles.shimmer}`} />
      <div className={styles.body}>
        <span className={`${styles.line} ${styles.shimmer}`} style={{ width: '35%' }} />
        <span className={`${styles.line} ${styles.lineTall} ${styles.shimmer}`} style={{ width: '90%' }} />
        <span className={`${styles.line} ${styles.shimmer}`} style={{ width: '100%' }} />
        <span className={`${styles.line} ${styles.shimmer}`} style={{ width: '70%' }} />
      </div>
    </div>
  )
}

import { Link } from '@tanstack/react-router'
import { FileQuestion } from 'lucide-react'
import { buttonClass } from '@/components/button/button'
import { PageFrame } from '@/components/page-frame/page-frame'
import styles from './article-status.module.css'

/** An article slug the library does not know (the loader threw notFound()). */
export function ArticleNotFound() {
  return (
    <PageFrame
      eyebrow="Library"
      title="Article not found"
      lead={<p>This article does not exist, or it has moved. The library has plenty more to read.</p>}
      actions={
        <>
          <Link to="/library" className={buttonClass('primary')}>
            Back to the library
          </Link>
          <Link to="/posts" className={buttonClass('secondary')}>
            See the latest posts
          </Link>
        </>
      }
    >
      <p className={styles.hint}>
        <FileQuestion size={22} aria-hidden="true" />
        <span>Followed a link from somewhere else? Try the search icon at the top of the page with a few words from the title.</span>
      </p>
    </PageFrame>
  )
}

/** The article's shape while it loads. */
export function ArticlePending() {
  return (
    <div className={styles.pending} aria-busy="true">
      <span role="status" className="visually-hidden">
        Loading the article…
      </span>
      <div className={styles.band} aria-hidden="true">
        <div className={styles.inner}>
          <span className={styles.line} style={{ width: '12rem' }} />
          <span className={`${styles.line} ${styles.heading}`} style={{ width: '80%' }} />
          <span className={`${styles.line} ${styles.heading}`} style={{ width: '55%' }} />
          <span className={styles.line} style={{ width: '60%' }} />
        </div>
      </div>
      <div className={styles.inner} aria-hidden="true">
        <span className={styles.cover} />
        {[100, 96, 92, 98, 70].map((width, i) => (
          <span key={i} className={styles.line} style={{ width: `${width}%` }} />
        ))}
      </div>
    </div>
  )
}

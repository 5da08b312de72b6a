import type { ArticleCard as ArticleCardData } from '~contract/library.ts'
import { ArticleCard } from './article-card'
import styles from './article-grid.module.css'

type ArticleGridProps = {
  articles: ArticleCardData[]
  headingLevel?: 2 | 3
  /** How many covers load at once (those above the fold); the first is fetched first. */
  eagerCount?: number
  label?: string
  /** `3`: a fixed row of three on wide screens, for short lists. */
  columns?: 3
}

export function ArticleGrid({ articles, headingLevel = 3, eagerCount = 0, label, columns }: ArticleGridProps) {
  return (
    <ul className={styles.grid} aria-label={label} data-columns={columns}>
      {articles.map((article, index) => (
        <li key={article.id} className={styles.item}>
          <ArticleCard article={article} headingLevel={headingLevel} eager={index < eagerCount} lead={index === 0 && eagerCount > 0} />
        </li>
      ))}
    </ul>
  )
}

import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CalendarDays, ChevronRight, Clock, ExternalLink, UserRound } from 'lucide-react'
import { useEffect } from 'react'
import { useMediaQuery } from '@/lib/use-media-query'
import { articleQueryOptions } from '../api/get-article'
import { formatDate, readingTime } from '../format'
import { ArticleActions } from './article-actions'
import { ArticleBody } from './article-body'
import { ArticleGrid } from './article-grid'
import { ListenPanel } from './listen-panel'
import { TableOfContents } from './table-of-contents'
import styles from './article-page.module.css'

type ArticlePageProps = { slug: string; playerActive: boolean }

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return url
  }
}

/** /articles/$slug: the article, safely rendered, with audio, contents, sources and related reads. */
export function ArticlePage({ slug, playerActive }: ArticlePageProps) {
  const { data: article } = useSuspenseQuery(articleQueryOptions(slug))
  const compact = useMediaQuery('(max-width: 992px)')

  useEffect(() => {
    document.title = `${article.title} · Waypoint`
  }, [article.title])

  return (
    <article className={styles.page} aria-labelledby="article-title">
      <header className={styles.band}>
        <div className={styles.head}>
          <nav aria-label="Breadcrumb">
            <ol className={styles.breadcrumb}>
              <li>
                <Link to="/library">Library</Link>
              </li>
              <li>
                <ChevronRight size={14} aria-hidden="true" />
                <Link to="/library" search={{ category: article.category.slug }}>
                  {article.category.title}
                </Link>
              </li>
            </ol>
          </nav>
          <h1 id="article-title" className={styles.title}>
            {article.title}
          </h1>
          <p className={styles.lead}>{article.summary}</p>
          <ul className={styles.meta} aria-label="About this article">
            <li>
              <UserRound size={16} aria-hidden="true" />
              <span className="visually-hidden">Written by </span>
              {article.author}
            </li>
            <li>
              <CalendarDays size={16} aria-hidden="true" />
              <span className="visually-hidden">Published </span>
              <time dateTime={article.published_at}>{formatDate(article.published_at)}</time>
            </li>
            <li>
              <Clock size={16} aria-hidden="true" />
              {readingTime(article.reading_minutes)}
            </li>
          </ul>
        </div>
      </header>

      <div className={styles.shell}>
        <div className={styles.main}>
          <div className={styles.cover}>
            <img src={article.cover} alt="" width={1280} height={720} fetchPriority="high" />
          </div>

          {article.audio ? <ListenPanel audio={article.audio} /> : null}
          <ArticleActions audio={article.audio} returningFromSignIn={playerActive} />

          {compact ? <TableOfContents entries={article.toc} variant="compact" /> : null}

          <ArticleBody html={article.html} />

          {article.tags.length > 0 ? (
            <ul className={styles.tags} aria-label="Tags">
              {article.tags.map((tag) => (
                <li key={tag}>{tag.replace(/-/g, ' ')}</li>
              ))}
            </ul>
          ) : null}

          {article.sources.length > 0 ? (
            <section className={styles.sources} aria-labelledby="sources-title">
              <h2 id="sources-title">Sources</h2>
              <ol>
                {article.sources.map((source) => (
                  <li key={source.url}>
                    <a href={source.url} rel="noopener noreferrer" target="_blank">
                      {source.title}
                      <ExternalLink size={14} aria-hidden="true" className={styles.external} />
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                    <span className={styles.sourceHost}>{hostOf(source.url)}</span>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
        </div>

        {compact ? null : (
          <div className={styles.aside}>
            <TableOfContents entries={article.toc} variant="sticky" />
          </div>
        )}
      </div>

      {article.related.length > 0 ? (
        <section className={styles.related} aria-labelledby="related-title">
          <div className={styles.relatedInner}>
            <h2 id="related-title">Related articles</h2>
            <ArticleGrid articles={article.related.slice(0, 3)} columns={3} />
          </div>
        </section>
      ) : null}
    </article>
  )
}

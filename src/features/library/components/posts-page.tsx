import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useRouterState } from '@tanstack/react-router'
import { Newspaper } from 'lucide-react'
import { PAGE_SIZE_DEFAULT } from '~contract/library.ts'
import { PageFrame } from '@/components/page-frame/page-frame'
import { articlesQueryOptions } from '../api/get-articles'
import { ArticleGrid } from './article-grid'
import { EmptyState } from './list-states'
import { Pagination } from './pagination'
import styles from './library-page.module.css'

export const postsLead = <p>The newest guides from the Waypoint library, across every category, latest first.</p>

/** /posts: the latest articles across categories, newest first, page by page. */
export function PostsPage({ page }: { page: number }) {
  const { data } = useSuspenseQuery(articlesQueryOptions({ page }))
  const loading = useRouterState({ select: (state) => state.status === 'pending' })
  const pageCount = Math.max(1, Math.ceil(data.count / PAGE_SIZE_DEFAULT))

  return (
    <PageFrame eyebrow="Library" title="Posts" lead={postsLead}>
      <section className={styles.results} aria-labelledby="posts-title" aria-busy={loading || undefined} data-loading={loading || undefined}>
        <header className={styles.resultsHead}>
          <h2 id="posts-title" className={styles.resultsTitle}>
            Latest articles
          </h2>
          <p className={styles.summary} aria-live="polite">
            {data.count > 0
              ? `${data.count} ${data.count === 1 ? 'article' : 'articles'}, newest first${pageCount > 1 ? ` · page ${Math.min(page, pageCount)} of ${pageCount}` : ''}`
              : null}
          </p>
        </header>
        {data.results.length > 0 ? (
          <ArticleGrid articles={data.results} eagerCount={3} label="Latest articles" />
        ) : (
          <EmptyState Icon={Newspaper} title={page > 1 ? `There is no page ${page} here` : 'No posts yet'}>
            <p>
              {page > 1 ? (
                <Link to="/posts">Go to the newest posts</Link>
              ) : (
                <>
                  The first guides are on their way. <Link to="/library">Visit the library</Link>.
                </>
              )}
            </p>
          </EmptyState>
        )}
        <Pagination page={page} pageCount={pageCount} label="Post pages" />
      </section>
    </PageFrame>
  )
}

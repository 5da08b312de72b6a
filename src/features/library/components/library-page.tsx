import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useRouterState } from '@tanstack/react-router'
import { LibraryBig, SearchX } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { PageFrame } from '@/components/page-frame/page-frame'
import { articlesQueryOptions } from '../api/get-articles'
import { categoriesQueryOptions } from '../api/get-categories'
import { ArticleGrid } from './article-grid'
import { CategoryIcon } from './category-icon'
import { EmptyState } from './list-states'
import { Pagination } from './pagination'
import { PAGE_SIZE_DEFAULT } from '~contract/library.ts'
import styles from './library-page.module.css'

export type LibraryFilter = { category?: string; sub_category?: string; page: number }

export const libraryLead = (
  <p>
    Practical guides on careers, applications, interviews and university admission, written for students and job seekers. Every guide has a narrated
    audio version.
  </p>
)

/** /library: the eight categories, the chosen one's topics, and its articles page by page. */
export function LibraryPage({ category, sub_category, page }: LibraryFilter) {
  const { data: categories } = useSuspenseQuery(categoriesQueryOptions())
  const { data: articles } = useSuspenseQuery(articlesQueryOptions({ category, sub_category, page }))
  const loading = useRouterState({ select: (state) => state.status === 'pending' })
  const selected = categories.find((c) => c.slug === category)
  const topic = selected?.sub_category.find((s) => s.slug === sub_category)
  const pageCount = Math.max(1, Math.ceil(articles.count / PAGE_SIZE_DEFAULT))
  // An old or mistyped ?category= (the server answers 404, which reads as an empty list).
  const unknown = category !== undefined && !selected
  const heading = unknown ? 'Category not found' : topic ? `${selected?.title}: ${topic.title}` : (selected?.title ?? 'All articles')
  const categoryList = useRef<HTMLUListElement>(null)

  // On narrow screens the categories are one scrolling row: bring the chosen one into view.
  useEffect(() => {
    const list = categoryList.current
    const current = list?.querySelector<HTMLElement>('[aria-current]')
    if (!list || !current || list.scrollWidth <= list.clientWidth) return
    const offset = current.getBoundingClientRect().left - list.getBoundingClientRect().left
    list.scrollLeft += offset - (list.clientWidth - current.offsetWidth) / 2
  }, [category])

  const totalKnown = categories.every((c) => typeof c.article_count === 'number')
  const total = totalKnown ? categories.reduce((sum, c) => sum + (c.article_count ?? 0), 0) : undefined

  return (
    <PageFrame eyebrow="Library" title="Career library" lead={libraryLead}>
      <div className={styles.layout}>
        <nav className={styles.categories} aria-label="Library categories">
          <h2 className={styles.sideTitle}>Categories</h2>
          <ul className={styles.categoryList} ref={categoryList}>
            <li>
              <Link
                to="/library"
                search={{}}
                resetScroll={false}
                activeOptions={{ exact: true }}
                className={styles.category}
                aria-current={category ? undefined : 'true'}
              >
                <span className={styles.categoryIcon}>
                  <LibraryBig size={18} aria-hidden="true" />
                </span>
                <span className={styles.categoryTitle}>All articles</span>
                {total !== undefined ? <Count n={total} /> : null}
              </Link>
            </li>
            {categories.map((c) => (
              <li key={c.slug}>
                <Link
                  to="/library"
                  search={{ category: c.slug }}
                  resetScroll={false}
                  activeOptions={{ exact: true }}
                  className={styles.category}
                  aria-current={c.slug === selected?.slug ? 'true' : undefined}
                >
                  <span className={styles.categoryIcon}>
                    <CategoryIcon name={c.icon} size={18} />
                  </span>
                  <span className={styles.categoryTitle}>{c.title}</span>
                  {typeof c.article_count === 'number' ? <Count n={c.article_count} /> : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section
          className={styles.results}
          aria-labelledby="library-results-title"
          aria-busy={loading || undefined}
          data-loading={loading || undefined}
        >
          <header className={styles.resultsHead}>
            <h2 id="library-results-title" className={styles.resultsTitle}>
              {heading}
            </h2>
            <p className={styles.description}>
              {unknown
                ? 'The library has no category by that name. Choose one of the eight categories, or browse every article.'
                : (topic?.description ?? selected?.description ?? 'Every guide in the library, newest first.')}
            </p>
            {selected && selected.sub_category.length > 0 ? (
              <ul className={styles.topics} aria-label={`Topics in ${selected.title}`}>
                <li>
                  <Link
                    to="/library"
                    search={{ category: selected.slug }}
                    resetScroll={false}
                    activeOptions={{ exact: true }}
                    className={styles.topic}
                    aria-current={topic ? undefined : 'true'}
                  >
                    All topics
                  </Link>
                </li>
                {selected.sub_category.map((s) => (
                  <li key={s.slug}>
                    <Link
                      to="/library"
                      search={{ category: selected.slug, sub_category: s.slug }}
                      resetScroll={false}
                      activeOptions={{ exact: true }}
                      className={styles.topic}
                      aria-current={s.slug === topic?.slug ? 'true' : undefined}
                    >
                      {s.title}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
            <p className={styles.summary} aria-live="polite">
              {articles.count > 0
                ? `${articles.count} ${articles.count === 1 ? 'article' : 'articles'}${pageCount > 1 ? ` · page ${Math.min(page, pageCount)} of ${pageCount}` : ''}`
                : null}
            </p>
          </header>

          {unknown ? (
            <EmptyState Icon={SearchX} title="No such category">
              <p>
                <Link to="/library" search={{}}>
                  Browse all articles
                </Link>{' '}
                or <Link to="/search">search the library</Link>.
              </p>
            </EmptyState>
          ) : articles.results.length > 0 ? (
            <ArticleGrid articles={articles.results} eagerCount={3} label={heading} />
          ) : page > 1 && articles.count === 0 ? (
            <EmptyState Icon={SearchX} title={`There is no page ${page} here`}>
              <p>
                This list is shorter than that.{' '}
                <Link to="/library" search={{ category, sub_category }}>
                  Go to the first page
                </Link>
                .
              </p>
            </EmptyState>
          ) : (
            <EmptyState Icon={LibraryBig} title={selected ? 'No articles in this category yet' : 'No articles yet'}>
              <p>
                New guides are added regularly. Meanwhile,{' '}
                <Link to="/library" search={{}}>
                  browse all articles
                </Link>{' '}
                or <Link to="/posts">see the latest posts</Link>.
              </p>
            </EmptyState>
          )}

          <Pagination page={page} pageCount={pageCount} label="Article pages" />
        </section>
      </div>
    </PageFrame>
  )
}

function Count({ n }: { n: number }) {
  return (
    <span className={styles.count}>
      {n}
      <span className="visually-hidden"> {n === 1 ? 'article' : 'articles'}</span>
    </span>
  )
}

import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate, useRouter, useRouterState } from '@tanstack/react-router'
import { Search, SearchX } from 'lucide-react'
import { useId, useMemo, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react'
import type { SearchResult } from '~contract/library.ts'
import { Button } from '@/components/button/button'
import { PageFrame } from '@/components/page-frame/page-frame'
import { categoriesQueryOptions } from '@/features/library/queries'
import { CategoryIcon } from '@/features/library/cards'
import { searchQueryOptions } from '../api/search'
import { parseSnippet } from '../snippet'
import styles from './search-page.module.css'

const kindLabels: Record<SearchResult['kind'], string> = { article: 'Article', category: 'Category', tool: 'Tool', location: 'Place' }
const kindPlurals: Record<SearchResult['kind'], string> = { article: 'Articles', category: 'Categories', tool: 'Tools', location: 'Places' }
const kinds = Object.keys(kindLabels) as SearchResult['kind'][]

export const popularSearches = ['interview questions', 'cover letter', 'resume keywords', 'internship', 'scholarships', 'IELTS']

export function searchLead(title: string): ReactNode {
  return title ? <p>You searched for “{title}”.</p> : <p>Search every article, category, tool and place on Waypoint.</p>
}

/** The search box of the results page: submitting puts the words in `?title=`. */
function SearchForm({ title }: { title: string }) {
  const navigate = useNavigate()
  const [value, setValue] = useState(title)
  const input = useRef<HTMLInputElement>(null)
  const id = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const query = value.trim()
    if (!query) {
      input.current?.focus()
      return
    }
    void navigate({ to: '/search', search: { title: query } })
  }

  return (
    <form role="search" aria-label="Search Waypoint" className={styles.form} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Search for
      </label>
      <Search className={styles.formIcon} size={20} aria-hidden="true" />
      <input
        ref={input}
        id={id}
        type="search"
        name="title"
        className={styles.input}
        placeholder="Try “interview questions” or “scholarships”"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" className={styles.submit}>
        Search
      </Button>
    </form>
  )
}

/** A path inside the SPA goes through the router; anything else is a plain link. */
function ResultLink({ url, children }: { url: string; children: ReactNode }) {
  const router = useRouter()
  const internal = url.startsWith('/') && !url.startsWith('//')
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!internal || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void router.navigate({ href: url })
  }
  return (
    <a href={url} className={styles.resultLink} onClick={onClick}>
      {children}
    </a>
  )
}

/** The server's snippet with its <mark> highlights, built from text nodes (never innerHTML). */
export function Snippet({ snippet }: { snippet: string }) {
  const parts = useMemo(() => parseSnippet(snippet), [snippet])
  return (
    <p className={styles.snippet}>{parts.map((part, i) => (part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}</p>
  )
}

function ResultItem({ result }: { result: SearchResult }) {
  return (
    <li className={styles.result}>
      <p className={styles.resultMeta}>
        <span className={styles.kind} data-kind={result.kind}>
          {kindLabels[result.kind]}
        </span>
        {result.context ? <span className={styles.context}>{result.context}</span> : null}
      </p>
      <h3 className={styles.resultTitle}>
        <ResultLink url={result.url}>{result.title}</ResultLink>
      </h3>
      <Snippet snippet={result.snippet} />
    </li>
  )
}

function Suggestions() {
  const categories = useQuery(categoriesQueryOptions())
  return (
    <div className={styles.suggestions}>
      <section aria-labelledby="search-tips-title">
        <h3 id="search-tips-title">Try this</h3>
        <ul className={styles.tips}>
          <li>Check the spelling, or use fewer and more general words.</li>
          <li>Search for a topic (“negotiation”), a document (“cover letter”) or a place (“London”).</li>
          <li>Browse a category below: every guide lives in one of them.</li>
        </ul>
      </section>
      <section aria-labelledby="search-popular-title">
        <h3 id="search-popular-title">Popular searches</h3>
        <ul className={styles.chips}>
          {popularSearches.map((term) => (
            <li key={term}>
              <Link to="/search" search={{ title: term }} className={styles.chip}>
                {term}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="search-browse-title" className={styles.browse}>
        <h3 id="search-browse-title">Browse categories</h3>
        {categories.data ? (
          <ul className={styles.categoryLinks}>
            {categories.data.map((category) => (
              <li key={category.slug}>
                <Link to="/library" search={{ category: category.slug }} className={styles.categoryLink}>
                  <CategoryIcon name={category.icon} size={18} />
                  {category.title}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>
            <Link to="/library">Open the library</Link> to see all eight categories.
          </p>
        )}
      </section>
    </div>
  )
}

function SearchResults({ title }: { title: string }) {
  const { data } = useSuspenseQuery(searchQueryOptions(title))
  const [kind, setKind] = useState<SearchResult['kind'] | 'all'>('all')
  const counts = useMemo(() => {
    const byKind = new Map<SearchResult['kind'], number>()
    for (const result of data.results) byKind.set(result.kind, (byKind.get(result.kind) ?? 0) + 1)
    return byKind
  }, [data.results])
  const shown = kind === 'all' ? data.results : data.results.filter((result) => result.kind === kind)
  const present = kinds.filter((k) => counts.has(k))

  if (data.count === 0 || data.results.length === 0) {
    return (
      <section className={styles.empty} aria-labelledby="search-count">
        <div className={styles.emptyHead}>
          <span className={styles.emptyIcon} aria-hidden="true">
            <SearchX size={26} />
          </span>
          <div>
            <h2 id="search-count" className={styles.count}>
              No results for “{title}”
            </h2>
            <p>We looked through every article, category, tool and place. Here are some ways to find what you need.</p>
          </div>
        </div>
        <Suggestions />
      </section>
    )
  }

  return (
    <section aria-labelledby="search-count">
      <h2 id="search-count" className={styles.count} aria-live="polite">
        {data.count} {data.count === 1 ? 'result' : 'results'} for “{title}”
      </h2>
      {present.length > 1 ? (
        <div className={styles.filters} role="group" aria-label="Show results of one kind">
          <button type="button" className={styles.filter} aria-pressed={kind === 'all'} onClick={() => setKind('all')}>
            All <span className={styles.filterCount}>{data.results.length}</span>
          </button>
          {present.map((k) => (
            <button key={k} type="button" className={styles.filter} aria-pressed={kind === k} onClick={() => setKind(k)}>
              {kindPlurals[k]} <span className={styles.filterCount}>{counts.get(k)}</span>
            </button>
          ))}
        </div>
      ) : null}
      <ol className={styles.results}>
        {shown.map((result) => (
          <ResultItem key={`${result.kind}:${result.url}`} result={result} />
        ))}
      </ol>
    </section>
  )
}

function NoQuery() {
  return (
    <section className={styles.empty} aria-labelledby="search-start">
      <div className={styles.emptyHead}>
        <span className={styles.emptyIcon} aria-hidden="true">
          <Search size={26} />
        </span>
        <div>
          <h2 id="search-start" className={styles.count}>
            What are you looking for?
          </h2>
          <p>Type a few words in the search box above: a question, a topic, a tool or a city.</p>
        </div>
      </div>
      <Suggestions />
    </section>
  )
}

/** /search?title=: ranked results over articles, categories, tools and places. */
export function SearchPage({ title }: { title: string }) {
  const loading = useRouterState({ select: (state) => state.status === 'pending' })
  return (
    <PageFrame title="Search results" lead={searchLead(title)} actions={<SearchForm key={title} title={title} />}>
      <div className={styles.body} aria-busy={loading || undefined} data-loading={loading || undefined}>
        {title ? <SearchResults key={title} title={title} /> : <NoQuery />}
      </div>
    </PageFrame>
  )
}

/** While the first results load: the page with its search box and placeholder rows. */
export function SearchPending({ title }: { title: string }) {
  return (
    <PageFrame title="Search results" lead={searchLead(title)} actions={<SearchForm key={title} title={title} />}>
      <div className={styles.body} aria-busy="true">
        <p role="status" className={styles.count}>
          Searching…
        </p>
        <ul className={styles.results} aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className={styles.result}>
              <span className={styles.skeleton} style={{ width: '6rem' }} />
              <span className={`${styles.skeleton} ${styles.skeletonTitle}`} style={{ width: '60%' }} />
              <span className={styles.skeleton} style={{ width: '95%' }} />
            </li>
          ))}
        </ul>
      </div>
    </PageFrame>
  )
}

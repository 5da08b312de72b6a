// The home page's lower sections, loaded as the visitor scrolls towards them (see WhenNear).
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowRight, Briefcase, GraduationCap, Mail, Stethoscope, type LucideIcon } from 'lucide-react'
import type { MouseEvent } from 'react'
import { Button, buttonClass } from '@/components/button/button'
import type { PendingEbook } from '@/features/ebooks'
import { EbookCard, ebooksQueryOptions, startEbookDownload } from '@/features/ebooks/components'
import { articlesQueryOptions } from '@/features/library/queries'
import { ArticleCardSkeleton, ArticleGrid } from '@/features/library/cards'
import styles from './home-more.module.css'

export { EbookDownloadToast } from '@/features/ebooks/components'

/** After the sign-in detour: fetch the ebook the guest asked for (title and URL from the list). */
export async function resumeEbookDownload(queryClient: QueryClient, pending: PendingEbook) {
  const ebooks = await queryClient.fetchQuery(ebooksQueryOptions()).catch(() => [])
  const ebook = ebooks.find((e) => e.slug === pending.slug)
  const url = ebook?.formats.find((f) => f.format === pending.format)?.url
  await startEbookDownload({ ...pending, title: ebook?.title ?? 'your eBook', url })
}

function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className={styles.failed} role="alert">
      <p>We could not load {what} just now.</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}

export function LatestArticles() {
  const latest = useQuery(articlesQueryOptions({ page: 1, page_size: 3 }))
  if (latest.data && latest.data.results.length === 0) return null
  return (
    <section className={styles.section} aria-labelledby="latest-title">
      <div className={styles.head}>
        <div>
          <h2 id="latest-title">Fresh from the library</h2>
          <p>The newest guides, each with a narrated audio version.</p>
        </div>
        <Link to="/posts" className={styles.more}>
          See all posts <ArrowRight size={16} aria-hidden="true" />
        </Link>
      </div>
      {latest.data ? (
        <ArticleGrid articles={latest.data.results} label="Latest articles" columns={3} />
      ) : latest.isError ? (
        <LoadFailed what="the latest articles" onRetry={() => void latest.refetch()} />
      ) : (
        <div className={styles.cards} aria-busy="true">
          <span role="status" className="visually-hidden">
            Loading the latest articles…
          </span>
          <ArticleCardSkeleton />
          <ArticleCardSkeleton />
          <ArticleCardSkeleton />
        </div>
      )}
    </section>
  )
}

export function EbookShelf() {
  const ebooks = useQuery(ebooksQueryOptions())
  if (ebooks.data && ebooks.data.length === 0) return null
  return (
    <section className={styles.shelf} aria-labelledby="ebooks-title">
      <div className={styles.shelfInner}>
        <div className={styles.head}>
          <div>
            <h2 id="ebooks-title">Free eBooks to keep</h2>
            <p>Our best guides, collected into books you can read offline: EPUB for e-readers, PDF for everything else.</p>
          </div>
        </div>
        {ebooks.data ? (
          <ul className={styles.ebooks}>
            {ebooks.data.map((ebook) => (
              <li key={ebook.slug}>
                <EbookCard ebook={ebook} />
              </li>
            ))}
          </ul>
        ) : ebooks.isError ? (
          <LoadFailed what="the eBooks" onRetry={() => void ebooks.refetch()} />
        ) : (
          <div className={styles.ebooks} aria-busy="true">
            <span role="status" className="visually-hidden">
              Loading the eBooks…
            </span>
            <div className={styles.ebookSkeleton} />
            <div className={styles.ebookSkeleton} />
          </div>
        )}
      </div>
    </section>
  )
}

type ToolPath = '/library' | '/living-cost' | '/resume' | '/salary' | '/coverletter'
type Scenario = { title: string; Icon: LucideIcon; text: string; tools: { label: string; to: ToolPath }[] }

/** Illustrations of how the tools fit together; not customer stories, and labelled so. */
const scenarios: Scenario[] = [
  {
    title: 'A final-year student applying abroad',
    Icon: GraduationCap,
    text: 'Plans test dates and deadlines with the University Admission and Standardized Tests guides, checks what a month costs in each university city, and prepares an English resume for scholarship forms.',
    tools: [
      { label: 'Library', to: '/library' },
      { label: 'Cost of Living', to: '/living-cost' },
      { label: 'Resume Builder', to: '/resume' },
    ],
  },
  {
    title: 'A graduate switching fields',
    Icon: Briefcase,
    text: 'Listens to the Career Development guides on the way to work, looks up pay ranges in the new field, then rewrites old duties as achievements and drafts a cover letter that explains the change.',
    tools: [
      { label: 'Salary Insights', to: '/salary' },
      { label: 'Resume Builder', to: '/resume' },
      { label: 'Cover Letter Builder', to: '/coverletter' },
    ],
  },
  {
    title: 'A nurse comparing cities',
    Icon: Stethoscope,
    text: 'Compares nursing pay in two cities, weighs it against rent and transport costs there, and reads the Interview Tips guides before video interviews with hospitals.',
    tools: [
      { label: 'Salary Insights', to: '/salary' },
      { label: 'Cost of Living', to: '/living-cost' },
      { label: 'Library', to: '/library' },
    ],
  },
]

export function Scenarios() {
  return (
    <section className={styles.section} aria-labelledby="scenarios-title">
      <div className={styles.head}>
        <div>
          <h2 id="scenarios-title">How people use Waypoint</h2>
          <p>Three typical journeys through the tools. They are illustrations of how the pieces fit together, not customer stories.</p>
        </div>
      </div>
      <ul className={styles.scenarios}>
        {scenarios.map(({ title, Icon, text, tools }) => (
          <li key={title} className={styles.scenario}>
            <span className={styles.scenarioIcon} aria-hidden="true">
              <Icon size={22} />
            </span>
            <p className={styles.example}>Example</p>
            <h3>{title}</h3>
            <p className={styles.scenarioText}>{text}</p>
            <ul className={styles.tools} aria-label="Tools used">
              {tools.map((tool) => (
                <li key={tool.label}>
                  <Link to={tool.to}>{tool.label}</Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Sends the visitor to the footer's newsletter field, focused and ready to type. */
function focusNewsletter(event: MouseEvent<HTMLAnchorElement>) {
  const field = document.querySelector<HTMLInputElement>('footer form[aria-label="Newsletter"] input')
  if (!field) return
  event.preventDefault()
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
  field.scrollIntoView?.({ behavior: smooth ? 'smooth' : 'auto', block: 'center' })
  field.focus({ preventScroll: true })
}

export function NewsletterBand() {
  return (
    <section className={styles.newsletter} aria-labelledby="newsletter-call-title">
      <div className={styles.newsletterInner}>
        <span className={styles.newsletterIcon} aria-hidden="true">
          <Mail size={24} />
        </span>
        <div>
          <h2 id="newsletter-call-title">New guides in your inbox</h2>
          <p>One short e-mail a fortnight with the newest articles and tool updates. No spam; unsubscribe in one click.</p>
        </div>
        <a href="#newsletter-title" className={buttonClass('primary')} onClick={focusNewsletter}>
          Subscribe to the newsletter
        </a>
      </div>
    </section>
  )
}

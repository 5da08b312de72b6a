import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { buttonClass } from '@/components/button/button'
import { SpriteIcon } from '@/components/sprite-icon/sprite-icon'
import type { SpriteIconName } from '@/components/sprite-icon/icons'
import { authStore } from '@/features/auth'
import { takePendingEbook } from '@/features/ebooks'
import styles from './home-page.module.css'
import { WhenNear } from '@/components/when-near/when-near'

const loadMore = () => import('./home-more')
const LatestArticles = lazy(() => loadMore().then((m) => ({ default: m.LatestArticles })))
const EbookShelf = lazy(() => loadMore().then((m) => ({ default: m.EbookShelf })))
const Scenarios = lazy(() => loadMore().then((m) => ({ default: m.Scenarios })))
const NewsletterBand = lazy(() => loadMore().then((m) => ({ default: m.NewsletterBand })))
const EbookDownloadToast = lazy(() => loadMore().then((m) => ({ default: m.EbookDownloadToast })))

/**
 * Spec section 4: a guest who asked for an ebook comes back from signing in to `/?actived=true`;
 * the download they asked for starts, and `actived` leaves the URL.
 */
function useResumeEbookDownload(actived: boolean): boolean {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [resumed, setResumed] = useState(false)

  useEffect(() => {
    if (!actived) return
    const pending = takePendingEbook()
    if (pending && authStore.isLoggedIn()) {
      void loadMore().then((m) => {
        setResumed(true)
        return m.resumeEbookDownload(queryClient, pending)
      })
    }
    void navigate({ to: '/', search: {}, replace: true })
  }, [actived, navigate, queryClient])

  return resumed
}

type Tool = { title: string; text: string; to: string; icon: SpriteIconName }

const tools: Tool[] = [
  {
    title: 'Resume Builder',
    text: 'Three clean templates, a live preview and a PDF that tracking systems can read.',
    to: '/resume',
    icon: 'file-user',
  },
  {
    title: 'Cover Letter Builder',
    text: 'Answer a few questions; get an opening, body and close written around you.',
    to: '/coverletter',
    icon: 'file-text',
  },
  { title: 'Salary Insights', text: 'Pay ranges by job and place, from official wage statistics.', to: '/salary', icon: 'trending-up' },
  { title: 'Cost of Living', text: 'What a month costs in a city, and how two cities compare.', to: '/living-cost', icon: 'wallet' },
  { title: 'Career Library', text: 'Guides on applications, interviews and admission, each with audio.', to: '/library', icon: 'book-open' },
  { title: 'Countries', text: 'Study and work abroad: pay, prices and cities, country by country.', to: '/countries', icon: 'globe' },
]

const categories = [
  'Career development',
  'Networking and connections',
  'Internship and training',
  'Standardized tests',
  'Application materials',
  'Interview tips',
  'University admission',
  'Job hunting',
]

export function HomePage({ actived = false }: { actived?: boolean }) {
  const resumed = useResumeEbookDownload(actived)
  useEffect(() => {
    document.title = 'Waypoint: career advice, resume and cover-letter builders'
  }, [])

  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.kicker}>Free career adviser for students and job seekers</p>
            <h1 id="home-title" className={styles.title}>
              Find your next step, <em>and take it.</em>
            </h1>
            <p className={styles.lead}>
              Waypoint brings honest career and admission advice, builders that do the paperwork, and pay and living-cost figures from official
              sources together in one calm place. Everything here is free.
            </p>
            <div className={styles.ctas}>
              <Link to="/resume" className={buttonClass('primary')}>
                Build your resume <SpriteIcon name="arrow-right" size={18} />
              </Link>
              <Link to="/library" className={buttonClass('secondary')}>
                Explore the library
              </Link>
            </div>
          </div>
          <ul className={styles.stats} aria-label="Why it matters">
            <li className={styles.stat}>
              <span className={styles.statFigure}>2%</span>
              <span className={styles.statText}>2% of resumes make it past the first round</span>
            </li>
            <li className={styles.stat} data-tone="accent">
              <span className={styles.statFigure}>25%</span>
              <span className={styles.statText}>25% of recruiters consider a cover letter critical</span>
            </li>
            <li className={styles.stat} data-tone="warm">
              <SpriteIcon name="headphones" size={28} className={styles.statIcon} />
              <span className={styles.statText}>Every library guide comes with a narrated audio version</span>
            </li>
          </ul>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="tools-title">
        <div className={styles.sectionHead}>
          <h2 id="tools-title">Tools that do the heavy lifting</h2>
          <p>Six free tools, one account. Start as a guest; sign in when you want to keep your work.</p>
        </div>
        <ul className={styles.tools}>
          {tools.map(({ title, text, to, icon }) => (
            <li key={to} className={styles.tool}>
              <span className={styles.toolIcon} aria-hidden="true">
                <SpriteIcon name={icon} size={22} />
              </span>
              <h3 className={styles.toolTitle}>
                <Link to={to} className={styles.toolLink}>
                  {title}
                </Link>
              </h3>
              <p className={styles.toolText}>{text}</p>
              <SpriteIcon name="arrow-right" className={styles.toolArrow} size={18} />
            </li>
          ))}
        </ul>
      </section>

      <WhenNear minHeight="44rem">
        <LatestArticles />
        <EbookShelf />
      </WhenNear>

      <section className={styles.band} aria-labelledby="library-title">
        <div className={styles.bandInner}>
          <div>
            <h2 id="library-title">A library for every stage</h2>
            <p>
              From your first internship to your university application, our guides cover eight areas. Read them, or listen on the way to your
              interview.
            </p>
            <Link to="/library" className={buttonClass('light')}>
              Open the library
            </Link>
          </div>
          <ul className={styles.categories}>
            {categories.map((category) => (
              <li key={category}>{category}</li>
            ))}
          </ul>
        </div>
      </section>

      <WhenNear minHeight="30rem">
        <Scenarios />
      </WhenNear>

      <section className={styles.section} aria-labelledby="assistant-title">
        <div className={styles.assistant}>
          <span className={styles.assistantIcon} aria-hidden="true">
            <SpriteIcon name="message-circle" size={26} />
          </span>
          <div>
            <h2 id="assistant-title">Ask the career assistant</h2>
            <p>
              Stuck on a question about applications, interviews, pay or living costs? Open the chat button at the bottom right of any page: the
              assistant answers from Waypoint’s own guides and data, and tells you where each answer comes from.
            </p>
          </div>
        </div>
      </section>

      <WhenNear minHeight="10rem">
        <NewsletterBand />
      </WhenNear>

      {resumed ? (
        <Suspense fallback={null}>
          <EbookDownloadToast />
        </Suspense>
      ) : null}
    </>
  )
}

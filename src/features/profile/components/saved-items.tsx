import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowRight, FileText, ListMusic, NotebookPen, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import type { PlaylistItem } from '~contract/playlist.ts'
import { Button, buttonClass } from '@/components/button/button'
import { coverLetterListQueryOptions } from '@/features/cover-letter'
import { playlistQueryOptions } from '@/features/player'
import { resumeListQueryOptions } from '@/features/resume'
import { dayOf } from '../account-facts'
import { toFailure } from '../failure'
import styles from './dashboard.module.css'

/** Each section lists this many items, then says how many more there are. */
const SHOWN = 5

type Listed<T> = { count: number; items: T[] }
type Document = { id: string; title: string; updated_at: string }

const fromPage = <T,>(page: { count: number; results: T[] }): Listed<T> => ({ count: page.count, items: page.results.slice(0, SHOWN) })
const fromPlaylist = (tracks: PlaylistItem[]): Listed<PlaylistItem> => ({ count: tracks.length, items: tracks.slice(0, SHOWN) })
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export function SavedResumes() {
  const query = useQuery({ ...resumeListQueryOptions(SHOWN), select: fromPage })
  return (
    <ItemsSection
      id="saved-resumes"
      icon={FileText}
      title="Saved resumes"
      what="your saved resumes"
      empty="You have no saved resumes yet. Resumes you save to your account will be listed here, so you can pick up where you left off."
      count={(n) => plural(n, 'saved resume')}
      query={query}
      item={(resume) => (
        <DocumentItem key={resume.id} document={resume}>
          <Link to="/resume" search={{ open: resume.id }}>
            {resume.title}
          </Link>
        </DocumentItem>
      )}
      action={
        <Link to="/resume" className={buttonClass('secondary')}>
          Open the Resume Builder
          <ArrowRight size={16} aria-hidden="true" />
        </Link>
      }
    />
  )
}

export function SavedCoverLetters() {
  const query = useQuery({ ...coverLetterListQueryOptions(SHOWN), select: fromPage })
  return (
    <ItemsSection
      id="cover-letters"
      icon={NotebookPen}
      title="Cover letters"
      what="your saved cover letters"
      empty="You have no saved cover letters yet. Cover letters you save to your account will be listed here."
      count={(n) => plural(n, 'saved cover letter')}
      query={query}
      item={(letter) => (
        <DocumentItem key={letter.id} document={letter}>
          <Link to="/coverletter" search={{ open: letter.id }}>
            {letter.title}
          </Link>
        </DocumentItem>
      )}
      action={
        <Link to="/coverletter" className={buttonClass('secondary')}>
          Open the Cover Letter Builder
          <ArrowRight size={16} aria-hidden="true" />
        </Link>
      }
    />
  )
}

export function Playlist() {
  const query = useQuery({ ...playlistQueryOptions(), select: fromPlaylist })
  return (
    <ItemsSection
      id="playlist"
      icon={ListMusic}
      title="Playlist"
      what="your playlist"
      empty="Your playlist is empty. Add the audio of library articles to your playlist and listen to them while you browse."
      count={(n) => plural(n, 'track')}
      query={query}
      item={(track) => (
        <li key={track.audioId} className={styles.item}>
          <Link to="/articles/$slug" params={{ slug: track.articleSlug }}>
            {track.title}
          </Link>
          <span className={styles.itemMeta}>{track.duration === null ? 'Narration in preparation' : listenTime(track.duration)}</span>
        </li>
      )}
      action={
        <Link to="/library" className={buttonClass('secondary')}>
          Browse the library
          <ArrowRight size={16} aria-hidden="true" />
        </Link>
      }
    />
  )
}

const listenTime = (seconds: number) => `${Math.max(1, Math.round(seconds / 60))} min listen`

function DocumentItem({ document, children }: { document: Document; children: ReactNode }) {
  return (
    <li className={styles.item}>
      {children}
      <span className={styles.itemMeta}>
        Updated <time dateTime={document.updated_at}>{dayOf(document.updated_at)}</time>
      </span>
    </li>
  )
}

type ItemsSectionProps<T> = {
  id: string
  icon: LucideIcon
  title: string
  /** What the list is, in the user's words, for the loading and error lines. */
  what: string
  /** The honest empty state: what will appear here. */
  empty: string
  count: (n: number) => string
  query: UseQueryResult<Listed<T>>
  item: (item: T) => ReactNode
  /** Where to start or go on. */
  action: ReactNode
}

/** One thing the user keeps on Waypoint: the first few items, or why there are none to show. */
function ItemsSection<T>({ id, icon: Icon, title, what, empty, count, query, item, action }: ItemsSectionProps<T>) {
  const filled = query.isSuccess && query.data.count > 0
  return (
    <section className={`${styles.section} ${filled ? styles.filled : ''}`} aria-labelledby={`${id}-title`} aria-busy={query.isPending || undefined}>
      <div className={styles.sectionIcon} aria-hidden="true">
        <Icon size={24} />
      </div>
      <div className={styles.sectionBody}>
        <div className={styles.sectionHead}>
          <h2 id={`${id}-title`} className={styles.sectionTitle}>
            {title}
          </h2>
          {filled ? <span className={styles.count}>{count(query.data.count)}</span> : null}
        </div>
        {query.isPending ? (
          <p role="status" className={styles.sectionText}>
            Loading {what}…
          </p>
        ) : query.isError ? (
          <div role="alert" className={styles.failure}>
            <p>
              We could not load {what}. {toFailure(query.error, 'Please try again in a moment.').detail}
            </p>
            <Button variant="secondary" loading={query.isFetching} onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : query.data.count === 0 ? (
          <p className={styles.sectionText}>{empty}</p>
        ) : (
          <>
            <ul className={styles.items}>{query.data.items.map(item)}</ul>
            {query.data.count > query.data.items.length ? <p className={styles.more}>and {query.data.count - query.data.items.length} more</p> : null}
          </>
        )}
        {action}
      </div>
    </section>
  )
}

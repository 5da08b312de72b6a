import { BookOpenText, Download, Lock } from 'lucide-react'
import type { Ebook } from '~contract/library.ts'
import { Button } from '@/components/button/button'
import { useAuth, useGate } from '@/features/auth'
import type { EbookFormat } from '../api/download-ebook'
import { downloadKey, startEbookDownload, useEbookDownload, type EbookDownload } from '../download-store'
import { savePendingEbook } from '../pending-ebook'
import styles from './ebook-card.module.css'

const formatNames: Record<EbookFormat, string> = { epub: 'EPUB', pdf: 'PDF' }

export function downloadStatusText(download: EbookDownload): string {
  const name = formatNames[download.format]
  if (download.status === 'downloading') {
    return download.progress === null ? `Downloading the ${name}…` : `Downloading the ${name}… ${Math.round(download.progress * 100)}%`
  }
  if (download.status === 'done') return `Your ${name} of “${download.title}” has downloaded.`
  return download.error ?? 'The download did not finish. Please try again.'
}

/** One of our ebooks with its two downloads; a guest signs in first (loginfrom=homepage). */
export function EbookCard({ ebook }: { ebook: Ebook }) {
  const gate = useGate()
  const signedIn = useAuth((state) => state.userData !== null)
  const epub = useEbookDownload(downloadKey(ebook.slug, 'epub'))
  const pdf = useEbookDownload(downloadKey(ebook.slug, 'pdf'))
  const shown = [epub, pdf].filter((d): d is EbookDownload => d !== undefined).sort((a, b) => b.seq - a.seq)[0]
  const formats = (['epub', 'pdf'] as const).filter((format) => ebook.formats.some((f) => f.format === format))

  const download = (format: EbookFormat) => {
    if (!signedIn) savePendingEbook({ slug: ebook.slug, format })
    if (!gate('homepage')) return
    const url = ebook.formats.find((f) => f.format === format)?.url
    void startEbookDownload({ slug: ebook.slug, format, title: ebook.title, url })
  }

  return (
    <article className={styles.card}>
      <div className={styles.cover}>
        <img src={ebook.cover} alt="" width={300} height={400} loading="lazy" decoding="async" />
      </div>
      <div className={styles.body}>
        <p className={styles.eyebrow}>
          <BookOpenText size={16} aria-hidden="true" />
          Free eBook · {ebook.chapters.length} {ebook.chapters.length === 1 ? 'chapter' : 'chapters'}
        </p>
        <h3 className={styles.title}>{ebook.title}</h3>
        <p className={styles.subtitle}>{ebook.subtitle}</p>
        <p className={styles.description}>{ebook.description}</p>
        <div className={styles.buttons}>
          {formats.map((format, i) => {
            const state = format === 'epub' ? epub : pdf
            return (
              <Button
                key={format}
                variant={i === 0 ? 'primary' : 'secondary'}
                loading={state?.status === 'downloading'}
                onClick={() => download(format)}
              >
                {state?.status === 'downloading' ? null : <Download size={17} aria-hidden="true" />}
                Download {formatNames[format]} <span className="visually-hidden">of {ebook.title}</span>
              </Button>
            )
          })}
        </div>
        {shown?.status === 'downloading' && shown.progress !== null ? (
          <span className={styles.bar} aria-hidden="true">
            <span style={{ width: `${Math.round(shown.progress * 100)}%` }} />
          </span>
        ) : null}
        <p role="status" className={styles.status} data-tone={shown?.status}>
          {shown ? downloadStatusText(shown) : null}
        </p>
        {signedIn ? null : (
          <p className={styles.note}>
            <Lock size={14} aria-hidden="true" />
            Free with a Waypoint account: sign in or sign up, and the download starts.
          </p>
        )}
      </div>
    </article>
  )
}

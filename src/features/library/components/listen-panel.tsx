import { Headphones, RotateCw } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { audioUnavailableMessage, type ArticleAudio } from '~contract/library.ts'
import { Button } from '@/components/button/button'
import { requestNarration } from '../api/request-narration'
import { formatDuration, spokenDuration } from '../format'
import styles from './article-page.module.css'

export const preparingMessage = 'Audio is being prepared — try again in a minute'

/**
 * 'Listen': a native audio element until the library player arrives. While the narration is
 * still being generated the article query polls (see articleQueryOptions) and this says so.
 */
export function ListenPanel({ audio }: { audio: ArticleAudio }) {
  const element = useRef<HTMLAudioElement>(null)
  // The file can answer 202 while it is being encoded; the element then reports an error.
  const [notReady, setNotReady] = useState(false)
  const pending = audio.status === 'pending' || (audio.status === 'ready' && notReady)

  useEffect(() => {
    if (audio.status === 'pending') void requestNarration(audio.url)
  }, [audio.status, audio.url])

  return (
    <section className={styles.listen} aria-labelledby="listen-title">
      <div className={styles.listenHead}>
        <span className={styles.listenIcon} aria-hidden="true">
          <Headphones size={20} />
        </span>
        <div>
          <h2 id="listen-title" className={styles.listenTitle}>
            Listen to this article
          </h2>
          <p className={styles.listenMeta}>
            {audio.duration ? (
              <>
                <span aria-hidden="true">Narrated audio · {formatDuration(audio.duration)}</span>
                <span className="visually-hidden">Narrated audio, {spokenDuration(audio.duration)}</span>
              </>
            ) : audio.status === 'failed' ? (
              'Narration'
            ) : (
              'Narrated audio'
            )}
          </p>
        </div>
      </div>
      {audio.status === 'ready' ? (
        <audio
          ref={element}
          className={styles.audio}
          controls
          preload="none"
          src={audio.url}
          aria-labelledby="listen-title"
          onError={() => setNotReady(true)}
          onCanPlay={() => setNotReady(false)}
        >
          <a href={audio.url}>Download the narration (MP3)</a>
        </audio>
      ) : null}
      {audio.status === 'failed' ? (
        <p role="status" className={styles.preparingText}>
          {audioUnavailableMessage}
        </p>
      ) : null}
      {pending ? (
        <div className={styles.preparing}>
          <p role="status" className={styles.preparingText}>
            {preparingMessage}
          </p>
          {notReady ? (
            <Button
              variant="secondary"
              onClick={() => {
                setNotReady(false)
                element.current?.load()
                void element.current?.play().catch(() => setNotReady(true))
              }}
            >
              <RotateCw size={16} aria-hidden="true" />
              Try again
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}

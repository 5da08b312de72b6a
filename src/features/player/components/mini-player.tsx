import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { ListMusic, Pause, Play, SkipBack, SkipForward, X } from 'lucide-react'
import { useRef, useState, type KeyboardEvent } from 'react'
import { audioUnavailableMessage } from '~contract/library.ts'
import { elapsedText } from '../machines/player.machine'
import type { PlayerActor } from '../player-store'
import { SKIP_S, useMediaSession } from '../use-media-session'
import { useWaveform } from '../use-waveform'
import { MainPlayer } from './main-player'
import styles from './player.module.css'

const mainPlayerId = 'main-player'

/** Keys handled by the control they were pressed on, not by the player. */
const ownsKey = (target: EventTarget, key: string) =>
  target instanceof HTMLElement && (target.matches('input, textarea, select') || (key === ' ' && target.matches('button, a')))

/**
 * The mini player in the footer area: the current track, play controls, the waveform (which
 * is also the seek slider) and the way to the main player with the playlist.
 */
export function MiniPlayer({ actor }: { actor: PlayerActor }) {
  const waveform = useRef<HTMLDivElement>(null)
  useWaveform(actor, waveform)
  useMediaSession(actor)

  const track = useSelector(actor, (snapshot) => snapshot.context.tracks[snapshot.context.playIndex] ?? null)
  const count = useSelector(actor, (snapshot) => snapshot.context.tracks.length)
  const index = useSelector(actor, (snapshot) => snapshot.context.playIndex)
  const playing = useSelector(actor, (snapshot) => snapshot.matches('playing'))
  const elapsed = useSelector(actor, (snapshot) => snapshot.context.elapsed)
  const second = useSelector(actor, (snapshot) => Math.round(snapshot.context.currentTime))
  const duration = useSelector(actor, (snapshot) => snapshot.context.duration)
  const status = useSelector(actor, (snapshot) => snapshot.context.wavesurferStatus)
  const mainOpen = useSelector(actor, (snapshot) => snapshot.context.mainOpen)
  const canNext = useSelector(actor, (snapshot) => snapshot.can({ type: 'NEXT' }))
  const canPrevious = useSelector(actor, (snapshot) => snapshot.can({ type: 'PREVIOUS' }))
  // Spec section 9: the play-mode hint shows for 600 ms after the listener toggles.
  const [hint, setHint] = useState(0)

  if (!track) return null
  const total = duration > 0 ? elapsedText(duration) : '--:--'

  const toggle = () => {
    actor.send({ type: 'TOGGLE' })
    setHint((n) => n + 1)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || ownsKey(event.target, event.key)) return
    const keys: Record<string, () => void> = {
      ' ': toggle,
      ArrowLeft: () => actor.send(event.shiftKey ? { type: 'PREVIOUS' } : { type: 'SKIP', seconds: -SKIP_S }),
      ArrowRight: () => actor.send(event.shiftKey ? { type: 'NEXT' } : { type: 'SKIP', seconds: SKIP_S }),
      Home: () => actor.send({ type: 'SEEK', seconds: 0 }),
      End: () => actor.send({ type: 'SEEK', seconds: Math.max(0, duration - 1) }),
    }
    const run = keys[event.key]
    if (!run) return
    event.preventDefault()
    run()
  }

  const note =
    track.status === 'failed'
      ? `${audioUnavailableMessage}.`
      : status === 'error'
        ? 'This track could not be played.'
        : track.status === 'pending' && status === 'loading'
          ? 'Preparing the audio…'
          : `Track ${index + 1} of ${count}`

  return (
    <section className={styles.dock} aria-label="Music player" onKeyDown={onKeyDown} data-main-open={mainOpen || undefined}>
      {mainOpen ? <MainPlayer actor={actor} id={mainPlayerId} /> : null}
      <div className={styles.bar}>
        <div className={styles.nowPlaying}>
          <img className={styles.cover} src={`/api/library/covers/${track.articleSlug}.svg`} alt="" width={64} height={36} />
          <div className={styles.titles}>
            <p className={styles.title}>
              <Link to="/articles/$slug" params={{ slug: track.articleSlug }} className={styles.titleLink}>
                {track.title}
              </Link>
            </p>
            <p className={styles.note} data-tone={status === 'error' ? 'error' : undefined}>
              {note}
            </p>
          </div>
        </div>

        <div className={styles.controls}>
          <button
            type="button"
            className={styles.iconButton}
            aria-label="Previous track"
            aria-keyshortcuts="Shift+ArrowLeft"
            disabled={!canPrevious}
            onClick={() => actor.send({ type: 'PREVIOUS' })}
          >
            <SkipBack size={20} aria-hidden="true" />
          </button>
          <button type="button" className={styles.playButton} aria-label={playing ? 'Pause' : 'Play'} aria-keyshortcuts="Space" onClick={toggle}>
            {playing ? <Pause size={22} aria-hidden="true" /> : <Play size={22} aria-hidden="true" />}
          </button>
          <button
            type="button"
            className={styles.iconButton}
            aria-label="Next track"
            aria-keyshortcuts="Shift+ArrowRight"
            disabled={!canNext}
            onClick={() => actor.send({ type: 'NEXT' })}
          >
            <SkipForward size={20} aria-hidden="true" />
          </button>
        </div>

        <div className={styles.timeline}>
          <span role="timer" aria-label="Elapsed time" className={styles.time}>
            {elapsed}
          </span>
          <div
            ref={waveform}
            className={styles.wave}
            role="slider"
            tabIndex={0}
            aria-label="Seek"
            aria-keyshortcuts="ArrowLeft ArrowRight Home End"
            aria-valuemin={0}
            aria-valuemax={Math.round(duration)}
            aria-valuenow={Math.min(second, Math.round(duration))}
            aria-valuetext={`${elapsed} of ${total}`}
          >
            {hint > 0 ? (
              <span key={hint} className={styles.hint} aria-hidden="true">
                {playing ? <Play size={16} /> : <Pause size={16} />}
              </span>
            ) : null}
          </div>
          <span className={styles.time}>
            <span className="visually-hidden">Duration </span>
            {total}
          </span>
        </div>

        <div className={styles.extras}>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={mainOpen ? 'Hide playlist' : 'Show playlist'}
            aria-expanded={mainOpen}
            aria-controls={mainOpen ? mainPlayerId : undefined}
            data-active={mainOpen || undefined}
            onClick={() => actor.send({ type: mainOpen ? 'CLOSE_MAIN' : 'OPEN_MAIN' })}
          >
            <ListMusic size={20} aria-hidden="true" />
          </button>
          <button type="button" className={styles.iconButton} aria-label="Close player" onClick={() => actor.send({ type: 'HIDE' })}>
            <X size={20} aria-hidden="true" />
          </button>
        </div>
      </div>
    </section>
  )
}

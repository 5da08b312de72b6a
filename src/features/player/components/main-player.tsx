import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { AudioLines, ChevronDown, ChevronUp, Trash2 } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useRemoveTrack, useReorderPlaylist } from '../api/change-playlist'
import { elapsedText } from '../machines/player.machine'
import type { PlayerActor } from '../player-store'
import styles from './player.module.css'

type Focus = { audioId: string; control: 'play' | 'up' | 'down' } | { audioId: null; control: 'heading' }

/** The main player: the whole playlist, to play any track, reorder it or remove tracks. */
export function MainPlayer({ actor, id }: { actor: PlayerActor; id: string }) {
  const tracks = useSelector(actor, (snapshot) => snapshot.context.tracks)
  const currentId = useSelector(actor, (snapshot) => snapshot.context.currentId)
  const playing = useSelector(actor, (snapshot) => snapshot.matches('playing'))
  const remove = useRemoveTrack()
  const reorder = useReorderPlaylist()
  const list = useRef<HTMLDivElement>(null)
  // Moving or removing a row re-renders the list: the focus goes where the listener expects it.
  const focus = useRef<Focus | null>(null)

  useEffect(() => {
    const wanted = focus.current
    if (!wanted || !list.current) return
    focus.current = null
    const selector = wanted.audioId === null ? 'h2' : `[data-audio="${CSS.escape(wanted.audioId)}"][data-control="${wanted.control}"]`
    const target = list.current.querySelector<HTMLElement>(selector)
    ;(target && !(target as HTMLButtonElement).disabled
      ? target
      : list.current.querySelector<HTMLElement>(`[data-audio="${CSS.escape(wanted.audioId ?? '')}"][data-control="play"]`)
    )?.focus()
  }, [tracks])

  const move = (audioId: string, to: number, control: 'up' | 'down') => {
    actor.send({ type: 'MOVE', audioId, to })
    focus.current = { audioId, control }
    reorder.mutate(actor.getSnapshot().context.tracks.map((track) => track.audioId))
  }

  const removeTrack = (audioId: string, index: number) => {
    actor.send({ type: 'REMOVE', audioId })
    const next = actor.getSnapshot().context.tracks[Math.min(index, tracks.length - 2)]
    focus.current = next ? { audioId: next.audioId, control: 'play' } : { audioId: null, control: 'heading' }
    remove.mutate(audioId)
  }

  const totalSeconds = tracks.reduce((sum, track) => sum + (track.duration ?? 0), 0)

  return (
    <div id={id} ref={list} className={styles.main} role="region" aria-labelledby={`${id}-title`}>
      <div className={styles.mainHead}>
        <h2 id={`${id}-title`} className={styles.mainTitle} tabIndex={-1}>
          Your playlist
        </h2>
        <p className={styles.mainMeta}>
          {tracks.length} {tracks.length === 1 ? 'track' : 'tracks'}
          {totalSeconds > 0 ? ` · ${elapsedText(totalSeconds)}` : ''}
        </p>
      </div>
      {remove.isError || reorder.isError ? (
        <p role="alert" className={styles.mainError}>
          {(remove.error ?? reorder.error)?.detail ?? 'We could not save that change. Please try again.'}
        </p>
      ) : null}
      <ol className={styles.tracks}>
        {tracks.map((track, index) => {
          const current = track.audioId === currentId
          const label = current && playing ? `Pause ${track.title}` : `Play ${track.title}`
          return (
            <li key={track.audioId} className={styles.track} aria-current={current ? 'true' : undefined}>
              <button
                type="button"
                className={styles.trackPlay}
                aria-label={label}
                data-audio={track.audioId}
                data-control="play"
                onClick={() => actor.send(current ? { type: 'TOGGLE' } : { type: 'PLAY', audioId: track.audioId })}
              >
                <span className={styles.trackIndex} aria-hidden="true">
                  {current && playing ? <AudioLines size={16} /> : index + 1}
                </span>
                <span className={styles.trackTitle}>{track.title}</span>
                <span className={styles.trackTime} aria-hidden="true">
                  {track.duration ? elapsedText(track.duration) : 'Preparing'}
                </span>
              </button>
              <Link to="/articles/$slug" params={{ slug: track.articleSlug }} className={styles.trackLink}>
                Read<span className="visually-hidden"> {track.title}</span>
              </Link>
              <button
                type="button"
                className={styles.iconButton}
                aria-label={`Move ${track.title} up`}
                data-audio={track.audioId}
                data-control="up"
                disabled={index === 0}
                onClick={() => move(track.audioId, index - 1, 'up')}
              >
                <ChevronUp size={18} aria-hidden="true" />
              </button>
              <button
                type="button"
                className={styles.iconButton}
                aria-label={`Move ${track.title} down`}
                data-audio={track.audioId}
                data-control="down"
                disabled={index === tracks.length - 1}
                onClick={() => move(track.audioId, index + 1, 'down')}
              >
                <ChevronDown size={18} aria-hidden="true" />
              </button>
              <button
                type="button"
                className={styles.iconButton}
                aria-label={`Remove ${track.title} from playlist`}
                onClick={() => removeTrack(track.audioId, index)}
              >
                <Trash2 size={18} aria-hidden="true" />
              </button>
            </li>
          )
        })}
      </ol>
    </div>
  )
}

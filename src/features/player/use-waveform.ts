import { useSelector } from '@xstate/react'
import { useEffect, useRef, type RefObject } from 'react'
import WaveSurfer from 'wavesurfer.js'
import { audioUnavailableMessage } from '~contract/library.ts'
import { getPeaks } from './api/get-peaks'
import { FADE_MS, PLAYER_VOLUME } from './machines/player.machine'
import type { PlayerActor } from './player-store'

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'

/** Volume ramps (spec section 9: fade in and out 1000 ms); a new ramp cancels the one running. */
function createFader(ws: WaveSurfer, onRefused: () => void) {
  let frame = 0
  const ramp = (to: number, done?: () => void) => {
    cancelAnimationFrame(frame)
    const from = ws.getVolume()
    const started = performance.now()
    const step = (now: number) => {
      // A frame's timestamp may be a little before `started`: keep the volume within 0..1.
      const t = Math.min(1, Math.max(0, (now - started) / FADE_MS))
      ws.setVolume(Math.min(1, Math.max(0, from + (to - from) * t)))
      if (t < 1) frame = requestAnimationFrame(step)
      else done?.()
    }
    frame = requestAnimationFrame(step)
  }
  return {
    in() {
      if (!ws.isPlaying()) ws.setVolume(0)
      // Refused (no user gesture yet, e.g. right after a page load): the player shows 'Play' again.
      // A source that fails rejects too; its media error moves the player on (spec section 8).
      ws.play().catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'NotAllowedError') onRefused()
      })
      ramp(PLAYER_VOLUME)
    },
    out() {
      if (!ws.isPlaying()) return
      ramp(0, () => {
        ws.pause()
        ws.setVolume(PLAYER_VOLUME)
      })
    },
    stop: () => cancelAnimationFrame(frame),
  }
}

/**
 * The one wavesurfer instance of the player, drawn from the server's precomputed peaks (no
 * decode before it can play). Created in an effect and destroyed in its cleanup; play state
 * stays in the machine: this hook carries it out and reports what the audio does.
 */
export function useWaveform(actor: PlayerActor, container: RefObject<HTMLDivElement | null>) {
  const wavesurfer = useRef<{ ws: WaveSurfer; fader: ReturnType<typeof createFader> } | null>(null)
  const track = useSelector(
    actor,
    (snapshot) => snapshot.context.tracks[snapshot.context.playIndex] ?? null,
    (a, b) => a?.audioId === b?.audioId && a?.url === b?.url && a?.peaksUrl === b?.peaksUrl,
  )
  const loadCount = useSelector(actor, (snapshot) => snapshot.context.loadCount)
  const playing = useSelector(actor, (snapshot) => snapshot.matches('playing'))
  const ready = useSelector(actor, (snapshot) => snapshot.context.wavesurferStatus === 'ready')
  const seekCount = useSelector(actor, (snapshot) => snapshot.context.seek.count)
  const resumeCount = useSelector(actor, (snapshot) => snapshot.context.resumeCount)

  useEffect(() => {
    const element = container.current
    if (!element) return
    const style = getComputedStyle(element)
    const ws = WaveSurfer.create({
      container: element,
      height: 'auto',
      waveColor: style.getPropertyValue('--wave-color').trim() || '#c9d0dc',
      progressColor: style.getPropertyValue('--wave-progress').trim() || '#2446d8',
      cursorColor: style.getPropertyValue('--wave-cursor').trim() || '#1a34a8',
      cursorWidth: 2,
      barWidth: 2,
      barGap: 1,
      barRadius: 2,
      normalize: true,
      dragToSeek: true,
    })
    ws.setVolume(PLAYER_VOLUME)
    const fader = createFader(ws, () => actor.send({ type: 'PAUSE' }))
    let second = -1
    const unsubscribe = [
      // The elapsed text shows whole seconds: one event per second is enough.
      ws.on('timeupdate', (seconds) => {
        if (Math.floor(seconds) === second) return
        second = Math.floor(seconds)
        actor.send({ type: 'media.time', seconds })
      }),
      ws.on('play', () => actor.send({ type: 'media.play' })),
      ws.on('pause', () => actor.send({ type: 'media.pause' })),
      ws.on('finish', () => actor.send({ type: 'media.finish' })),
      ws.on('error', (error) => {
        if (!isAbort(error)) actor.send({ type: 'media.error', message: error.message || 'media error' })
      }),
      // A click or drag on the waveform is a seek.
      ws.on('interaction', (seconds) => actor.send({ type: 'SEEK', seconds })),
    ]
    wavesurfer.current = { ws, fader }
    return () => {
      for (const off of unsubscribe) off()
      fader.stop()
      wavesurfer.current = null
      ws.destroy()
      // The audio goes with the instance: the machine must not think it still plays.
      actor.send({ type: 'PAUSE' })
    }
  }, [actor, container])

  // A new current track (or the same one again): its peaks, then the audio at the remembered position.
  useEffect(() => {
    const current = wavesurfer.current
    if (!current || !track) return
    const load = actor.getSnapshot().context.loadCount
    const controller = new AbortController()
    let retry: ReturnType<typeof setTimeout> | undefined
    actor.send({ type: 'media.loading' })
    const run = async () => {
      // The server gave up narrating this article: the next track takes over (spec section 8).
      if (track.status === 'failed') {
        actor.send({ type: 'media.error', message: audioUnavailableMessage })
        return
      }
      try {
        const answer = await getPeaks(track.peaksUrl, controller.signal)
        if (controller.signal.aborted) return
        if (answer.status === 'pending') {
          // The narration is still being made: the server said when to ask again.
          retry = setTimeout(() => void run(), answer.retryAfter * 1000)
          return
        }
        await current.ws.load(track.url, [answer.peaks.peaks], answer.peaks.duration)
        if (controller.signal.aborted) return
        current.ws.setTime(actor.getSnapshot().context.startAt)
        // Ready is told here, not from wavesurfer's event: only this load's answer counts.
        actor.send({ type: 'media.ready', duration: current.ws.getDuration(), loadCount: load })
      } catch (error) {
        // A newer load or the instance's destroy cut this one off: nothing went wrong.
        if (controller.signal.aborted || isAbort(error)) return
        actor.send({ type: 'media.error', message: error instanceof Error ? error.message : String(error) })
      }
    }
    void run()
    return () => {
      controller.abort()
      clearTimeout(retry)
    }
  }, [actor, track, loadCount])

  useEffect(() => {
    const current = wavesurfer.current
    if (!current || !ready) return
    if (playing) current.fader.in()
    else current.fader.out()
  }, [playing, ready, resumeCount])

  useEffect(() => {
    if (seekCount === 0) return
    wavesurfer.current?.ws.setTime(actor.getSnapshot().context.seek.to)
  }, [actor, seekCount])
}

import { open } from 'node:fs/promises'
import { Hono, type Context } from 'hono'
import { audioUnavailableMessage, type AudioPending } from '~contract/library.ts'
import { detailError } from '../http/errors.ts'
import type { StoredArticle } from '../services/library/index.ts'
import type { AudioState } from '../services/narration/index.ts'
import type { RouteContext } from './context.ts'
import { articleNotFound } from './library.ts'

export const audioPendingDetail = 'Audio is being prepared'
const audioFailedDetail = `${audioUnavailableMessage}. Please try again later.`

/** Ranges: `bytes=a-b`, `bytes=a-` and `bytes=-n`; several ranges get the whole file (allowed by RFC 9110). */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'whole' | 'unsatisfiable' {
  if (!header) return 'whole'
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (match[1] === '' && match[2] === '')) return 'whole'
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(match[1])
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  if (start >= size || end < start) return 'unsatisfiable'
  return { start, end }
}

/**
 * GET /audio/{slug} (status), /audio/{slug}.mp3 (Range requests) and /audio/{slug}/peaks.json.
 * Audio not made yet: 202 `{detail, retry_after}` with Retry-After; the article goes first in
 * the narration queue. After a failed attempt: 503 with Retry-After.
 */
export function audioRoutes({ services }: RouteContext) {
  const { library, narrator } = services.content
  async function find(slug: string | undefined): Promise<StoredArticle> {
    await narrator.loaded()
    const article = slug ? (await library.snapshot()).bySlug.get(slug) : undefined
    if (!article) throw detailError(404, articleNotFound)
    return article
  }

  function notReady(c: Context, state: Exclude<AudioState, { status: 'ready' }>) {
    c.header('Retry-After', String(state.retryAfter))
    c.header('Cache-Control', 'no-store')
    if (state.status === 'failed') return c.json({ detail: audioFailedDetail }, 503)
    return c.json({ detail: audioPendingDetail, retry_after: state.retryAfter } satisfies AudioPending, 202)
  }

  return new Hono()
    .get('/:name', async (c) => {
      const name = c.req.param('name')
      const mp3 = /^(.+)\.mp3$/.exec(name)?.[1]
      const article = await find(mp3 ?? name)
      const state = narrator.request(article)
      if (!mp3) {
        c.header('Cache-Control', 'no-store')
        return c.json(narrator.audioOf(article))
      }
      if (state.status !== 'ready') return notReady(c, state)
      const { file } = state
      const etagValue = `"${file.hash}"`
      c.header('Accept-Ranges', 'bytes')
      c.header('ETag', etagValue)
      c.header('Cache-Control', c.req.query('v') === file.hash ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
      if (c.req.header('If-None-Match') === etagValue) return c.body(null, 304)
      // If-Range with another version: the client's partial copy is stale, so send it all.
      const ifRange = c.req.header('If-Range')
      const range = ifRange && ifRange !== etagValue ? 'whole' : parseRange(c.req.header('Range'), file.bytes)
      c.header('Content-Type', 'audio/mpeg')
      if (range === 'unsatisfiable') {
        c.header('Content-Range', `bytes */${file.bytes}`)
        return c.body(null, 416)
      }
      const { start, end } = range === 'whole' ? { start: 0, end: file.bytes - 1 } : range
      const handle = await open(file.mp3Path, 'r')
      const bytes = Buffer.alloc(end - start + 1)
      try {
        await handle.read(bytes, 0, bytes.length, start)
      } finally {
        await handle.close()
      }
      c.header('Content-Length', String(bytes.length))
      if (range === 'whole') return c.body(bytes, 200)
      c.header('Content-Range', `bytes ${start}-${end}/${file.bytes}`)
      return c.body(bytes, 206)
    })

    .get('/:slug/peaks.json', async (c) => {
      const article = await find(c.req.param('slug'))
      const state = narrator.request(article)
      if (state.status !== 'ready') return notReady(c, state)
      const { file } = state
      c.header('Cache-Control', c.req.query('v') === file.hash ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
      return c.json({ duration: file.duration, peaks: file.peaks })
    })
}

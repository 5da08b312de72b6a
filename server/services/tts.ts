import { createHash } from 'node:crypto'
import { accessSync, constants } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { delimiter, join } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { ArticleAudio } from '~contract/library.ts'
import type { Config } from '../config.ts'
import { renderArticle, type TextBlock } from '../content/markdown.ts'
import type { Db } from '../db/open.ts'
import { audio } from '../db/schema.ts'
import type { Log } from '../log.ts'
import type { Library, StoredArticle } from './library.ts'

/** Bump when the narration text or voice settings change: every article is narrated again. */
const narrationVersion = 'narration-1'
const kbps = 40
const peaksCount = 800
/** A job that takes longer than this is given up (the worker is restarted). */
const jobTimeoutMs = 10 * 60_000
/** The worker is stopped when it has had nothing to do for this long (mespeak holds ~100 MB). */
const idleWorkerMs = 20_000
/** After a failure, requests wait this long before an article is tried again. */
const failureCooldownMs = 60_000

export type AudioEngine = 'espeak-ng' | 'mespeak'
export type AudioFile = { slug: string; hash: string; mp3Path: string; duration: number; bytes: number; peaks: number[] }
export type AudioState =
  | { status: 'ready'; file: AudioFile }
  | { status: 'pending'; retryAfter: number }
  | { status: 'failed'; retryAfter: number }

export type Narrator = {
  engine: AudioEngine
  /** Changes whenever an article's audio becomes ready: part of cache keys of answers with cards. */
  generation(): number
  /** Reads what is already on disk; call (and await) before `audioOf`. */
  loaded(): Promise<void>
  /** The card's audio object (sync: from what `loaded` found and the queue since). */
  audioOf(article: StoredArticle): ArticleAudio
  /** Where the article's audio is; a missing one is put first in the queue. */
  request(article: StoredArticle): AudioState
  /** Queues every article without audio, newest first, behind requested ones. */
  pregenerate(): Promise<void>
  /** Resolves when the queue is empty and nothing is being made. */
  whenIdle(): Promise<void>
  stop(): Promise<void>
}

export type NarratorDeps = { db: Db; config: Config; log: Log; library: Library }

export function commandOnPath(command: string, path = process.env.PATH ?? ''): boolean {
  return path.split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}

export function chooseEngine(setting: Config['audioEngine']): AudioEngine {
  if (setting !== 'auto') return setting
  return commandOnPath('espeak-ng') && commandOnPath('lame') ? 'espeak-ng' : 'mespeak'
}

export const audioHash = (article: Pick<StoredArticle, 'contentHash'>) =>
  createHash('sha256').update(narrationVersion).update(article.contentHash).digest('hex').slice(0, 12)

/** What is read aloud: the title, the summary, then the body, headings as sentences of their own. */
export function narrationSegments(article: Pick<StoredArticle, 'title' | 'summary' | 'bodyMd'>) {
  const sentence = (text: string) => {
    const clean = text.replace(/\s+/g, ' ').trim()
    return /[.!?:;]$/.test(clean) ? clean : `${clean}.`
  }
  const segments: { text: string; pauseMs: number }[] = [
    { text: sentence(article.title), pauseMs: 700 },
    { text: sentence(article.summary), pauseMs: 900 },
  ]
  const blocks: TextBlock[] = renderArticle(article.bodyMd).blocks
  for (const block of blocks) {
    if (block.kind === 'code') continue
    if (block.kind === 'heading') segments.push({ text: sentence(block.text), pauseMs: 600 })
    else for (const piece of splitLong(sentence(block.text), 400)) segments.push({ text: piece, pauseMs: 150 })
    const last = segments.at(-1)!
    last.pauseMs = block.kind === 'heading' ? 600 : block.kind === 'item' ? 300 : 500
  }
  return segments
}

/** Splits at sentence ends so that no piece is much longer than `size` characters. */
function splitLong(text: string, size: number): string[] {
  if (text.length <= size) return [text]
  const pieces: string[] = []
  let current = ''
  for (const part of text.split(/(?<=[.!?;])\s+/)) {
    if (current && current.length + part.length + 1 > size) {
      pieces.push(current)
      current = part
    } else current = current ? `${current} ${part}` : part
  }
  if (current) pieces.push(current)
  return pieces
}

type WorkerReply =
  | { id: number; ok: true; duration: number; bytes: number; peaks: number[]; voice: string }
  | { id: number; ok: false; error: string }

/**
 * Narrated audio per article, made on this machine by a text-to-speech worker thread at the
 * lowest CPU priority, one article at a time, never on a request's path: a request for audio
 * that is not there yet puts the article first in the queue and is told to come back.
 * Files: DATA_DIR/audio/<slug>-<hash>.mp3 and .peaks.json; rows in `audio` record what was made.
 */
export function createNarrator({ db, config, log, library }: NarratorDeps): Narrator {
  const dir = join(config.dataDir, 'audio')
  const engine = chooseEngine(config.audioEngine)
  const workerFile = join(config.rootDir, 'server/services/tts-worker.mjs')
  const ready = new Map<string, AudioFile>()
  const failed = new Map<string, number>()
  const queue: string[] = []
  let working: string | undefined
  let worker: Worker | undefined
  let idleTimer: NodeJS.Timeout | undefined
  let stopped = false
  let jobId = 0
  let idleWaiters: (() => void)[] = []
  let loading: Promise<void> | undefined
  let generation = 0

  const paths = (slug: string, hash: string) => ({
    mp3Path: join(dir, `${slug}-${hash}.mp3`),
    peaksPath: join(dir, `${slug}-${hash}.peaks.json`),
  })

  async function scan() {
    await mkdir(dir, { recursive: true })
    const snapshot = await library.snapshot()
    const names = new Set(await readdir(dir))
    for (const article of snapshot.articles) {
      const hash = audioHash(article)
      const { mp3Path, peaksPath } = paths(article.slug, hash)
      if (!names.has(`${article.slug}-${hash}.mp3`) || !names.has(`${article.slug}-${hash}.peaks.json`)) continue
      try {
        const { duration, peaks } = JSON.parse(await readFile(peaksPath, 'utf8')) as { duration: number; peaks: number[] }
        const { size } = await stat(mp3Path)
        ready.set(article.slug, { slug: article.slug, hash, mp3Path, duration, bytes: size, peaks })
        generation++
      } catch (error) {
        log.warn(`Audio: ignoring unreadable ${peaksPath}`, error)
      }
    }
  }

  // A disk problem must not take the articles down with it: without a scan, audio is just pending.
  const loaded = () => {
    loading ??= scan().catch((error: unknown) => log.warn(`Audio: could not read ${dir}`, error))
    return loading
  }

  function current(article: StoredArticle): AudioFile | undefined {
    const file = ready.get(article.slug)
    return file && file.hash === audioHash(article) ? file : undefined
  }

  function retryAfter(slug: string) {
    if (working === slug) return 5
    const position = queue.indexOf(slug)
    return Math.min(120, 10 + 15 * Math.max(0, position))
  }

  function enqueue(slug: string, first: boolean) {
    if (stopped || working === slug) return
    const at = queue.indexOf(slug)
    if (at >= 0) {
      if (!first || at === 0) return
      queue.splice(at, 1)
    }
    if (first) queue.unshift(slug)
    else queue.push(slug)
    void pump()
  }

  function ensureWorker(): Worker {
    if (idleTimer) clearTimeout(idleTimer)
    idleTimer = undefined
    if (worker) return worker
    const made = new Worker(workerFile)
    made.unref()
    made.on('error', (error) => log.error('Audio: the text-to-speech worker failed', error))
    made.on('exit', () => {
      if (worker === made) worker = undefined
    })
    worker = made
    return made
  }

  function runJob(job: { id: number } & Record<string, unknown>): Promise<WorkerReply> {
    const w = ensureWorker()
    return new Promise((resolve) => {
      const finish = (reply: WorkerReply) => {
        clearTimeout(timer)
        w.off('message', onMessage)
        w.off('exit', onExit)
        resolve(reply)
      }
      const onMessage = (reply: WorkerReply) => {
        if (reply.id === job.id) finish(reply)
      }
      const onExit = () => finish({ id: job.id, ok: false, error: 'the worker stopped' })
      const timer = setTimeout(() => {
        finish({ id: job.id, ok: false, error: `gave up after ${jobTimeoutMs / 1000} s` })
        void w.terminate()
      }, jobTimeoutMs)
      timer.unref()
      w.on('message', onMessage)
      w.on('exit', onExit)
      w.postMessage(job)
    })
  }

  async function make(article: StoredArticle) {
    const hash = audioHash(article)
    const { mp3Path, peaksPath } = paths(article.slug, hash)
    const started = performance.now()
    const reply = await runJob({
      id: ++jobId,
      segments: narrationSegments(article),
      engine,
      mp3Path,
      kbps,
      peaksCount,
    })
    if (stopped) return
    if (!reply.ok) {
      failed.set(article.slug, Date.now())
      log.warn(`Audio: could not narrate ${article.slug}: ${reply.error}`)
      await saveRow(article, { status: 'failed', contentHash: hash, error: reply.error.slice(0, 500) })
      return
    }
    const partial = `${peaksPath}.${process.pid}.partial`
    await writeFile(partial, JSON.stringify({ duration: reply.duration, peaks: reply.peaks }))
    await rename(partial, peaksPath)
    ready.set(article.slug, { slug: article.slug, hash, mp3Path, duration: reply.duration, bytes: reply.bytes, peaks: reply.peaks })
    generation++
    failed.delete(article.slug)
    log.info(
      `Audio: narrated ${article.slug} (${Math.round(reply.duration)} s of audio, ${Math.round(reply.bytes / 1024)} KB) ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s with ${reply.voice}`,
    )
    await removeOlder(article.slug, hash)
    await saveRow(article, {
      status: 'ready',
      contentHash: hash,
      durationS: reply.duration,
      bytes: reply.bytes,
      peaks: reply.peaks,
      voice: reply.voice,
      error: null,
    })
  }

  async function removeOlder(slug: string, hash: string) {
    for (const name of await readdir(dir)) {
      const match = /^(.+)-([0-9a-f]{12})\.(mp3|peaks\.json)$/.exec(name)
      if (match && match[1] === slug && match[2] !== hash) await rm(join(dir, name), { force: true })
    }
  }

  async function saveRow(article: StoredArticle, values: Partial<typeof audio.$inferInsert> & { status: 'ready' | 'failed'; contentHash: string }) {
    try {
      const row = { ...values, updatedAt: new Date() }
      await db
        .insert(audio)
        .values({ articleId: article.id, ...row })
        .onConflictDoUpdate({ target: audio.articleId, set: row })
    } catch (error) {
      // The article may have been removed meanwhile; the file on disk is what counts.
      log.warn(`Audio: could not record the audio of ${article.slug}`, error)
    }
  }

  let pumping = false
  async function pump() {
    if (pumping || stopped) return
    pumping = true
    try {
      while (queue.length > 0 && !stopped) {
        const slug = queue.shift()!
        const snapshot = await library.snapshot()
        const article = snapshot.bySlug.get(slug)
        if (!article || current(article)) continue
        working = slug
        try {
          await make(article)
        } catch (error) {
          failed.set(slug, Date.now())
          log.error(`Audio: narrating ${slug} failed`, error)
        } finally {
          working = undefined
        }
      }
    } finally {
      pumping = false
    }
    if (queue.length === 0 && !working) {
      for (const resolve of idleWaiters.splice(0)) resolve()
      if (worker && !stopped) {
        idleTimer = setTimeout(() => void worker?.terminate(), idleWorkerMs)
        idleTimer.unref()
      }
    }
  }

  const url = (article: StoredArticle, hash: string) => `/api/audio/${article.slug}.mp3?v=${hash}`

  return {
    engine,
    generation: () => generation,
    loaded,
    audioOf(article) {
      const hash = audioHash(article)
      const file = current(article)
      return {
        id: article.slug,
        url: url(article, hash),
        peaks_url: `/api/audio/${article.slug}/peaks.json?v=${hash}`,
        duration: file ? file.duration : null,
        status: file ? 'ready' : 'pending',
      }
    },
    request(article) {
      const file = current(article)
      if (file) return { status: 'ready', file }
      const failedAt = failed.get(article.slug)
      if (failedAt !== undefined && Date.now() - failedAt < failureCooldownMs) {
        return { status: 'failed', retryAfter: Math.ceil((failureCooldownMs - (Date.now() - failedAt)) / 1000) }
      }
      enqueue(article.slug, true)
      return { status: 'pending', retryAfter: retryAfter(article.slug) }
    },
    async pregenerate() {
      await loaded()
      const snapshot = await library.snapshot()
      const missing = snapshot.articles.filter((a) => !current(a))
      if (missing.length > 0) log.info(`Audio: narrating ${missing.length} articles in the background with ${engine}`)
      for (const article of missing) enqueue(article.slug, false)
    },
    whenIdle() {
      if (queue.length === 0 && !working && !pumping) return Promise.resolve()
      return new Promise((resolve) => idleWaiters.push(resolve))
    },
    async stop() {
      stopped = true
      queue.length = 0
      if (idleTimer) clearTimeout(idleTimer)
      for (const resolve of idleWaiters.splice(0)) resolve()
      idleWaiters = []
      await worker?.terminate()
      worker = undefined
    },
  }
}

import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { setPriority } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { ArticleAudio } from '~contract/library.ts'
import type { Config } from '../../config.ts'
import { renderArticle, type TextBlock } from '../../content/markdown.ts'
import type { Db } from '../../db/open.ts'
import { audio } from '../../db/schema.ts'
import type { Log } from '../../log.ts'
import { onPath } from './engines/common.ts'
import type { Library, StoredArticle } from '../library/index.ts'
import type { AudioEngine, NarrationJob, NarrationReply, Segment } from './job.ts'

/** Bump when the narration text or voice settings change: every article is narrated again. */
const narrationVersion = 'narration-2'
const kbps = 40
const peaksCount = 800
/** Tries per article: a failed try is followed by a fresh engine process after these waits. */
const retryDelaysMs = [1_000, 4_000]
/** After an article failed all its tries, it is tried again when asked for after this long. */
const failureCooldownMs = 15 * 60_000

export type AudioFile = { slug: string; hash: string; mp3Path: string; duration: number; bytes: number; peaks: number[] }
export type AudioState =
  { status: 'ready'; file: AudioFile } | { status: 'pending'; retryAfter: number } | { status: 'failed'; retryAfter: number; reason: string }

export type NarrationProgress = {
  engine: AudioEngine
  ready: number
  failed: number
  queued: number
  /** The article being narrated now, its engine process and which try this is (1-based). */
  working?: { slug: string; pid: number | undefined; attempt: number }
}

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
  progress(): NarrationProgress
  stop(): Promise<void>
}

export type NarratorDeps = {
  db: Db
  config: Config
  log: Log
  library: Library
  /** The program that narrates one article (default: `childProgram()`, the narration child under this Node). */
  engineProcess?: { command: string; args: string[] }
}

/**
 * The narration child (child.ts) under this Node. From source (tests and `npm run dev` run this
 * file under vitest or tsx) it is child.ts itself, loaded through tsx (a devDependency); in the
 * built server, where this module is part of dist/server/main.js, it is the bundle that
 * scripts/build-server.mjs writes beside it, dist/server/narration-child.js, run by plain node.
 */
function childProgram(rootDir: string): { command: string; args: string[] } {
  // A test under jsdom sees an http: import.meta.url: paths come from the project root instead.
  if (new URL(import.meta.url).pathname.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(join(rootDir, 'package.json')).resolve('tsx')).href
    return { command: process.execPath, args: ['--import', tsx, join(rootDir, 'server/services/narration/child.ts')] }
  }
  return { command: process.execPath, args: [fileURLToPath(new URL('./narration-child.js', import.meta.url))] }
}

/** What each engine needs installed; mespeak is bundled (npm) and always there. */
const engineNeeds: Record<AudioEngine, { commands: string[]; files?: string[]; packages: string }> = {
  // Where Debian (or a local build) puts the HTS voice; engines/festival.ts checks the same.
  festival: {
    commands: ['festival'],
    files: ['/usr/share/festival/voices', '/usr/local/share/festival/voices', '/usr/lib/festival/voices'].map(
      (dir) => `${dir}/us/cmu_us_slt_arctic_hts`,
    ),
    packages: 'festival festvox-us-slt-hts',
  },
  'espeak-ng': { commands: ['espeak-ng'], packages: 'espeak-ng' },
  mespeak: { commands: [], packages: '' },
}
/** `auto` takes the first installed, most natural first (see bench/voice-comparison.md). */
export const engineOrder: AudioEngine[] = ['festival', 'espeak-ng', 'mespeak']

export function engineInstalled(engine: AudioEngine, path?: string): boolean {
  const { commands, files } = engineNeeds[engine]
  if (!commands.every((command) => onPath(command, path))) return false
  return !files || files.some((file) => existsSync(file))
}

/** The engine for a setting; an engine asked for by name but not installed falls back like `auto`. */
export function chooseEngine(setting: Config['audioEngine'], path?: string): AudioEngine {
  if (setting !== 'auto' && engineInstalled(setting, path)) return setting
  return engineOrder.find((engine) => engineInstalled(engine, path)) ?? 'mespeak'
}

/** Names one narration of an article: its text, the narration settings and the engine (a better engine installed later narrates again). */
export const audioHash = (article: Pick<StoredArticle, 'contentHash'>, engine: AudioEngine) =>
  createHash('sha256').update(narrationVersion).update(engine).update(article.contentHash).digest('hex').slice(0, 12)

/** What is read aloud: the title, the summary, then the body, headings as sentences of their own. */
export function narrationSegments(article: Pick<StoredArticle, 'title' | 'summary' | 'bodyMd'>) {
  const sentence = (text: string) => {
    const clean = text.replace(/\s+/g, ' ').trim()
    return /[.!?:;]$/.test(clean) ? clean : `${clean}.`
  }
  const segments: Segment[] = [
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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref())

/**
 * Narrated audio per article, made on this machine by a text-to-speech engine in a child process
 * at the lowest CPU priority, one article (one process) at a time, never on a request's path: a
 * request for audio that is not there yet puts the article first in the queue and is told to come
 * back. An engine that crashes, hangs past AUDIO_TIMEOUT_S or answers nonsense costs that try
 * only: the article is tried again in a fresh process, and after the last try it is marked
 * failed with the reason. Files: DATA_DIR/audio/<slug>-<hash>.mp3 and .peaks.json; rows in
 * `audio` record what was made and what failed.
 */
export function createNarrator({ db, config, log, library, engineProcess }: NarratorDeps): Narrator {
  const dir = join(config.dataDir, 'audio')
  const engine = chooseEngine(config.audioEngine)
  if (config.audioEngine !== 'auto' && engine !== config.audioEngine) {
    log.warn(`Audio: AUDIO_ENGINE=${config.audioEngine} is not installed here (Debian: ${engineNeeds[config.audioEngine].packages}); using ${engine}`)
  }
  const program = engineProcess ?? childProgram(config.rootDir)
  const timeoutMs = config.audioTimeoutS * 1000
  const ready = new Map<string, AudioFile>()
  /** Articles whose last round of tries failed: when, for which version of the text, and why. */
  const failed = new Map<string, { at: number; hash: string; reason: string }>()
  const queue: string[] = []
  let working: NarrationProgress['working']
  let child: ChildProcess | undefined
  let stopped = false
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
      const hash = audioHash(article, engine)
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
    return file && file.hash === audioHash(article, engine) ? file : undefined
  }

  function failure(article: StoredArticle) {
    const entry = failed.get(article.slug)
    return entry && entry.hash === audioHash(article, engine) ? entry : undefined
  }

  function retryAfter(slug: string) {
    if (working?.slug === slug) return 5
    const position = queue.indexOf(slug)
    return Math.min(120, 10 + 15 * Math.max(0, position))
  }

  function enqueue(slug: string, first: boolean) {
    if (stopped || working?.slug === slug) return
    const at = queue.indexOf(slug)
    if (at >= 0) {
      if (!first || at === 0) return
      queue.splice(at, 1)
    }
    if (first) queue.unshift(slug)
    else queue.push(slug)
    void pump()
  }

  /** Kills the engine process and whatever it started (its own process group). */
  function kill(target: ChildProcess) {
    if (target.pid === undefined) return
    try {
      // The group outlives its leader while an engine it started still runs.
      process.kill(-target.pid, 'SIGKILL')
    } catch {
      // The group is gone already.
    }
  }

  /** One try: a fresh engine process for one article, killed if it outlives the time limit. */
  function runChild(job: NarrationJob, attempt: number, slug: string): Promise<NarrationReply> {
    return new Promise((resolve) => {
      let settled = false
      let stdout = ''
      let stderr = ''
      const made = spawn(program.command, program.args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true })
      child = made
      working = { slug, pid: made.pid, attempt }
      let timedOut = false
      const finish = (reply: NarrationReply) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        if (child === made) child = undefined
        kill(made) // whatever it started goes too
        resolve(timedOut ? { ok: false, error: `gave up after ${config.audioTimeoutS} s` } : reply)
      }
      // Killed at the limit; the try ends when the process has gone (one engine process at a time).
      const timer = setTimeout(() => {
        timedOut = true
        kill(made)
      }, timeoutMs)
      timer.unref()
      if (made.pid !== undefined) {
        try {
          setPriority(made.pid, 19)
        } catch {
          // Not permitted here, or gone already: it runs at normal priority.
        }
      }
      made.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        stdout = (stdout + chunk).slice(-1_000_000)
      })
      made.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-2000)
      })
      made.stdin!.on('error', () => {}) // a process that died early: its exit says why
      made.on('error', (error) => {
        // Never started (no 'close' follows); once started, 'close' reports how it ended.
        if (made.pid === undefined) finish({ ok: false, error: `could not start the engine: ${error.message}` })
      })
      made.on('close', (code, signal) => {
        const line = stdout.trim().split('\n').at(-1) ?? ''
        try {
          const reply = JSON.parse(line) as NarrationReply
          if (reply.ok === true && typeof reply.duration === 'number' && Array.isArray(reply.peaks)) return finish(reply)
          if (reply.ok === false && typeof reply.error === 'string') return finish(reply)
        } catch {
          // no answer: say how it ended
        }
        const how = signal ? `was killed (${signal})` : `exited with ${code}`
        const last = stderr.trim().split('\n').filter(Boolean).slice(-2).join(' / ')
        finish({ ok: false, error: `the engine process ${how}${last ? `: ${last}` : ''}` })
      })
      made.stdin!.write(`${JSON.stringify(job)}\n`)
    })
  }

  async function make(article: StoredArticle) {
    const hash = audioHash(article, engine)
    const { mp3Path, peaksPath } = paths(article.slug, hash)
    const job: NarrationJob = {
      engine,
      segments: narrationSegments(article),
      mp3Path,
      kbps,
      peaksCount,
      tags: { title: article.title, artist: 'Waypoint', album: article.category.title },
    }
    let reply: NarrationReply = { ok: false, error: 'not tried' }
    for (let attempt = 1; attempt <= retryDelaysMs.length + 1 && !stopped; attempt++) {
      const started = performance.now()
      reply = await runChild(job, attempt, article.slug)
      if (stopped) return
      if (reply.ok) {
        log.info(
          `Audio: narrated ${article.slug} (${Math.round(reply.duration)} s of audio, ${Math.round(reply.bytes / 1024)} KB) ` +
            `in ${((performance.now() - started) / 1000).toFixed(1)} s with ${reply.voice}`,
        )
        break
      }
      const delay = retryDelaysMs[attempt - 1]
      log.warn(`Audio: try ${attempt} at ${article.slug} failed: ${reply.error}${delay ? `; trying again in ${delay / 1000} s` : ''}`)
      if (delay) await sleep(delay)
    }
    if (stopped) return
    if (!reply.ok) {
      failed.set(article.slug, { at: Date.now(), hash, reason: reply.error })
      generation++
      log.error(`Audio: gave up on ${article.slug} after ${retryDelaysMs.length + 1} tries: ${reply.error}`)
      await saveRow(article, { status: 'failed', contentHash: hash, error: reply.error.slice(0, 500) })
      return
    }
    const partial = `${peaksPath}.${process.pid}.partial`
    await writeFile(partial, JSON.stringify({ duration: reply.duration, peaks: reply.peaks }))
    await rename(partial, peaksPath)
    ready.set(article.slug, { slug: article.slug, hash, mp3Path, duration: reply.duration, bytes: reply.bytes, peaks: reply.peaks })
    generation++
    failed.delete(article.slug)
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
        working = { slug, pid: undefined, attempt: 0 }
        try {
          await make(article)
        } catch (error) {
          failed.set(slug, { at: Date.now(), hash: audioHash(article, engine), reason: error instanceof Error ? error.message : String(error) })
          log.error(`Audio: narrating ${slug} failed`, error)
        } finally {
          working = undefined
        }
      }
    } finally {
      pumping = false
    }
    if (queue.length === 0 && !working) for (const resolve of idleWaiters.splice(0)) resolve()
  }

  const url = (article: StoredArticle, hash: string) => `/api/audio/${article.slug}.mp3?v=${hash}`

  return {
    engine,
    generation: () => generation,
    loaded,
    audioOf(article) {
      const hash = audioHash(article, engine)
      const file = current(article)
      return {
        id: article.slug,
        url: url(article, hash),
        peaks_url: `/api/audio/${article.slug}/peaks.json?v=${hash}`,
        duration: file ? file.duration : null,
        status: file ? 'ready' : failure(article) ? 'failed' : 'pending',
      }
    },
    request(article) {
      const file = current(article)
      if (file) return { status: 'ready', file }
      const failedBefore = failure(article)
      if (failedBefore && Date.now() - failedBefore.at < failureCooldownMs) {
        return { status: 'failed', reason: failedBefore.reason, retryAfter: Math.ceil((failureCooldownMs - (Date.now() - failedBefore.at)) / 1000) }
      }
      if (failedBefore) {
        failed.delete(article.slug)
        generation++
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
    progress() {
      return { engine, ready: ready.size, failed: failed.size, queued: queue.length, ...(working ? { working: { ...working } } : {}) }
    },
    async stop() {
      stopped = true
      queue.length = 0
      for (const resolve of idleWaiters.splice(0)) resolve()
      idleWaiters = []
      if (child) kill(child)
      child = undefined
    },
  }
}

import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ArticleAudio, ArticleDetail } from '~contract/library.ts'
import { audio, articles } from '../../server/db/schema.ts'
import { createLibrary } from '../../server/services/library/library.ts'
import { chooseEngine, createNarrator, type Narrator } from '../../server/services/narration/tts.ts'
import { DbSuite, tempDir } from './support/db.ts'
import { useLibrary } from './support/library.ts'

// The narrator runs each article in an engine process of its own; these tests break that process
// on purpose and check that the article fails alone while the API keeps answering.
const slug = 'ten-interview-tips'

const until = async (what: () => boolean, timeoutMs = 30_000) => {
  const started = Date.now()
  while (!what()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('a narration engine that dies or hangs', () => {
  const suite = new DbSuite('pglite')
  beforeAll(() => suite.open())
  afterAll(() => suite.close())
  const library = useLibrary(suite, { audioEngine: 'mespeak' })
  const get = (path: string) => library.app().request(path)
  let narrator: Narrator | undefined
  afterAll(() => narrator?.stop())

  const rowOf = async () => {
    const [row] = await suite.db
      .select({ status: audio.status, error: audio.error })
      .from(audio)
      .innerJoin(articles, eq(articles.id, audio.articleId))
      .where(eq(articles.slug, slug))
    return row
  }

  test('killed mid-article: tried again in a fresh process, then marked failed; the server answers throughout', { timeout: 60_000 }, async () => {
    const { narrator: real } = library.content
    expect((await get(`/api/audio/${slug}.mp3`)).status).toBe(202)
    const killed: number[] = []
    for (let attempt = 1; attempt <= 3; attempt++) {
      await until(() => {
        const working = real.progress().working
        return working?.attempt === attempt && working.pid !== undefined
      })
      const { pid } = real.progress().working!
      expect(killed).not.toContain(pid)
      process.kill(pid!, 'SIGKILL')
      killed.push(pid!)
      // While the engine is down and waiting to be retried, the API answers as usual.
      expect((await get('/api/health')).status).toBe(200)
      expect((await get(`/api/articles/${slug}`)).status).toBe(200)
    }
    await real.whenIdle()

    const status = (await (await get(`/api/audio/${slug}`)).json()) as ArticleAudio
    expect(status).toMatchObject({ id: slug, status: 'failed', duration: null })
    const detail = (await (await get(`/api/articles/${slug}`)).json()) as ArticleDetail
    expect(detail.audio?.status).toBe('failed')
    const mp3 = await get(`/api/audio/${slug}.mp3`)
    expect(mp3.status).toBe(503)
    expect(await mp3.json()).toEqual({ detail: 'Audio is not available for this article. Please try again later.' })
    expect(Number(mp3.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await rowOf()).toMatchObject({ status: 'failed', error: expect.stringContaining('killed (SIGKILL)') })
    expect(suite.log.lines.filter((line) => line.includes(`try 1 at ${slug} failed`) || line.includes(`try 2 at ${slug} failed`))).toHaveLength(2)
    expect(suite.log.lines).toContainEqual(expect.stringContaining(`gave up on ${slug} after 3 tries`))
    // Other articles are still narrated by the same narrator.
    expect((await get('/api/audio/quick-word-on-follow-ups.mp3')).status).toBe(202)
    await real.whenIdle()
    expect((await get('/api/audio/quick-word-on-follow-ups.mp3')).status).toBe(200)
  })

  test('an engine that hangs is stopped at the time limit, each try, and the article marked failed', { timeout: 60_000 }, async () => {
    const pidFile = `${tempDir('hang')}/pids`
    narrator = createNarrator({
      db: suite.db,
      config: { ...suite.config, dataDir: tempDir('data'), audioTimeoutS: 1 },
      log: suite.log,
      library: createLibrary(suite.db),
      // An engine that reads its job and never answers, like a synthesiser stuck on some text.
      engineProcess: {
        command: process.execPath,
        args: [
          '-e',
          `require('fs').appendFileSync(${JSON.stringify(pidFile)}, process.pid + '\\n'); process.stdin.resume(); setInterval(() => {}, 1000)`,
        ],
      },
    })
    await narrator.loaded()
    const article = (await library.content.library.snapshot()).bySlug.get('where-to-find-job-openings')!
    const started = Date.now()
    expect(narrator.request(article)).toMatchObject({ status: 'pending' })
    await until(() => narrator!.progress().working?.pid !== undefined)
    await narrator.whenIdle()
    const took = Date.now() - started
    // Three tries of 1 s each with waits of 1 s and 4 s between them.
    expect(took).toBeGreaterThanOrEqual(3 * 1000 + 5000)
    expect(narrator.audioOf(article).status).toBe('failed')
    const state = narrator.request(article)
    expect(state).toMatchObject({ status: 'failed', reason: 'gave up after 1 s' })
    // The stuck processes were killed, not left behind.
    const pids = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number)
    expect(pids).toHaveLength(3)
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow()
  })
})

test('auto takes the most natural engine installed, and an engine that is not installed falls back', () => {
  const empty = tempDir('path')
  expect(chooseEngine('auto', empty)).toBe('mespeak')
  expect(chooseEngine('espeak-ng', empty)).toBe('mespeak')
  expect(chooseEngine('mespeak', empty)).toBe('mespeak')
  // espeak-ng alone on PATH (festival is not): auto and a named espeak-ng take it.
  const withEspeak = tempDir('path')
  writeFileSync(join(withEspeak, 'espeak-ng'), '#!/bin/sh\n', { mode: 0o755 })
  expect(chooseEngine('auto', withEspeak)).toBe('espeak-ng')
  expect(chooseEngine('festival', withEspeak)).toBe('espeak-ng')
  expect(chooseEngine('mespeak', withEspeak)).toBe('mespeak')
})

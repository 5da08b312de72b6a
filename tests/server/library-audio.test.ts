import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ArticleAudio, ArticleDetail, AudioPeaks } from '~contract/library.ts'
import { audio, articles } from '../../server/db/schema.ts'
import { parseRange } from '../../server/routes/audio.ts'
import { createLibrary } from '../../server/services/library/library.ts'
import { createNarrator, engineInstalled, narrationSegments } from '../../server/services/narration/tts.ts'
import { DbSuite, describeDbs } from './support/db.ts'
import { getJson } from './support/http.ts'
import { useLibrary } from './support/library.ts'

const slug = 'quick-word-on-follow-ups'

describeDbs('narrated audio', (suite) => {
  // The real engine (mespeak + lamejs in the worker) on the shortest fixture article.
  const library = useLibrary(suite, { audioEngine: 'mespeak' })
  const get = (path: string, headers: Record<string, string> = {}) => library.app().request(path, { headers })

  test('a missing file is queued first and answered 202 with Retry-After, then served', { timeout: 120_000 }, async () => {
    const pending = await get(`/api/audio/${slug}.mp3`)
    expect(pending.status).toBe(202)
    const retryAfter = Number(pending.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(await pending.json()).toEqual({ detail: 'Audio is being prepared', retry_after: retryAfter })
    expect((await get(`/api/audio/${slug}/peaks.json`)).status).toBe(202)
    expect(await (await get(`/api/audio/${slug}`)).json()).toMatchObject({ id: slug, status: 'pending', duration: null })

    await library.content.narrator.whenIdle()

    const status = (await (await get(`/api/audio/${slug}`)).json()) as ArticleAudio
    expect(status).toMatchObject({ id: slug, status: 'ready' })
    expect(status.duration).toBeGreaterThan(2)
    expect(status.duration).toBeLessThan(30)
    const files = readdirSync(join(library.dataDir, 'audio'))
      .filter((f) => f.startsWith(slug))
      .sort()
    expect(files).toEqual([expect.stringMatching(/^quick-word-on-follow-ups-[0-9a-f]{12}\.mp3$/), expect.stringMatching(/\.peaks\.json$/)])

    const [row] = await suite.db
      .select({ status: audio.status, bytes: audio.bytes, duration: audio.durationS, voice: audio.voice })
      .from(audio)
      .innerJoin(articles, eq(articles.id, audio.articleId))
      .where(eq(articles.slug, slug))
    expect(row).toMatchObject({ status: 'ready', voice: 'mespeak en-us' })
    expect(row!.duration).toBeCloseTo(status.duration!, 1)

    const detail = (await (await getJson(library.app(), `/api/articles/${slug}`)).json()) as ArticleDetail
    expect(detail.audio).toEqual(status)
  })

  test('the MP3 is served whole and by byte ranges', async () => {
    const whole = await get(`/api/audio/${slug}.mp3`)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('Content-Type')).toBe('audio/mpeg')
    expect(whole.headers.get('Accept-Ranges')).toBe('bytes')
    expect(whole.headers.get('ETag')).toMatch(/^"[0-9a-f]{12}"$/)
    const bytes = new Uint8Array(await whole.arrayBuffer())
    const size = bytes.length
    expect(Number(whole.headers.get('Content-Length'))).toBe(size)
    // The ID3 tag names the article, Waypoint and the category; an MPEG audio frame follows.
    const { frames, end } = readId3(bytes)
    expect(frames).toMatchObject({ TIT2: 'A Quick Word on Follow-Ups', TPE1: 'Waypoint', TALB: 'Job Hunting' })
    expect(bytes[end]).toBe(0xff)
    expect(bytes[end + 1]! & 0xe0).toBe(0xe0)

    const part = await get(`/api/audio/${slug}.mp3`, { Range: 'bytes=100-199' })
    expect(part.status).toBe(206)
    expect(part.headers.get('Content-Range')).toBe(`bytes 100-199/${size}`)
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(100, 200))

    const tail = await get(`/api/audio/${slug}.mp3`, { Range: 'bytes=-10' })
    expect(tail.status).toBe(206)
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.slice(size - 10))

    const open = await get(`/api/audio/${slug}.mp3`, { Range: `bytes=${size - 5}-` })
    expect(open.headers.get('Content-Range')).toBe(`bytes ${size - 5}-${size - 1}/${size}`)

    const beyond = await get(`/api/audio/${slug}.mp3`, { Range: `bytes=${size}-` })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('Content-Range')).toBe(`bytes */${size}`)

    const cached = await get(`/api/audio/${slug}.mp3`, { 'If-None-Match': whole.headers.get('ETag')! })
    expect(cached.status).toBe(304)
  })

  test('peaks come as JSON for the player', async () => {
    const response = await get(`/api/audio/${slug}/peaks.json`)
    expect(response.status).toBe(200)
    const body = (await response.json()) as AudioPeaks
    expect(body.peaks).toHaveLength(800)
    expect(Math.max(...body.peaks)).toBe(1)
    expect(body.peaks.every((p) => p >= 0 && p <= 1)).toBe(true)
    expect(body.duration).toBeGreaterThan(2)
  })

  test('a restarted server finds the audio on disk without narrating again', async () => {
    const fresh = createNarrator({ db: suite.db, config: suite.config, log: suite.log, library: createLibrary(suite.db) })
    await fresh.loaded()
    const article = (await library.content.library.snapshot()).bySlug.get(slug)!
    expect(fresh.request(article)).toMatchObject({ status: 'ready' })
    await fresh.stop()
  })

  test('unknown articles are 404', async () => {
    for (const path of ['/api/audio/nope.mp3', '/api/audio/nope/peaks.json', '/api/audio/nope']) {
      const response = await get(path)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ detail: 'Article not found.' })
    }
    expect(existsSync(join(library.dataDir, 'audio', 'nope.mp3'))).toBe(false)
  })
})

/** The text frames of an ID3v2.3 tag (UTF-16 with BOM, as the narrator writes them) and where the audio starts. */
function readId3(bytes: Uint8Array): { frames: Record<string, string>; end: number } {
  expect(Buffer.from(bytes.slice(0, 3)).toString('latin1')).toBe('ID3')
  const size = (bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!
  const frames: Record<string, string> = {}
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (let at = 10; at + 10 <= 10 + size;) {
    const id = view.toString('latin1', at, at + 4)
    const length = view.readUInt32BE(at + 4)
    if (!/^[A-Z0-9]{4}$/.test(id) || length === 0) break
    const body = view.subarray(at + 10, at + 10 + length)
    expect(body[0]).toBe(1)
    frames[id] = body.subarray(3).toString('utf16le').replace(/\0+$/, '')
    at += 10 + length
  }
  return { frames, end: 10 + size }
}

test('narration reads the title, the summary and the body, headings as sentences, no code', () => {
  const segments = narrationSegments({
    title: 'Ten tips',
    summary: 'Short summary',
    bodyMd: '## First heading\n\nA paragraph here.\n\n- item one\n\n```\nconst x = 1\n```\n',
  })
  expect(segments.map((s) => s.text)).toEqual(['Ten tips.', 'Short summary.', 'First heading.', 'A paragraph here.', 'item one.'])
})

test.each([
  ['bytes=0-9', { start: 0, end: 9 }],
  ['bytes=5-', { start: 5, end: 99 }],
  ['bytes=-20', { start: 80, end: 99 }],
  ['bytes=90-200', { start: 90, end: 99 }],
  ['bytes=100-', 'unsatisfiable'],
  ['bytes=-0', 'unsatisfiable'],
  ['bytes=9-3', 'unsatisfiable'],
  ['bytes=0-1,5-6', 'whole'],
  ['items=0-1', 'whole'],
])('Range %s of 100 bytes', (header, expected) => {
  expect(parseRange(header, 100)).toEqual(expected)
})

// The Debian engines are optional (mespeak always works); .ci/run installs them, so CI tests each.
for (const engine of ['festival', 'espeak-ng'] as const) {
  if (engineInstalled(engine))
    describe(`narrated audio with Debian's ${engine}`, () => {
      const suite = new DbSuite('pglite')
      beforeAll(() => suite.open())
      afterAll(() => suite.close())
      const library = useLibrary(suite, { audioEngine: engine })

      test('makes a tagged MP3 and peaks', { timeout: 120_000 }, async () => {
        expect(library.content.narrator.engine).toBe(engine)
        expect((await library.app().request(`/api/audio/${slug}.mp3`)).status).toBe(202)
        await library.content.narrator.whenIdle()

        const response = await library.app().request(`/api/audio/${slug}.mp3`)
        expect(response.status).toBe(200)
        const bytes = new Uint8Array(await response.arrayBuffer())
        const { frames, end } = readId3(bytes)
        expect(frames).toMatchObject({ TIT2: 'A Quick Word on Follow-Ups', TPE1: 'Waypoint', TALB: 'Job Hunting' })
        expect(bytes[end]).toBe(0xff)
        const peaks = (await (await library.app().request(`/api/audio/${slug}/peaks.json`)).json()) as AudioPeaks
        expect(peaks.peaks).toHaveLength(800)
        expect(peaks.duration).toBeGreaterThan(2)
        const [row] = await suite.db.select({ voice: audio.voice }).from(audio)
        expect(row?.voice).toMatch(engine === 'festival' ? /^festival / : /^espeak-ng /)
      })
    })
}

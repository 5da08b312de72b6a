// Narrates one article, then exits: the narrator (tts.ts) starts this file as a child process per
// article, so an engine that crashes, hangs or eats memory takes only this process with it. From
// source (tests, `npm run dev`) it runs under `node --import tsx`; the built server runs its own
// bundle of it, dist/server/narration-child.js (scripts/build-server.mjs).
//
// stdin: one JSON line, a NarrationJob (job.ts); the parent keeps stdin open and this process
//   ends if it closes.
// stdout: one JSON line, a NarrationReply (job.ts).

import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { onPath, run } from './engines/common.ts'
import type { AudioEngine, AudioTags, Engine, NarrationJob, NarrationReply } from './job.ts'

const engines: Record<AudioEngine, () => Promise<Engine>> = {
  festival: () => import('./engines/festival.ts'),
  'espeak-ng': () => import('./engines/espeak-ng.ts'),
  mespeak: () => import('./engines/mespeak.ts'),
}

/** Samples per peak block; the requested number of peaks is made from these at the end. */
const blockSize = 256

function peaksOf(samples: Int16Array, count: number): number[] {
  const blocks: number[] = []
  for (let from = 0; from < samples.length; from += blockSize) {
    let max = 0
    const to = Math.min(samples.length, from + blockSize)
    for (let i = from; i < to; i++) {
      const value = Math.abs(samples[i]!)
      if (value > max) max = value
    }
    blocks.push(max)
  }
  let loudest = 1
  for (const block of blocks) if (block > loudest) loudest = block
  const peaks: number[] = []
  for (let i = 0; i < count; i++) {
    const from = Math.floor((i * blocks.length) / count)
    const to = Math.max(from + 1, Math.floor(((i + 1) * blocks.length) / count))
    let max = 0
    for (let j = from; j < to && j < blocks.length; j++) if (blocks[j]! > max) max = blocks[j]!
    peaks.push(Math.round((max / loudest) * 1000) / 1000)
  }
  return peaks
}

/** ID3v2.3 tag with UTF-16 text frames (read by every player, any script in the title). */
export function id3Tag(tags: AudioTags): Buffer {
  const frame = (id: string, text: string) => {
    const body = Buffer.concat([Buffer.from([1, 0xff, 0xfe]), Buffer.from(text, 'utf16le'), Buffer.from([0, 0])])
    const header = Buffer.alloc(10)
    header.write(id, 0, 'latin1')
    header.writeUInt32BE(body.length, 4)
    return Buffer.concat([header, body])
  }
  const frames = Buffer.concat([
    frame('TIT2', tags.title),
    frame('TPE1', tags.artist),
    frame('TALB', tags.album),
    frame('TCON', 'Speech'),
    frame('TLAN', 'eng'),
  ])
  const size = frames.length
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f])
  return Buffer.concat([header, frames])
}

/** Debian's lame when it is installed (several times faster), else lamejs from npm. */
async function encodeMp3(samples: Int16Array, rate: number, kbps: number, workDir: string): Promise<Buffer> {
  const pcm = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)
  if (onPath('lame')) {
    const rawPath = join(workDir, 'speech.raw')
    const mp3Path = join(workDir, 'speech.mp3')
    await writeFile(rawPath, pcm)
    const args = [
      '--quiet',
      '-r',
      '-s',
      String(rate / 1000),
      '--bitwidth',
      '16',
      '--signed',
      '--little-endian',
      '-m',
      'm',
      '--cbr',
      '-b',
      String(kbps),
      rawPath,
      mp3Path,
    ]
    await run('lame', args)
    return readFile(mp3Path)
  }
  const { Mp3Encoder } = await import('@breezystack/lamejs')
  const encoder = new Mp3Encoder(1, rate, kbps)
  const parts: Buffer[] = []
  for (let i = 0; i < samples.length; i += 11520) {
    const chunk = encoder.encodeBuffer(samples.subarray(i, i + 11520))
    if (chunk.length > 0) parts.push(Buffer.from(chunk))
  }
  const last = encoder.flush()
  if (last.length > 0) parts.push(Buffer.from(last))
  return Buffer.concat(parts)
}

async function narrate(job: NarrationJob): Promise<NarrationReply> {
  const load = engines[job.engine]
  if (!load) throw new Error(`unknown engine ${job.engine}`)
  const engine = await load()
  const workDir = await mkdtemp(join(tmpdir(), 'waypoint-tts-'))
  try {
    const { samples, rate, voice } = await engine.speak(job.segments, workDir)
    if (samples.length < rate / 10) throw new Error(`${job.engine} made no audio`)
    const mp3 = Buffer.concat([id3Tag(job.tags), await encodeMp3(samples, rate, job.kbps, workDir)])
    // Written aside in the same folder and renamed: a reader never sees half a file.
    const partial = join(dirname(job.mp3Path), `.${randomBytes(6).toString('hex')}.partial`)
    await writeFile(partial, mp3)
    await rename(partial, job.mp3Path)
    return {
      ok: true,
      duration: Math.round((samples.length / rate) * 100) / 100,
      bytes: mp3.length,
      peaks: peaksOf(samples, job.peaksCount),
      voice,
    }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

function readJob(): Promise<NarrationJob> {
  return new Promise((resolve, reject) => {
    let text = ''
    process.stdin.setEncoding('utf8')
    const onData = (chunk: string) => {
      text += chunk
      const end = text.indexOf('\n')
      if (end < 0) return
      process.stdin.off('data', onData)
      // The parent keeps stdin open while it waits: if it goes away, so does this process.
      process.stdin.on('end', () => process.exit(2))
      try {
        resolve(JSON.parse(text.slice(0, end)) as NarrationJob)
      } catch (error) {
        reject(error)
      }
    }
    process.stdin.on('data', onData)
    process.stdin.on('end', () => reject(new Error('no job on stdin')))
  })
}

try {
  const job = await readJob()
  process.stdout.write(`${JSON.stringify(await narrate(job))}\n`)
} catch (error) {
  const reply: NarrationReply = { ok: false, error: error instanceof Error ? error.message : String(error) }
  process.stdout.write(`${JSON.stringify(reply)}\n`)
}
process.exit(0)

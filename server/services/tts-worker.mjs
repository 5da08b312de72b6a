// Text-to-speech worker (a worker_threads Worker started by services/tts.ts). Plain JavaScript so
// the same file runs under tests, `npm run dev` and the bundled server: it is loaded by path from
// the project root. One job at a time: { id, segments: [{ text, pauseMs }], engine, mp3Path,
// kbps, peaksCount } -> { id, ok, duration, bytes, peaks } or { id, ok: false, error }.
// mespeak (GPL) is a content-generation tool here: only this worker loads it, to make audio files.

import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFile, rename, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'

const require = createRequire(import.meta.url)

// mespeak prints through console.log ("Not in browser"); nothing else here logs.
console.log = () => {}

// On Linux a nice value belongs to the thread: this lowers the worker only, not the server.
try {
  setPriority(19)
} catch {
  // Not permitted here: run at normal priority.
}

const sampleRate = 22050
/** Samples per peak block; the requested number of peaks is made from these at the end. */
const blockSize = 256

/** The PCM samples of a 16-bit mono WAV file. */
function wavSamples(buffer) {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength)
  let offset = 12
  let format
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4)
    const size = view.getUint32(offset + 4, true)
    if (id === 'fmt ') {
      format = {
        channels: view.getUint16(offset + 10, true),
        rate: view.getUint32(offset + 12, true),
        bits: view.getUint16(offset + 22, true),
      }
    } else if (id === 'data') {
      if (!format || format.channels !== 1 || format.bits !== 16) throw new Error('expected 16-bit mono WAV')
      const length = Math.min(size, buffer.length - offset - 8) >> 1
      const samples = new Int16Array(length)
      for (let i = 0; i < length; i++) samples[i] = view.getInt16(offset + 8 + i * 2, true)
      return { samples, rate: format.rate }
    }
    offset += 8 + size + (size & 1)
  }
  throw new Error('no data chunk in WAV')
}

/** Collects peak blocks while samples stream past. */
function peakCollector() {
  const blocks = []
  let current = 0
  let filled = 0
  let total = 0
  return {
    add(samples) {
      total += samples.length
      for (let i = 0; i < samples.length; i++) {
        const value = Math.abs(samples[i])
        if (value > current) current = value
        if (++filled === blockSize) {
          blocks.push(current)
          current = 0
          filled = 0
        }
      }
    },
    finish(count) {
      if (filled > 0) blocks.push(current)
      const peaks = []
      const loudest = Math.max(1, ...blocks)
      for (let i = 0; i < count; i++) {
        const from = Math.floor((i * blocks.length) / count)
        const to = Math.max(from + 1, Math.floor(((i + 1) * blocks.length) / count))
        let max = 0
        for (let j = from; j < to && j < blocks.length; j++) if (blocks[j] > max) max = blocks[j]
        peaks.push(Math.round((max / loudest) * 1000) / 1000)
      }
      return { peaks, samples: total }
    },
  }
}

let mespeak
function loadMespeak() {
  if (mespeak) return mespeak
  mespeak = require('mespeak')
  mespeak.loadConfig(require('mespeak/src/mespeak_config.json'))
  mespeak.loadVoice(require('mespeak/voices/en/en-us.json'))
  return mespeak
}

let lame
async function loadLame() {
  lame ??= await import('@breezystack/lamejs')
  return lame
}

/** mespeak -> PCM -> MP3 with lamejs, segment by segment (memory stays small). */
async function withMespeak(job) {
  const speaker = loadMespeak()
  const { Mp3Encoder } = await loadLame()
  const encoder = new Mp3Encoder(1, sampleRate, job.kbps)
  const peaks = peakCollector()
  const parts = []
  const encode = (samples) => {
    peaks.add(samples)
    for (let i = 0; i < samples.length; i += 11520) {
      const chunk = encoder.encodeBuffer(samples.subarray(i, i + 11520))
      if (chunk.length > 0) parts.push(Buffer.from(chunk))
    }
  }
  for (const segment of job.segments) {
    const wav = speaker.speak(segment.text, { rawdata: 'buffer', speed: 165, pitch: 45, wordgap: 1 })
    if (!wav) throw new Error('mespeak returned no audio')
    const { samples, rate } = wavSamples(Buffer.from(wav))
    if (rate !== sampleRate) throw new Error(`mespeak spoke at ${rate} Hz`)
    encode(samples)
    if (segment.pauseMs > 0) encode(new Int16Array(Math.round((segment.pauseMs / 1000) * sampleRate)))
  }
  const last = encoder.flush()
  if (last.length > 0) parts.push(Buffer.from(last))
  const { peaks: values, samples } = peaks.finish(job.peaksCount)
  return { mp3: Buffer.concat(parts), duration: samples / sampleRate, peaks: values, voice: 'mespeak en-us' }
}

function run(command, args, input) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'] })
    try {
      setPriority(child.pid, 19)
    } catch {
      // Gone already, or not permitted: fine.
    }
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-2000)
    })
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`))))
    child.stdin.end(input ?? '')
  })
}

const escapeXml = (text) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c])

/** Debian's espeak-ng (SSML, for the pauses) -> WAV -> lame: about five times faster than mespeak. */
async function withEspeak(job) {
  const base = `${job.mp3Path}.${randomBytes(4).toString('hex')}`
  const wavPath = `${base}.wav`
  const mp3Path = `${base}.mp3`
  const ssml = `<speak>${job.segments
    .map((s) => `${escapeXml(s.text)}${s.pauseMs > 0 ? `<break time="${s.pauseMs}ms"/>` : ''}`)
    .join(' ')}</speak>`
  try {
    await run('espeak-ng', ['-m', '-v', 'en-us', '-s', '165', '-p', '45', '-w', wavPath, '--stdin'], ssml)
    const { samples, rate } = wavSamples(await readFile(wavPath))
    const peaks = peakCollector()
    peaks.add(samples)
    await run('lame', ['--quiet', '-m', 'm', '--cbr', '-b', String(job.kbps), wavPath, mp3Path])
    const { peaks: values } = peaks.finish(job.peaksCount)
    return { mp3: await readFile(mp3Path), duration: samples.length / rate, peaks: values, voice: 'espeak-ng en-us' }
  } finally {
    await rm(wavPath, { force: true })
    await rm(mp3Path, { force: true })
  }
}

parentPort.on('message', async (job) => {
  try {
    const made = job.engine === 'espeak-ng' ? await withEspeak(job) : await withMespeak(job)
    // Written aside and renamed: a reader never sees half a file.
    const partial = `${job.mp3Path}.${process.pid}.${randomBytes(4).toString('hex')}.partial`
    await writeFile(partial, made.mp3)
    await rename(partial, job.mp3Path)
    parentPort.postMessage({
      id: job.id,
      ok: true,
      duration: Math.round(made.duration * 100) / 100,
      bytes: made.mp3.length,
      peaks: made.peaks,
      voice: made.voice,
    })
  } catch (error) {
    parentPort.postMessage({ id: job.id, ok: false, error: error instanceof Error ? error.message : String(error) })
  }
})

// Debian's Festival with the HTS voice cmu_us_slt_arctic_hts (packages festival and
// festvox-us-slt-hts): a statistical-parametric (HMM) voice made from a real US English
// speaker's recordings. Clearly less robotic than espeak-ng's formant synthesis, and about 35
// times faster than real time on one core here; bench/voice-comparison.md has the measurements.
//
// One festival process per call, in its --pipe mode: one sentence is sent at a time and each is
// acknowledged on stderr (unbuffered), so a sentence that fails or hangs is noticed at once, and
// if this process dies festival sees its stdin close and ends after the current sentence.
// Festival reads bytes, not UTF-8: text is folded to ASCII (résumé -> resume, Łukasiewicz ->
// Lukasiewicz, curly quotes -> straight ones) and escaped for a Scheme string.

import { spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { setPriority } from 'node:os'
import { join } from 'node:path'
import type { Segment, Speech } from '../job.ts'
import { onPath, wavSamples } from './common.ts'

export const name = 'festival'
export const voiceName = 'cmu_us_slt_arctic_hts'
/** Output rate: festival resamples the voice's 32 kHz to this (the other engines' rate). */
const rate = 22050
/** Where distributions put the voice (Debian: /usr/share/festival/voices/us/...). */
const voiceDirs = ['/usr/share/festival/voices', '/usr/local/share/festival/voices', '/usr/lib/festival/voices']
/** Loading festival and the voice takes well under a second; this is for a machine under load. */
const startTimeoutMs = 30_000
/** Scheme heap cells: festival's default (10 million) alone makes it hold ~330 MB; this ~55 MB. */
const heapCells = 1_000_000
/** After its input ends festival exits at once; past this it is killed. */
const stopTimeoutMs = 5_000
/** One piece of text (at most 600 characters) takes about a second; far past that is a hang. */
const sentenceTimeoutMs = (text: string) => 30_000 + 100 * text.length
/** Longest text festival is given at once (it fails near 1,500 characters with this heap). */
const pieceChars = 600
/** Samples quieter than this (of 32767) count as silence when a sentence's ends are trimmed. */
const silenceLevel = 100
/** Silence kept before and after each sentence's speech, on top of its pause. */
const edgeMs = 40
/** The voice peaks near -9 dBFS, far quieter than espeak-ng: raised to this peak, at most 4x. */
const targetPeak = 0.89 * 32767
const maxGain = 4

/** True when festival is on PATH and the HTS voice is installed. */
export function available(path = process.env.PATH ?? '', dirs = voiceDirs): boolean {
  if (!onPath('festival', path)) return false
  return dirs.some((dir) => {
    try {
      accessSync(join(dir, 'us', voiceName), constants.R_OK)
      return true
    } catch {
      return false
    }
  })
}

const ligatures: Record<string, string> = {
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  ß: 'ss',
  Þ: 'Th',
  þ: 'th',
  Ð: 'D',
  ð: 'd',
  Đ: 'D',
  đ: 'd',
  Ł: 'L',
  ł: 'l',
  Ø: 'O',
  ø: 'o',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
}
const symbols: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': ', ',
  '\u2013': ', ',
  '\u2014': ', ',
  '\u2015': ', ',
  '\u2212': ' minus ',
  '\u2026': '...',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2044': '/',
  '\u2248': ' about ',
  '\u00d7': ' by ',
  '\u00b1': ' plus or minus ',
  '\u2192': ' to ',
  '\u2022': ', ',
  '\u20ac': ' euros ',
  '\u00a3': ' pounds ',
  '\u00a5': ' yen ',
  '\u00b0': ' degrees ',
  '\u00a7': ' section ',
}

/** Folds text to what festival reads well: printable ASCII, accents dropped, symbols as words. */
export function asciiText(text: string): string {
  let out = ''
  for (const char of text.normalize('NFKC')) {
    const word = symbols[char] ?? ligatures[char]
    if (char >= ' ' && char <= '~') out += char
    else if (word !== undefined) out += word
    else {
      // é -> e + combining accent -> e; anything left that is not ASCII (CJK, emoji) is a space.
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
      out += /^[ -~]+$/.test(base) ? base : ' '
    }
  }
  return out.replace(/\s+/g, ' ').trim()
}

/**
 * Festival's heap holds one utterance at a time: a piece of ~1,500 characters fills it (then it
 * crashes), so longer text is said in pieces of at most `size`, cut at sentence or clause ends,
 * else at a space, else anywhere.
 */
export function pieces(text: string, size = pieceChars): string[] {
  const out: string[] = []
  let rest = text
  while (rest.length > size) {
    const head = rest.slice(0, size + 1)
    let cut = -1
    for (const pattern of [/[.!?;:](?=\s)/g, /,(?=\s)/g, /\s/g]) {
      for (const match of head.matchAll(pattern)) if (match.index > size / 3) cut = match.index + 1
      if (cut > 0) break
    }
    if (cut <= 0) cut = size
    out.push(rest.slice(0, cut).trim())
    rest = rest.slice(cut).trim()
  }
  if (rest) out.push(rest)
  return out.filter(Boolean)
}

/** A Scheme string literal: festival's reader takes \" and \\ as escapes. */
const schemeString = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`

/** Speech between the first and last sample louder than the silence level, with a short margin. */
function trimmed(samples: Int16Array, sampleRate: number): Int16Array {
  let from = 0
  let to = samples.length
  while (from < to && Math.abs(samples[from]!) < silenceLevel) from++
  while (to > from && Math.abs(samples[to - 1]!) < silenceLevel) to--
  if (from === to) return new Int16Array(0)
  const margin = Math.round((edgeMs / 1000) * sampleRate)
  return samples.subarray(Math.max(0, from - margin), Math.min(samples.length, to + margin))
}

/** The command festival is running: the marker that ends its answer, and who waits for it. */
type Waiter = { marker: string; resolve(lines: string[]): void; reject(error: Error): void; timer: NodeJS.Timeout }

type Festival = {
  /** Runs `command`; resolves to the lines festival wrote meanwhile (errors included). */
  send(command: string, timeoutMs: number): Promise<string[]>
  /** Ends festival (it exits when its stdin closes) and resolves once it has gone. */
  stop(): Promise<void>
}

/** A festival --pipe process that runs one command at a time and reports on stderr. */
function startFestival(): Festival {
  const child = spawn('festival', ['--heap', String(heapCells), '--pipe'], { stdio: ['pipe', 'ignore', 'pipe'] })
  try {
    if (child.pid !== undefined) setPriority(child.pid, 19)
  } catch {
    // Gone already, or not permitted: fine.
  }
  let buffer = ''
  let waiter: Waiter | undefined
  let ended: string | undefined
  const lines: string[] = []
  const settle = (error?: Error) => {
    if (!waiter) return
    const current = waiter
    waiter = undefined
    clearTimeout(current.timer)
    if (error) current.reject(error)
    else current.resolve(lines.splice(0))
  }
  child.stderr.setEncoding('latin1')
  child.stderr.on('data', (chunk: string) => {
    buffer += chunk
    let end: number
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end).trim()
      buffer = buffer.slice(end + 1)
      // A message that did not end its line puts the marker after it on the same line.
      const marker = waiter?.marker
      const marked = marker !== undefined && line.endsWith(marker)
      const text = marked ? line.slice(0, -marker.length).trim() : line
      if (text) lines.push(text.slice(0, 500))
      if (marked) settle()
    }
  })
  const gone = (why: string) => {
    ended ??= why
    const said = lines.join(' | ').slice(-800)
    settle(new Error(`festival ${why}${said ? `: ${said}` : ''}`))
  }
  child.on('error', (error) => gone(`could not start (${error.message})`))
  child.on('close', (code, signal) => gone(signal ? `was stopped by ${signal}` : `exited with ${code}`))
  // A festival that died before reading all of its input must not fail the write with EPIPE.
  child.stdin.on('error', () => {})

  let count = 0
  return {
    send(command, timeoutMs) {
      if (ended) return Promise.reject(new Error(`festival ${ended}`))
      const marker = `WAYPOINT-DONE ${++count}`
      return new Promise<string[]>((resolve, reject) => {
        const timer = setTimeout(() => {
          settle(new Error(`festival gave no answer within ${Math.round(timeoutMs / 1000)} s`))
          child.kill('SIGKILL')
        }, timeoutMs)
        waiter = { marker, resolve, reject, timer }
        // The marker is a command of its own: it is printed even when `command` fails.
        child.stdin.write(`${command}\n(format stderr "${marker}\\n")\n`)
      })
    },
    stop() {
      if (ended) return Promise.resolve()
      return new Promise<void>((resolveStop) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs)
        child.once('close', () => {
          clearTimeout(timer)
          resolveStop()
        })
        child.stdin.end()
      })
    },
  }
}

const failure = (lines: string[]) => lines.find((line) => /error|cannot|can't|not found/i.test(line))

/**
 * segments: [{ text, pauseMs }] -> { samples: Int16Array, rate, voice }; pauseMs of silence after
 * each segment. Rejects when festival or the voice is missing, fails on a sentence or hangs.
 */
export async function speak(segments: Segment[], workDir: string): Promise<Speech> {
  if (!available()) {
    throw new Error(`festival with the ${voiceName} voice is not installed (Debian: apt-get install festival festvox-us-slt-hts)`)
  }
  const festival = startFestival()
  const parts: Int16Array[] = []
  try {
    const loaded = await festival.send(`(begin (voice_${voiceName}) (format stderr "WAYPOINT-VOICE\\n"))`, startTimeoutMs)
    if (!loaded.some((line) => line.includes('WAYPOINT-VOICE')))
      throw new Error(`festival could not load the voice ${voiceName}: ${loaded.join(' | ').slice(0, 500)}`)
    for (const [index, segment] of segments.entries()) {
      for (const text of pieces(asciiText(segment.text))) {
        if (!/[A-Za-z0-9]/.test(text)) continue
        const wavPath = join(workDir, `festival-${index}.wav`)
        const lines = await festival.send(
          `(let ((utt (utt.synth (Utterance Text ${schemeString(text)})))) ` +
            `(utt.wave.resample utt ${rate}) (utt.save.wave utt ${schemeString(wavPath)} 'riff) (format stderr "WAYPOINT-SAID\\n"))`,
          sentenceTimeoutMs(text),
        )
        if (!lines.some((line) => line.includes('WAYPOINT-SAID'))) {
          throw new Error(`festival failed on "${text.slice(0, 60)}": ${failure(lines) ?? lines.join(' | ').slice(0, 500)}`)
        }
        try {
          const wav = wavSamples(await readFile(wavPath))
          if (wav.rate !== rate) throw new Error(`festival spoke at ${wav.rate} Hz, not ${rate}`)
          parts.push(trimmed(wav.samples, rate))
        } finally {
          await rm(wavPath, { force: true })
        }
      }
      if (segment.pauseMs > 0) parts.push(new Int16Array(Math.round((segment.pauseMs / 1000) * rate)))
    }
  } finally {
    await festival.stop()
  }
  const samples = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  let peak = 1
  for (const part of parts) {
    samples.set(part, at)
    at += part.length
    for (const value of part) if (Math.abs(value) > peak) peak = Math.abs(value)
  }
  const gain = Math.min(maxGain, targetPeak / peak)
  if (gain > 1.05) for (let i = 0; i < samples.length; i++) samples[i] = Math.round(samples[i]! * gain)
  return { samples, rate, voice: `festival ${voiceName}` }
}

// The measures of scripts/tts-compare.ts: pitch (YIN), harmonics-to-noise ratio and spectral
// flatness computed here, praat's cross-check, pocketsphinx's transcript and the word error rate.

import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { run } from './tts-compare-process.ts'
import { words } from './tts-compare-texts.ts'

/** Radix-2 FFT power spectrum of a real frame (length a power of two). */
function powerSpectrum(frame: Float64Array): Float64Array {
  const n = frame.length
  const re = Float64Array.from(frame)
  const im = new Float64Array(n)
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1
    for (; j & bit; bit >>= 1) j ^= bit
    j ^= bit
    if (i < j) {
      const swap = re[i]!
      re[i] = re[j]!
      re[j] = swap
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const angle = (-2 * Math.PI) / len
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < len / 2; k++) {
        const wr = Math.cos(angle * k)
        const wi = Math.sin(angle * k)
        const ar = re[i + k + len / 2]! * wr - im[i + k + len / 2]! * wi
        const ai = re[i + k + len / 2]! * wi + im[i + k + len / 2]! * wr
        re[i + k + len / 2] = re[i + k]! - ar
        im[i + k + len / 2] = im[i + k]! - ai
        re[i + k] = re[i + k]! + ar
        im[i + k] = im[i + k]! + ai
      }
    }
  }
  const power = new Float64Array(n / 2)
  for (let i = 0; i < n / 2; i++) power[i] = re[i]! * re[i]! + im[i]! * im[i]!
  return power
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))] ?? NaN
const semitones = (hz: number) => 12 * Math.log2(hz / 100)

/**
 * Voice measures of 16 kHz speech: YIN F0 (10 ms hop, 40 ms window, 60-500 Hz, then limited to
 * an octave either side of the median against octave errors), HNR from the peak of the
 * normalised autocorrelation at the pitch period, spectral flatness of voiced frames.
 */
export type Measures = { f0Median: number; f0Sd: number; f0Range: number; voicedShare: number; hnr: number; flatness: number }
type Frame = { start: number; rms: number; f0?: number; hnr?: number; flatness?: number }

export function analyse(samples: Int16Array): Measures {
  const rate = 16000
  const x = Float64Array.from(samples, (s) => s / 32768)
  const win = 640
  const hop = 160
  const minLag = Math.floor(rate / 500)
  const maxLag = Math.ceil(rate / 60)
  const frames: Frame[] = []
  let loudest = 0
  for (let start = 0; start + win + maxLag < x.length; start += hop) {
    let energy = 0
    for (let i = 0; i < win; i++) energy += x[start + i]! ** 2
    const rms = Math.sqrt(energy / win)
    if (rms > loudest) loudest = rms
    frames.push({ start, rms })
  }
  const d = new Float64Array(maxLag + 2)
  for (const frame of frames) {
    if (frame.rms < loudest * 0.03) continue // 30 dB below the loudest frame: silence
    const { start } = frame
    let running = 0
    d[0] = 1
    let best = -1
    for (let lag = 1; lag <= maxLag + 1; lag++) {
      let sum = 0
      for (let i = 0; i < win; i++) {
        const diff = x[start + i]! - x[start + i + lag]!
        sum += diff * diff
      }
      running += sum
      d[lag] = running > 0 ? (sum * lag) / running : 1
    }
    for (let lag = minLag; lag <= maxLag; lag++) {
      if (d[lag]! < 0.15 && d[lag]! <= d[lag + 1]!) {
        best = lag
        break
      }
    }
    if (best < 0) continue
    const a = d[best - 1]!
    const b = d[best]!
    const c = d[best + 1]!
    const shift = (a - c) / (2 * (a - 2 * b + c)) || 0
    frame.f0 = rate / (best + Math.max(-1, Math.min(1, shift)))
    // Normalised autocorrelation at the period -> harmonics-to-noise ratio.
    let xy = 0
    let xx = 0
    let yy = 0
    for (let i = 0; i < win; i++) {
      xy += x[start + i]! * x[start + i + best]!
      xx += x[start + i]! ** 2
      yy += x[start + i + best]! ** 2
    }
    const r = Math.min(0.9999, Math.max(1e-4, xy / Math.sqrt(xx * yy)))
    frame.hnr = 10 * Math.log10(r / (1 - r))
    // Spectral flatness of the frame (Hann window, 1024-point FFT), 100 Hz - 8 kHz.
    const buffer = new Float64Array(1024)
    for (let i = 0; i < win; i++) buffer[i] = x[start + i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (win - 1)))
    const power = powerSpectrum(buffer)
    let logSum = 0
    let sum = 0
    let count = 0
    for (let k = Math.round((100 * 1024) / rate); k < 512; k++) {
      const p = power[k]! + 1e-12
      logSum += Math.log(p)
      sum += p
      count++
    }
    frame.flatness = 10 * Math.log10(Math.exp(logSum / count) / (sum / count))
  }
  // A frame with a pitch also has its HNR and flatness (set together above).
  let voiced = frames.filter((f): f is Required<Frame> => Boolean(f.f0))
  const median = quantile(
    voiced.map((f) => f.f0).sort((p, q) => p - q),
    0.5,
  )
  voiced = voiced.filter((f) => f.f0 > median / 2 && f.f0 < median * 2)
  const st = voiced.map((f) => semitones(f.f0)).sort((p, q) => p - q)
  const mean = st.reduce((s, v) => s + v, 0) / st.length
  const sd = Math.sqrt(st.reduce((s, v) => s + (v - mean) ** 2, 0) / st.length)
  const speechFrames = frames.filter((f) => f.rms >= loudest * 0.03).length
  return {
    f0Median: median,
    f0Sd: sd,
    f0Range: quantile(st, 0.95) - quantile(st, 0.05),
    voicedShare: voiced.length / Math.max(1, speechFrames),
    hnr: quantile(
      voiced.map((f) => f.hnr).sort((p, q) => p - q),
      0.5,
    ),
    flatness: voiced.reduce((s, f) => s + f.flatness, 0) / Math.max(1, voiced.length),
  }
}

const praatScript = `form Measure
  sentence file
  real floor 60
  real ceiling 500
endform
sound = Read from file: file$
pitch = To Pitch: 0.01, floor, ceiling
q25 = Get quantile: 0, 0, 0.25, "Hertz"
q75 = Get quantile: 0, 0, 0.75, "Hertz"
removeObject: pitch
selectObject: sound
pitch = To Pitch: 0.01, max(40, q25 * 0.75), q75 * 1.5
sd = Get standard deviation: 0, 0, "semitones"
selectObject: sound
harmonicity = To Harmonicity (cc): 0.01, max(40, q25 * 0.75), 0.1, 1.0
hnr = Get mean: 0, 0
selectObject: sound, pitch
points = To PointProcess (cc)
jitter = Get jitter (local): 0, 0, 0.0001, 0.02, 1.3
writeInfoLine: fixed$(sd, 2), " ", fixed$(hnr, 1), " ", fixed$(jitter * 100, 2)
`

export async function praat(path: string, dir: string): Promise<{ sd: number; hnr: number; jitter: number }> {
  const script = join(dir, 'measure.praat')
  if (!existsSync(script)) await writeFile(script, praatScript)
  const out = String(await run('praat', ['--run', script, path, '60', '500'], { timeoutMs: 120_000 }))
  const [sd = NaN, hnr = NaN, jitter = NaN] = out.trim().split(/\s+/).map(Number)
  return { sd, hnr, jitter }
}

export async function recognise(path: string): Promise<string> {
  const model = '/usr/share/pocketsphinx/model/en-us'
  const out = await run(
    'pocketsphinx_continuous',
    [
      '-infile',
      path,
      '-hmm',
      join(model, 'en-us'),
      '-lm',
      join(model, 'en-us.lm.bin'),
      '-dict',
      join(model, 'cmudict-en-us.dict'),
      '-logfn',
      '/dev/null',
    ],
    { timeoutMs: 600_000 },
  )
  return String(out).replace(/\s+/g, ' ').trim()
}

/** Word error rate: word-level edit distance / reference length. */
export function wer(reference: string, hypothesis: string): number {
  const ref = words(reference)
  const hyp = words(hypothesis)
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j)
  for (let i = 1; i <= ref.length; i++) {
    const row = [i]
    for (let j = 1; j <= hyp.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1))
    }
    previous = row
  }
  return previous[hyp.length]! / ref.length
}

#!/usr/bin/env node
// Compares the text-to-speech engines this machine has, with objective proxies for what a listener
// would judge (results and their limits: bench/voice-comparison.md). Prints markdown tables.
//
//   npx tsx scripts/tts-compare.ts [--engines id,id] [--out DIR] [--reference DIR] [--no-wer] [--no-long] [--long-wer]
//
// For each engine that is installed (the others are listed as skipped):
//   sample     the ~150-word job-hunting text below, synthesised with the narrator's pauses
//   WER        word error rate of Debian's pocketsphinx (en-us model, its general language model)
//              on that audio: an intelligibility proxy (needs pocketsphinx + pocketsphinx-en-us)
//   F0         pitch track (a YIN tracker written here, 10 ms frames on 16 kHz audio):
//              median, spread (SD in semitones) and 5-95 % range in semitones
//   HNR        harmonics-to-noise ratio of voiced frames, from the normalised autocorrelation
//   flatness   spectral flatness of voiced frames, 0.1-8 kHz, in dB (closer to 0 = noisier)
//   praat      when praat is installed: its F0 SD, HNR (cc) and local jitter, as a cross-check
//   long       the ~1,200-word article below: seconds of audio, engine CPU seconds, wall seconds,
//              audio seconds per CPU second (--long-wer: its WER too, about a minute per engine)
//   unicode    a sentence with Łukasiewicz, Nguyễn, résumé, dashes, curly quotes, CJK and an emoji,
//              given to the engine as it is: ok, or how it failed (30 s limit)
// --reference DIR: WAV files of natural speech with a .txt transcript beside each (16 kHz mono);
// they are measured the same way ("natural" row), and their transcripts are also synthesised by
// every engine ("ref WER" column: the same words as the natural recording).
// Engines: espeak-ng (Debian, on PATH), mespeak (npm, bundled), festival-hts (the narrator's
// engine module: festival + festvox-us-slt-hts), festival-kal / festival-ked (festival diphone
// voices: festvox-kallpc16k, festvox-kdlpc16k), flite-slt / flite-rms / flite-awb / flite-kal16
// (Debian's flite: clustergen voices and a diphone voice). Needs sox. Runs one thing at a time.

import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** A sentence and the pause after it, as the narrator gives them to an engine. */
type Segment = { text: string; pauseMs: number }
/** 16-bit mono PCM. */
type Audio = { samples: Int16Array; rate: number }
// The engines are plain JavaScript (they run in the narration child process), loaded by path as
// that process loads them; these are the parts used here.
type Common = {
  onPath(command: string, path?: string): boolean
  wavSamples(buffer: Buffer): Audio
  concatSamples(parts: Int16Array[]): Int16Array
  escapeXml(text: string): string
  ssmlBatches(segments: Segment[], size: number): string[]
}
type Festival = { available(): boolean; asciiText(text: string): string; speak(segments: Segment[], workDir: string): Promise<Audio> }

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const festivalModule = (await import(join(root, 'server/services/tts-engines/festival.mjs'))) as Festival
const { onPath, wavSamples, concatSamples, escapeXml, ssmlBatches } = (await import(join(root, 'server/services/tts-engines/common.mjs'))) as Common

// --- texts -------------------------------------------------------------------------------------

const sampleText = `Looking for work is a job in itself, so give it a schedule. Set aside two hours each morning for searching and applying, and keep a simple list of every role you apply for, the date you applied and the name of anyone you spoke to. When a posting interests you, read it twice. Mark the skills the employer mentions more than once, then make sure your resume shows those skills with real examples from school, volunteering or earlier jobs.

Before an interview, learn what the company does and prepare three short stories about times you solved a problem, helped a team or learned something quickly. Practice them out loud with a friend. Afterwards, send a brief thank you note the same day. If you hear nothing within a week, a polite follow up is perfectly normal. Rejection is common, so treat each one as practice and keep going.`

const unicodeText =
  'Łukasiewicz and Nguyễn Thị Minh rewrote their résumés – twice — before “the big day”; Søren’s CV ≈ 2 pages… 李小龍 said ‘ok’ 😀, Zoë’s naïve café façade, Straße № 5, ½ × 3 °C.'

const longText = `# Planning a job search that fits into your week

A job search rarely fails for lack of effort. It fails because the effort goes to the wrong places, or because it arrives in bursts followed by long silences. This guide shows how to turn a vague intention into a weekly routine that you can keep for months, with clear goals, honest records and enough rest to stay steady.

## Decide what you are looking for

Before you open a single job board, write down the kind of role you want in one or two sentences. Name the field, the level and the setting, for example an entry level analyst in a small public health team, or a junior designer at a company that builds software for schools. The point is not to rule everything else out forever. The point is to give every later decision a reference, so that you can tell quickly whether a posting deserves an hour of your time.

Next, list the conditions that really matter to you. Think about pay, location, travel, hours, the chance to learn and the people you would work with. Mark the two or three that you will not compromise on. Everything else becomes a preference, and preferences can be traded against each other when a real offer arrives.

## Build a simple tracking system

A spreadsheet or a notebook is enough. Give each application a row with the employer, the title, the date you applied, the version of your resume you sent, the person you contacted and the next step. Add a column for notes, where you record what you learned about the team, the questions they asked and anything you promised to send.

This record does three jobs at once. It stops you from applying twice to the same role. It shows you which kinds of applications lead to replies and which do not. And on a discouraging day, it reminds you how much you have already done, which is often more than it feels like.

## Set a weekly rhythm

Most people search best in short, regular sessions rather than long, irregular ones. Pick four or five mornings a week and protect two hours on each of them. Treat that time like a shift at work: turn off your phone, close unrelated tabs and start with the task you are most likely to avoid.

A balanced week might look like this. On Monday, review new postings and choose the five that fit best. On Tuesday and Wednesday, tailor your resume and cover letter for those roles and send them. On Thursday, reach out to people: former classmates, colleagues, teachers and friends of friends who work in the field you want. On Friday, follow up on older applications, update your tracker and plan the next week. Keep the weekend for rest, exercise and the parts of life that have nothing to do with work.

## Tailor every application

A generic application is easy to send and easy to ignore. For each role, read the posting slowly and mark the skills and duties that appear more than once. Those repeated words usually reflect what the hiring manager worries about most. Then check that your resume answers each of them with a concrete example, ideally one with a result you can measure, such as time saved, money raised or people trained.

Your cover letter should do something your resume cannot. Use it to explain why this employer, why this role and why now. Mention one specific thing you admire about the organization and connect it to something you have done. Keep it under a page, and ask a friend to read it aloud to you. If it sounds stiff when spoken, it will read stiffly too.

## Use your network without feeling awkward

Many roles are filled before they are ever advertised, often through someone who already works there. That can feel unfair, but it also means a short conversation can open more doors than a dozen cold applications. The trick is to ask for information, not for a job.

Send a brief message that explains who you are, how you found the person and what you hope to learn. Ask for twenty minutes, and suggest a call or a coffee at a time that suits them. Prepare a few questions about their work, the skills that matter in their team and the changes they see coming in the field. At the end, ask whether there is anyone else you should speak to. Then send a thank you note within a day, and let them know later how things turned out.

## Prepare for interviews as a project

When an invitation arrives, start a page of notes for that employer. Read their website, recent news and any reports they publish. Look up the people who will interview you, so that you understand their roles. Write down five or six stories from your own experience that show how you solve problems, work with others, handle pressure and learn new things. Practice telling each story in about two minutes, with a clear situation, the action you took and the result.

On the day, arrive early or test your video link well in advance. Bring a copy of your resume and a short list of questions for them. Good questions show that you have thought about the work itself: how success is measured in the first six months, what a typical week looks like and what the team is trying to improve this year.

## Handle rejection and silence

Even a well run search produces far more rejections than offers. Some employers never reply at all. None of this is a verdict on your worth. Hiring decisions depend on budgets, internal candidates, timing and many other things you cannot see from outside.

When you do receive a rejection after an interview, reply politely, thank them for their time and ask whether they can share any feedback. Not everyone will, but those who do often give you the single most useful piece of advice in the whole process. Record it in your tracker and look for patterns across several rounds.

## Look after yourself

A long search is tiring, and tired people make weaker applications. Sleep, regular meals and time outdoors are not luxuries; they are part of the work. Keep in touch with friends who are not job hunting. Set a small reward for finishing each week's plan, whatever the outcome.

If the search drags on, change one thing at a time rather than everything at once. Try a different kind of employer, rewrite your resume summary, or spend a month on a short course that fills an obvious gap. Then watch your tracker to see whether the change makes a difference.

## When an offer arrives

Take a breath before you answer. Thank the employer, ask for the offer in writing and request a few days to consider it. Compare it with the conditions you marked as essential at the very start. If something important is missing, it is usually reasonable to ask, politely and with a clear reason. Once you accept, write to everyone who helped you along the way. They will be glad to hear it, and you may be the one helping them next time.`

/** Sentences with the narrator's pauses: 150 ms inside a paragraph, 500 ms after it, 600 ms after a heading. */
function segmentsOf(text: string): Segment[] {
  const segments: Segment[] = []
  for (const block of text.split(/\n\s*\n/)) {
    const heading = /^#+\s+/.test(block)
    const clean = block
      .replace(/^#+\s+/, '')
      .replace(/\s+/g, ' ')
      .trim()
    if (!clean) continue
    if (heading) {
      segments.push({ text: /[.!?:;]$/.test(clean) ? clean : `${clean}.`, pauseMs: 600 })
      continue
    }
    const sentences = clean.split(/(?<=[.!?;])\s+/)
    sentences.forEach((sentence, i) => segments.push({ text: sentence, pauseMs: i === sentences.length - 1 ? 500 : 150 }))
  }
  return segments
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)

// --- processes and CPU time ----------------------------------------------------------------------

/** CPU seconds of this process's finished children (utime + stime of waited-for children). */
function childCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[13]) + Number(fields[14])) / 100
}

function run(
  command: string,
  args: string[],
  { input, timeoutMs = 600_000, cwd }: { input?: string; timeoutMs?: number; cwd?: string } = {},
): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], cwd })
    const out: Buffer[] = []
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk).slice(-4000)))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${command} gave no result within ${timeoutMs / 1000} s`))
    }, timeoutMs)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      if (code === 0) resolvePromise(Buffer.concat(out))
      else reject(new Error(`${command} ${signal ? `stopped by ${signal}` : `exited with ${code}`}: ${err.trim().slice(-300)}`))
    })
    child.stdin.on('error', () => {})
    child.stdin.end(input ?? '')
  })
}

const silence = (ms: number, rate: number) => new Int16Array(Math.round((ms / 1000) * rate))

function wavFile(samples: Int16Array, rate: number): Buffer {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + samples.length * 2, 4)
  header.write('WAVEfmt ', 8, 'ascii')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(samples.length * 2, 40)
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)])
}

// --- engines -----------------------------------------------------------------------------------

async function version(command: string, args: string[], pattern: RegExp): Promise<string> {
  try {
    const text = String(await run(command, args, { timeoutMs: 10_000 }))
    return pattern.exec(text)?.[1] ?? text.trim().split('\n')[0] ?? ''
  } catch (error) {
    return `? (${(error as Error).message.slice(0, 60)})`
  }
}

function debVersion(pkg: string): string | undefined {
  try {
    const status = readFileSync('/var/lib/dpkg/status', 'utf8')
    const block = status.split('\n\n').find((b) => b.startsWith(`Package: ${pkg}\n`) && /Status: install ok installed/.test(b))
    return block ? `${pkg} ${/\nVersion: (.+)/.exec(block)?.[1]}` : undefined
  } catch {
    return undefined
  }
}

/** espeak-ng as the narrator runs it: one process, SSML breaks for the pauses. */
async function espeakSpeak(segments: Segment[], dir: string): Promise<Audio> {
  const ssml = `<speak>${segments.map((s) => `${escapeXml(s.text)}${s.pauseMs ? `<break time="${s.pauseMs}ms"/>` : ''}`).join(' ')}</speak>`
  const path = join(dir, 'espeak.wav')
  await run('espeak-ng', ['-m', '-v', 'en-us', '-s', '165', '-p', '45', '-w', path, '--stdin'], { input: ssml })
  return wavSamples(await readFile(path))
}

/** mespeak in a child Node process (a fresh emscripten instance each time), SSML breaks for pauses. */
async function mespeakSpeak(segments: Segment[], dir: string): Promise<Audio> {
  const path = join(dir, 'mespeak.wav')
  const code = `
    const { createRequire } = require('node:module')
    const fs = require('node:fs')
    console.log = () => {}
    const m = require('mespeak')
    m.loadConfig(require('mespeak/src/mespeak_config.json'))
    m.loadVoice(require('mespeak/voices/en/en-us.json'))
    const job = JSON.parse(fs.readFileSync(0, 'utf8'))
    const chunks = []
    for (const ssml of job.batches) {
      const wav = m.speak(ssml, { rawdata: 'buffer', ssml: true, speed: 165, pitch: 45, wordgap: 1 })
      if (!wav || !wav.length) throw new Error('mespeak returned no audio')
      chunks.push(Buffer.from(wav))
    }
    fs.writeFileSync(job.path, JSON.stringify(chunks.map((c) => c.toString('base64'))))
  `
  const batches = ssmlBatches(segments, 4000)
  await run(process.execPath, ['-e', code], { input: JSON.stringify({ batches, path }), cwd: root })
  const wavs = (JSON.parse(await readFile(path, 'utf8')) as string[]).map((b64) => wavSamples(Buffer.from(b64, 'base64')))
  return { samples: concatSamples(wavs.map((w) => w.samples)), rate: wavs[0]?.rate ?? 16000 }
}

/** A festival voice other than the narrator's, one process, a wave file per sentence. */
async function festivalVoiceSpeak(voice: string, segments: Segment[], dir: string): Promise<Audio> {
  const str = (t: string) => `"${festivalModule.asciiText(t).replace(/[\\"]/g, (c) => `\\${c}`)}"`
  const lines = [`(voice_${voice})`]
  segments.forEach((s, i) => {
    if (/[A-Za-z0-9]/.test(festivalModule.asciiText(s.text))) {
      lines.push(`(utt.save.wave (utt.synth (Utterance Text ${str(s.text)})) "${join(dir, `f-${i}.wav`)}" 'riff)`)
    }
  })
  lines.push('(format stderr "WAYPOINT-END\\n")')
  const out = await runCollectStderr('festival', ['--pipe'], lines.join('\n'))
  if (!out.includes('WAYPOINT-END')) throw new Error(`festival stopped early: ${out.slice(-300)}`)
  const parts: Int16Array[] = []
  let rate = 16000
  for (const [i, s] of segments.entries()) {
    const path = join(dir, `f-${i}.wav`)
    if (existsSync(path)) {
      const wav = wavSamples(await readFile(path))
      rate = wav.rate
      parts.push(wav.samples)
    }
    parts.push(silence(s.pauseMs, rate))
  }
  return { samples: concatSamples(parts), rate }
}

function runCollectStderr(command: string, args: string[], input: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'] })
    let err = ''
    child.stderr.on('data', (chunk: Buffer) => (err += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), 600_000)
    child.on('error', reject)
    child.on('close', () => {
      clearTimeout(timer)
      resolvePromise(err)
    })
    child.stdin.on('error', () => {})
    child.stdin.end(input)
  })
}

/** flite, one process per sentence (its CLI has no pause markup that survives here). */
async function fliteSpeak(voice: string, segments: Segment[], dir: string): Promise<Audio> {
  const parts: Int16Array[] = []
  let rate = 16000
  for (const [i, s] of segments.entries()) {
    const textPath = join(dir, `fl-${i}.txt`)
    const wavPath = join(dir, `fl-${i}.wav`)
    await writeFile(textPath, s.text)
    await run('flite', ['-voice', voice, '-f', textPath, '-o', wavPath])
    const wav = wavSamples(await readFile(wavPath))
    rate = wav.rate
    parts.push(wav.samples, silence(s.pauseMs, rate))
  }
  return { samples: concatSamples(parts), rate }
}

const festivalVoiceInstalled = (dir: string) =>
  ['/usr/share/festival/voices', '/usr/local/share/festival/voices'].some((d) => existsSync(join(d, dir)))

type Engine = {
  id: string
  kind: string
  licence: string
  available(): boolean
  version(): Promise<string>
  speak(segments: Segment[], dir: string): Promise<Audio>
}

const engines: Engine[] = [
  {
    id: 'espeak-ng',
    kind: 'formant (rule-based)',
    licence: 'GPL-3.0+',
    available: () => onPath('espeak-ng'),
    version: () => version('espeak-ng', ['--version'], /text-to-speech: (\S+)/),
    speak: espeakSpeak,
  },
  {
    id: 'mespeak',
    kind: 'formant (espeak 1.x in emscripten)',
    licence: 'GPL-3.0',
    available: () => existsSync(join(root, 'node_modules/mespeak/package.json')),
    version: async () =>
      `npm mespeak ${(JSON.parse(readFileSync(join(root, 'node_modules/mespeak/package.json'), 'utf8')) as { version: string }).version}`,
    speak: mespeakSpeak,
  },
  {
    id: 'festival-hts',
    kind: 'HMM statistical parametric (HTS), slt',
    licence: 'festival: MIT-style; voice: BSD-style (CMU ARCTIC)',
    available: () => festivalModule.available(),
    version: async () => [debVersion('festival'), debVersion('festvox-us-slt-hts')].filter(Boolean).join(', '),
    speak: (segments, dir) => festivalModule.speak(segments, dir),
  },
  {
    id: 'festival-kal',
    kind: 'diphone (residual LPC), kal',
    licence: 'festival: MIT-style; voice: MIT-style (CMU/OGI)',
    available: () => onPath('festival') && festivalVoiceInstalled('english/kal_diphone'),
    version: async () => debVersion('festvox-kallpc16k') ?? '',
    speak: (segments, dir) => festivalVoiceSpeak('kal_diphone', segments, dir),
  },
  {
    id: 'festival-ked',
    kind: 'diphone (residual LPC), ked',
    licence: 'festival: MIT-style; voice: MIT-style (CMU/OGI)',
    available: () => onPath('festival') && festivalVoiceInstalled('english/ked_diphone'),
    version: async () => debVersion('festvox-kdlpc16k') ?? '',
    speak: (segments, dir) => festivalVoiceSpeak('ked_diphone', segments, dir),
  },
  ...[
    ['slt', 'clustergen statistical parametric, slt (US female)'],
    ['rms', 'clustergen statistical parametric, rms (US male)'],
    ['awb', 'clustergen statistical parametric, awb (Scottish male)'],
    ['kal16', 'diphone, kal (US male)'],
  ].map(([voice = '', kind = '']): Engine => ({
    id: `flite-${voice}`,
    kind,
    licence: 'BSD-style (CMU)',
    available: () => onPath('flite'),
    version: async () => debVersion('flite') ?? (await version('flite', ['--version'], /version: (\S+)/)),
    speak: (segments, dir) => fliteSpeak(voice, segments, dir),
  })),
]

// --- analysis ----------------------------------------------------------------------------------

async function to16k(samples: Int16Array, rate: number, dir: string, name: string): Promise<{ path: string; samples: Int16Array }> {
  const from = join(dir, `${name}.wav`)
  const to = join(dir, `${name}.16k.wav`)
  await writeFile(from, wavFile(samples, rate))
  // -D: no dither. sox's default dither is random, and that alone (noise near -90 dBFS) moved
  // pocketsphinx's WER by up to 10 points between runs; without it every run gives the same.
  await run('sox', ['-D', from, '-r', '16000', '-c', '1', '-b', '16', to])
  return { path: to, samples: wavSamples(await readFile(to)).samples }
}

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
type Measures = { f0Median: number; f0Sd: number; f0Range: number; voicedShare: number; hnr: number; flatness: number }
type Frame = { start: number; rms: number; f0?: number; hnr?: number; flatness?: number }

function analyse(samples: Int16Array): Measures {
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

async function praat(path: string, dir: string): Promise<{ sd: number; hnr: number; jitter: number }> {
  const script = join(dir, 'measure.praat')
  if (!existsSync(script)) await writeFile(script, praatScript)
  const out = String(await run('praat', ['--run', script, path, '60', '500'], { timeoutMs: 120_000 }))
  const [sd = NaN, hnr = NaN, jitter = NaN] = out.trim().split(/\s+/).map(Number)
  return { sd, hnr, jitter }
}

async function recognise(path: string): Promise<string> {
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
function wer(reference: string, hypothesis: string): number {
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

// --- main --------------------------------------------------------------------------------------

const args = process.argv.slice(2)
const option = (name: string) => {
  const at = args.indexOf(name)
  return at >= 0 ? args[at + 1] : undefined
}
const outDir = resolve(option('--out') ?? join(tmpdir(), 'tts-compare'))
const referenceDir = option('--reference')
const only = option('--engines')?.split(',')
const doWer = !args.includes('--no-wer') && onPath('pocketsphinx_continuous') && existsSync('/usr/share/pocketsphinx/model/en-us/en-us')
const doLong = !args.includes('--no-long')
const doLongWer = doWer && doLong && args.includes('--long-wer')
const doPraat = onPath('praat')
if (!onPath('sox')) {
  console.error('sox is needed (Debian: apt-get install sox)')
  process.exit(1)
}
await rm(outDir, { recursive: true, force: true })
await mkdir(outDir, { recursive: true })
const log = (text: string) => process.stderr.write(`${text}\n`)
const fmt = (value: number | undefined, digits = 1) => (value !== undefined && Number.isFinite(value) ? value.toFixed(digits) : '-')

const references: { wav: string; text: string }[] = []
if (referenceDir) {
  for (const name of (await readdir(referenceDir)).filter((n) => n.endsWith('.wav')).sort()) {
    const txt = join(referenceDir, name.replace(/\.wav$/, '.txt'))
    if (!existsSync(txt)) continue
    references.push({ wav: join(referenceDir, name), text: readFileSync(txt, 'utf8').trim() })
  }
}
// The reference transcripts as sentences for the engines (lower case, no punctuation: add a full stop).
const referenceSegments = references.map((r) => ({ text: `${r.text.charAt(0).toUpperCase()}${r.text.slice(1)}.`, pauseMs: 500 }))

const sampleSegments = segmentsOf(sampleText)
const longSegments = segmentsOf(longText)
log(
  `sample: ${words(sampleText).length} words, ${sampleSegments.length} segments; long: ${words(longText).length} words, ${longSegments.length} segments`,
)
log(`out: ${outDir}; WER: ${doWer ? 'pocketsphinx' : 'off'}; praat: ${doPraat ? 'yes' : 'no'}`)

/** One engine's (or the natural recordings') figures; `skipped` or `error` when it has none. */
type Row = Partial<Measures> & {
  id: string
  kind: string
  licence: string
  version?: string
  skipped?: string
  error?: string
  praat?: { sd: number; hnr: number; jitter: number }
  sampleSeconds?: number
  wpm?: number
  peakDb?: number
  rate?: number
  hypothesis?: string
  wer?: number
  refWer?: number
  longWall?: number
  longCpu?: number
  longSeconds?: number
  longWer?: number
  unicode?: string
}
const rows: Row[] = []
if (references.length > 0) {
  const dir = join(outDir, 'natural')
  await mkdir(dir, { recursive: true })
  const parts: Int16Array[] = []
  for (const r of references) parts.push(wavSamples(await readFile(r.wav)).samples, silence(500, 16000))
  const joined = await to16k(concatSamples(parts), 16000, dir, 'natural')
  const row: Row = { id: 'natural', kind: 'recorded human speech (reference)', version: referenceDir, licence: '', ...analyse(joined.samples) }
  if (doPraat) row.praat = await praat(joined.path, dir)
  if (doWer) {
    let errors = 0
    let total = 0
    for (const r of references) {
      const hyp = await recognise(r.wav)
      errors += wer(r.text, hyp) * words(r.text).length
      total += words(r.text).length
    }
    row.refWer = errors / total
  }
  row.wpm = (words(references.map((r) => r.text).join(' ')).length / (joined.samples.length / 16000 - 0.5 * references.length)) * 60
  rows.push(row)
}

for (const engine of engines) {
  if (only && !only.includes(engine.id)) continue
  if (!engine.available()) {
    rows.push({ id: engine.id, kind: engine.kind, licence: engine.licence, skipped: 'not installed' })
    log(`${engine.id}: not installed, skipped`)
    continue
  }
  const dir = join(outDir, engine.id)
  await mkdir(dir, { recursive: true })
  const row: Row = { id: engine.id, kind: engine.kind, licence: engine.licence, version: await engine.version() }
  try {
    log(`${engine.id}: sample`)
    const sample = await engine.speak(sampleSegments, dir)
    const pauses = sampleSegments.reduce((s, x) => s + x.pauseMs, 0) / 1000
    row.sampleSeconds = sample.samples.length / sample.rate
    row.wpm = (words(sampleText).length / (row.sampleSeconds - pauses)) * 60
    let peak = 0
    for (const s of sample.samples) peak = Math.max(peak, Math.abs(s))
    row.peakDb = 20 * Math.log10(peak / 32768)
    row.rate = sample.rate
    const sample16 = await to16k(sample.samples, sample.rate, dir, 'sample')
    Object.assign(row, analyse(sample16.samples))
    if (doPraat) row.praat = await praat(sample16.path, dir)
    if (doWer) {
      log(`${engine.id}: recognising`)
      row.hypothesis = await recognise(sample16.path)
      row.wer = wer(sampleText, row.hypothesis)
      if (references.length > 0) {
        let errors = 0
        let total = 0
        for (const [i, r] of references.entries()) {
          const one = await engine.speak(referenceSegments.slice(i, i + 1), dir)
          const one16 = await to16k(one.samples, one.rate, dir, `ref-${i}`)
          errors += wer(r.text, await recognise(one16.path)) * words(r.text).length
          total += words(r.text).length
        }
        row.refWer = errors / total
      }
    }
    if (doLong) {
      log(`${engine.id}: long article`)
      const cpuBefore = childCpuSeconds()
      const selfBefore = process.cpuUsage()
      const started = performance.now()
      const long = await engine.speak(longSegments, dir)
      row.longWall = (performance.now() - started) / 1000
      const self = process.cpuUsage(selfBefore)
      row.longCpu = childCpuSeconds() - cpuBefore + (self.user + self.system) / 1e6
      row.longSeconds = long.samples.length / long.rate
      await writeFile(join(dir, 'long.wav'), wavFile(long.samples, long.rate))
      if (doLongWer) {
        log(`${engine.id}: recognising the long article`)
        const long16 = await to16k(long.samples, long.rate, dir, 'long')
        row.longWer = wer(longText.replace(/^#+\s+/gm, ''), await recognise(long16.path))
      }
    }
    log(`${engine.id}: unicode`)
    try {
      const uni = await Promise.race([
        engine.speak([{ text: unicodeText, pauseMs: 0 }], dir),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('hung (no result in 30 s)')), 30_000)),
      ])
      row.unicode = `ok, ${fmt(uni.samples.length / uni.rate)} s`
      await writeFile(join(dir, 'unicode.wav'), wavFile(uni.samples, uni.rate))
    } catch (error) {
      row.unicode = `failed: ${(error as Error).message.slice(0, 80)}`
    }
  } catch (error) {
    row.error = (error as Error).message.slice(0, 200)
    log(`${engine.id}: ${row.error}`)
  }
  rows.push(row)
}

const print = (line: string) => process.stdout.write(`${line}\n`)
print(`\n### Engines\n\n| engine | type | version | licence |\n| --- | --- | --- | --- |`)
for (const r of rows) print(`| ${r.id} | ${r.kind} | ${r.skipped ?? r.version ?? ''} | ${r.licence} |`)

print(`\n### Intelligibility and speed\n`)
print(
  '| engine | WER sample | WER ref text | WER long | words/min | 1,200-word article: audio s | engine CPU s | wall s | audio s per CPU s | non-ASCII text |',
)
print('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
for (const r of rows) {
  if (r.skipped) {
    print(`| ${r.id} | skipped: ${r.skipped} | | | | | | | | |`)
    continue
  }
  if (r.error) {
    print(`| ${r.id} | error: ${r.error} | | | | | | | | |`)
    continue
  }
  const pct = (v: number | undefined) => (v === undefined ? '-' : `${(v * 100).toFixed(1)} %`)
  print(
    `| ${r.id} | ${pct(r.wer)} | ${pct(r.refWer)} | ${pct(r.longWer)} | ${fmt(r.wpm, 0)} | ${fmt(r.longSeconds, 0)} | ${fmt(r.longCpu)} | ${fmt(r.longWall)} | ${fmt((r.longSeconds ?? NaN) / (r.longCpu ?? NaN), 0)} | ${r.unicode ?? '-'} |`,
  )
}

print(`\n### Voice measures (sample text; natural: the reference recordings)\n`)
print(
  '| engine | F0 median Hz | F0 SD st | F0 5-95 % range st | voiced share | HNR dB (own) | flatness dB | praat F0 SD st | praat HNR dB | praat jitter % | peak dBFS |',
)
print('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
for (const r of rows) {
  if (r.skipped || r.error) continue
  print(
    `| ${r.id} | ${fmt(r.f0Median, 0)} | ${fmt(r.f0Sd, 2)} | ${fmt(r.f0Range)} | ${fmt(r.voicedShare, 2)} | ${fmt(r.hnr)} | ${fmt(r.flatness)} | ${fmt(r.praat?.sd, 2)} | ${fmt(r.praat?.hnr)} | ${fmt(r.praat?.jitter, 2)} | ${fmt(r.peakDb)} |`,
  )
}
if (doWer) {
  print('\n### What pocketsphinx heard (sample text)\n')
  for (const r of rows) if (r.hypothesis) print(`- ${r.id}: ${r.hypothesis}`)
}
print(`\nAudio files: ${outDir}/<engine>/ (sample.wav, long.wav, unicode.wav)`)

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

import { existsSync, readFileSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { escapeXml } from '../server/lib/text.ts'
import { concatSamples, onPath, ssmlBatches, wavSamples } from '../server/services/narration/engines/common.ts'
import * as festivalModule from '../server/services/narration/engines/festival.ts'
import { analyse, praat, recognise, wer, type Measures } from './lib/tts-compare-analysis.ts'
import { childCpuSeconds, run, runCollectStderr } from './lib/tts-compare-process.ts'
import { longText, sampleText, segmentsOf, unicodeText, words, type Segment } from './lib/tts-compare-texts.ts'
import { silence, wavFile, type Audio } from './lib/tts-compare-wav.ts'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

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

// The bundled engine: mespeak, espeak compiled to JavaScript with emscripten (GPL; used here only
// to make audio files, in the narration child process). Needs nothing installed.
//
// Why it needs care: every `speak` runs espeak's main() again inside the same emscripten instance,
// and that instance's file system and heap are never reset between runs. After roughly 80 runs the
// dictionary it re-reads comes back as garbage ("Bad data: '/espeak/espeak-data/en_dict'") and the
// next allocation asks V8 for an array of that garbage size, a fatal error that no try/catch can
// stop; mespeak's own recovery (a new instance on a detected FS error) never sees this case. In a
// worker thread it took the whole server down after two or three articles. So: few runs (an SSML
// batch of several thousand characters per run, pauses as breaks), a fresh instance well before
// the limit, and a fresh process per article (../child.ts).

import { createRequire } from 'node:module'
import type { Pcm, Segment, Speech } from '../job.ts'
import { concatSamples, ssmlBatches, wavSamples } from './common.ts'

const require = createRequire(import.meta.url)
/** Runs of one instance before a fresh one is made (the corruption starts near 80). */
const runsPerInstance = 20
const batchChars = 4000

export const name = 'mespeak'
export const available = (): boolean => true

/** The parts of mespeak (untyped CommonJS) used here; with `rawdata: 'buffer'` speak returns a WAV file, or null. */
type MeSpeak = {
  loadConfig(config: unknown): void
  loadVoice(voice: unknown): void
  speak(text: string, options: { rawdata: 'buffer'; ssml: boolean; speed: number; pitch: number; wordgap: number }): Buffer | null
}

let instance: MeSpeak | undefined
let runs = 0

function freshInstance(): MeSpeak {
  // The module keeps its emscripten instance in module scope: loading it again makes a new one.
  for (const file of ['mespeak/src/index.js', 'mespeak/src/ESpeak.js']) delete require.cache[require.resolve(file)]
  const log = console.log
  console.log = () => {} // "meSpeak: Not in browser Only able to do raw"
  try {
    const meSpeak = require('mespeak/src/index.js') as MeSpeak
    meSpeak.loadConfig(require('mespeak/src/mespeak_config.json'))
    meSpeak.loadVoice(require('mespeak/voices/en/en-us.json'))
    return meSpeak
  } finally {
    console.log = log
  }
}

function speakOnce(ssml: string): Pcm {
  if (!instance || runs >= runsPerInstance) {
    instance = freshInstance()
    runs = 0
  }
  runs++
  const wav = instance.speak(ssml, { rawdata: 'buffer', ssml: true, speed: 165, pitch: 45, wordgap: 1 })
  if (!wav || wav.length === 0) throw new Error('mespeak returned no audio')
  return wavSamples(Buffer.from(wav))
}

export async function speak(segments: Segment[]): Promise<Speech> {
  const parts: Int16Array[] = []
  let rate = 22050
  for (const ssml of ssmlBatches(segments, batchChars)) {
    const wav = speakOnce(ssml)
    rate = wav.rate
    parts.push(wav.samples)
  }
  return { samples: concatSamples(parts), rate, voice: 'mespeak en-us' }
}

// What the narrator (tts.ts) and its child process (child.ts) say to each other, and what every
// engine (engines/*.ts) offers: declared here once. Types only: nothing here runs.
//
// One article per child: tts.ts writes one NarrationJob as a JSON line on the child's stdin and
// reads one NarrationReply as a JSON line from its stdout.

/** The text-to-speech engines, one module each in engines/. */
export type AudioEngine = 'festival' | 'espeak-ng' | 'mespeak'

/** A sentence (or a heading) and the silence after it, in milliseconds. */
export type Segment = { text: string; pauseMs: number }

/** 16-bit mono PCM at `rate` samples a second. */
export type Pcm = { samples: Int16Array; rate: number }

/** What an engine made of some segments: the audio and the voice that spoke it. */
export type Speech = Pcm & { voice: string }

/** An engine module (engines/<name>.ts) as the child loads it. */
export type Engine = {
  readonly name: AudioEngine
  /** Whether it can speak here: its programs on `path` (default: PATH) and its voice installed. */
  available(path?: string): boolean
  /** Rejects with the reason when the engine is missing, fails or hangs; scratch files go in `workDir`. */
  speak(segments: Segment[], workDir: string): Promise<Speech>
}

/** ID3 text frames of the MP3. */
export type AudioTags = { title: string; artist: string; album: string }

/** The one line on the child's stdin: narrate these segments into an MP3 at `mp3Path`. */
export type NarrationJob = {
  engine: AudioEngine
  segments: Segment[]
  mp3Path: string
  kbps: number
  /** How many peaks (0-1, loudest = 1) the reply carries for the waveform. */
  peaksCount: number
  tags: AudioTags
}

/** The one line on the child's stdout. `duration` is in seconds, `bytes` the MP3's size. */
export type NarrationReply = { ok: true; duration: number; bytes: number; peaks: number[]; voice: string } | { ok: false; error: string }

// Debian's espeak-ng: a formant synthesiser, fast and intelligible. SSML carries the pauses.
import { randomBytes } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Segment, Speech } from '../job.ts'
import { concatSamples, onPath, run, ssmlBatches, wavSamples } from './common.ts'

export const name = 'espeak-ng'
export const available = (path?: string): boolean => onPath('espeak-ng', path)

export async function speak(segments: Segment[], workDir: string): Promise<Speech> {
  const parts: Int16Array[] = []
  let rate = 22050
  for (const ssml of ssmlBatches(segments, 20_000)) {
    const wavPath = join(workDir, `espeak-${randomBytes(4).toString('hex')}.wav`)
    try {
      await run('espeak-ng', ['-m', '-v', 'en-us', '-s', '165', '-p', '45', '-w', wavPath, '--stdin'], ssml)
      const wav = wavSamples(await readFile(wavPath))
      rate = wav.rate
      parts.push(wav.samples)
    } finally {
      await rm(wavPath, { force: true })
    }
  }
  return { samples: concatSamples(parts), rate, voice: 'espeak-ng en-us' }
}

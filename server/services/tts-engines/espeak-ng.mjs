// Debian's espeak-ng: a formant synthesiser, fast and intelligible. SSML carries the pauses.
import { randomBytes } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { concatSamples, onPath, run, ssmlBatches, wavSamples } from './common.mjs'

export const name = 'espeak-ng'
export const available = (path) => onPath('espeak-ng', path)

export async function speak(segments, workDir) {
  const parts = []
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

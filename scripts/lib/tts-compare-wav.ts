// 16-bit mono PCM for scripts/tts-compare.ts: its shape, silence, and the bytes of a WAV file.

/** 16-bit mono PCM: the engines' own shape. */
export type { Pcm as Audio } from '../../server/services/narration/job.ts'

export const silence = (ms: number, rate: number) => new Int16Array(Math.round((ms / 1000) * rate))

export function wavFile(samples: Int16Array, rate: number): Buffer {
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

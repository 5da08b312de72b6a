// What the text-to-speech engines share. These files run in the narration child process
// (server/services/narration/child.ts); tests and scripts/tts-compare.ts import them directly, and
// the narrator (tts.ts) uses `onPath` to see which engines are installed.

import { spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'
import { escapeXml } from '../../../lib/text.ts'
import type { Pcm, Segment } from '../job.ts'

export function onPath(command: string, path = process.env.PATH ?? ''): boolean {
  return path.split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}

/** Runs a command with `input` on stdin; rejects with its last stderr on a non-zero exit or a signal. */
export function run(command: string, args: string[], input?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk).slice(-2000)
    })
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`${command} ${signal ? `was stopped by ${signal}` : `exited with ${code}`}${stderr.trim() ? `: ${stderr.trim()}` : ''}`))
    })
    // An engine that dies before reading all of its input must not fail the write with EPIPE.
    child.stdin.on('error', () => {})
    child.stdin.end(input ?? '')
  })
}

/** The PCM samples of a 16-bit mono WAV file. */
export function wavSamples(buffer: Buffer): Pcm {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength)
  if (buffer.length < 12 || buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('the engine did not make a WAV file')
  }
  let offset = 12
  let format: { channels: number; rate: number; bits: number } | undefined
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
      // espeak-ng writes a placeholder size when it streams: the data runs to the end of the file.
      const available = buffer.length - offset - 8
      const length = (size === 0 || size === 0xffffffff || size > available ? available : size) >> 1
      const samples = new Int16Array(length)
      for (let i = 0; i < length; i++) samples[i] = view.getInt16(offset + 8 + i * 2, true)
      return { samples, rate: format.rate }
    }
    offset += 8 + size + (size & 1)
  }
  throw new Error('no data chunk in WAV')
}

/** One Int16Array of PCM from several, in order. */
export function concatSamples(parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** Groups segments into SSML documents of at most about `size` characters, pauses as breaks. */
export function ssmlBatches(segments: Segment[], size: number): string[] {
  const batches: string[] = []
  let current = ''
  for (const segment of segments) {
    const piece = `${escapeXml(segment.text)}${segment.pauseMs > 0 ? `<break time="${segment.pauseMs}ms"/>` : ''} `
    if (current && current.length + piece.length > size) {
      batches.push(`<speak>${current}</speak>`)
      current = ''
    }
    current += piece
  }
  if (current) batches.push(`<speak>${current}</speak>`)
  return batches
}

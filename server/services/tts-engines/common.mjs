// What the text-to-speech engines share. Plain JavaScript: these files run in the narration child
// process (server/services/tts-child.mjs), loaded by path under tests, `npm run dev` and the bundle.

import { spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

export function onPath(command, path = process.env.PATH ?? '') {
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
export function run(command, args, input) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk) => {
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
export function wavSamples(buffer) {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength)
  if (buffer.length < 12 || buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('the engine did not make a WAV file')
  }
  let offset = 12
  let format
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
export function concatSamples(parts) {
  const out = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

export const escapeXml = (text) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c])

/** Groups segments into SSML documents of at most about `size` characters, pauses as breaks. */
export function ssmlBatches(segments, size) {
  const batches = []
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

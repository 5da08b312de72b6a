// The festival engine (server/services/narration/engines/festival.ts): Debian's festival with the HTS
// voice cmu_us_slt_arctic_hts. Runs the same on machines with and without festival: where it is
// installed the real engine speaks, elsewhere speak must refuse with a clear error.
import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as festival from '../../server/services/narration/engines/festival.ts'

const names = 'Łukasiewicz met Nguyễn Thị Minh – twice — to compare “résumés”; Søren’s CV ≈ 2 pages… 李小龍 said ‘ok’ 😀.'
const notInstalled = /festival with the cmu_us_slt_arctic_hts voice is not installed/

describe('festival engine', () => {
  let workDir: string
  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'waypoint-festival-test-'))
  })
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true })
  })

  test('is not available when festival is not on PATH', () => {
    expect(festival.name).toBe('festival')
    expect(festival.available('')).toBe(false)
    expect(festival.available(join(workDir, 'no-such-dir'))).toBe(false)
  })

  test('folds non-ASCII text to what festival reads: names keep their letters, symbols become words', () => {
    const folded = festival.asciiText(names)
    expect(folded).toMatch(/^[ -~]*$/)
    expect(folded).toBe(`Lukasiewicz met Nguyen Thi Minh , twice , to compare "resumes"; Soren's CV about 2 pages... said 'ok' .`)
    expect(festival.asciiText('Straße, Zoë’s naïve café, ½ × 3 °C\u0000\u0007')).toBe("Strasse, Zoe's naive cafe, 1/2 by 3 degrees C")
  })

  test('cuts long text into pieces festival can hold, at clause ends where it can', () => {
    const sentence = 'Keep a list of every role you apply for, the date and the person you spoke to. '
    const long = sentence.repeat(40)
    const parts = festival.pieces(long)
    expect(parts.length).toBeGreaterThan(5)
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(601)
      expect(part).toMatch(/[.,]$/)
    }
    expect(parts.join(' ').replace(/\s+/g, ' ')).toBe(long.trim())
    // No space at all (a pasted hash, say): cut anyway.
    expect(festival.pieces('x'.repeat(1500)).map((p) => p.length)).toEqual([600, 600, 300])
  })

  test('speaks two sentences with their pauses where installed, else refuses clearly', { timeout: 60_000 }, async () => {
    const segments = [
      { text: 'Hello, this is Waypoint.', pauseMs: 400 },
      { text: names, pauseMs: 300 },
    ]
    if (!festival.available()) {
      await expect(festival.speak(segments, workDir)).rejects.toThrow(notInstalled)
      return
    }
    const { samples, rate, voice } = await festival.speak(segments, workDir)
    expect(voice).toBe('festival cmu_us_slt_arctic_hts')
    expect(rate).toBe(22050)
    const seconds = samples.length / rate
    expect(seconds).toBeGreaterThan(3)
    expect(seconds).toBeLessThan(20)
    let peak = 0
    let energy = 0
    for (const value of samples) {
      peak = Math.max(peak, Math.abs(value))
      energy += value * value
    }
    expect(peak).toBeGreaterThan(8000)
    expect(Math.sqrt(energy / samples.length)).toBeGreaterThan(300)
    // The last pause (300 ms) is there as silence.
    const tail = samples.subarray(samples.length - Math.round(0.3 * rate))
    expect(Math.max(...Array.from(tail, Math.abs))).toBe(0)
    // Its scratch files are gone.
    expect(await readdir(workDir)).toEqual([])
  })

  test('rejects with the reason when festival dies', { timeout: 30_000 }, async () => {
    const fakeDir = await mkdtemp(join(tmpdir(), 'waypoint-fake-festival-'))
    const fake = join(fakeDir, 'festival')
    await writeFile(fake, '#!/bin/sh\nread line\necho "voice file is corrupt" >&2\nexit 3\n')
    await chmod(fake, 0o755)
    const path = process.env.PATH
    process.env.PATH = `${fakeDir}${delimiter}${path ?? ''}`
    try {
      const speaking = festival.speak([{ text: 'Hello.', pauseMs: 0 }], workDir)
      // Without the voice installed the check comes first; with it, the fake festival dies.
      await expect(speaking).rejects.toThrow(festival.available() ? /festival exited with 3: voice file is corrupt/ : notInstalled)
    } finally {
      process.env.PATH = path
      await rm(fakeDir, { recursive: true, force: true })
    }
  })
})

// Small helpers that several of the bench's sections share: where the built client is, KB and
// gzip -9 sizes, percentiles of sorted timings and the 1-minute load average.

import { loadavg } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { DIST } from '../build-if-needed.mjs'

export const CLIENT = join(DIST, 'client')
export const kb = (bytes: number) => (bytes / 1000).toFixed(1)
/** The 1-minute load average, for the comments that say how busy the machine was. */
export const load1 = () => (loadavg()[0] ?? Number.NaN).toFixed(1)
export const gzipSize = (buf: Buffer) => gzipSync(buf, { level: 9 }).length

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN

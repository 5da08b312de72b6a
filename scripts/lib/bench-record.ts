// `npm run bench -- --record`: every stdout line kept and written to bench/RESULTS.md, under the
// summary table of the budgets (scripts/lib/bench-budgets.ts) and the machine and date.

import { mkdirSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { DIST } from '../build-if-needed.mjs'
import { budgetTable } from './bench-budgets.ts'
import { load1 } from './bench-helpers.ts'

/** --record: keep a copy of every stdout line for bench/RESULTS.md. */
export type Recorded = { lines: string[]; startedAt: Date }
export function recordOutput(): Recorded {
  const lines: string[] = []
  const log = console.log.bind(console)
  console.log = (...args: unknown[]) => {
    lines.push(args.join(' '))
    log(...args)
  }
  return { lines, startedAt: new Date() }
}

export function writeResults({ lines, startedAt }: Recorded, only: string[]) {
  const cpu = cpus()[0]?.model ?? 'unknown CPU'
  const file = join(DIST, '..', 'bench', 'RESULTS.md')
  mkdirSync(join(DIST, '..', 'bench'), { recursive: true })
  const text = [
    '# Benchmark results',
    '',
    ...budgetTable(lines),
    '',
    'Every budget the bench checks (scripts/lib/bench-budgets.ts), against its figure in the run below; `not run`: this run left it out.',
    '',
    `Written by \`npm run bench -- --record${only.length ? ` --only ${only.join(',')}` : ''}\` on ${startedAt.toISOString().slice(0, 10)}.`,
    `Machine: ${availableParallelism()} cores (${cpu}), ${(totalmem() / 1e9).toFixed(1)} GB RAM, Node ${process.version}, ${process.platform}; load average at the end ${load1()}; BENCH_SECONDS=${process.env.BENCH_SECONDS ?? 10}.`,
    "The machine is shared and noisy: compare each figure with its reference printed beside it (ratios), not with another day's run.",
    '',
    '```',
    ...lines,
    '```',
    '',
  ].join('\n')
  writeFileSync(file, text)
  console.error(`[bench] wrote ${file}`)
}

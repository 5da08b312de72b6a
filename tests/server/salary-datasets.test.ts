import { execFileSync } from 'node:child_process'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { datasetFiles } from '../../server/content/datasets.ts'
import { tempDir } from './support/db.ts'

const build = (...args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/datasets/build-datasets.ts', ...args], { encoding: 'utf8', stdio: 'pipe' })

test('the committed datasets are exactly what npm run data:build makes from ../shared/data, and stay lean', () => {
  const out = tempDir('datasets')
  build('--out', out)
  let total = 0
  for (const name of datasetFiles) {
    const committed = readFileSync(join('server/content/datasets', name))
    expect(readFileSync(join(out, name)).equals(committed), name).toBe(true)
    total += statSync(join('server/content/datasets', name)).size
  }
  // OEWS state and metro wages are the bulk: 48,000 + 136,000 rows, packed and gzipped.
  expect(total).toBeLessThan(4_000_000)
}, 120_000)

test('the importer refuses to mix OEWS vintages: national May 2025 with a 2024 state file', () => {
  const dir = tempDir('vintages')
  const file = join(dir, 'oews-state-2024.csv')
  execFileSync('cp', ['../shared/data/bls-oews-state-2025.csv', file])
  let failure = ''
  try {
    build('--state', file, '--out', join(dir, 'out'))
  } catch (error) {
    failure = String((error as { stderr?: string }).stderr)
  }
  expect(failure).toContain(`${file}: OEWS 2024, but the national file is 2025: use one vintage.`)
}, 60_000)

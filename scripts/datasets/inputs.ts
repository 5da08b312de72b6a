// The inputs of the dataset build (scripts/datasets/datasets.ts): the source files, the U.S. state
// codes and population thresholds several dataset families use, and reading a file's rows and cells.
import { csvRecords } from './csv.ts'
import type { AbroadInputs } from './abroad-rents.ts'
import type { AbroadWageInputs } from './abroad-wages.ts'
import type { UkInputs } from './uk-wages.ts'
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

export const round = (value: number, places: number) => {
  const factor = 10 ** places
  return Math.round(value * factor) / factor
}

export function records(file: InputFile, sheet: string) {
  return file.name.endsWith('.xlsx') ? xlsxRecords(file.bytes!, sheet, file.name) : csvRecords(file.text)
}

/** A cell of the state or metro extract: a number, or null where BLS suppressed it. */
export function cellNumber(record: Record<string, string>, column: string, file: string) {
  const cell = (record[column] ?? '').replace(/,/g, '')
  if (cell === '') return null
  const value = Number(cell)
  if (!Number.isFinite(value)) throw new Error(`${file}: ${column} of ${record.AREA} ${record.OCC_CODE} is not a number: ${cell}`)
  return value
}

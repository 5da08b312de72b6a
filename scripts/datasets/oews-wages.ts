// Wages from BLS OEWS: the national file (occupations, their synonyms) and the state and metro
// extracts of the same vintage, packed for area-wages.json.gz.
import { locationSlug } from '../../contract/locations.ts'
import type { AreaWageRow, AreaWagesFile, OccupationRecord, WageRow, WagesFile } from '../../server/content/datasets.ts'
import { csvRecords, requireColumns } from './csv.ts'
import { cellNumber, records, round, stateFips, type InputFile } from './inputs.ts'
import { pick, sources } from './sources.ts'

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

export function readWages(file: InputFile, synonymsFile: InputFile): WagesFile {
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

const areaColumns = ['TOT_EMP', 'A_PCT10', 'A_PCT25', 'A_MEDIAN', 'A_PCT75', 'A_PCT90', 'LOC_QUOTIENT']

/** State and metro rows of one vintage; occupations the national file lacks and nonmetropolitan areas are left out. */
export function readAreaWages(state: InputFile, metro: InputFile, year: number, codes: Set<string>): AreaWagesFile {
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
 * it, in tens of dollars (OEWS annual wages are whole tens). server/services/places/area-wages.ts unpacks.
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

// UK pay from ONS ASHE: table 14.7a (annual gross pay of full-time employee jobs by 4-digit SOC 2020,
// UK) and London full-time pay by SOC 2020 sub-major group; U.S. occupations reach them through the
// reviewed table scripts/datasets/soc-uk-soc2020.csv (no official SOC 2018 ↔ UK SOC 2020 crosswalk exists).
import type { DatasetSource, UkWagesFile } from '../../server/content/datasets.ts'
import { csvRecords, requireColumns } from './csv.ts'
import { readXlsxSheet } from './xlsx.ts'

export type UkInputs = { ashe: { name: string; bytes?: Uint8Array }; london: { name: string; text: string }; mapping: { name: string; text: string } }

export const ukWageSources: Record<string, DatasetSource> = {
  'ons-ashe': {
    name: 'Office for National Statistics, Annual Survey of Hours and Earnings',
    url: 'https://www.ons.gov.uk/employmentandlabourmarket/peopleinwork/earningsandworkinghours/bulletins/annualsurveyofhoursandearnings/latest',
    licence: 'Open Government Licence v3.0',
  },
}

/** A cell of the ASHE workbook: 'x' (CV above 20%) and '..' (disclosive) are not published. */
const asheNumber = (cell: string | undefined) => {
  const text = (cell ?? '').trim()
  if (text === '' || text === 'x' || text === '..' || text === ':') return null
  const value = Number(text)
  return Number.isFinite(value) ? Math.round(value) : null
}

export function readUkWages(inputs: UkInputs, knownSoc: Set<string>): UkWagesFile {
  const name = inputs.ashe.name.split('/').pop()!
  const year = Number(/(\d{4})\.xlsx$/.exec(name)?.[1])
  if (!/Table 14\.7a/.test(name) || !Number.isFinite(year))
    throw new Error(`${inputs.ashe.name}: expected ASHE table 14.7a (annual gross pay), named with its year.`)
  const rows = readXlsxSheet(inputs.ashe.bytes!, 'Full-Time', inputs.ashe.name)
  const header = rows.findIndex((row) => row[0] === 'Description' && row[1] === 'Code')
  if (header < 0) throw new Error(`${inputs.ashe.name}: no Description/Code header in the Full-Time sheet.`)
  const columns = rows[header]!.map((cell) => cell.trim())
  const at = (label: string) => {
    const index = columns.indexOf(label)
    if (index < 0) throw new Error(`${inputs.ashe.name}: no column ${label} in the Full-Time sheet.`)
    return index
  }
  // Columns: Number of jobs (thousand), Median, Mean, then percentiles 10 … 90.
  const [jobs, median, mean, p10, p25, p75, p90] = [2, at('Median'), at('Mean'), at('10'), at('25'), at('75'), at('90')]
  const occupations: UkWagesFile['occupations'] = {}
  const groups: Record<string, string> = {}
  let all: UkWagesFile['all'] | undefined
  for (const row of rows.slice(header + 1)) {
    const code = (row[1] ?? '').trim()
    const title = (row[0] ?? '').trim()
    const figures = [p10, p25, median, p75, p90, mean].map((index) => asheNumber(row[index]))
    const thousands = asheNumber(row[jobs])
    if (title === 'All employees') all = { jobs: thousands === null ? null : thousands * 1000, pay: figures }
    if (/^\d{2}$/.test(code)) groups[code] = title
    if (/^\d{4}$/.test(code)) occupations[code] = { title, jobs: thousands === null ? null : thousands * 1000, pay: figures }
  }
  if (!all) throw new Error(`${inputs.ashe.name}: no All employees row.`)

  // London: career-map's extract of ASHE 2025 (cells [n, mean, p10, p25, p50, p75, p90, method]; method 0 = published).
  const london = JSON.parse(inputs.london.text) as Record<string, number[]>
  const londonGroups: UkWagesFile['london']['groups'] = {}
  const londonCell = (cell: number[]) => {
    const [n, meanValue, ...percentiles] = cell
    if (cell[7] !== 0) return null
    return { jobs: n ?? null, pay: [...percentiles.slice(0, 5), meanValue ?? null].map((value) => (value ? value : null)) }
  }
  for (const [key, cell] of Object.entries(london)) {
    const match = /^M(\d{2})\|\*\|\*\|\*$/.exec(key)
    const figures = match ? londonCell(cell) : null
    if (match && figures) londonGroups[match[1]!] = figures
  }
  const londonAll = london['*|*|*|*'] ? londonCell(london['*|*|*|*']) : null
  if (!londonAll) throw new Error(`${inputs.london.name}: no published London total.`)

  const mapping = csvRecords(inputs.mapping.text)
  requireColumns(mapping, ['soc2018', 'uk_soc2020'], inputs.mapping.name)
  const map: Record<string, string> = {}
  for (const row of mapping) {
    if (!knownSoc.has(row.soc2018!)) throw new Error(`${inputs.mapping.name}: ${row.soc2018} is not an OEWS occupation.`)
    if (row.uk_soc2020 !== 'all' && !occupations[row.uk_soc2020!])
      throw new Error(`${inputs.mapping.name}: ${row.uk_soc2020} is not a SOC 2020 unit group of ASHE table 14.7a.`)
    map[row.soc2018!] = row.uk_soc2020!
  }
  return {
    sources: ukWageSources,
    year,
    all,
    occupations,
    groups,
    london: { year: 2025, all: londonAll, groups: londonGroups },
    soc2018: map,
  }
}

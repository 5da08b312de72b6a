// Official pay by ISCO-08 occupation group outside the U.S. and the UK (../shared/data/international/
// pyretx-scb-statistics): Swiss FSO LSE (2-digit groups, percentiles) and Eurostat SES (major groups,
// means) for Austria, Belgium, Ireland and Italy. U.S. occupations reach ISCO-08 through the reviewed
// table scripts/datasets/soc-isco08.csv (the BLS ISCO-08 x SOC 2010 crosswalk is an .xls workbook
// this build cannot read; the table follows it for the occupations listed).
import { gunzipSync } from 'node:zlib'
import type { AbroadWagesFile, DatasetSource } from '../../server/content/datasets.ts'
import { csvRecords, requireColumns } from './csv.ts'

export type AbroadWageInputs = {
  swiss: { name: string; bytes?: Uint8Array }
  eurostat: { name: string; bytes?: Uint8Array }[]
  canada: { name: string; bytes?: Uint8Array }
  mapping: { name: string; text: string }
  nocMapping: { name: string; text: string }
  germany: { name: string; bytes?: Uint8Array }
  kldbMapping: { name: string; text: string }
  australia: { name: string; bytes?: Uint8Array }
  anzscoMapping: { name: string; text: string }
}

/** Reviewed: the province of each Canadian city of the place list (GeoNames names). */
const canadianCities: Record<string, string> = {
  Toronto: 'ON', Ottawa: 'ON', Mississauga: 'ON', Brampton: 'ON', Hamilton: 'ON', London: 'ON', Montréal: 'QC', Québec: 'QC', Laval: 'QC',
  Vancouver: 'BC', Surrey: 'BC', Calgary: 'AB', Edmonton: 'AB', Winnipeg: 'MB', Halifax: 'NS', Regina: 'SK', Saskatoon: 'SK',
}

export const abroadWageSources: Record<string, DatasetSource> = {
  'fso-lse': { name: 'Swiss Federal Statistical Office, Swiss Earnings Structure Survey (LSE)', url: 'https://www.bfs.admin.ch/bfs/en/home/statistics/work-income/wages-income-employment-labour-costs/wage-levels-switzerland.html', licence: 'Free use with source named' },
  'statcan-wages': { name: 'Statistics Canada, table 14-10-0417 (employee wages by occupation, annual)', url: 'https://www150.statcan.gc.ca/t1/tbl1/en/tv.action?pid=1410041701', licence: 'Statistics Canada Open Licence' },
  'destatis-earnings': { name: 'Statistisches Bundesamt (Destatis), Verdiensterhebung (GENESIS 62361-0030)', url: 'https://www-genesis.destatis.de/datenbank/online/statistic/62361/table/62361-0030', licence: 'dl-de/by-2-0' },
  'abs-eeh': { name: 'Australian Bureau of Statistics, Employee Earnings and Hours, May 2025', url: 'https://www.abs.gov.au/statistics/labour/earnings-and-working-conditions/employee-earnings-and-hours-australia/latest-release', licence: 'CC BY 4.0' },
  'eurostat-ses': { name: 'Eurostat, Structure of Earnings Survey (earn_ses22_21)', url: 'https://ec.europa.eu/eurostat/databrowser/view/earn_ses22_21/default/table?lang=en', licence: 'CC BY 4.0' },
}

type Snapshot = { year: number; currency?: string; geo?: string; stat_cols: string[]; codes: { EN: Record<string, string> }; stats: Record<string, { total: Record<string, (number | null)[]> }> }
const read = (file: { name: string; bytes?: Uint8Array }) => JSON.parse(gunzipSync(file.bytes!).toString('utf8')) as Snapshot

export function readAbroadWages(inputs: AbroadWageInputs, knownSoc: Set<string>): AbroadWagesFile {
  const countries: AbroadWagesFile['countries'] = {}
  const swiss = read(inputs.swiss)
  const order = ['p10', 'p25', 'median', 'p75', 'p90']
  const at = order.map((stat) => swiss.stat_cols.indexOf(stat))
  if (at.some((index) => index < 0)) throw new Error(`${inputs.swiss.name}: expected the columns ${order.join(', ')}.`)
  countries.CH = {
    source: 'fso-lse',
    year: swiss.year,
    currency: 'CHF',
    level: 2,
    basis: 'standardised gross monthly wage (4⅓ weeks of 40 hours, a 13th salary counted pro rata), all of Switzerland',
    groups: Object.fromEntries(
      Object.entries(swiss.stats[String(swiss.year)]!.total)
        .filter(([code]) => code.length === 2)
        .map(([code, cells]) => [code, [...at.map((index) => cells[index] ?? null), null]]),
    ),
    titles: Object.fromEntries(Object.entries(swiss.codes.EN).filter(([code]) => code.length === 2)),
  }
  for (const file of inputs.eurostat) {
    const data = read(file)
    // SES 2006 is ISCO-88: its builder put one total into every group, so only 2010 on is by occupation.
    if (data.year < 2010) throw new Error(`${file.name}: SES ${data.year} is not by ISCO-08 group.`)
    countries[data.geo!] = {
      source: 'eurostat-ses',
      year: data.year,
      currency: 'EUR',
      level: 1,
      basis: 'mean gross monthly earnings in enterprises with 10 or more employees (irregular bonuses not included), national',
      groups: Object.fromEntries(Object.entries(data.stats[String(data.year)]!.total).map(([code, cells]) => [code, [null, null, null, null, null, cells[0] ?? null]])),
      titles: data.codes.EN,
    }
  }
  const canada = JSON.parse(gunzipSync(inputs.canada.bytes!).toString('utf8')) as {
    year: number
    stat_cols: string[]
    codes: { EN: Record<string, string> }
    regions: Record<string, string>
    stats: Record<string, { total: Record<string, (number | null)[]> }>
  }
  const meanAt = canada.stat_cols.indexOf('mean')
  const medianAt = canada.stat_cols.indexOf('median')
  if (meanAt < 0 || medianAt < 0) throw new Error(`${inputs.canada.name}: expected mean and median columns.`)
  const nocRows = csvRecords(inputs.nocMapping.text)
  requireColumns(nocRows, ['soc2018', 'statcan_group'], inputs.nocMapping.name)
  const soc_statcan: Record<string, string> = {}
  for (const row of nocRows) {
    if (!knownSoc.has(row.soc2018!)) throw new Error(`${inputs.nocMapping.name}: ${row.soc2018} is not an OEWS occupation.`)
    if (!canada.codes.EN[row.statcan_group!]) throw new Error(`${inputs.nocMapping.name}: ${row.statcan_group} is not a group of ${inputs.canada.name}.`)
    soc_statcan[row.soc2018!] = row.statcan_group!
  }
  const canadaFile: AbroadWagesFile['canada'] = {
    source: 'statcan-wages',
    year: canada.year,
    currency: 'CAD',
    basis: 'full-time employees; the published weekly wage × 52 ÷ 12 a month, as the extract gives it',
    regions: canada.regions,
    cities: canadianCities,
    groups: Object.fromEntries(
      Object.entries(canada.stats).map(([region, data]) => [
        region,
        Object.fromEntries(Object.entries(data.total).map(([code, cells]) => [code, [null, null, cells[medianAt] ?? null, null, null, cells[meanAt] ?? null]])),
      ]),
    ),
    titles: canada.codes.EN,
    soc: soc_statcan,
  }
  const germany = JSON.parse(gunzipSync(inputs.germany.bytes!).toString('utf8')) as {
    year: number
    stat_cols: string[]
    codes: { EN: Record<string, string> }
    stats: { total: Record<string, (number | null)[]> }
  }
  const kldbRows = csvRecords(inputs.kldbMapping.text)
  requireColumns(kldbRows, ['soc2018', 'kldb'], inputs.kldbMapping.name)
  const deMean = germany.stat_cols.indexOf('mean')
  const deMedian = germany.stat_cols.indexOf('median')
  const germanyFile: AbroadWagesFile['germany'] = {
    source: 'destatis-earnings',
    year: germany.year,
    currency: 'EUR',
    basis: 'gross monthly earnings of full-time employees, special payments not included, April',
    groups: {},
    titles: {},
    soc: {},
  }
  for (const row of kldbRows) {
    const cells = germany.stats.total[row.kldb!]
    if (!knownSoc.has(row.soc2018!)) throw new Error(`${inputs.kldbMapping.name}: ${row.soc2018} is not an OEWS occupation.`)
    if (!cells) throw new Error(`${inputs.kldbMapping.name}: KldB ${row.kldb} has no figures in ${inputs.germany.name}.`)
    germanyFile.soc[row.soc2018!] = row.kldb!
    germanyFile.groups[row.kldb!] = [null, null, cells[deMedian] ?? null, null, null, cells[deMean] ?? null]
    // Destatis's English labels are abbreviated ("Occup. nursing,emergency medical serv."): the reviewed table spells them out.
    germanyFile.titles[row.kldb!] ??= (row.note ?? '').split(' (')[0] || germany.codes.EN[row.kldb!] || row.kldb!
  }
  const australia = JSON.parse(gunzipSync(inputs.australia.bytes!).toString('utf8')) as { year: number; codes: { EN: Record<string, string> }; stats: { total: Record<string, (number | null)[]> } }
  const anzscoRows = csvRecords(inputs.anzscoMapping.text)
  requireColumns(anzscoRows, ['soc2018', 'anzsco'], inputs.anzscoMapping.name)
  const australiaFile: AbroadWagesFile['germany'] = {
    source: 'abs-eeh',
    year: australia.year,
    currency: 'AUD',
    basis: 'average weekly total cash earnings of all employees, full- and part-time, × 52 ÷ 12 a month as the extract gives it',
    groups: {},
    titles: {},
    soc: {},
  }
  for (const row of anzscoRows) {
    const cells = australia.stats.total[row.anzsco!]
    if (!knownSoc.has(row.soc2018!)) throw new Error(`${inputs.anzscoMapping.name}: ${row.soc2018} is not an OEWS occupation.`)
    if (!cells?.[0]) throw new Error(`${inputs.anzscoMapping.name}: ANZSCO ${row.anzsco} has no figure in ${inputs.australia.name}.`)
    australiaFile.soc[row.soc2018!] = row.anzsco!
    australiaFile.groups[row.anzsco!] = [null, null, null, null, null, cells[0]]
    australiaFile.titles[row.anzsco!] = australia.codes.EN[row.anzsco!] ?? row.anzsco!
  }
  const mapping = csvRecords(inputs.mapping.text)
  requireColumns(mapping, ['soc2018', 'isco08'], inputs.mapping.name)
  const soc_isco: Record<string, string> = {}
  for (const row of mapping) {
    if (!knownSoc.has(row.soc2018!)) throw new Error(`${inputs.mapping.name}: ${row.soc2018} is not an OEWS occupation.`)
    if (row.isco08 !== 'all' && !/^\d{4}$/.test(row.isco08!)) throw new Error(`${inputs.mapping.name}: ${row.isco08} is not a 4-digit ISCO-08 code.`)
    soc_isco[row.soc2018!] = row.isco08!
  }
  return { sources: abroadWageSources, countries, soc_isco, canada: canadaFile, germany: germanyFile, australia: australiaFile }
}

// Official pay by ISCO-08 occupation group outside the U.S. and the UK (../shared/data/international/
// pyretx-scb-statistics): Swiss FSO LSE (2-digit groups, percentiles) and Eurostat SES (major groups,
// means) for Austria, Belgium, Ireland and Italy. U.S. occupations reach ISCO-08 through the reviewed
// table scripts/datasets/soc-isco08.csv (the BLS ISCO-08 x SOC 2010 crosswalk is an .xls workbook
// this build cannot read; the table follows it for the occupations listed).
import { gunzipSync } from 'node:zlib'
import type { AbroadWagesFile, DatasetSource } from '../../server/content/datasets.ts'
import { csvRecords, requireColumns } from './csv.ts'
import { readXlsSheet } from './xls.ts'

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
  /** Eurostat SES 2022 by ISCO-08 major group as extracted by career-map (annual means; its percentiles are modelled and left out). */
  france: { name: string; text: string }
  franceRegion: { name: string; text: string }
  netherlands: { name: string; text: string }
  netherlandsRegion: { name: string; text: string }
  /** MOM Occupational Wages 2025 by SSOC major group (career-map extract; annual). */
  singapore: { name: string; text: string }
  /** Eurostat earn_ses22_28 (mean annual earnings by ISCO-08 major group) for DE, ES, IT and PL. */
  sesAnnual: { name: string; text: string }
  brazil: { name: string; bytes?: Uint8Array }
  japan: { name: string; bytes?: Uint8Array }
  jscoMapping: { name: string; text: string }
  tokyo: { name: string; text: string }
  newZealand: { name: string; bytes?: Uint8Array }
  insee: { name: string; text: string }
  pcsMapping: { name: string; text: string }
  seoul: { name: string; text: string }
  ilostat: { name: string; text: string }
  oecdWage: { name: string; text: string }
  /** BLS ISCO-08 x SOC 2010 crosswalk (.xls) and O*NET-SOC 2010 -> 2019 (SOC 2018) crosswalk (semicolon-separated). */
  iscoCrosswalk: { name: string; bytes?: Uint8Array }
  onetCrosswalk: { name: string; text: string }
}

/**
 * SOC 2018 -> ISCO-08 through the official crosswalks: O*NET 2019 codes carry the SOC 2018 code, O*NET 2010
 * codes the SOC 2010 code, and BLS maps SOC 2010 to one or more ISCO-08 unit groups. Rows BLS marks as a part
 * of the SOC occupation give way to whole matches. The answer per occupation is the ISCO-08 code prefix all its
 * unit groups share (4 digits when one unit group, 1 when only the major group is common), or nothing.
 */
export function readIscoCrosswalk(
  isco: { name: string; bytes?: Uint8Array },
  onet: { name: string; text: string },
  knownSoc: Set<string>,
): Record<string, string> {
  const rows = readXlsSheet(isco.bytes!, '2010 SOC to ISCO-08', isco.name)
  const header = rows.findIndex((row) => row[0]?.trim() === '2010 SOC Code')
  if (header < 0 || rows[header]![3]?.trim() !== 'ISCO-08 Code') throw new Error(`${isco.name}: expected the columns 2010 SOC Code ... ISCO-08 Code.`)
  const bySoc2010 = new Map<string, { code: string; part: boolean }[]>()
  for (const row of rows.slice(header + 1)) {
    const soc = row[0]?.trim() ?? ''
    const code = row[3]?.trim() ?? ''
    if (!/^\d{2}-\d{4}$/.test(soc) || !/^\d{4}$/.test(code)) continue
    bySoc2010.set(soc, [...(bySoc2010.get(soc) ?? []), { code, part: row[2]?.trim() === '*' }])
  }
  if (bySoc2010.size < 800) throw new Error(`${isco.name}: only ${bySoc2010.size} SOC 2010 occupations.`)
  const lines = (onet.text.charCodeAt(0) === 0xfeff ? onet.text.slice(1) : onet.text).split(/\r?\n/).filter(Boolean)
  if (lines[0] !== 'soc2010_code;soc2010_title;soc2019_code;soc2019_title') throw new Error(`${onet.name}: unexpected header ${lines[0]}.`)
  const soc2010Of = new Map<string, Set<string>>()
  for (const line of lines.slice(1)) {
    const [from, , to] = line.split(';')
    if (!from || !to) continue
    const soc2018 = to.slice(0, 7)
    soc2010Of.set(soc2018, (soc2010Of.get(soc2018) ?? new Set()).add(from.slice(0, 7)))
  }
  const out: Record<string, string> = {}
  for (const soc2018 of [...knownSoc].sort()) {
    const matches = [...(soc2010Of.get(soc2018) ?? [])].flatMap((soc2010) => bySoc2010.get(soc2010) ?? [])
    const whole = matches.filter((match) => !match.part)
    const codes = [...new Set((whole.length > 0 ? whole : matches).map((match) => match.code))]
    if (codes.length === 0) continue
    let prefix = codes[0]!
    for (const code of codes) while (!code.startsWith(prefix)) prefix = prefix.slice(0, -1)
    if (prefix) out[soc2018] = prefix
  }
  return out
}

/** Reviewed: the province of each Canadian city of the place list (GeoNames names). */
const canadianCities: Record<string, string> = {
  Toronto: 'ON',
  Ottawa: 'ON',
  Mississauga: 'ON',
  Brampton: 'ON',
  Hamilton: 'ON',
  London: 'ON',
  Montréal: 'QC',
  Québec: 'QC',
  Laval: 'QC',
  Vancouver: 'BC',
  Surrey: 'BC',
  Calgary: 'AB',
  Edmonton: 'AB',
  Winnipeg: 'MB',
  Halifax: 'NS',
  Regina: 'SK',
  Saskatoon: 'SK',
}

export const abroadWageSources: Record<string, DatasetSource> = {
  'fso-lse': {
    name: 'Swiss Federal Statistical Office, Swiss Earnings Structure Survey (LSE)',
    url: 'https://www.bfs.admin.ch/bfs/en/home/statistics/work-income/wages-income-employment-labour-costs/wage-levels-switzerland.html',
    licence: 'Free use with source named',
  },
  'statcan-wages': {
    name: 'Statistics Canada, table 14-10-0417 (employee wages by occupation, annual)',
    url: 'https://www150.statcan.gc.ca/t1/tbl1/en/tv.action?pid=1410041701',
    licence: 'Statistics Canada Open Licence',
  },
  'destatis-earnings': {
    name: 'Statistisches Bundesamt (Destatis), Verdiensterhebung (GENESIS 62361-0030)',
    url: 'https://www-genesis.destatis.de/datenbank/online/statistic/62361/table/62361-0030',
    licence: 'dl-de/by-2-0',
  },
  'abs-eeh': {
    name: 'Australian Bureau of Statistics, Employee Earnings and Hours, May 2025',
    url: 'https://www.abs.gov.au/statistics/labour/earnings-and-working-conditions/employee-earnings-and-hours-australia/latest-release',
    licence: 'CC BY 4.0',
  },
  'eurostat-ses': {
    name: 'Eurostat, Structure of Earnings Survey (earn_ses22_21)',
    url: 'https://ec.europa.eu/eurostat/databrowser/view/earn_ses22_21/default/table?lang=en',
    licence: 'CC BY 4.0',
  },
  'eurostat-ses-annual': {
    name: 'Eurostat, Structure of Earnings Survey (earn_ses22_28)',
    url: 'https://ec.europa.eu/eurostat/databrowser/view/earn_ses22_28/default/table?lang=en',
    licence: 'CC BY 4.0',
  },
  'eurostat-ses-regions': {
    name: 'Eurostat, Structure of Earnings Survey (earn_ses22_rann)',
    url: 'https://ec.europa.eu/eurostat/databrowser/view/earn_ses22_rann/default/table?lang=en',
    licence: 'CC BY 4.0',
  },
  'mom-wages': {
    name: 'Ministry of Manpower Singapore, Occupational Wages',
    url: 'https://stats.mom.gov.sg/Pages/Occupational-Wages-Tables.aspx',
    licence: 'Singapore Open Data Licence',
  },
  'ibge-pnad': {
    name: 'IBGE, PNAD Contínua (SIDRA table 9457)',
    url: 'https://sidra.ibge.gov.br/tabela/9457',
    licence: 'Free reuse with attribution',
  },
  'mhlw-wage-census': {
    name: 'Ministry of Health, Labour and Welfare (Japan), Basic Survey on Wage Structure',
    url: 'https://www.e-stat.go.jp/dbview?sid=0003426315',
    licence: 'e-Stat terms of use (CC BY 4.0 compatible)',
  },
  'stats-nz': {
    name: 'Stats NZ, earnings by occupation (INC_INC_004)',
    url: 'https://explore.data.stats.govt.nz/vis?fs[0]=INC_INC_004',
    licence: 'CC BY 4.0',
  },
  'insee-bts': {
    name: 'INSEE, Base Tous salariés (DS_DERA_PRIVE_ANNUEL)',
    url: 'https://www.insee.fr/fr/statistiques',
    licence: 'Licence Ouverte 2.0',
  },
  kosis: { name: 'Statistics Korea (KOSIS), wages of employees by region', url: 'https://kosis.kr/eng/', licence: 'KOSIS terms of use' },
  ilostat: {
    name: 'ILOSTAT, mean monthly earnings of employees by occupation (EAR_4MTH_SEX_OCU_CUR_NB)',
    url: 'https://ilostat.ilo.org/data/',
    licence: 'CC BY 4.0',
  },
  'oecd-av-wage': { name: 'OECD, Average annual wages (AV_AN_WAGE)', url: 'https://data-explorer.oecd.org/', licence: 'CC BY 4.0' },
}

/** career-map cells: [n, mean, p10, p25, p50, p75, p90, method]; method 0-2 are the source's figures, 3-4 are modelled percentiles. */
type CareerCell = number[]
const careerMap = (file: { name: string; text: string }) => JSON.parse(file.text) as Record<string, CareerCell>
/** The six figures of a career-map cell: percentiles only where the source published them, the mean always. */
function careerRow(cell: CareerCell, file: string): (number | null)[] {
  if (cell.length < 8) throw new Error(`${file}: a cell has ${cell.length} values, expected 8.`)
  const measured = cell[7]! <= 2
  return [...cell.slice(2, 7).map((value) => (measured ? value : null)), cell[1]!]
}

const iscoMajorTitles: Record<string, string> = {
  '0': 'Armed forces occupations',
  '1': 'Managers',
  '2': 'Professionals',
  '3': 'Technicians and associate professionals',
  '4': 'Clerical support workers',
  '5': 'Service and sales workers',
  '6': 'Skilled agricultural, forestry and fishery workers',
  '7': 'Craft and related trades workers',
  '8': 'Plant and machine operators and assemblers',
  '9': 'Elementary occupations',
}

/** A career-map national file (keys "MOC2|*|*|*" or "M2|*|*|*"): ISCO-08 major groups, annual. */
function careerMapCountry(file: { name: string; text: string }, prefix: string) {
  const data = careerMap(file)
  const groups: Record<string, (number | null)[]> = {}
  for (const [key, cell] of Object.entries(data)) {
    const match = new RegExp(`^${prefix}(\\d)\\|\\*\\|\\*\\|\\*$`).exec(key)
    if (match) groups[match[1]!] = careerRow(cell, file.name)
  }
  const total = data['*|*|*|*']
  if (!total || Object.keys(groups).length < 5) throw new Error(`${file.name}: expected an all-employee cell and ISCO major groups.`)
  return { groups, all: careerRow(total, file.name) }
}

function csvMap(file: { name: string; text: string }, column: string, knownSoc: Set<string>, has: (code: string) => boolean) {
  const rows = csvRecords(file.text)
  requireColumns(rows, ['soc2018', column], file.name)
  const map: Record<string, string> = {}
  for (const row of rows) {
    if (!knownSoc.has(row.soc2018!)) throw new Error(`${file.name}: ${row.soc2018} is not an OEWS occupation.`)
    if (!has(row[column]!)) throw new Error(`${file.name}: ${row[column]} has no figures in its source.`)
    map[row.soc2018!] = row[column]!
  }
  return map
}

type Snapshot = {
  year: number
  currency?: string
  geo?: string
  stat_cols: string[]
  codes: { EN: Record<string, string> }
  stats: Record<string, { total: Record<string, (number | null)[]> }>
}
const read = (file: { name: string; bytes?: Uint8Array }) => JSON.parse(gunzipSync(file.bytes!).toString('utf8')) as Snapshot

export function readAbroadWages(inputs: AbroadWageInputs, knownSoc: Set<string>, iso3to2: Record<string, string>): AbroadWagesFile {
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
      groups: Object.fromEntries(
        Object.entries(data.stats[String(data.year)]!.total).map(([code, cells]) => [code, [null, null, null, null, null, cells[0] ?? null]]),
      ),
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
    if (!canada.codes.EN[row.statcan_group!])
      throw new Error(`${inputs.nocMapping.name}: ${row.statcan_group} is not a group of ${inputs.canada.name}.`)
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
        Object.fromEntries(
          Object.entries(data.total).map(([code, cells]) => [code, [null, null, cells[medianAt] ?? null, null, null, cells[meanAt] ?? null]]),
        ),
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
  const australia = JSON.parse(gunzipSync(inputs.australia.bytes!).toString('utf8')) as {
    year: number
    codes: { EN: Record<string, string> }
    stats: { total: Record<string, (number | null)[]> }
  }
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

  // France and the Netherlands: SES 2022 means by ISCO-08 major group, with the capital region's mean as context.
  const sesBasis = 'mean gross annual earnings in enterprises with 10 or more employees, national'
  for (const [code, file, region, city, area] of [
    ['FR', inputs.france, inputs.franceRegion, 'Paris', 'Île-de-France'],
    ['NL', inputs.netherlands, inputs.netherlandsRegion, 'Amsterdam', 'West-Nederland'],
  ] as const) {
    const { groups, all } = careerMapCountry(file, 'MOC')
    const regionMean = careerMap(region)['*|*|*|*']?.[1]
    if (!regionMean) throw new Error(`${region.name}: no all-employee mean.`)
    countries[code] = {
      source: 'eurostat-ses-annual',
      year: 2022,
      currency: 'EUR',
      level: 1,
      per: 'year',
      basis: sesBasis,
      groups,
      titles: iscoMajorTitles,
      all,
      regions: { [city]: { area, mean: regionMean, year: 2022, source: 'eurostat-ses-regions' } },
    }
  }
  // Germany (for occupations outside the reviewed KldB table), Spain and Poland: earn_ses22_28 in the national currency (NAC), enterprises of 10 or more employees.
  const ses = csvRecords(inputs.sesAnnual.text)
  requireColumns(ses, ['sex', 'isco08', 'age', 'unit', 'geo', 'time', 'value'], inputs.sesAnnual.name)
  for (const [code, currency] of [
    ['DE', 'EUR'],
    ['ES', 'EUR'],
    ['PL', 'PLN'],
  ] as const) {
    const rows = ses.filter((row) => row.geo === code && row.sex === 'T' && row.age === 'TOTAL' && row.unit === 'NAC')
    const value = (isco: string) => {
      const cell = rows.find((row) => row.isco08 === isco)?.value
      return cell ? Number(cell) : null
    }
    const groups = Object.fromEntries(
      Object.keys(iscoMajorTitles)
        .map((major) => [major, [null, null, null, null, null, value(`OC${major}`)]])
        .filter(([, row]) => row![5] !== null),
    )
    if (Object.keys(groups).length < 5 || value('TOTAL') === null)
      throw new Error(`${inputs.sesAnnual.name}: expected ${code}'s major groups and total.`)
    countries[code] = {
      source: 'eurostat-ses-annual',
      year: Number(rows[0]!.time),
      currency,
      level: 1,
      per: 'year',
      basis: sesBasis,
      groups,
      titles: iscoMajorTitles,
      all: [null, null, null, null, null, value('TOTAL')],
    }
  }
  // Singapore: MOM 2025 by SSOC major group (SSOC follows ISCO-08's major groups); the group percentiles are modelled by the extract, so only means.
  const sg = careerMapCountry(inputs.singapore, 'M')
  countries.SG = {
    source: 'mom-wages',
    year: 2025,
    currency: 'SGD',
    level: 1,
    per: 'year',
    classification: 'SSOC 2024',
    basis: 'gross annual wages of full-time resident employees, national',
    groups: sg.groups,
    titles: iscoMajorTitles,
    all: sg.all,
  }
  // Brazil: PNAD Contínua average earnings by ISCO-08 major group (the extract gives hourly × 190.7 hours a month).
  const brazil = JSON.parse(gunzipSync(inputs.brazil.bytes!).toString('utf8')) as {
    year: number
    codes: { EN: Record<string, string> }
    stats: Record<string, Record<string, (number | null)[]>>
  }
  countries.BR = {
    source: 'ibge-pnad',
    year: brazil.year,
    currency: 'BRL',
    level: 1,
    basis: 'average usual hourly earnings of all workers × 190.7 hours, a full-time month as the extract computes it',
    groups: Object.fromEntries(
      Object.entries(brazil.stats[String(brazil.year)]!).map(([code, cells]) => [code, [null, null, null, null, null, cells[0] ?? null]]),
    ),
    titles: brazil.codes.EN,
  }

  // Japan: the Wage Census by detailed JSCO occupation, with Tokyo's all-employee pay as context.
  const japan = JSON.parse(gunzipSync(inputs.japan.bytes!).toString('utf8')) as {
    year: number
    codes: { EN: Record<string, string> }
    stats: Record<string, { total: Record<string, (number | null)[]> }>
  }
  const jpStats = japan.stats[String(japan.year)]!.total
  const jscoSoc = csvMap(inputs.jscoMapping, 'jsco', knownSoc, (code) => Boolean(jpStats[code]?.[0]))
  const tokyo = careerMap(inputs.tokyo)['*|*|*|*']
  if (!tokyo || tokyo[7]! > 1) throw new Error(`${inputs.tokyo.name}: expected Tokyo's all-employee figures as published.`)
  const japanFile: AbroadWagesFile['japan'] = {
    source: 'mhlw-wage-census',
    year: japan.year,
    currency: 'JPY',
    basis: 'mean scheduled monthly cash earnings (overtime and bonuses not included), enterprises with 10 or more employees',
    groups: Object.fromEntries([...new Set(Object.values(jscoSoc))].map((code) => [code, [null, null, null, null, null, jpStats[code]![0]!]])),
    titles: Object.fromEntries([...new Set(Object.values(jscoSoc))].map((code) => [code, japan.codes.EN[code] ?? code])),
    soc: jscoSoc,
    context: { area: 'Tokyo', median: tokyo[4]!, mean: tokyo[1]!, year: 2025, source: 'mhlw-wage-census' },
  }

  // New Zealand: Stats NZ by ANZSCO major group, reached through the reviewed ANZSCO table's first digit.
  const nz = JSON.parse(gunzipSync(inputs.newZealand.bytes!).toString('utf8')) as {
    year: number
    stat_cols: string[]
    codes: { EN: Record<string, string> }
    stats: Record<string, { total: Record<string, (number | null)[]> }>
  }
  const nzMean = nz.stat_cols.indexOf('mean')
  const nzMedian = nz.stat_cols.indexOf('median')
  const nzStats = nz.stats[String(nz.year)]!.total
  const newZealandFile: AbroadWagesFile['newZealand'] = {
    source: 'stats-nz',
    year: nz.year,
    currency: 'NZD',
    basis: 'wage and salary earners of all ages, full- and part-time; the published weekly earnings × 52 ÷ 12 a month, as the extract gives them',
    groups: Object.fromEntries(
      Object.entries(nzStats)
        .filter(([code]) => code !== '9')
        .map(([code, cells]) => [code, [null, null, cells[nzMedian] ?? null, null, null, cells[nzMean] ?? null]]),
    ),
    titles: Object.fromEntries(Object.entries(nz.codes.EN).filter(([code]) => code !== '9')),
    soc: Object.fromEntries(Object.entries(australiaFile.soc).map(([soc, anzsco]) => [soc, anzsco.slice(0, 1)])),
  }

  // France in detail: INSEE's mean net pay of 23 PCS-ESE occupations (private sector, full-time equivalent).
  const insee = csvRecords(inputs.insee.text)
  requireColumns(insee, ['pcs_ese', 'pcs_ese_label', 'mean_net_monthly_eur_eqtp', 'reference_period'], inputs.insee.name)
  const inseeRow = new Map(insee.map((row) => [row.pcs_ese!, row]))
  const pcsSoc = csvMap(inputs.pcsMapping, 'pcs', knownSoc, (code) => inseeRow.has(code))
  const franceDetail: AbroadWagesFile['franceDetail'] = {
    source: 'insee-bts',
    year: Number(insee[0]!.reference_period),
    currency: 'EUR',
    basis: 'mean NET monthly pay (after employee contributions, CSG and CRDS), full-time equivalent, private-sector employees',
    groups: Object.fromEntries(
      Object.values(pcsSoc).map((code) => [code, [null, null, null, null, null, Number(inseeRow.get(code)!.mean_net_monthly_eur_eqtp)]]),
    ),
    titles: Object.fromEntries(Object.values(pcsSoc).map((code) => [code, inseeRow.get(code)!.pcs_ese_label!])),
    soc: pcsSoc,
  }

  // Nearest official figures where we hold no pay by occupation: Seoul (KOSIS), the Gulf (ILOSTAT, old), OECD average wages.
  const nearest: AbroadWagesFile['nearest'] = {}
  const add = (code: string, figure: AbroadWagesFile['nearest'][string][number]) => (nearest[code] ??= []).push(figure)
  const seoul = careerMap(inputs.seoul)['*|*|*|*']
  if (!seoul) throw new Error(`${inputs.seoul.name}: no all-employee cell.`)
  add('KR', { what: 'mean annual pay of all employees in Seoul', value: seoul[1]!, currency: 'KRW', per: 'year', year: 2025, source: 'kosis' })
  const ilo = csvRecords(inputs.ilostat.text)
  requireColumns(ilo, ['ref_area', 'sex', 'classif1', 'classif2', 'time', 'ear_4mth_sex_ocu_cur_nb', 'unit_note'], inputs.ilostat.name)
  for (const row of ilo) {
    if (row.sex !== 'sex_t' || row.classif1 !== 'ocu_isco08_total' || row.classif2 !== 'cur_type_lcu') continue
    const code = iso3to2[row.ref_area!.toUpperCase()]
    if (!code) throw new Error(`${inputs.ilostat.name}: unknown country ${row.ref_area}.`)
    add(code, {
      what: 'mean monthly earnings of all employees',
      value: Math.round(Number(row.ear_4mth_sex_ocu_cur_nb)),
      currency: row.unit_note!.split(' ')[0]!,
      per: 'month',
      year: Number(row.time),
      source: 'ilostat',
    })
  }
  const oecd = csvRecords(inputs.oecdWage.text)
  requireColumns(oecd, ['REF_AREA', 'UNIT_MEASURE', 'TIME_PERIOD', 'OBS_VALUE'], inputs.oecdWage.name)
  const latestOecd = new Map<string, { year: number; value: number }>()
  for (const row of oecd) {
    const code = iso3to2[row.REF_AREA!]
    if (!code || row.UNIT_MEASURE !== 'USD_PPP' || !row.OBS_VALUE) continue
    const year = Number(row.TIME_PERIOD)
    if ((latestOecd.get(code)?.year ?? 0) < year) latestOecd.set(code, { year, value: Math.round(Number(row.OBS_VALUE)) })
  }
  for (const [code, { year, value }] of [...latestOecd].sort(([a], [b]) => a.localeCompare(b))) {
    add(code, {
      what: `average annual wage of full-time equivalent employees, whole country, in U.S. dollars at ${year} purchasing power parities`,
      value,
      currency: 'USD',
      per: 'year',
      year,
      source: 'oecd-av-wage',
    })
  }

  return {
    sources: abroadWageSources,
    countries,
    soc_isco,
    isco_crosswalk: readIscoCrosswalk(inputs.iscoCrosswalk, inputs.onetCrosswalk, knownSoc),
    canada: canadaFile,
    germany: germanyFile,
    australia: australiaFile,
    japan: japanFile,
    newZealand: newZealandFile,
    franceDetail,
    nearest,
  }
}

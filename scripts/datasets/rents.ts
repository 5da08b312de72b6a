// Rents: HUD Fair Market Rents and Census ACS median gross rents by U.S. county, with the rents
// abroad (abroad-rents.ts).
import type { RentsFile } from '../../server/content/datasets.ts'
import { abroadRentSources, readAbroadRents, type AbroadInputs } from './abroad-rents.ts'
import { csvRecords, requireColumns } from './csv.ts'
import { cellNumber, records, type InputFile } from './inputs.ts'
import { pick, sources } from './sources.ts'

export function readRents(hud: InputFile, acs: InputFile, abroad: AbroadInputs): RentsFile {
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

import type { AreaWageRow, AreaWagesFile } from '../../content/datasets.ts'

/** An area's OEWS figures for one occupation (annual USD); null = not published. */
export type AreaWages = {
  employment: number | null
  percentiles: [number | null, number | null, number | null, number | null, number | null]
  locationQuotient: number | null
  mean: number | null
  hourlyMedian: number | null
  hourlyMean: number | null
}

/** Unpacks one row of area-wages.json.gz (see encodeAreaRows in scripts/datasets/datasets.ts). */
function unpack(row: AreaWageRow): AreaWages {
  let below = 0
  const percentiles = row.slice(2, 7).map((step) => {
    if (step === null || step === undefined) return null
    below += step * 10
    return below
  }) as AreaWages['percentiles']
  return {
    employment: row[1] ?? null,
    percentiles,
    locationQuotient: row[7] ?? null,
    mean: row[8] ?? null,
    hourlyMedian: row[9] ?? null,
    hourlyMean: row[10] ?? null,
  }
}

/** The row of area `index` among one occupation's packed rows, or undefined when BLS has none. */
function find(rows: AreaWageRow[] | undefined, index: number): AreaWages | undefined {
  let area = 0
  for (const row of rows ?? []) {
    area += row[0]!
    if (area === index) return unpack(row)
    if (area > index) return undefined
  }
  return undefined
}

export type AreaWageTable = ReturnType<typeof createAreaWages>

/** Lookups of OEWS state and metropolitan-area wages by state code or CBSA code. */
export function createAreaWages(file: AreaWagesFile) {
  const stateIndex = new Map(file.states.map((state, index) => [state.code, index]))
  const metroIndex = new Map(file.metros.map((metro, index) => [metro.cbsa, index]))
  return {
    year: file.year,
    states: file.states,
    metroName: (cbsa: string) => file.metros[metroIndex.get(cbsa) ?? -1]?.name,
    state(code: string, occupation: string) {
      const index = stateIndex.get(code)
      return index === undefined ? undefined : find(file.state_rows[occupation], index)
    },
    metro(cbsa: string, occupation: string) {
      const index = metroIndex.get(cbsa)
      return index === undefined ? undefined : find(file.metro_rows[occupation], index)
    },
  }
}

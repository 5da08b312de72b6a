// The shapes of the committed datasets in server/content/datasets/, written by
// scripts/datasets/build-datasets.ts and read by the salary, cost-of-living and location services.
// Every figure names its source (a key of the file's `sources`) and its reference year.

export type DatasetSource = { name: string; url: string; licence: string; note?: string }

/** Six wage figures: p10, p25, p50 (median), p75, p90, mean; null where the source has none. */
export type WageRow = (number | null)[]

export type OccupationRecord = {
  code: string
  title: string
  slug: string
  employment: number | null
  annual: WageRow | null
  hourly: WageRow | null
  /** Indexes into `annual` / `hourly` of top-coded figures (the source's '#'). */
  annual_top?: number[]
  hourly_top?: number[]
  source: string
  year: number
}

export type WagesFile = {
  sources: Record<string, DatasetSource>
  /** The U.S. national figures, one per occupation. */
  occupations: OccupationRecord[]
  /** Measured wages of U.S. metro areas (OEWS area files), keyed by CBSA code. */
  metros: (Omit<OccupationRecord, 'title' | 'slug'> & { cbsa: string })[]
  /** Common job titles that OEWS names otherwise: [title, SOC code]. */
  synonyms: [string, string][]
}

export type RppComponents = { all: number; goods: number; housing: number; utilities: number; other: number }

export type MetroRecord = {
  cbsa: string
  /** BEA's name without the area type, e.g. "Austin-Round Rock-San Marcos, TX". */
  name: string
  slug: string
  states: string[]
  rpp: RppComponents
  source: string
  year: number
}

export type Figure = { value: number; year: number; source: string }

export type CountryPrices = {
  code: string
  /** PPP conversion factor, local currency units per international dollar (U.S. = 1). */
  ppp: Figure | null
  /** Price level ratio of the PPP factor to the market exchange rate (U.S. = 1). */
  price_level: Figure | null
}

export type PricesFile = {
  sources: Record<string, DatasetSource>
  metros: MetroRecord[]
  /** The non-metropolitan portion of the United States. */
  nonmetro: Omit<MetroRecord, 'slug' | 'states'>
  countries: CountryPrices[]
  /** Units of each currency per U.S. dollar (annual average). */
  currencies: ({ code: string } & Figure)[]
}

export type CountryRecord = { code: string; name: string; slug: string; flag: string; currency: string; listed: boolean }

export type CityRecord = {
  id: number
  /** Display name without the region ("Austin"). */
  name: string
  slug: string
  country: string
  /** U.S. state code, else null. */
  region: string | null
  population: number
  /** CBSA code of the BEA metro area whose prices apply, for U.S. cities. */
  metro?: string
  metro_match?: 'named' | 'nearest'
}

export type PlacesFile = {
  sources: Record<string, DatasetSource>
  attribution: string
  countries: CountryRecord[]
  cities: CityRecord[]
  /** Spec section 3: the 39 cities of the city list (hyphenated names). */
  listed_cities: { id: number; city: string; country: string; code: string; slug: string }[]
  priority_cities: { location: string; country: string; code: string; slug: string }[]
}

export type BudgetFile = {
  source: string
  sources: Record<string, DatasetSource>
  year: number
  currency: 'USD'
  items: { category: string; item: string; amount: number }[]
}

export const datasetFiles = ['wages.json', 'prices.json', 'places.json', 'budget.json'] as const

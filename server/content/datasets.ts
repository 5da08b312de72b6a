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
  /** Common job titles that OEWS names otherwise: [title, SOC code]. */
  synonyms: [string, string][]
}

/**
 * One area's OEWS figures for one occupation, annual USD: [area index, employment, p10, p25,
 * median, p75, p90, location quotient, mean, hourly median, hourly mean]. Metro rows stop after
 * the location quotient (the metro extract has no means or hourly figures). null = not
 * published (BLS suppressed the cell). Stored packed (see encodeAreaRows in
 * scripts/datasets/datasets.ts): area index and percentiles as steps, percentiles in tens.
 */
export type AreaWageRow = (number | null)[]

/** area-wages.json.gz: OEWS state and metropolitan-area wages of one vintage. */
export type AreaWagesFile = {
  sources: Record<string, DatasetSource>
  year: number
  states: { fips: string; code: string; name: string }[]
  metros: { cbsa: string; name: string }[]
  /** Rows by SOC code. */
  state_rows: Record<string, AreaWageRow[]>
  metro_rows: Record<string, AreaWageRow[]>
}

/** UK pay figures (ONS ASHE): [p10, p25, median, p75, p90, mean], annual gross, full-time; null = not published. */
export type UkPay = { jobs: number | null; pay: (number | null)[] }

/** uk-wages.json: ASHE table 14.7a (UK, 4-digit SOC 2020), London by sub-major group, and the reviewed SOC 2018 → SOC 2020 table. */
export type UkWagesFile = {
  sources: Record<string, DatasetSource>
  year: number
  all: UkPay
  occupations: Record<string, UkPay & { title: string }>
  /** SOC 2020 sub-major group titles by 2-digit code. */
  groups: Record<string, string>
  london: { year: number; all: UkPay; groups: Record<string, UkPay> }
  /** U.S. SOC 2018 code → UK SOC 2020 unit group. */
  soc2018: Record<string, string>
}

/** abroad-wages.json: official pay by ISCO-08 group, monthly in local currency: [p10, p25, median, p75, p90, mean], null = not published. */
export type AbroadWagesFile = {
  sources: Record<string, DatasetSource>
  countries: Record<
    string,
    {
      source: string
      year: number
      currency: string
      /** ISCO-08 digits the figures are published at. */
      level: 1 | 2
      basis: string
      groups: Record<string, (number | null)[]>
      titles: Record<string, string>
      /** 'year' when the figures are annual (default: monthly). */
      per?: 'year'
      /** The national classification the groups belong to when it is not ISCO-08 itself (e.g. SSOC 2024, aligned with ISCO-08 major groups). */
      classification?: string
      /** The same figures for all employees of the country. */
      all?: (number | null)[]
      /** Mean annual pay of all employees of a region, by the GeoNames name of the city it stands for (a context line, not the occupation's pay). */
      regions?: Record<string, { area: string; mean: number; year: number; source: string }>
    }
  >
  /** U.S. SOC 2018 code → ISCO-08 unit group ('all' for all occupations). */
  soc_isco: Record<string, string>
  /** U.S. SOC 2018 code → the ISCO-08 code prefix its unit groups share in the official crosswalks (BLS ISCO-08 × SOC 2010, O*NET SOC 2010 → 2018); the reviewed soc_isco comes first. */
  isco_crosswalk: Record<string, string>
  /** Statistics Canada 14-10-0417: monthly [p10, p25, median, p75, p90, mean] by province ('CA' = Canada) and StatCan NOC 2021 group. */
  canada: {
    source: string
    year: number
    currency: string
    basis: string
    regions: Record<string, string>
    /** Reviewed: city (GeoNames name) → province code. */
    cities: Record<string, string>
    groups: Record<string, Record<string, (number | null)[]>>
    titles: Record<string, string>
    /** U.S. SOC 2018 → StatCan NOC 2021 group (reviewed table scripts/datasets/soc-noc2021.csv). */
    soc: Record<string, string>
  }
  /** Destatis earnings survey: monthly [.., median, .., mean] by KldB 2010 group, national, for the mapped groups only. */
  germany: NationalGroupWages
  /** ABS Employee Earnings and Hours: monthly mean by ANZSCO unit group, national, for the mapped groups only. */
  australia: NationalGroupWages
  /** MHLW Basic Survey on Wage Structure: mean scheduled monthly cash earnings by JSCO 2020 occupation, national. */
  japan: NationalGroupWages & { context?: { area: string; median: number; mean: number; year: number; source: string } }
  /** Stats NZ: monthly mean and median by ANZSCO major group, national (through the ANZSCO table's first digit). */
  newZealand: NationalGroupWages
  /** INSEE Base Tous salariés: mean NET monthly pay (full-time equivalent, private sector) by PCS-ESE occupation, national. */
  franceDetail: NationalGroupWages
  /** The nearest official pay figures for countries whose pay by occupation we do not have: ISO country code → figures. */
  nearest: Record<string, NearestPay[]>
}

/** An official pay figure of wider scope than the question (all employees of a city, a country's average wage): what it is, stated in full. */
export type NearestPay = { what: string; value: number; currency: string; per: 'year' | 'month'; year: number; source: string }

/** One country's pay by its own occupation classification: monthly [p10, p25, median, p75, p90, mean] per group, and the reviewed SOC 2018 map. */
export type NationalGroupWages = { source: string; year: number; currency: string; basis: string; groups: Record<string, (number | null)[]>; titles: Record<string, string>; soc: Record<string, string> }

/** An official rent outside the U.S., as published: per month or per week, by bedroom count ('4' = four or more) or for all sizes. */
export type AbroadRent = {
  /** ISO country code and the GeoNames name of the city it stands for. */
  country: string
  city: string
  /** The area the figure describes, e.g. "London (ONS region)" or "Scotland". */
  area: string
  currency: string
  period: string
  per: 'month' | 'week'
  by_bedrooms: Partial<Record<'0' | '1' | '2' | '3' | '4' | 'all', number>>
  /** What the figure is, in the publisher's terms. */
  basis: string
  source: string
}

/** rents.json.gz: HUD Fair Market Rents by FMR area and the ACS median gross rent by county. */
export type RentsFile = {
  sources: Record<string, DatasetSource>
  fmr_year: number
  acs_years: string
  /** fmr: monthly gross rent of a 0- to 4-bedroom home (40th percentile of recent movers' rents). */
  hud_areas: { code: string; name: string; cbsa: string | null; fmr: number[] }[]
  counties: { fips: string; name: string; state: string; hud_area: number; acs_rent: number | null }[]
  abroad: AbroadRent[]
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
  /** BEA parities of the states (SARPP), by state FIPS code. */
  states: { fips: string; name: string; rpp: RppComponents; source: string; year: number }[]
  /** The non-metropolitan portion of the United States. */
  nonmetro: Omit<MetroRecord, 'slug' | 'states'>
  countries: CountryPrices[]
  /** Units of each currency per U.S. dollar (annual average). */
  currencies: ({ code: string } & Figure)[]
  /** Official regional price indexes of a city's region against its country's average (= 100): all items and housing. */
  city_price_levels: { country: string; city: string; area: string; all: number; housing: number; year: number; source: string }[]
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
  /** County (5-digit FIPS) of a U.S. city, from GeoNames. */
  county?: string
  /** CBSA code of the metro area the city belongs to (through its county), for U.S. cities. */
  metro?: string
  /** 'county': the county lies in that metro area (HUD); 'named' or 'nearest': no county known, so matched by name or distance. */
  metro_match?: 'county' | 'named' | 'nearest'
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
  /** Countries whose health care is public or paid through payroll (reviewed): no health insurance line. */
  public_health_care: Record<string, string>
  /** OECD Taxing Wages: single earner at 100% of the average wage, % of labour cost. */
  tax_rates: { code: string; income_tax: number; employee_ssc: number; employer_ssc: number; year: number }[]
  /** Canada's income tax brackets and payroll contributions of one year (CRA, Revenu Québec), for take-home pay by province. */
  canada_tax: CanadaTax
}

/** Brackets are [lower bound, marginal rate]; amounts in CAD a year. */
export type CanadaTax = {
  year: number
  source: string
  federal: { brackets: [number, number][]; basicPersonalAmount: { max: number; min: number; phaseoutStart: number; phaseoutEnd: number }; creditRate: number; canadaEmploymentAmount: number; quebecAbatement: number }
  payroll: Record<'cpp' | 'qpp', { rate: number; basicExemption: number; ympe: number; baseRate: number; firstAdditionalRate: number; maxContribution: number }> &
    Record<'cpp2' | 'qpp2', { rate: number; yampe: number; maxContribution: number }> &
    Record<'ei' | 'eiQuebec' | 'qpip', { rate: number; maxInsurable: number; maxPremium: number }>
  provinces: Record<
    string,
    {
      brackets: [number, number][]
      basicPersonalAmount: number
      creditRate: number
      /** Ontario's surtax: [threshold of basic provincial tax, rate]. */
      surtax?: [number, number][]
      /** Ontario Health Premium: [income from, premium at that income, rate on the excess, premium cap of the segment]. */
      healthPremiumSegments?: [number, number, number, number][]
      bpaFollowsFederal?: boolean
      canadaEmploymentAmount?: number
    }
  >
}

export const datasetFiles = ['wages.json', 'area-wages.json.gz', 'uk-wages.json', 'abroad-wages.json', 'rents.json.gz', 'prices.json', 'places.json', 'budget.json'] as const

import * as v from 'valibot'

/**
 * Spec section 2, location slugs: lowercase, words joined by dashes, apostrophes and other
 * punctuation dropped (not turned into dashes: "U.S." is "us", "Lee's" is "lees"), accented
 * and non-Latin letters kept. Spaces, dashes, slashes and underscores separate words.
 */
export function locationSlug(name: string): string {
  return name
    .normalize('NFC')
    .toLocaleLowerCase('en')
    .replace(/[\s\-‐‑–—/_]+/gu, ' ')
    .replace(/[^\p{L}\p{M}\p{N} ]/gu, '')
    .trim()
    .split(/ +/)
    .filter(Boolean)
    .join('-')
}

/** Where a figure comes from: publisher and dataset, reference year and address. */
export type Source = { name: string; year: number; url: string }

/** A country of the place dataset (about 250 names); `listed` marks the 30 of the country list. */
export type Country = {
  /** ISO 3166-1 alpha-2. */
  code: string
  name: string
  slug: string
  /** Emoji flag (regional indicator letters): drawn by the system font, never fetched. */
  flag: string
  currency: string
  listed: boolean
}

/** Spec section 3, country list entry, plus what the country page needs. */
export type CountryListEntry = Country & {
  id: number
  url: string
  cities: CityListEntry[]
  /** World Bank price level, U.S. = 100 (null when the World Bank has none). */
  price_level: number | null
}

/** Spec section 3, city list entry: hyphenated city and country names (e.g. Abu-Dhabi, United-Arab-Emirates). */
export type CityListEntry = { id: number; city: string; country: string; url: string }

export type LocationKind = 'country' | 'state' | 'city' | 'metro'

/** Spec section 3, location entry. */
export type LocationEntry = {
  /** Display name, with a state code after a comma for U.S. places ("Austin, TX"). */
  location: string
  /** The slug of the location inside its country. */
  dashedLocation: string
  /** Country slug plus slug: "/united-states/austin-tx". */
  url: string
  kind: LocationKind
  country: { code: string; name: string; slug: string; flag: string }
}

/** GET /api/locations: the location list, paginated, with the priority cities. */
export type LocationList = {
  count: number
  next: string | null
  previous: string | null
  results: LocationEntry[]
  priorityCities: { location: string; country: string; url: string }[]
}

/** A price index and its provenance. */
export type PriceFigure = { label: string; value: number; source: Source }

/** GET /api/locations/{country}/{slug}: the entry plus what the platform knows about the place. */
export type LocationDetail = LocationEntry & {
  population: number | null
  region: string | null
  currency: string
  /** The BEA metro area whose prices apply to a U.S. city; null elsewhere. */
  metro: { name: string; url: string; match: 'county' | 'named' | 'nearest' } | null
  /** Price levels (U.S. average = 100). */
  prices: PriceFigure[]
  /** Estimated single-person monthly budget, in local currency. */
  monthly_budget: { amount: number; currency: string; is_estimate: true; method: string } | null
  /** Measured rents of a one-bedroom home (the same figures as the cost-of-living tool). */
  rent: RentAnswer
  /** Cities of this country (for a country page) or nearby listed places. */
  cities: LocationEntry[]
  /** Three library articles for people looking at this place (empty without a library). */
  related_articles: RelatedArticle[]
  attribution: string
}

/** A library article linked from a location page: `url` is /articles/{slug}. */
export type RelatedArticle = { title: string; url: string; summary: string; category: string }

/** A wage figure; `top_coded` when the source only says "at or above" this value. */
export type Wage = { value: number; top_coded: boolean } | null

export type WageSet = { p10: Wage; p25: Wage; p50: Wage; p75: Wage; p90: Wage; mean: Wage }

export type Occupation = { code: string; title: string; slug: string }

/** GET /api/salary?job=&location=&period= */
export type SalaryResult = {
  occupation: Occupation
  location: { slug: string; url: string; name: string; kind: LocationKind }
  currency: string
  period: 'annual' | 'hourly'
  percentiles: { p10: Wage; p25: Wage; p50: Wage; p75: Wage; p90: Wage }
  mean: Wage
  /** Both periods; one of them is null where the source publishes only the other. */
  annual: WageSet | null
  hourly: WageSet | null
  /** Employment in the source's area (U.S. national for estimates); null when unknown. */
  employment: number | null
  /** The occupation's share of the area's jobs against its national share (1 = the same); null when not published. */
  location_quotient: number | null
  is_estimate: boolean
  /** How the figures were made: "measured" or the formula of the estimate. */
  method: string
  /** The level of the geography the figures describe. */
  scope: 'national' | 'state' | 'metro' | 'region' | 'country'
  /** The area the figures describe, e.g. "San Francisco-Oakland-Fremont, CA metro area". */
  area: string
  /** Reference period of the figures, e.g. "May 2025". */
  vintage: string
  /** Why a wider area than the place asked for is shown; null when the place's own area is. */
  fallback: string | null
  /** What the figures leave out (e.g. the self-employed). */
  notes: string[]
  /** The pay of people starting out: 10th to 25th percentile of the shown period. */
  entry_level: { from: Wage; to: Wage } | null
  /** The wage source; null when no official figure exists (then `fallback` says so and `annual` and `hourly` are null). */
  source: Source | null
  /** Every source the figures rest on (the wage source first). */
  sources: Source[]
}

/** GET /api/salary/occupations?q= */
export type OccupationMatch = Occupation & { matched: string | null }

export const costCategories = ['housing', 'food', 'transport', 'utilities', 'health', 'leisure', 'other'] as const
export type CostCategory = (typeof costCategories)[number]

/** Each category in the user's words: the cost-of-living page and the assistant's budget line. */
export const costCategoryLabels: Record<CostCategory, string> = {
  housing: 'Housing',
  food: 'Food',
  transport: 'Transport',
  utilities: 'Utilities',
  health: 'Health',
  leisure: 'Leisure',
  other: 'Other',
}

export type CostAmount = { name: CostCategory; amount: number; amount_chosen: number }

/** One place's monthly budget: spec section 3 cost data, sumofData and infoOfLiving keyed by name. */
export type CostOfLiving = {
  city: { slug: string; url: string; name: string; kind: LocationKind }
  household: number
  /** Local currency of every `amount`. */
  currency: string
  /** The currency of every `amount_chosen`, and its units per one unit of local currency. */
  chosen_currency: string
  rate: number
  sumofData: CostAmount[]
  /** Each item says what it rests on (`basis`): a measured figure, or the model budget scaled by a named price level. */
  infoOfLiving: { name: CostCategory; items: { name: string; amount: number; unit: string; basis: string }[] }[]
  /** Budget lines left out because they do not fit the place (e.g. health insurance where care is public). */
  dropped: { name: CostCategory; item: string; reason: string }[]
  total: number
  total_chosen: number
  /** Price level, U.S. average = 100. */
  index: number
  is_estimate: boolean
  method: string
  /** Measured rents; the budget's rent line uses the first one when there is one. */
  rent: RentAnswer
  source: Source
  sources: Source[]
}

/** A measured rent: monthly, in local currency, with what it is and who measured it. */
export type RentFigure = {
  label: string
  amount: number
  currency: string
  /** The size it is for; null when the figure covers all sizes. */
  bedrooms: number | null
  area: string
  period: string
  basis: string
  source: Source
}

/** The official rents of a place for the chosen size; `note` says plainly when there are none. */
export type RentAnswer = { bedrooms: number; figures: RentFigure[]; note: string | null }

/** Bedrooms a household needs by default: one for each two people, at least one, at most four. */
export const defaultBedrooms = (household: number) => Math.min(4, Math.max(1, Math.ceil(household / 2)))

/** 'Salary needed to keep your standard of living' when moving from `city` to `compare`. */
export type SalaryNeeded = {
  /** Income in the first place, in its local currency (per year). */
  from: number
  /** Income needed in the second place, in its local currency (per year). */
  to: number
  to_chosen: number
  /** Cost ratio (second place ÷ first), both at the chosen currency. */
  ratio: number
  breakdown: { name: CostCategory; from: number; to: number }[]
  not_included: string
  /** Pay after income tax and employee contributions where an official rate exists; null elsewhere. */
  take_home: { from: TakeHome | null; to: TakeHome | null }
}

/** Yearly take-home pay at an official average tax rate, labelled with its year. */
export type TakeHome = { gross: number; net: number; currency: string; rate: number; year: number; basis: string; source: Source }

/** GET /api/cost-of-living?city=&household=&compare=&currency=&salary= */
export type CostOfLivingResult = CostOfLiving & { compare: CostOfLiving | null; salary_needed: SalaryNeeded | null }

const placePath = v.pipe(
  v.string('Choose a place'),
  v.trim(),
  v.nonEmpty('Choose a place'),
  v.maxLength(200),
  v.regex(/^[^/?#]+(\/[^/?#]+)?$/u, 'A place is a country slug, or a country slug and a location slug, like united-states/austin-tx'),
)
const wholeNumber = (message: string, min: number, max: number) =>
  v.pipe(v.string(message), v.regex(/^\d{1,9}$/, message), v.transform(Number), v.minValue(min, message), v.maxValue(max, message))

/** GET /api/salary */
export const salaryQuery = v.object({
  job: v.pipe(v.string('Choose an occupation'), v.trim(), v.nonEmpty('Choose an occupation'), v.maxLength(120)),
  location: v.optional(placePath, 'united-states'),
  period: v.optional(v.picklist(['annual', 'hourly'], 'period is annual or hourly'), 'annual'),
})

/** GET /api/salary/occupations and /api/locations type-ahead. */
export const typeAheadQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  limit: v.optional(wholeNumber('limit is a whole number from 1 to 50', 1, 50), '10'),
})

export const locationListQuery = v.object({
  country: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80))),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  kind: v.optional(v.picklist(['country', 'state', 'city', 'metro'], 'kind is country, state, city or metro')),
  page: v.optional(wholeNumber('page must be a positive whole number', 1, 10_000), '1'),
  page_size: v.optional(wholeNumber('page_size must be a whole number from 1 to 100', 1, 100), '20'),
})

export const countryListQuery = v.object({
  /** `all` lists every country name of the place dataset, not only the 30 listed. */
  scope: v.optional(v.picklist(['listed', 'all'], 'scope is listed or all'), 'listed'),
})

export const MAX_HOUSEHOLD = 8

/** GET /api/cost-of-living */
export const costQuery = v.object({
  city: placePath,
  compare: v.optional(placePath),
  household: v.optional(wholeNumber(`household is a whole number from 1 to ${MAX_HOUSEHOLD}`, 1, MAX_HOUSEHOLD), '1'),
  currency: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{3}$/, 'currency is a three-letter code'))),
  salary: v.optional(wholeNumber('salary is a whole number', 1, 999_999_999)),
  bedrooms: v.optional(wholeNumber('bedrooms is a whole number from 0 to 4', 0, 4)),
})

/** Salary comparison: at most three occupations or places side by side. */
export const MAX_COMPARE = 3

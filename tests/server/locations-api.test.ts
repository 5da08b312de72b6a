import { expect, test } from 'vitest'
import { type CityListEntry, type CountryListEntry, type LocationDetail, type LocationList } from '~contract/locations.ts'
import { bearer, registerUser } from './support/auth.ts'
import { describeDbs } from './support/db.ts'
import { getJson } from './support/http.ts'

describeDbs('locations API', (suite) => {
  const get = async <T>(path: string) => {
    const response = await getJson(suite.app(), path)
    return { status: response.status, body: (await response.json()) as T }
  }

  test('GET /api/countries lists the 30 countries with emoji flags; scope=all about 240 names', async () => {
    const { body } = await get<CountryListEntry[]>('/api/countries')
    expect(body).toHaveLength(30)
    expect(body[0]).toMatchObject({ id: 1, name: 'Australia', slug: 'australia', flag: '🇦🇺', url: '/countries/australia' })
    expect(body.at(-1)).toMatchObject({ name: 'United States', flag: '🇺🇸' })
    expect(body.map((c) => c.name)).toEqual(expect.arrayContaining(['Iran', 'Qatar', 'Saudi Arabia', 'Hong Kong']))
    expect(body.find((c) => c.code === 'JP')!.cities.map((c) => c.city)).toEqual(['Tokyo'])
    const all = (await get<CountryListEntry[]>('/api/countries?scope=all')).body
    expect(all.length).toBeGreaterThanOrEqual(240)
    expect(all.map((c) => c.slug)).toEqual(
      expect.arrayContaining(['us-virgin-islands', 'vietnam', 'wallis-and-futuna', 'western-sahara', 'yemen', 'russia']),
    )
  })

  test('GET /api/cities lists the 39 cities with hyphenated names', async () => {
    const { body } = await get<CityListEntry[]>('/api/cities')
    expect(body).toHaveLength(39)
    expect(body[0]).toEqual({ id: 1, city: 'Abu-Dhabi', country: 'United-Arab-Emirates', url: '/united-arab-emirates/abu-dhabi' })
    expect(body.map((c) => c.city)).toEqual(expect.arrayContaining(['Amsterdam', 'Tokyo', 'Vienna']))
  })

  test('GET /api/locations finds places by name, with priority cities Paris and London', async () => {
    const { body } = await get<LocationList>('/api/locations?q=austin&country=united-states')
    expect(body.results[0]).toMatchObject({ location: 'Austin, TX', dashedLocation: 'austin-tx', url: '/united-states/austin-tx', kind: 'city' })
    expect(body.priorityCities).toEqual([
      { location: 'Paris', country: 'France', url: '/france/paris' },
      { location: 'London', country: 'United Kingdom', url: '/united-kingdom/london' },
    ])
    const zurich = (await get<LocationList>('/api/locations?q=zurich')).body
    expect(zurich.results[0]).toMatchObject({ location: 'Zürich', url: '/switzerland/zürich' })
    // Letters without a separate accent fold too: "lodz" finds Łódź.
    const lodz = (await get<LocationList>('/api/locations?q=lodz')).body
    expect(lodz.results[0]).toMatchObject({ location: 'Łódź', url: '/poland/łódź' })
  })

  test('cities that official pay or rent figures cover are places, though smaller than the usual threshold', async () => {
    const manchester = (await get<LocationList>('/api/locations?q=manchester')).body
    expect(manchester.results[0]).toMatchObject({ location: 'Manchester', country: { code: 'GB' }, url: '/united-kingdom/manchester' })
    for (const [q, code] of [
      ['Edinburgh', 'GB'],
      ['Lyon', 'FR'],
      ['Toulouse', 'FR'],
      ['Cork', 'IE'],
      ['Reykjav', 'IS'],
      ['Tel Aviv', 'IL'],
    ]) {
      const { body } = await get<LocationList>(`/api/locations?q=${encodeURIComponent(q!)}`)
      expect(body.results[0], q).toMatchObject({ kind: 'city', country: { code } })
    }
  })

  test('a location page answers the entry and what we know; unknown slugs 404', async () => {
    const austin = await get<LocationDetail>('/api/locations/united-states/austin-tx')
    expect(austin.status).toBe(200)
    expect(austin.body).toMatchObject({
      location: 'Austin, TX',
      region: 'TX',
      currency: 'USD',
      metro: { name: 'Austin-Round Rock-San Marcos, TX', match: 'county' },
    })
    expect(austin.body.prices[0]!.source.name).toContain('Regional Price Parities')
    // The same measured rents as the cost-of-living tool: HUD FY2025 one-bedroom FMR, ACS county median.
    expect(austin.body.rent.figures.map((f) => [f.label, f.amount])).toEqual([
      ['Fair Market Rent, 1-bedroom home, Austin-Round Rock, TX MSA', 1650],
      ['Median gross rent, all sizes, Travis County, TX', 1669],
    ])
    expect(austin.body.attribution).toContain('GeoNames')
    const zurich = await get<LocationDetail>(`/api/locations/switzerland/${encodeURIComponent('zürich')}`)
    expect(zurich.body.location).toBe('Zürich')
    expect((await get('/api/locations/united-states/no-such-town-zz')).status).toBe(404)
    expect((await get('/api/locations/atlantis/paris')).status).toBe(404)
  })

  test('country details are for signed-in users', async () => {
    expect((await get('/api/countries/japan')).status).toBe(401)
    const { access } = await registerUser(suite.app())
    const response = await suite.app().request('/api/countries/japan', { headers: bearer(access) })
    const body = (await response.json()) as LocationDetail
    expect(body).toMatchObject({ location: 'Japan', kind: 'country', currency: 'JPY' })
    expect(body.cities.map((c) => c.location)).toContain('Tokyo')
  })

  test('the site search finds places', async () => {
    const response = await getJson(suite.app(), '/api/search?title=Austin')
    const body = (await response.json()) as { results: { kind: string; url: string }[] }
    expect(body.results).toContainEqual(expect.objectContaining({ kind: 'location', url: '/united-states/austin-tx' }))
  })
})

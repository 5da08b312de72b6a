import { expect, test } from 'vitest'
import { costCategories, type CostOfLivingResult } from '~contract/locations.ts'
import { bearer, registerUser } from './support/auth.ts'
import { describeDbs } from './support/db.ts'
import { getJson } from './support/http.ts'

describeDbs('cost-of-living API', (suite) => {
  let access = ''
  const get = async (path: string) => {
    access ||= (await registerUser(suite.app())).access
    const response = await suite.app().request(path, { headers: bearer(access) })
    return { status: response.status, body: (await response.json()) as CostOfLivingResult }
  }

  test('a guest gets 401: cost results are for signed-in users', async () => {
    expect((await getJson(suite.app(), '/api/cost-of-living?city=france/paris')).status).toBe(401)
  })

  test('a budget by category as sumofData and infoOfLiving keyed by name, in local and chosen currency', async () => {
    const { status, body } = await get('/api/cost-of-living?city=united-states&currency=eur')
    expect(status).toBe(200)
    expect(body.sumofData.map((row) => row.name)).toEqual([...costCategories])
    expect(body.infoOfLiving.map((group) => group.name)).toEqual([...costCategories])
    // The U.S. average is the model budget itself: index 100, U.S. dollars.
    expect(body).toMatchObject({ currency: 'USD', chosen_currency: 'EUR', index: 100, is_estimate: true, household: 1 })
    expect(body.total).toBe(body.sumofData.reduce((sum, row) => sum + row.amount, 0))
    for (const group of body.infoOfLiving) {
      const sum = group.items.reduce((total, item) => total + item.amount, 0)
      expect(sum).toBe(body.sumofData.find((row) => row.name === group.name)!.amount)
    }
    expect(body.sumofData[0]!.amount_chosen).toBe(Math.round(body.sumofData[0]!.amount * body.rate))
    expect(body.sources.map((s) => s.name)).toContainEqual(expect.stringContaining('Federal Reserve'))
  })

  test('a U.S. metro scales housing by its BEA housing parity; a bigger household costs √n more', async () => {
    const us = (await get('/api/cost-of-living?city=united-states')).body
    const sf = (await get('/api/cost-of-living?city=united-states/san-francisco-ca')).body
    expect(sf.method).toContain('BEA regional price parities')
    expect(sf.sumofData[0]!.amount).toBeGreaterThan(us.sumofData[0]!.amount * 1.3)
    const family = (await get('/api/cost-of-living?city=united-states&household=4')).body
    expect(family.total).toBeCloseTo(us.total * 2, -1)
    expect(family.method).toContain('OECD square-root equivalence scale')
  })

  test('comparing two cities gives the salary needed to keep the same standard, with what is not included', async () => {
    const { body } = await get('/api/cost-of-living?city=united-states/austin-tx&compare=japan/tokyo&salary=80000&currency=USD')
    expect(body.compare).toMatchObject({ city: { name: 'Tokyo' }, currency: 'JPY' })
    expect(body.compare!.method).toContain('country-level prices of Japan')
    const needed = body.salary_needed!
    expect(needed.from).toBe(80000)
    expect(needed.ratio).toBeCloseTo(body.compare!.total_chosen / body.total_chosen, 2)
    expect(needed.to_chosen).toBeCloseTo(80000 * needed.ratio, -2)
    expect(needed.breakdown.map((row) => row.name)).toEqual([...costCategories])
    expect(needed.not_included).toContain('income tax')
  })

  test('bad input answers field errors; unknown places 404', async () => {
    expect(await get('/api/cost-of-living?city=united-states&household=0')).toEqual({ status: 400, body: { household: ['household is a whole number from 1 to 8'] } })
    expect((await get('/api/cost-of-living?city=narnia/cair-paravel')).status).toBe(404)
  })
})

import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { costCategories, type CostOfLivingResult } from '~contract/locations.ts'
import { csvRecords } from '../../scripts/datasets/csv.ts'
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
    expect(body.compare!.method).toContain('the official regional price index of Tokyo prefecture')
    const needed = body.salary_needed!
    expect(needed.from).toBe(80000)
    expect(needed.ratio).toBeCloseTo(body.compare!.total_chosen / body.total_chosen, 2)
    expect(needed.to_chosen).toBeCloseTo(80000 * needed.ratio, -2)
    expect(needed.breakdown.map((row) => row.name)).toEqual([...costCategories])
    expect(needed.not_included).toContain('income tax')
  })

  test('bad input answers field errors; unknown places 404', async () => {
    expect(await get('/api/cost-of-living?city=united-states&household=0')).toEqual({
      status: 400,
      body: { household: ['household is a whole number from 1 to 8'] },
    })
    expect((await get('/api/cost-of-living?city=narnia/cair-paravel')).status).toBe(404)
  })
})

describeDbs('cost-of-living API: measured rents', (suite) => {
  let access = ''
  const get = async (path: string) => {
    access ||= (await registerUser(suite.app())).access
    const response = await suite.app().request(path, { headers: bearer(access) })
    return { status: response.status, body: (await response.json()) as CostOfLivingResult }
  }
  const acs = csvRecords(readFileSync('../shared/data/census-acs-2023-county-median-gross-rent.csv', 'utf8'))

  test('a U.S. city: HUD FY2025 Fair Market Rent for the chosen bedrooms, the ACS county median beside it, and the rent line uses it', async () => {
    const { body } = await get('/api/cost-of-living?city=united-states/austin-tx&bedrooms=2')
    const [fmr, median] = body.rent.figures
    // ../shared/data/README.md: Travis County 2-bedroom FMR $1,949.
    expect(fmr).toMatchObject({
      amount: 1949,
      currency: 'USD',
      bedrooms: 2,
      period: 'FY2025',
      label: 'Fair Market Rent, 2-bedroom home, Austin-Round Rock, TX MSA',
    })
    expect(fmr!.source.name).toBe('U.S. Department of Housing and Urban Development, Fair Market Rents')
    expect(median).toMatchObject({
      amount: Number(acs.find((row) => row.GEOID === '48453')!.B25064_median_gross_rent),
      area: 'Travis County, TX',
      bedrooms: null,
      period: '2019–2023',
    })
    expect(body.infoOfLiving[0]!.items[0]).toEqual({
      name: 'Fair Market Rent, 2-bedroom home, Austin-Round Rock, TX MSA',
      amount: 1949,
      unit: 'USD per month',
      basis: 'Measured: U.S. Department of Housing and Urban Development, Fair Market Rents, FY2025',
    })
    expect(body.method).toContain('Rent is measured: Fair Market Rent, 2-bedroom home')
    expect(body.sources.map((s) => s.name)).toContain('U.S. Census Bureau, American Community Survey 5-year estimates, median gross rent (B25064)')
  })

  test('bedrooms default from the household: one for each two people', async () => {
    expect((await get('/api/cost-of-living?city=united-states/austin-tx')).body.rent.bedrooms).toBe(1)
    const family = (await get('/api/cost-of-living?city=united-states/austin-tx&household=3')).body
    expect(family.rent).toMatchObject({ bedrooms: 2, figures: [{ amount: 1949 }, expect.anything()] })
  })

  test('London: the ONS private rent for the size asked, in pounds; Paris: the reference rent × the stated surface', async () => {
    const london = (await get('/api/cost-of-living?city=united-kingdom/london&compare=france/paris&bedrooms=1')).body
    // international/REPORT.md: London one-bedroom £1,752 (ONS PIPR, July 2026).
    expect(london.rent.figures).toEqual([
      expect.objectContaining({ amount: 1752, currency: 'GBP', period: 'July 2026', area: 'London (ONS region)' }),
    ])
    expect(london.infoOfLiving[0]!.items[0]).toMatchObject({ amount: 1752, unit: 'GBP per month' })
    const refs = (
      JSON.parse(readFileSync('../shared/data/international/fr-paris-rent-control/paris-rent-references-2025.json', 'utf8')) as {
        piece: number
        meuble_txt: string
        ref: number
      }[]
    )
      .filter((row) => row.piece === 2 && row.meuble_txt === 'non meublé')
      .map((row) => row.ref)
      .sort((a, b) => a - b)
    const median = (refs[refs.length / 2 - 1]! + refs[refs.length / 2]!) / 2
    const paris = london.compare!.rent.figures[0]!
    expect(paris).toMatchObject({ amount: Math.round(median * 40), currency: 'EUR', bedrooms: 1 })
    expect(paris.basis).toContain('1 bedroom (2 rooms) 40 m²')
    const twoBed = (await get('/api/cost-of-living?city=united-kingdom/london&bedrooms=2')).body
    expect(twoBed.rent.figures[0]!.amount).toBe(2218)
  })

  test('a weekly rent is turned into a month, saying so; a state or a place without an official rent says so plainly', async () => {
    // REPORT.md: Greater Sydney one-bedroom flat, median A$715 a week of new bonds (NSW DCJ, Q1 2026).
    const sydney = (await get('/api/cost-of-living?city=australia/sydney&bedrooms=1')).body.rent.figures[0]!
    expect(sydney).toMatchObject({ amount: Math.round((715 * 52) / 12), area: 'Greater Sydney', period: 'January to March 2026' })
    expect(sydney.basis).toContain('A$715 a week, × 52 ÷ 12 for a month')
    const melbourne = (await get('/api/cost-of-living?city=australia/melbourne&bedrooms=1')).body.rent.figures[0]!
    expect(melbourne).toMatchObject({ amount: Math.round((570 * 52) / 12), currency: 'AUD' })
    expect(melbourne.basis).toContain('A$570 a week, × 52 ÷ 12 for a month')
    const california = (await get('/api/cost-of-living?city=united-states/california')).body
    expect(california.rent).toMatchObject({
      figures: [],
      note: 'HUD and the Census Bureau publish rents by county and metro area, not for California as a whole: pick a city for a measured rent.',
    })
    expect(california.method).toContain('Rent is the model budget line: no official rent figure is in our tables for this place.')
    const lagos = (await get('/api/cost-of-living?city=nigeria/lagos')).body
    expect(lagos.rent.note).toBe('No official rent figure for Lagos in our tables.')
  })

  test('bedrooms outside 0 to 4 are a field error', async () => {
    expect(await get('/api/cost-of-living?city=united-states/austin-tx&bedrooms=7')).toEqual({
      status: 400,
      body: { bedrooms: ['bedrooms is a whole number from 0 to 4'] },
    })
  })
})

describeDbs('cost-of-living API: budget lines and take-home pay', (suite) => {
  let access = ''
  const get = async (path: string) => {
    access ||= (await registerUser(suite.app())).access
    const response = await suite.app().request(path, { headers: bearer(access) })
    return { status: response.status, body: (await response.json()) as CostOfLivingResult }
  }
  const oecd = csvRecords(readFileSync('../shared/data/international/oecd/taxfoundation_taxing-wages-2021_table1.csv', 'utf8'))
  const rateOnGross = (iso2: string) => {
    const row = oecd.find((r) => r.ISO2 === iso2)!
    return (Number(row['Income Tax in %']) + Number(row['Employee Payroll Taxes in %'])) / (100 - Number(row['Employer Payroll Taxes in %']))
  }

  test('a U.S. state is priced with its own BEA price parities (SARPP 2024)', async () => {
    const line = (code: string) =>
      readFileSync('../shared/data/bea-rpp-state-2008-2024.csv', 'utf8')
        .split('\n')
        .find((row) => row.includes('"06000"') && row.includes(`SARPP,${code},`))!
    const parity = (code: string) => Number(line(code).trim().split(',').at(-1))
    expect(parity('1')).toBe(110.72) // README spot value: California all items 110.720
    const { body } = await get('/api/cost-of-living?city=united-states/california')
    expect(body.method).toContain('BEA regional price parities of the state of California (2024)')
    const groceries = body.infoOfLiving.find((group) => group.name === 'food')!.items.find((item) => item.name === 'Groceries')!
    const baseline = (await get('/api/cost-of-living?city=united-states')).body.infoOfLiving
      .find((group) => group.name === 'food')!
      .items.find((item) => item.name === 'Groceries')!
    expect(groceries.amount).toBe(Math.round(baseline.amount * (parity('2') / 100)))
    expect(groceries.basis).toContain(`BEA price parity, goods, state of California 2024: ${parity('2')}`)
  })

  test('where care is public, there is no health insurance line, and the answer says why', async () => {
    const { body } = await get('/api/cost-of-living?city=united-kingdom/london&compare=united-states/austin-tx')
    expect(body.dropped).toEqual([
      {
        name: 'health',
        item: 'Health insurance and out-of-pocket care',
        reason: 'Health care in the United Kingdom is provided through the NHS: no private insurance line.',
      },
    ])
    expect(body.sumofData.find((row) => row.name === 'health')!.amount).toBe(0)
    expect(body.infoOfLiving.find((group) => group.name === 'health')!.items).toEqual([])
    // The U.S. keeps it: insurance is bought there.
    expect(body.compare!.dropped).toEqual([])
    expect(body.compare!.infoOfLiving.find((group) => group.name === 'health')!.items[0]!.name).toBe('Health insurance and out-of-pocket care')
  })

  test('every budget line says what it rests on: a measured rent, or the model budget × a named price level', async () => {
    const { body } = await get('/api/cost-of-living?city=united-states/austin-tx&compare=united-kingdom/london')
    const austin = body.infoOfLiving.flatMap((group) => group.items)
    expect(austin[0]!.basis).toBe('Measured: U.S. Department of Housing and Urban Development, Fair Market Rents, FY2025')
    expect(austin.find((item) => item.name === 'Groceries')!.basis).toMatch(
      /^Model budget \(.+\) × BEA price parity, goods, Austin-Round Rock-San Marcos, TX metro area 2024: [\d.]+ \(U\.S\. = 100\)$/,
    )
    const london = body.compare!.infoOfLiving.flatMap((group) => group.items)
    expect(london.find((item) => item.name === 'Groceries')!.basis).toContain('World Bank PPP conversion factor for United Kingdom 2024')
    expect(london.find((item) => item.name === 'Groceries')!.basis).toContain('(whole economy, not this category)')
  })

  test("a Japanese city: the national PPP × its prefecture's official regional price index (MIC 2025), said so on each line", async () => {
    const index = JSON.parse(readFileSync('../shared/data/international/career-map-derived/jp_prices.json', 'utf8')) as {
      regions: Record<string, { all: number }>
    }
    const { body: tokyo } = await get('/api/cost-of-living?city=japan/tokyo&compare=japan/osaka')
    const groceries = (result: Pick<CostOfLivingResult, 'infoOfLiving'>) =>
      result.infoOfLiving.flatMap((group) => group.items).find((item) => item.name === 'Groceries')!
    // REPORT.md: Tokyo all items 104.2 (Japan = 100).
    expect(groceries(tokyo).basis).toContain(
      `the regional price index of Tokyo prefecture, all items ${index.regions['13']!.all} (Japan = 100, 2025)`,
    )
    expect(groceries(tokyo.compare!).basis).toContain(`Osaka prefecture, all items ${index.regions['27']!.all}`)
    // The same model line, scaled by the two prefectures' indexes.
    const ratio = groceries(tokyo).amount / groceries(tokyo.compare!).amount
    expect(ratio).toBeCloseTo(index.regions['13']!.all / index.regions['27']!.all, 2)
    expect(tokyo.sources.map((source) => source.name).join(' ')).toContain('Regional Difference Index of Consumer Prices')
  })

  test('the salary needed comes with take-home pay: by the U.K. 2025/26 rules, else at the OECD average rate, labelled with its year', async () => {
    const { body } = await get('/api/cost-of-living?city=united-kingdom/london&compare=south-korea/seoul&salary=50000')
    const { from, to } = body.salary_needed!.take_home
    // £50,000 in England: (50,000 − 12,570) × 20% income tax, (50,000 − 12,570) × 8% NI (tests/server/take-home-uk.test.ts).
    expect(from).toMatchObject({ gross: 50000, net: Math.round(50000 - 37430 * 0.2 - 37430 * 0.08), currency: 'GBP', year: 2025 })
    expect(from!.basis).toContain('2025/26 tax year')
    expect(to).toMatchObject({ gross: body.salary_needed!.to, net: Math.round(body.salary_needed!.to * (1 - rateOnGross('KR'))), currency: 'KRW' })
    expect(to!.basis).toContain('OECD Taxing Wages 2021')
    expect(to!.basis).toContain('as a flat rate (an approximation')
    // No official table for the UAE here: no take-home figure rather than a guess.
    const dubai = (await get('/api/cost-of-living?city=united-kingdom/london&compare=united-arab-emirates/dubai&salary=50000')).body
    expect(dubai.salary_needed!.take_home.to).toBeNull()
  })

  test("Canada: take-home pay from the 2025 federal and provincial brackets of the city's province, labelled with its year", async () => {
    const tax = JSON.parse(readFileSync('../shared/data/international/career-map-derived/ca_tax.json', 'utf8')) as {
      _year: number
      federal: { brackets: [number, number][]; basicPersonalAmount: { max: number }; creditRate: number; canadaEmploymentAmount: number }
      payroll: {
        cpp: { ympe: number; basicExemption: number; baseRate: number; firstAdditionalRate: number }
        cpp2: { yampe: number; rate: number }
        ei: { maxInsurable: number; rate: number }
      }
      provinces: { ON: { brackets: [number, number][]; basicPersonalAmount: number; creditRate: number; surtax: [number, number][] } }
    }
    // C$100,000 in Toronto, worked by hand from the file: CPP on 71,300 − 3,500, CPP2 on 81,200 − 71,300, EI on 65,700.
    const { cpp, cpp2, ei } = tax.payroll
    const pensionable = cpp.ympe - cpp.basicExemption
    const base = pensionable * cpp.baseRate
    const first = pensionable * cpp.firstAdditionalRate
    const second = (cpp2.yampe - cpp.ympe) * cpp2.rate
    const premium = ei.maxInsurable * ei.rate
    const taxable = 100000 - first - second
    const [f0, f1] = tax.federal.brackets
    const federal =
      f1![0] * f0![1] +
      (taxable - f1![0]) * f1![1] -
      tax.federal.creditRate * (tax.federal.basicPersonalAmount.max + tax.federal.canadaEmploymentAmount + base + premium)
    const [o0, o1] = tax.provinces.ON.brackets
    const ontario =
      o1![0] * o0![1] + (taxable - o1![0]) * o1![1] - tax.provinces.ON.creditRate * (tax.provinces.ON.basicPersonalAmount + base + premium)
    const surtax = (ontario - tax.provinces.ON.surtax[0]![0]) * tax.provinces.ON.surtax[0]![1]
    const healthPremium = 750 // Ontario Health Premium above C$72,600 of taxable income
    const net = Math.round(100000 - (base + first + second + premium + federal + ontario + surtax + healthPremium))
    const { body } = await get('/api/cost-of-living?city=canada/toronto&compare=canada/montréal&salary=100000')
    const { from, to } = body.salary_needed!.take_home
    expect(from).toMatchObject({ gross: 100000, net, currency: 'CAD', year: tax._year })
    expect(net).toBeGreaterThan(73000)
    expect(net).toBeLessThan(75000)
    expect(from!.basis).toContain("Canada's 2025 federal and Ontario income tax brackets")
    expect(from!.source.name).toContain('Canada Revenue Agency')
    expect(to).toMatchObject({ currency: 'CAD', year: 2025 })
    expect(to!.basis).toContain('Quebec income tax brackets')
    expect(to!.basis).toContain('Quebec abatement')
    // Quebec's own contributions (QPP, QPIP) and higher rates: a larger share goes than in Ontario at a lower pay.
    expect(to!.rate).toBeGreaterThan(from!.rate)
    // Canada as a whole has no province: the OECD average rate, said to be one.
    const national = (await get('/api/cost-of-living?city=united-kingdom/london&compare=canada&salary=50000')).body
    expect(national.salary_needed!.take_home.to!.basis).toContain('OECD Taxing Wages')
  })
})

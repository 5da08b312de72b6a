import { describe, expect, test } from 'vitest'
import type { CostOfLivingResult } from '~contract/locations.ts'
import { federalDeductions, usDeductions, usTakeHome } from '../../server/services/places/tax/us.ts'
import { bearer, registerUser } from './support/auth.ts'
import { describeDbs } from './support/db.ts'

// Worked by hand from the published 2025 tables (server/content/tax-rules/us-*.json): federal single filer, $15,750 standard
// deduction, 10% to $11,925, 12% to $48,475, 22% to $103,350, 24% to $197,300, 32% to $250,525; Social Security 6.2% to
// $176,100; Medicare 1.45% + 0.9% above $200,000.
describe('U.S. take-home pay, 2025', () => {
  test('$100,000 in Austin: federal tax $13,449, FICA $7,650, no state tax → $78,901', () => {
    const fed = federalDeductions(100000)
    expect(fed.taxable).toBe(84250)
    expect(fed.incomeTax).toBeCloseTo(11925 * 0.1 + (48475 - 11925) * 0.12 + (84250 - 48475) * 0.22, 6) // 1,192.50 + 4,386 + 7,870.50
    expect(fed.socialSecurity + fed.medicare).toBeCloseTo(7650, 6)
    expect(usTakeHome(100000, 'TX', 'Austin', '48453')).toMatchObject({ net: 78901, currency: 'USD', year: 2025 })
  })

  test('$100,000 in New York City: state, city, disability and Paid Family Leave → $70,122, about $8,800 less than Austin', () => {
    const d = usDeductions(100000, 'NY', 'New York', '36061')
    // NY taxable 100,000 − 8,000 = 92,000: 4% of 8,500, 4.5% to 11,700, 5.25% to 13,900, 5.5% to 80,650, 6% above.
    expect(d.state!.taxable).toBe(92000)
    expect(d.state!.tax).toBeCloseTo(340 + 144 + 115.5 + 3671.25 + 681, 6) // 4,951.75
    // NYC on the same 92,000: 3.078% to 12,000, 3.762% to 25,000, 3.819% to 50,000, 3.876% above.
    expect(d.locals[0]!.amount).toBeCloseTo(369.36 + 489.06 + 954.75 + 42000 * 0.03876, 6) // 3,441.09
    expect(d.state!.contributions.map((c) => c.amount)).toEqual([31.2, 354.53]) // both at their yearly maxima
    const nyc = usTakeHome(100000, 'NY', 'New York', '36061')!
    expect(nyc.net).toBe(70122)
    const austin = usTakeHome(100000, 'TX', 'Austin', '48453')!
    expect(austin.net - nyc.net).toBe(8779)
    expect(nyc.basis).toContain('New York City resident income tax')
    expect(nyc.basis).toContain('supplemental tax is applied by its first worksheet')
    expect(nyc.basis).toContain('Not included: 401(k)')
  })

  test("New York's supplemental tax at $150,000: the 6% rate on all taxable income, 84.7% phased in", () => {
    // Taxable 142,000: brackets give 4,270.75 + 61,350 × 6% = 7,951.75; 6% flat gives 8,520; (150,000 − 107,650) / 50,000 = 0.847.
    const d = usDeductions(150000, 'NY', 'New York', '36061')
    expect(d.state!.tax).toBeCloseTo(7951.75 + (8520 - 7951.75) * 0.847, 6)
    // At $170,000 of income the phase-in is complete: 6% of 162,000.
    expect(usDeductions(170000, 'NY', 'Buffalo', '36029').state!.tax).toBeCloseTo(162000 * 0.06, 6)
  })

  test('Yonkers: 16.75% of the state tax', () => {
    const d = usDeductions(100000, 'NY', 'Yonkers', '36119')
    expect(d.locals[0]!.amount).toBeCloseTo(4951.75 * 0.1675, 6) // 829.42
    expect(usTakeHome(100000, 'NY', 'Yonkers', '36119')!.net).toBe(72734)
  })

  test('$80,000 in Philadelphia (3.07% state, 0.07% UC, 3.745% wage tax) and Detroit (4.25% above $5,800, 2.4% above $600)', () => {
    // Federal: taxable 64,250 → 1,192.50 + 4,386 + 15,775 × 22% = 9,049; FICA 6,120.
    expect(federalDeductions(80000).incomeTax).toBeCloseTo(9049, 6)
    expect(usTakeHome(80000, 'PA', 'Philadelphia', '42101')!.net).toBe(Math.round(80000 - 9049 - 6120 - 2456 - 56 - 2996))
    const detroit = usDeductions(80000, 'MI', 'Detroit', '26163')
    expect(detroit.state!.tax).toBeCloseTo((80000 - 5800) * 0.0425, 6) // 3,153.50
    expect(detroit.locals[0]!.amount).toBeCloseTo((80000 - 600) * 0.024, 6) // 1,905.60
    expect(usTakeHome(80000, 'MI', 'Detroit', '26163')!.net).toBe(59772)
  })

  test('California $100,000: Schedule X less the $5,706 standard deduction and the $153 exemption credit, SDI 1.2%', () => {
    const d = usDeductions(100000, 'CA', 'San Francisco', '06075')
    const schedule = 110.79 + 303.7 + 607.52 + 965.4 + 1214.56 + (94294 - 72724) * 0.093
    expect(d.state!.tax).toBeCloseTo(schedule - 153, 6)
    expect(usTakeHome(100000, 'CA', 'San Francisco', '06075')!.net).toBe(72646)
  })

  test('Alabama deducts federal income tax; Ohio adds its base amount above $26,050', () => {
    // $50,000: federal taxable 34,250 → 1,192.50 + 22,325 × 12% = 3,871.50.
    const al = usDeductions(50000, 'AL', 'Birmingham', '01073')
    expect(al.state!.taxable).toBeCloseTo(50000 - 2500 - 1500 - 3871.5, 6)
    expect(al.state!.tax).toBeCloseTo(10 + 100 + (42128.5 - 3000) * 0.05, 6)
    expect(al.locals[0]!.amount).toBeCloseTo(500, 6) // Birmingham occupational tax 1%
    const oh = usDeductions(50000, 'OH', 'Toledo', '39095')
    expect(oh.state!.tax).toBeCloseTo(360.69 + (50000 - 2150 - 26050) * 0.0275, 6)
    // Toledo's own tax is not in the rules: the label says so.
    expect(usTakeHome(50000, 'OH', 'Toledo', '39095')!.basis).toContain('this place’s is not in our rules'.replace('’', "'"))
  })

  test('above the wage base and $200,000: Social Security stops at $10,918.20, Medicare adds 0.9%', () => {
    const fed = federalDeductions(300000)
    expect(fed.socialSecurity).toBeCloseTo(10918.2, 6)
    expect(fed.medicare).toBeCloseTo(300000 * 0.0145 + 100000 * 0.009, 6)
    // $250,000 in Texas: federal 52,023 (taxable 234,250), SS 10,918.20, Medicare 4,075.
    expect(usTakeHome(250000, 'TX', 'Houston', '48201')!.net).toBe(Math.round(250000 - 52023 - 10918.2 - 4075))
  })

  test('every state and DC has rules, and the country as a whole says state taxes are left out', () => {
    const codes =
      'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
        ' ',
      )
    // $60,000: federal 5,071.50 and FICA 4,590 leave 50,338.50 where the state takes nothing from wages.
    for (const code of codes) {
      const pay = usTakeHome(60000, code)!
      if ('AK FL NV NH SD TN TX WY'.includes(code)) expect(pay.net, code).toBe(50339)
      else expect(pay.net, code).toBeLessThanOrEqual(50339) // North Dakota taxes nothing below $48,475 of federal taxable income
      expect(pay.net, code).toBeGreaterThan(45000)
    }
    expect(usTakeHome(60000)!.basis).toContain('State and local income taxes are not included')
  })
})

describeDbs('take-home pay through the cost-of-living API', (suite) => {
  test('New York City → Austin: the 2025 rules of each place, labelled with the year', async () => {
    const { access } = await registerUser(suite.app())
    const response = await suite.app().request('/api/cost-of-living?city=united-states/new-york-ny&compare=united-states/austin-tx&salary=100000', {
      headers: bearer(access),
    })
    const body = (await response.json()) as CostOfLivingResult
    const { from, to } = body.salary_needed!.take_home
    expect(from).toMatchObject({ gross: 100000, net: 70122, currency: 'USD', year: 2025 })
    expect(from!.basis).toContain('U.S. 2025 tax year')
    expect(to!.basis).toContain('no Texas income tax on wages')
    expect(to!.net).toBe(usTakeHome(to!.gross, 'TX', 'Austin', '48453')!.net)
  })
})

import { describe, expect, test } from 'vitest'
import { ukDeductions, ukNation, ukTakeHome } from '../../server/services/places/tax/uk.ts'

// Worked by hand from GOV.UK's 2025/26 rates (server/content/tax-rules/uk-2025-26.json): Personal Allowance £12,570 (less £1 per
// £2 above £100,000); 20% on the first £37,700 of taxable income, 40% to £125,140, 45% above; Scotland 19/20/21/42/45/48% on
// taxable income to £2,827, £14,921, £31,092, £62,430, £125,140; employee NI 8% from £12,570 to £50,270 and 2% above.
describe('U.K. take-home pay, 2025/26', () => {
  test('£40,000 in England: £5,486 income tax, £2,194.40 NI, £32,320 take-home (the figure of issue #39)', () => {
    const d = ukDeductions(40000, false)
    expect(d.incomeTax).toBeCloseTo(5486, 6) // (40,000 − 12,570) × 20%
    expect(d.insurance).toBeCloseTo(2194.4, 6) // (40,000 − 12,570) × 8%
    expect(ukTakeHome('england', 40000)).toMatchObject({ gross: 40000, net: 32320, currency: 'GBP', year: 2025 })
  })

  test('£60,000 in England: higher rate and NI above the UEL', () => {
    const d = ukDeductions(60000, false)
    expect(d.incomeTax).toBeCloseTo(37700 * 0.2 + (60000 - 12570 - 37700) * 0.4, 6) // 7,540 + 3,892 = 11,432
    expect(d.insurance).toBeCloseTo(37700 * 0.08 + (60000 - 50270) * 0.02, 6) // 3,016 + 194.60 = 3,210.60
    expect(ukTakeHome('england', 60000)!.net).toBe(45357)
  })

  test('£110,000: the Personal Allowance tapers to £7,570', () => {
    const d = ukDeductions(110000, false)
    expect(d.allowance).toBe(7570)
    expect(d.incomeTax).toBeCloseTo(7540 + (102430 - 37700) * 0.4, 6) // 33,432
    expect(d.insurance).toBeCloseTo(3016 + (110000 - 50270) * 0.02, 6) // 4,210.60
    const pay = ukTakeHome('england', 110000)!
    expect(pay.net).toBe(72357)
    expect(pay.basis).toContain('cut to £7,570 by the taper above £100,000')
  })

  test('£150,000: no Personal Allowance, 45% above £125,140', () => {
    const d = ukDeductions(150000, false)
    expect(d.allowance).toBe(0)
    expect(d.incomeTax).toBeCloseTo(7540 + (125140 - 37700) * 0.4 + (150000 - 125140) * 0.45, 6) // 53,703
    expect(ukTakeHome('england', 150000)!.net).toBe(91286)
  })

  test("Scotland's own bands: £40,000 → £32,223 and £60,000 → £43,576", () => {
    const d40 = ukDeductions(40000, true)
    expect(d40.incomeTax).toBeCloseTo(2827 * 0.19 + (14921 - 2827) * 0.2 + (27430 - 14921) * 0.21, 6) // 5,582.82
    expect(ukTakeHome('scotland', 40000)!.net).toBe(32223)
    const d60 = ukDeductions(60000, true)
    expect(d60.incomeTax).toBeCloseTo(537.13 + 2418.8 + (31092 - 14921) * 0.21 + (47430 - 31092) * 0.42, 6) // 13,213.80
    expect(ukTakeHome('scotland', 60000)!.net).toBe(43576)
    expect(ukTakeHome('scotland', 60000)!.basis).toContain("Scotland's income tax bands")
  })

  test('below the Personal Allowance nothing is taken; Wales and Northern Ireland use the England bands', () => {
    expect(ukTakeHome('england', 12000)!.net).toBe(12000)
    expect(ukTakeHome('wales', 40000)!.net).toBe(32320)
    expect(ukTakeHome('northern_ireland', 40000)!.net).toBe(32320)
  })

  test('the nation of a city, and a label with the year, the rules and what is left out', () => {
    expect(ukNation('Edinburgh')).toBe('scotland')
    expect(ukNation('Glasgow')).toBe('scotland')
    expect(ukNation('London')).toBe('england')
    const pay = ukTakeHome(undefined, 40000)!
    expect(pay.basis).toContain('2025/26 tax year')
    expect(pay.basis).toContain('Scotland has its own bands')
    expect(pay.basis).toContain('Not included: pension contributions, student loan')
    expect(pay.source.url).toBe('https://www.gov.uk/income-tax-rates')
  })
})

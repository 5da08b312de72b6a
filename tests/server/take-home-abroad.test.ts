import { describe, expect, test } from 'vitest'
import { frenchDeductions, frenchTakeHome } from '../../server/services/places/tax/france.ts'
import { germanDeductions, germanIncomeTax, germanTakeHome } from '../../server/services/places/tax/germany.ts'
import { spanishDeductions, spanishRules, spanishTakeHome } from '../../server/services/places/tax/spain.ts'
import { japaneseDeductions, japaneseTakeHome } from '../../server/services/places/tax/japan.ts'
import { nationalDeductions, nationalRules, nationalTakeHome } from '../../server/services/places/tax/national.ts'

// Worked by hand from each authority's published rates (server/content/tax-rules/ie-2025.json, au-2025-26.json, nz-2025-26.json).
describe('take-home pay by the rules of Ireland, Australia and New Zealand', () => {
  test('Ireland 2025, €50,000: income tax €7,200, USC €1,046, PRSI €2,062.50', () => {
    const d = nationalDeductions(nationalRules.IE!, 50000)
    expect(d.incomeTax).toBeCloseTo(44000 * 0.2 + 6000 * 0.4 - 4000, 6) // 8,800 + 2,400 − 4,000 credits
    expect(d.levies[0]!.amount).toBeCloseTo(12012 * 0.005 + (27382 - 12012) * 0.02 + (50000 - 27382) * 0.03, 6) // 60.06 + 307.40 + 678.54
    expect(d.levies[1]!.amount).toBeCloseTo(50000 * 0.04125, 6) // 4.1% to September, 4.2% from October
    expect(Math.abs(nationalTakeHome('IE', 50000)!.net - 39691.5)).toBeLessThanOrEqual(0.5)
  })

  test('Ireland: €80,000 pays 8% USC above €70,044; €15,000 pays USC but no PRSI and no income tax after credits', () => {
    expect(nationalTakeHome('IE', 80000)!.net).toBe(Math.round(80000 - 19200 - (60.06 + 307.4 + 1279.86 + 9956 * 0.08) - 3300)) // 55,056
    const low = nationalDeductions(nationalRules.IE!, 15000)
    expect(low.incomeTax).toBe(0)
    expect(low.levies.map((l) => Math.round(l.amount * 100) / 100)).toEqual([119.82, 0])
    expect(nationalTakeHome('IE', 12000)!.net).toBe(12000) // under the €13,000 USC exemption
  })

  test('Australia 2025–26: $100,000 → $20,788 tax and $2,000 Medicare levy; the low income tax offset at $40,000', () => {
    expect(nationalDeductions(nationalRules.AU!, 100000).incomeTax).toBeCloseTo(4288 + 55000 * 0.3, 6)
    expect(nationalTakeHome('AU', 100000)).toMatchObject({ net: 77212, currency: 'AUD', year: 2025 })
    // $40,000: 21,800 × 16% = 3,488, less the offset 700 − 5% × 2,500 = 575; Medicare 2%.
    const d = nationalDeductions(nationalRules.AU!, 40000)
    expect(d.incomeTax).toBeCloseTo(3488 - 575, 6)
    expect(nationalTakeHome('AU', 40000)!.net).toBe(36287)
    // Below the low-income threshold no Medicare levy; the offset covers the tax down to $388 at $25,000.
    expect(nationalTakeHome('AU', 25000)!.net).toBe(24612)
  })

  test('New Zealand 2025–26: $100,000 → $22,877.50 income tax and $1,670 ACC levy; the levy stops at $152,790', () => {
    const d = nationalDeductions(nationalRules.NZ!, 100000)
    expect(d.incomeTax).toBeCloseTo(1638 + 6632.5 + 7380 + 21900 * 0.33, 6)
    expect(d.levies[0]!.amount).toBeCloseTo(1670, 6)
    expect(nationalTakeHome('NZ', 200000)!.net).toBe(Math.round(200000 - (49277.5 + 7800) - 152790 * 0.0167)) // 140,371
  })

  test('Netherlands 2025, €50,000: box 1 €18,101.88 less the general tax credit €1,699.59 and the labour credit €5,147.92', () => {
    const box1 = 38441 * 0.3582 + (50000 - 38441) * 0.3748
    const general = 3068 - 0.06337 * (50000 - 28406)
    const labour = 5599 - 0.0651 * (50000 - 43071)
    expect(nationalDeductions(nationalRules.NL!, 50000).incomeTax).toBeCloseTo(box1 - general - labour, 0) // the points give the published rates to within rounding
    expect(Math.abs(nationalTakeHome('NL', 50000)!.net - 38745.63)).toBeLessThan(2)
    // €150,000: both credits are nil; 49.5% above €76,817.
    expect(nationalDeductions(nationalRules.NL!, 150000).incomeTax).toBeCloseTo(
      38441 * 0.3582 + (76817 - 38441) * 0.3748 + (150000 - 76817) * 0.495,
      6,
    )
  })

  test('Germany 2025, €60,000: social insurance €12,930, taxable income €46,789, income tax €9,570 by § 32a → €37,500', () => {
    const d = germanDeductions(60000)
    // 9.3% + 1.3% + 8.55% + 2.4% of €60,000 (under both ceilings).
    expect(d.contributions.reduce((sum, c) => sum + c.amount, 0)).toBeCloseTo(60000 * (0.093 + 0.013 + 0.0855 + 0.024), 6)
    // Less €1,230 and €36, pension 5,580, health 5,130 × 96%, care 1,440.
    expect(d.taxable).toBeCloseTo(60000 - 1230 - 36 - 5580 - 5130 * 0.96 - 1440, 6)
    const z = (46789 - 17443) / 10000
    expect(germanIncomeTax(46789)).toBe(Math.floor((176.64 * z + 2397) * z + 1015.13)) // 9,570
    expect(d.solidarity).toBe(0)
    expect(germanTakeHome(60000)).toMatchObject({ net: 37500, currency: 'EUR', year: 2025 })
  })

  test('Germany, €120,000: contributions stop at the ceilings, 42% zone, solidarity surcharge phased in', () => {
    const d = germanDeductions(120000)
    expect(d.contributions.map((c) => Math.round(c.amount * 100) / 100)).toEqual([8983.8, 1255.8, 5655.83, 1587.6])
    expect(d.incomeTax).toBe(Math.floor(0.42 * 102733 - 10911.92)) // 32,235
    expect(d.solidarity).toBeCloseTo((32235 - 19950) * 0.119, 6) // below 5.5% × 32,235
    expect(germanTakeHome(120000)!.basis).toContain('Not included: church tax')
  })

  test('France, 2025 income, €50,000 gross: contributions €10,455.62, taxable €36,872, income tax €4,166 → €35,378', () => {
    const d = frenchDeductions(50000)
    // Ceiling €47,100: 6.9% and 3.15% + 0.86% to it, 8.64% + 1.08% on the €2,900 above, 0.4% and CET 0.14% on all; CSG/CRDS on 98.25%.
    const capped = 47100 * (0.069 + 0.0401) + 2900 * 0.0972 + 50000 * (0.004 + 0.0014)
    const csg = 49125 * 0.068
    expect(d.contributions.reduce((sum, c) => sum + c.amount, 0)).toBeCloseTo(capped + csg + 49125 * 0.029, 6)
    expect(d.netTaxable).toBeCloseTo(50000 - capped - csg, 6)
    expect(d.taxable).toBe(Math.round((50000 - capped - csg) * 0.9)) // 36,872
    expect(d.incomeTax).toBe(Math.round((29579 - 11600) * 0.11 + (36872 - 29579) * 0.3)) // 4,166
    expect(frenchTakeHome(50000)).toMatchObject({ net: 35378, currency: 'EUR', year: 2025 })
    expect(frenchTakeHome(50000)!.basis).toContain('Not included: the décote')
  })

  test('Spain 2025, €40,000 in Madrid and in Barcelona: social security €2,592; the state and the regional scale, less the tax on €5,550', () => {
    const madrid = spanishDeductions(40000, spanishRules.regions.madrid!.scale)
    expect(madrid.social).toBeCloseTo(2592, 6)
    expect(madrid.taxable).toBeCloseTo(35408, 6) // 40,000 − 2,592 − 2,000; no work-income reduction above €19,747.50
    expect(madrid.stateTax).toBeCloseTo(1182.75 + 930 + 2250 + 208 * 0.185 - 5550 * 0.095, 6) // 3,873.98
    expect(madrid.regionalTax).toBeCloseTo(1739.53 + (35408 - 19004.63) * 0.128 - 5550 * 0.085, 1) // 3,367.41
    expect(spanishTakeHome('Madrid', 40000)!.net).toBe(30167)
    const barcelona = spanishDeductions(40000, spanishRules.regions.catalonia!.scale)
    expect(barcelona.regionalTax).toBeCloseTo(4200.18 + (35408 - 33007.2) * 0.188 - 5550 * 0.105, 1) // 4,068.79
    expect(spanishTakeHome('Barcelona', 40000)!.basis).toContain("Catalonia's scale")
    // €16,000: net work income 12,963.20 gets the full €7,302 reduction.
    expect(spanishDeductions(16000, spanishRules.regions.madrid!.scale).taxable).toBeCloseTo(16000 - 1036.8 - 2000 - 7302, 6)
    // Other Spanish cities have no regional scale here: the OECD average rate answers for them.
    expect(spanishTakeHome('Valencia', 40000)).toBeUndefined()
  })

  test('Japan 2025 (Tokyo), ¥6,000,000: insurance ¥879,300, income tax ¥186,300, resident tax ¥307,500 → ¥4,626,900', () => {
    const d = japaneseDeductions(6000000)
    expect(d.social).toBeCloseTo(6000000 * (0.04955 + 0.0915 + 0.0055), 6)
    expect(d.employmentIncome).toBe(6000000 - (6000000 * 0.2 + 440000)) // 4,360,000
    // Basic deduction ¥680,000 for income over ¥3.36m to ¥4.89m; taxable rounded down to ¥1,000.
    expect(d.taxable).toBe(2800000)
    expect(d.incomeTax).toBe(Math.floor(((1950000 * 0.05 + 850000 * 0.1) * 1.021) / 100) * 100) // 186,300
    expect(d.residentTax).toBe(3050000 * 0.1 - 2500 + 5000)
    expect(japaneseTakeHome('Tokyo', 6000000)).toMatchObject({ net: 4626900, currency: 'JPY', year: 2025 })
  })

  test('Japan, ¥10,000,000: pension stops at the ¥650,000 standard monthly pay; other cities keep the OECD rate', () => {
    const d = japaneseDeductions(10000000)
    expect(d.social).toBeCloseTo(10000000 * 0.04955 + 7800000 * 0.0915 + 10000000 * 0.0055, 6)
    expect(d.incomeTax).toBe(Math.floor(((97500 + 135000 + (6205000 - 3300000) * 0.2) * 1.021) / 100) * 100)
    expect(japaneseTakeHome('Osaka', 6000000)).toBeUndefined()
  })

  test('labels say the tax year, the rules and what is left out; other countries have no rules here', () => {
    expect(nationalTakeHome('IE', 50000)!.basis).toMatch(/^2025 tax year \(Revenue .*Universal Social Charge.*PRSI.*Not included: the PRSI credit/)
    expect(nationalTakeHome('AU', 50000)!.basis).toContain('2025–26 (1 July 2025 to 30 June 2026) tax year')
    expect(nationalTakeHome('AU', 50000)!.basis).toContain('superannuation')
    expect(nationalTakeHome('NZ', 50000)!.source.url).toContain('ird.govt.nz')
    expect(nationalTakeHome('FR', 50000)).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import places from '../../server/content/datasets/places.json'
import { formatMoney, formatNumber } from '@/lib/number-format'

// Every currency a place in the dataset is priced in but the Caribbean guilder (2025), which ICU
// versions write differently: Node 20's 'Cg.', Chromium 156's 'XCG'. Waypoint writes its code.
const currencies = [
  ...new Set(
    JSON.stringify(places)
      .match(/"currency":"[A-Z]{3}"/g)
      ?.map((pair) => pair.slice(-4, -1)),
  ),
].filter((code) => code !== 'XCG')

const numbers = [
  0,
  -0,
  1,
  -1,
  7,
  12,
  999,
  1000,
  1234,
  12345,
  123456,
  1234567,
  98765432,
  2 ** 53,
  1e21,
  1.5e-7,
  0.5,
  1.5,
  2.5,
  -2.5,
  0.125,
  0.0005,
  1.0005,
  2.675,
  1.005,
  9.995,
  99.95,
  999.9996,
  1234.5678,
  -1234.5678,
  0.1 + 0.2,
  104.3,
  87.65,
  3.14159,
  -0.0001,
  65.4321,
]

describe('numbers and money without Intl', () => {
  it('writes numbers as Intl en-US does, grouping and rounding alike', () => {
    for (const value of numbers)
      for (const digits of [{}, { maximumFractionDigits: 0 }, { maximumFractionDigits: 2 }, { minimumFractionDigits: 2, maximumFractionDigits: 2 }])
        expect(formatNumber(value, digits), `${value} ${JSON.stringify(digits)}`).toBe(new Intl.NumberFormat('en-US', digits).format(value))
  })

  it('writes every dataset currency as Intl en-US does', () => {
    expect(currencies.length).toBeGreaterThan(100)
    for (const currency of [...currencies, 'CHF', 'SEK', 'usd'])
      for (const amount of [0, 5, 1234.5, -1234.5, 98765.432, 1999.995])
        for (const digits of [
          { minimumFractionDigits: 0, maximumFractionDigits: 0 },
          { minimumFractionDigits: 2, maximumFractionDigits: 2 },
        ])
          expect(formatMoney(amount, currency, digits), `${currency} ${amount}`).toBe(
            new Intl.NumberFormat('en-US', { style: 'currency', currency, ...digits }).format(amount),
          )
  })

  it('writes a currency without an en-US symbol as its code', () => {
    expect(formatMoney(-1234.5, 'XCG', { minimumFractionDigits: 0, maximumFractionDigits: 0 })).toBe('-XCG\u00a01,235')
  })

  it('keeps NaN and infinity readable', () => {
    expect(formatNumber(Number.NaN)).toBe('NaN')
    expect(formatNumber(-Infinity)).toBe('-∞')
  })
})

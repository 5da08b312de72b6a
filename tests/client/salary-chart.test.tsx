import { render } from '@testing-library/react'
import { expect, it } from 'vitest'
import type { SalaryResult, WageSet } from '~contract/locations.ts'
import { SalaryChart } from '@/features/salary/components/salary-chart'

const wages = (p10: number, p25: number, p50: number, p75: number, p90: number): WageSet => {
  const w = (value: number) => ({ value, top_coded: false })
  return { p10: w(p10), p25: w(p25), p50: w(p50), p75: w(p75), p90: w(p90), mean: null }
}
const result = (name: string, currency: string, annual: WageSet): SalaryResult =>
  ({
    occupation: { code: '15-1252', title: 'Software Developers', slug: 'software-developers' },
    location: { slug: name.toLowerCase(), url: `/${name}`, name, kind: 'city' },
    currency,
    period: 'annual',
    annual,
    hourly: null,
    is_estimate: false,
  }) as SalaryResult

// Figures of the real answers: BLS May 2025 metro medians and ONS ASHE 2025 London group 21.
const austin = result('Austin', 'USD', wages(96110, 104000, 134120, 168730, 209890))
const sanFrancisco = result('San Francisco', 'USD', wages(128090, 163500, 186640, 219670, 273400))
const london = result('London', 'GBP', wages(36400, 47000, 62800, 86200, 113300))

it('bars are proportional to pay on one scale per currency, from zero', () => {
  const { container } = render(<SalaryChart results={[london, austin, sanFrancisco]} />)
  const groups = [...container.querySelectorAll('[data-currency]')]
  expect(groups.map((g) => g.getAttribute('data-currency'))).toEqual(['GBP', 'USD'])
  const bars = (group: Element, range: string) =>
    [...group.querySelectorAll(`rect[data-range="${range}"]`)].map((rect) => ({
      x: Number(rect.getAttribute('x')),
      width: Number(rect.getAttribute('width')),
    }))
  const [gbp, usd] = groups as [Element, Element]
  // USD: San Francisco's p90 is the scale's end; Austin's bars end where its pay ends on that scale.
  const [austinOuter, sfOuter] = bars(usd, 'p10-p90')
  expect(sfOuter!.x + sfOuter!.width).toBeCloseTo(100, 5)
  expect(austinOuter!.x + austinOuter!.width).toBeCloseTo((209890 / 273400) * 100, 5)
  expect(austinOuter!.x).toBeCloseTo((96110 / 273400) * 100, 5)
  // Medians compare: the marker positions keep the ratio of the medians.
  const [austinMedian, sfMedian] = bars(usd, 'median').map((m) => m.x + m.width / 2)
  expect(sfMedian! / austinMedian!).toBeCloseTo(186640 / 134120, 5)
  // GBP has its own scale: London is not drawn against dollars.
  const [londonOuter] = bars(gbp, 'p10-p90')
  expect(londonOuter!.x + londonOuter!.width).toBeCloseTo(100, 5)
  expect(container).toHaveTextContent('GBP, a year: scale from 0 to £113,300')
  expect(container).toHaveTextContent('USD, a year: scale from 0 to $273,400')
})

import type { Source } from '~contract/locations.ts'

/** [lower bound, marginal rate] from the lowest bracket up; amounts a year in the country's currency. */
export type Brackets = [number, number][]

/** Where a hand-written rule set (server/content/tax-rules/*.json) comes from. */
export type RuleSource = { publisher: string; title: string; url: string; figures?: string }

/** Tax on `income` by brackets. */
export const bracketTax = (brackets: Brackets, income: number) =>
  brackets.reduce((tax, [low, rate], i) => tax + Math.max(0, Math.min(income, brackets[i + 1]?.[0] ?? Infinity) - low) * rate, 0)

/** The answer's source: the first page a rule set names, with its publisher. */
export const sourceOf = (sources: RuleSource[], year: number): Source => ({
  name: `${sources[0]!.publisher}: ${sources[0]!.title}`,
  year,
  url: sources[0]!.url,
})

/** Whole units, and the share of gross pay that goes, to one decimal. */
export const rounded = (gross: number, deductions: number) => ({
  net: Math.round(gross - deductions),
  rate: Math.round((deductions / gross) * 1000) / 10,
})

/** "£1,234" style thousands for labels. */
export const amount = (symbol: string, value: number) => `${symbol}${Math.round(value).toLocaleString('en-US')}`

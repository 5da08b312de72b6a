import type { TakeHome } from '~contract/locations.ts'
import au from '../../../content/tax-rules/au-2025-26.json'
import ie from '../../../content/tax-rules/ie-2025.json'
import nl from '../../../content/tax-rules/nl-2025.json'
import nz from '../../../content/tax-rules/nz-2025-26.json'
import { bracketTax, rounded, sourceOf, type Brackets, type RuleSource } from './common.ts'

/** A levy on gross pay: by brackets or one rate, none at or below `exempt_to`, up to a wage `cap`, phased in above `shade_in.from`. */
type Levy = { name: string; brackets?: Brackets; rate?: number; exempt_to?: number; cap?: number; shade_in?: { from: number; rate: number } }

/** One country's rules for an employee's salary, the same everywhere in the country (server/content/tax-rules/). */
export type NationalRules = {
  country: string
  currency: string
  tax_year: string
  year: number
  sources: RuleSource[]
  /** `credit_points`: credits that change with income, each as [income, credit] points. */
  income_tax: { name: string; brackets: Brackets; credits?: number; credit_points?: [number, number][][] }
  levies: Levy[]
  not_included: string
}

export const nationalRules: Record<string, NationalRules> = Object.fromEntries(
  ([ie, au, nz, nl] as unknown as NationalRules[]).map((rules) => [rules.country, rules]),
)

/** A credit that changes with income in straight lines between points, flat beyond the first and the last. */
const pointValue = (points: [number, number][], income: number) => {
  if (income <= points[0]![0]) return points[0]![1]
  const next = points.findIndex(([x]) => x >= income)
  if (next === -1) return points.at(-1)![1]
  const [x0, y0] = points[next - 1]!
  const [x1, y1] = points[next]!
  return y0 + ((y1 - y0) * (income - x0)) / (x1 - x0)
}

const levyOf = (levy: Levy, gross: number) => {
  if (levy.exempt_to !== undefined && gross <= levy.exempt_to) return 0
  const base = Math.min(gross, levy.cap ?? Infinity)
  const full = levy.brackets ? bracketTax(levy.brackets, base) : base * (levy.rate ?? 0)
  return levy.shade_in ? Math.min(full, Math.max(0, gross - levy.shade_in.from) * levy.shade_in.rate) : full
}

/** Income tax after credits and each levy on a year's salary, by a country's rules. */
export function nationalDeductions(rules: NationalRules, gross: number) {
  const { brackets, credits, credit_points } = rules.income_tax
  const credit = (credits ?? 0) + (credit_points ?? []).reduce((sum, points) => sum + pointValue(points, gross), 0)
  const incomeTax = Math.max(0, bracketTax(brackets, gross) - credit)
  const levies = rules.levies.map((levy) => ({ name: levy.name, amount: levyOf(levy, gross) }))
  return { incomeTax, levies, total: incomeTax + levies.reduce((sum, l) => sum + l.amount, 0) }
}

export function nationalTakeHome(code: string, gross: number): TakeHome | null | undefined {
  const rules = nationalRules[code]
  if (!rules) return undefined
  if (!(gross > 0)) return null
  const d = nationalDeductions(rules, gross)
  const { net, rate } = rounded(gross, d.total)
  return {
    gross,
    net,
    currency: rules.currency,
    rate,
    year: rules.year,
    basis:
      `${rules.tax_year} tax year (${rules.sources.map((s) => s.publisher).join('; ')}): ${[rules.income_tax.name, ...rules.levies.map((l) => l.name)].join('; ')}, ` +
      `for a resident employee with this salary as the only income, worked out over the year. Not included: ${rules.not_included}.`,
    source: sourceOf(rules.sources, rules.year),
  }
}

import type { TakeHome } from '~contract/locations.ts'
import rulesFile from '../../../content/tax-rules/es-2025.json'
import { bracketTax, rounded, sourceOf, type Brackets, type RuleSource } from './common.ts'

type SpanishRules = {
  currency: string
  tax_year: string
  year: number
  sources: RuleSource[]
  social_security: { rate: number; ceiling: number; name: string }
  other_expenses: number
  /** [net work income, reduction] points: the full reduction up to the first, straight lines between them. */
  work_reduction: [number, number][]
  personal_minimum: number
  state_scale: Brackets
  regions: Record<string, { name: string; cities: string[]; scale: Brackets }>
  not_included: string
}

export const spanishRules = rulesFile as unknown as SpanishRules

/** The region whose scale applies to a city, where our rules have it (server/content/tax-rules/es-2025.json). */
export const spanishRegion = (city: string | undefined) =>
  Object.values(spanishRules.regions).find((region) => city !== undefined && region.cities.includes(city))

/** The reduction for work income of Ley 35/2006 art. 20: full to the first point, then straight lines through the others to nil. */
function workReduction(netWork: number) {
  const points = spanishRules.work_reduction
  if (netWork <= points[0]![0]) return points[0]![1]
  const i = points.findIndex(([x]) => x >= netWork)
  if (i === -1) return 0
  const [x0, y0] = points[i - 1]!
  const [x1, y1] = points[i]!
  return y0 + ((y1 - y0) * (netWork - x0)) / (x1 - x0)
}

export function spanishDeductions(gross: number, scale: Brackets) {
  const { social_security, other_expenses, personal_minimum, state_scale } = spanishRules
  const social = Math.min(gross, social_security.ceiling) * social_security.rate
  const netWork = Math.max(0, gross - social - other_expenses)
  const taxable = Math.max(0, netWork - workReduction(netWork))
  const part = (brackets: Brackets) => Math.max(0, bracketTax(brackets, taxable) - bracketTax(brackets, Math.min(personal_minimum, taxable)))
  const stateTax = part(state_scale)
  const regionalTax = part(scale)
  return { social, netWork, taxable, stateTax, regionalTax, total: social + stateTax + regionalTax }
}

export function spanishTakeHome(city: string | undefined, gross: number): TakeHome | null | undefined {
  const region = spanishRegion(city)
  if (!region) return undefined
  if (!(gross > 0)) return null
  const d = spanishDeductions(gross, region.scale)
  const { net, rate } = rounded(gross, d.total)
  return {
    gross,
    net,
    currency: spanishRules.currency,
    rate,
    year: spanishRules.year,
    basis:
      `Spain, ${spanishRules.tax_year}: a single employee on an open-ended contract with this salary as the only income: ${spanishRules.social_security.name}; ` +
      `income tax (IRPF) by the state scale and ${region.name}'s scale on work income less contributions, €2,000 of other expenses and the work-income reduction, ` +
      `less the tax on the €5,550 personal minimum. Not included: ${spanishRules.not_included}.`,
    source: sourceOf(spanishRules.sources, spanishRules.year),
  }
}

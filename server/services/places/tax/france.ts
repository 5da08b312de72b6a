import type { TakeHome } from '~contract/locations.ts'
import rulesFile from '../../../content/tax-rules/fr-2025.json'
import { amount, bracketTax, rounded, sourceOf, type Brackets, type RuleSource } from './common.ts'

/** A contribution on the pay between `from` and `to` ceilings (null: no upper limit), or on the CSG base. */
type Contribution = {
  name: string
  rate: number
  from?: number
  to?: number | null
  csg_base?: boolean
  deductible: boolean
  only_above_ceiling?: boolean
}
type FrenchRules = {
  currency: string
  tax_year: string
  year: number
  sources: RuleSource[]
  ceiling: number
  contributions: Contribution[]
  csg_base: { share: number; abatement_limit_ceilings: number }
  professional_expenses: { rate: number; cap: number }
  brackets: Brackets
  not_included: string
}

export const frenchRules = rulesFile as unknown as FrenchRules

/** Employee contributions, taxable income and income tax of a single person (one part) on a year's gross pay (server/content/tax-rules/fr-2025.json). */
export function frenchDeductions(gross: number) {
  const { ceiling, csg_base, professional_expenses } = frenchRules
  const abated = Math.min(gross, csg_base.abatement_limit_ceilings * ceiling)
  const csgBase = abated * csg_base.share + (gross - abated)
  const contributions = frenchRules.contributions.map((c) => {
    if (c.only_above_ceiling && gross <= ceiling) return { ...c, amount: 0 }
    const base = c.csg_base ? csgBase : Math.max(0, Math.min(gross, c.to == null ? Infinity : c.to * ceiling) - (c.from ?? 0) * ceiling)
    return { ...c, amount: base * c.rate }
  })
  const netTaxable = gross - contributions.filter((c) => c.deductible).reduce((sum, c) => sum + c.amount, 0)
  const taxable = Math.round(netTaxable - Math.min(netTaxable * professional_expenses.rate, professional_expenses.cap))
  const incomeTax = Math.round(bracketTax(frenchRules.brackets, taxable))
  const social = contributions.reduce((sum, c) => sum + c.amount, 0)
  return { contributions, netTaxable, taxable, incomeTax, total: social + incomeTax }
}

export function frenchTakeHome(gross: number): TakeHome | null {
  if (!(gross > 0)) return null
  const d = frenchDeductions(gross)
  const { net, rate } = rounded(gross, d.total)
  return {
    gross,
    net,
    currency: frenchRules.currency,
    rate,
    year: frenchRules.year,
    basis:
      `France, ${frenchRules.tax_year}: a single private-sector employee (non-cadre, one tax part) with this gross salary as the only income: employee social contributions ` +
      `(${frenchRules.contributions.map((c) => c.name).join(', ')}; annual ceiling ${amount('€', frenchRules.ceiling)}) and income tax on net taxable pay less the 10% professional-expenses deduction ` +
      `(0%, 11%, 30%, 41%, 45%). Not included: ${frenchRules.not_included}.`,
    source: sourceOf(frenchRules.sources, frenchRules.year),
  }
}

import type { TakeHome } from '~contract/locations.ts'
import rulesFile from '../../../content/tax-rules/uk-2025-26.json'
import { amount, bracketTax, rounded, sourceOf, type Brackets, type RuleSource } from './common.ts'

type UkRules = {
  currency: string
  tax_year: string
  year: number
  sources: RuleSource[]
  personal_allowance: { amount: number; taper_from: number; taper_rate: number }
  income_tax: Record<'rUK' | 'scotland', { name: string; brackets_taxable: Brackets }>
  national_insurance: { primary_threshold: number; upper_earnings_limit: number; main_rate: number; upper_rate: number }
  nations: { scotland: string[]; wales: string[]; northern_ireland: string[] }
}

export const ukRules = rulesFile as unknown as UkRules

export type UkNation = 'england' | 'scotland' | 'wales' | 'northern_ireland'

/** The nation of a U.K. city by the rules file's lists; England otherwise. */
export function ukNation(city: string | undefined): UkNation | undefined {
  if (!city) return undefined
  const { scotland, wales, northern_ireland } = ukRules.nations
  if (scotland.includes(city)) return 'scotland'
  if (wales.includes(city)) return 'wales'
  if (northern_ireland.includes(city)) return 'northern_ireland'
  return 'england'
}

/** Income tax, National Insurance and what is left of a year's employment income (server/content/tax-rules/uk-2025-26.json). */
export function ukDeductions(gross: number, scottish: boolean) {
  const { personal_allowance: pa, income_tax, national_insurance: ni } = ukRules
  const allowance = Math.max(0, pa.amount - Math.max(0, gross - pa.taper_from) * pa.taper_rate)
  const taxable = Math.max(0, gross - allowance)
  const incomeTax = bracketTax(income_tax[scottish ? 'scotland' : 'rUK'].brackets_taxable, taxable)
  const insurance =
    Math.max(0, Math.min(gross, ni.upper_earnings_limit) - ni.primary_threshold) * ni.main_rate +
    Math.max(0, gross - ni.upper_earnings_limit) * ni.upper_rate
  return { allowance, taxable, incomeTax, insurance, net: gross - incomeTax - insurance }
}

/**
 * U.K. take-home pay of an employee with this salary and no other income: `nation` undefined is the United Kingdom as a whole,
 * taxed at the bands of England, Wales and Northern Ireland (the basis says Scotland differs).
 */
export function ukTakeHome(nation: UkNation | undefined, gross: number): TakeHome | null {
  if (!(gross > 0)) return null
  const scottish = nation === 'scotland'
  const { incomeTax, insurance, allowance } = ukDeductions(gross, scottish)
  const { net, rate } = rounded(gross, incomeTax + insurance)
  const bands = scottish
    ? "Scotland's income tax bands (starter 19% to top 48%)"
    : `the income tax bands of England, Wales and Northern Ireland (20%, 40%, 45%)${nation ? '' : '; Scotland has its own bands'}`
  const ni = ukRules.national_insurance
  return {
    gross,
    net,
    currency: ukRules.currency,
    rate,
    year: ukRules.year,
    basis:
      `U.K. ${ukRules.tax_year} tax year (HMRC rates): ${bands}, after the ${amount('£', ukRules.personal_allowance.amount)} Personal Allowance` +
      `${allowance < ukRules.personal_allowance.amount ? ` (cut to ${amount('£', allowance)} by the taper above £100,000)` : ''}, and employee Class 1 National Insurance ` +
      `(${ni.main_rate * 100}% from ${amount('£', ni.primary_threshold)} to ${amount('£', ni.upper_earnings_limit)}, ${ni.upper_rate * 100}% above), ` +
      `for an employee with this salary and no other income, worked out over the year. Not included: pension contributions, student loan repayments, ` +
      `salary sacrifice, the marriage allowance and other reliefs.`,
    source: sourceOf(ukRules.sources, ukRules.year),
  }
}

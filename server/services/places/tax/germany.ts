import type { TakeHome } from '~contract/locations.ts'
import rulesFile from '../../../content/tax-rules/de-2025.json'
import { amount, rounded, sourceOf, type RuleSource } from './common.ts'

type Contribution = { name: string; rate: number; ceiling: number; deductible_share: number }
type GermanRules = {
  currency: string
  tax_year: string
  year: number
  sources: RuleSource[]
  income_tax: {
    basic_allowance: number
    zone2: { to: number; a: number; b: number }
    zone3: { to: number; a: number; b: number; c: number }
    zone4: { to: number; rate: number; minus: number }
    zone5: { rate: number; minus: number }
  }
  employee_allowance: number
  special_expenses_allowance: number
  solidarity: { rate: number; exempt_tax: number; phase_in: number }
  social_insurance: Contribution[]
  not_included: string
}

export const germanRules = rulesFile as unknown as GermanRules

/** Income tax of § 32a EStG on taxable income (server/content/tax-rules/de-2025.json), in whole euros as the law rounds it. */
export function germanIncomeTax(taxable: number) {
  const { basic_allowance, zone2, zone3, zone4, zone5 } = germanRules.income_tax
  const x = Math.floor(taxable)
  let tax: number
  if (x <= basic_allowance) tax = 0
  else if (x <= zone2.to) {
    const y = (x - basic_allowance) / 10000
    tax = (zone2.a * y + zone2.b) * y
  } else if (x <= zone3.to) {
    const z = (x - zone2.to) / 10000
    tax = (zone3.a * z + zone3.b) * z + zone3.c
  } else if (x <= zone4.to) tax = zone4.rate * x - zone4.minus
  else tax = zone5.rate * x - zone5.minus
  return Math.floor(tax)
}

/** A single employee's contributions, taxable income, income tax and solidarity surcharge for a year's salary. */
export function germanDeductions(gross: number) {
  const contributions = germanRules.social_insurance.map((c) => ({
    name: c.name,
    amount: Math.min(gross, c.ceiling) * c.rate,
    deductible: c.deductible_share,
  }))
  const provision = contributions.reduce((sum, c) => sum + c.amount * c.deductible, 0)
  const taxable = Math.max(0, gross - germanRules.employee_allowance - germanRules.special_expenses_allowance - provision)
  const incomeTax = germanIncomeTax(taxable)
  const { rate, exempt_tax, phase_in } = germanRules.solidarity
  const solidarity = incomeTax <= exempt_tax ? 0 : Math.min(incomeTax * rate, (incomeTax - exempt_tax) * phase_in)
  const social = contributions.reduce((sum, c) => sum + c.amount, 0)
  return { contributions, taxable, incomeTax, solidarity, total: social + incomeTax + solidarity }
}

export function germanTakeHome(gross: number): TakeHome | null {
  if (!(gross > 0)) return null
  const d = germanDeductions(gross)
  const { net, rate } = rounded(gross, d.total)
  return {
    gross,
    net,
    currency: germanRules.currency,
    rate,
    year: germanRules.year,
    basis:
      `Germany's ${germanRules.tax_year} rules for a single, childless employee (tax class I) with this salary as the only income, assessed over the year: ` +
      `income tax by the § 32a EStG formula on the salary less the ${amount('€', germanRules.employee_allowance)} employee allowance, the €36 special-expenses allowance and the deductible ` +
      `social contributions; the solidarity surcharge (none below ${amount('€', germanRules.solidarity.exempt_tax)} of income tax); employee social insurance: ` +
      `${germanRules.social_insurance.map((c) => c.name).join(', ')}, up to the ${amount('€', 96600)} and ${amount('€', 66150)} ceilings. Not included: ${germanRules.not_included}.`,
    source: sourceOf(germanRules.sources, germanRules.year),
  }
}

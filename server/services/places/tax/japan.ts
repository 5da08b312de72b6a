import type { TakeHome } from '~contract/locations.ts'
import rulesFile from '../../../content/tax-rules/jp-2025.json'
import { bracketTax, rounded, sourceOf, type Brackets, type RuleSource } from './common.ts'

type JapaneseRules = {
  currency: string
  tax_year: string
  year: number
  sources: RuleSource[]
  cities: string[]
  social_insurance: { name: string; rate: number; monthly_cap?: number }[]
  /** [pay up to (null: above), rate, amount]: the deduction is pay × rate + amount in the first band the pay falls in. */
  employment_deduction: [number | null, number, number][]
  /** [total income up to (null: above), deduction]. */
  basic_deduction: [number | null, number][]
  income_tax: Brackets
  reconstruction_surtax: number
  resident_tax: { rate: number; basic_deduction: number; adjustment: number; per_capita: number }
  not_included: string
}

export const japaneseRules = rulesFile as unknown as JapaneseRules

const band = <T extends [number | null, ...unknown[]]>(rows: T[], value: number) => rows.find(([upTo]) => upTo === null || value <= upTo)!
const floorTo = (value: number, unit: number) => Math.floor(value / unit) * unit

/** Social insurance, income tax with the reconstruction surtax, and resident tax on a year's pay in Tokyo (server/content/tax-rules/jp-2025.json). */
export function japaneseDeductions(gross: number) {
  const r = japaneseRules
  const social = r.social_insurance.reduce((sum, c) => sum + Math.min(gross, (c.monthly_cap ?? Infinity) * 12) * c.rate, 0)
  const [, rate, plus] = band(r.employment_deduction, gross)
  const employmentIncome = Math.max(0, gross - Math.min(gross, gross * rate + plus))
  const basic = band(r.basic_deduction, employmentIncome)[1]
  const taxable = floorTo(Math.max(0, employmentIncome - social - basic), 1000)
  const incomeTax = floorTo(bracketTax(r.income_tax, taxable) * (1 + r.reconstruction_surtax), 100)
  const residentTaxable = floorTo(Math.max(0, employmentIncome - social - r.resident_tax.basic_deduction), 1000)
  const residentTax =
    residentTaxable > 0 ? Math.max(0, residentTaxable * r.resident_tax.rate - r.resident_tax.adjustment) + r.resident_tax.per_capita : 0
  return { social, employmentIncome, taxable, incomeTax, residentTaxable, residentTax, total: social + incomeTax + residentTax }
}

export function japaneseTakeHome(city: string | undefined, gross: number): TakeHome | null | undefined {
  if (!city || !japaneseRules.cities.includes(city)) return undefined
  if (!(gross > 0)) return null
  const d = japaneseDeductions(gross)
  const { net, rate } = rounded(gross, d.total)
  return {
    gross,
    net,
    currency: japaneseRules.currency,
    rate,
    year: japaneseRules.year,
    basis:
      `Japan, ${japaneseRules.tax_year} (Tokyo): a single employee under 40 with this annual pay as the only income: ${japaneseRules.social_insurance.map((c) => c.name).join(', ')}; ` +
      `income tax (5% to 45%, plus the 2.1% reconstruction surtax) after the employment income deduction, the 2025 basic deduction and the insurance paid; ` +
      `resident tax of 10% after a ¥430,000 basic deduction, plus the ¥5,000 per-capita levy. Not included: ${japaneseRules.not_included}.`,
    source: sourceOf(japaneseRules.sources, japaneseRules.year),
  }
}

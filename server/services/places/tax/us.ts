import type { TakeHome } from '~contract/locations.ts'
import federalFile from '../../../content/tax-rules/us-federal-2025.json'
import localFile from '../../../content/tax-rules/us-local-2025.json'
import statesFile from '../../../content/tax-rules/us-states-2025.json'
import { amount, bracketTax, rounded, sourceOf, type Brackets, type RuleSource } from './common.ts'

type Federal = {
  year: number
  sources: RuleSource[]
  standard_deduction: number
  brackets: Brackets
  fica: {
    social_security: { rate: number; wage_base: number }
    medicare: { rate: number }
    additional_medicare: { rate: number; threshold: number }
  }
}

/** A deduction that shrinks with income: the full amount up to `from`, falling in a straight line to `min` (0 if unset) at `to`. */
type Sliding = { max: number; min?: number; from: number; to: number }
/** A deduction by income steps: the amount of the first step whose `up_to` the income does not pass. */
type Stepped = { steps: [number | null, number][] }
type Amount = number | Sliding | Stepped

/** An employee payroll contribution a state requires (disability, family leave, unemployment): rate on wages, up to a wage cap or a yearly maximum. */
type Contribution = { name: string; rate: number; wage_cap?: number; max?: number }

export type StateRule = {
  name: string
  /** 'none': no tax on wages. */
  kind: 'none' | 'flat' | 'graduated'
  /** 'agi': the state starts from gross pay; 'federal_taxable': from federal taxable income (gross − the federal standard deduction). */
  base?: 'agi' | 'federal_taxable'
  brackets?: Brackets
  standard_deduction?: Amount
  exemption?: Amount
  /** Nonrefundable personal credits in dollars. */
  credits?: Amount
  /** New York's supplemental tax (first worksheet): above `agi_from` the flat `rate` replaces the brackets on taxable income up to `taxable_to`, phased in over `span`. */
  recapture?: { agi_from: number; span: number; taxable_to: number; rate: number }
  /** Fixed amounts a schedule adds once taxable income passes a threshold: [threshold, amount] (Ohio). */
  jumps?: [number, number][]
  /** The state lets federal income tax be deducted (Alabama in full; Oregon up to a cap that shrinks with income). */
  federal_tax_deduction?: { cap?: Amount }
  contributions?: Contribution[]
  /** What the rules here leave out for this state, said in the label. */
  not_modelled?: string
  source: RuleSource
  checked: string
}

export type LocalRule = {
  name: string
  state: string
  /** Cities (place names as in server/content/datasets/places.json) or counties (5-digit FIPS) where it applies to residents. */
  cities?: string[]
  counties?: string[]
  /** 'brackets': on state taxable income; 'share_of_state_tax': a share of the state's tax; 'wages': a rate on wages less an exemption. */
  kind: 'brackets' | 'share_of_state_tax' | 'wages' | 'state_taxable'
  brackets?: Brackets
  rate?: number
  exemption?: number
  /** A yearly flat amount besides (local services tax, occupational privilege tax). */
  flat?: { name: string; amount: number }
  /** Applies only to taxable income above this (Portland-area taxes). */
  above?: number
  source: RuleSource
  checked: string
}

const federal = federalFile as unknown as Federal
const states = (statesFile as unknown as { states: Record<string, StateRule> }).states
const locals = (localFile as unknown as { locals: LocalRule[]; widespread: Record<string, string> }).locals
const widespread = (localFile as unknown as { widespread: Record<string, string> }).widespread

const valueOf = (rule: Amount | undefined, income: number): number => {
  if (rule === undefined) return 0
  if (typeof rule === 'number') return rule
  if ('steps' in rule) return rule.steps.find(([upTo]) => upTo === null || income <= upTo)?.[1] ?? 0
  const min = rule.min ?? 0
  if (income <= rule.from) return rule.max
  if (income >= rule.to) return min
  return rule.max - ((rule.max - min) * (income - rule.from)) / (rule.to - rule.from)
}

const contributionOf = (c: Contribution, wages: number) => Math.min(Math.min(wages, c.wage_cap ?? Infinity) * c.rate, c.max ?? Infinity)

/** Federal income tax and FICA of a single filer with this pay (server/content/tax-rules/us-federal-2025.json). */
export function federalDeductions(gross: number) {
  const taxable = Math.max(0, gross - federal.standard_deduction)
  const incomeTax = bracketTax(federal.brackets, taxable)
  const { social_security: ss, medicare, additional_medicare: extra } = federal.fica
  const socialSecurity = Math.min(gross, ss.wage_base) * ss.rate
  const medicareTax = gross * medicare.rate + Math.max(0, gross - extra.threshold) * extra.rate
  return { taxable, incomeTax, socialSecurity, medicare: medicareTax }
}

/** State income tax, its taxable income and the state's employee payroll contributions (server/content/tax-rules/us-states-2025.json). */
export function stateDeductions(code: string, gross: number, federalTax: number, federalTaxable: number) {
  const rule = states[code]
  if (!rule) return undefined
  const contributions = (rule.contributions ?? []).map((c) => ({ name: c.name, amount: contributionOf(c, gross) }))
  if (rule.kind === 'none' || !rule.brackets) return { rule, taxable: 0, tax: 0, contributions }
  const start = rule.base === 'federal_taxable' ? federalTaxable : gross
  const federalDeduction = rule.federal_tax_deduction
    ? Math.min(federalTax, rule.federal_tax_deduction.cap === undefined ? Infinity : valueOf(rule.federal_tax_deduction.cap, gross))
    : 0
  const taxable = Math.max(0, start - valueOf(rule.standard_deduction, gross) - valueOf(rule.exemption, gross) - federalDeduction)
  const jumps = (rule.jumps ?? []).reduce((sum, [threshold, add]) => sum + (taxable > threshold ? add : 0), 0)
  let scheduled = bracketTax(rule.brackets, taxable) + jumps
  const recapture = rule.recapture
  if (recapture && gross > recapture.agi_from && taxable <= recapture.taxable_to) {
    const share = Math.min(1, Math.round(((gross - recapture.agi_from) / recapture.span) * 10000) / 10000)
    scheduled += (taxable * recapture.rate - scheduled) * share
  }
  const tax = Math.max(0, scheduled - valueOf(rule.credits, gross))
  return { rule, taxable, tax, contributions }
}

/** The local income taxes of a place: its city's or its county's. */
export function localRules(state: string, city: string | undefined, county: string | undefined) {
  return locals.filter((l) => l.state === state && ((city && l.cities?.includes(city)) || (county && l.counties?.includes(county))))
}

export function localTax(rule: LocalRule, gross: number, stateTax: number, stateTaxable: number) {
  const flat = rule.flat?.amount ?? 0
  switch (rule.kind) {
    case 'brackets':
      return bracketTax(rule.brackets ?? [], stateTaxable) + flat
    case 'share_of_state_tax':
      return stateTax * (rule.rate ?? 0) + flat
    case 'state_taxable':
      return Math.max(0, stateTaxable - (rule.above ?? 0)) * (rule.rate ?? 0) + flat
    case 'wages':
      return Math.max(0, gross - (rule.exemption ?? 0)) * (rule.rate ?? 0) + flat
  }
}

const percent = (rate: number) => `${Number((rate * 100).toFixed(3))}%`
const dollars = (rule: Amount, what: string) =>
  typeof rule === 'number'
    ? `${what} ${amount('$', rule)}`
    : `${what} ${amount('$', 'steps' in rule ? rule.steps[0]![1] : rule.max)} (less at higher incomes)`

/** How a state's tax is worked out, in words: rates, where it starts and what it allows. */
function stateTerms(rule: StateRule) {
  const brackets = rule.brackets ?? []
  const rates =
    rule.kind === 'flat' && brackets.length === 1
      ? `flat ${percent(brackets[0]![1])}`
      : `${brackets.filter(([, r]) => r > 0).length} brackets, ${percent(brackets.find(([, r]) => r > 0)?.[1] ?? 0)} to ${percent(brackets.at(-1)![1])}`
  const terms = [
    rates,
    rule.base === 'federal_taxable' ? 'on federal taxable income' : '',
    rule.standard_deduction !== undefined ? dollars(rule.standard_deduction, 'standard deduction') : '',
    rule.exemption !== undefined ? dollars(rule.exemption, 'exemption') : '',
    rule.credits !== undefined ? dollars(rule.credits, 'personal credit') : '',
    rule.federal_tax_deduction ? 'federal income tax deducted' : '',
  ]
  return terms.filter(Boolean).join(', ')
}

/** Everything taken from a year's pay of a single filer living in this state (and city or county), with each line named. */
export function usDeductions(gross: number, state?: string, city?: string, county?: string) {
  const fed = federalDeductions(gross)
  const st = state ? stateDeductions(state, gross, fed.incomeTax, fed.taxable) : undefined
  const localList = state && st ? localRules(state, city, county).map((rule) => ({ rule, amount: localTax(rule, gross, st.tax, st.taxable) })) : []
  const contributions = st?.contributions ?? []
  const total =
    fed.incomeTax +
    fed.socialSecurity +
    fed.medicare +
    (st?.tax ?? 0) +
    contributions.reduce((sum, c) => sum + c.amount, 0) +
    localList.reduce((sum, l) => sum + l.amount, 0)
  return { federal: fed, state: st, locals: localList, total, net: gross - total }
}

/**
 * U.S. take-home pay of a single filer with this salary as their only income, by the 2025 federal rules, FICA, the state's
 * income tax and payroll contributions, and the local income taxes of listed cities and counties; a place without a state
 * (the country) gets the federal part alone, said so.
 */
export function usTakeHome(gross: number, state?: string, city?: string, county?: string): TakeHome | null {
  if (!(gross > 0)) return null
  const d = usDeductions(gross, state, city, county)
  const { net, rate } = rounded(gross, d.total)
  const ss = federal.fica.social_security
  const parts = [
    `federal income tax (single filer, ${amount('$', federal.standard_deduction)} standard deduction)`,
    `Social Security ${ss.rate * 100}% up to the ${amount('$', ss.wage_base)} wage base and Medicare 1.45% (+0.9% above $200,000)`,
  ]
  let stateNote = ' State and local income taxes are not included: the place is the country as a whole, and they differ by state.'
  if (d.state) {
    const rule = d.state.rule
    parts.push(rule.kind === 'none' ? `no ${rule.name} income tax on wages` : `${rule.name} income tax (${stateTerms(rule)})`)
    if (d.state.contributions.length) parts.push(d.state.contributions.map((c) => c.name).join(', '))
    parts.push(...d.locals.map((l) => l.rule.name))
    const missing = !d.locals.length && widespread[state!] ? ` ${widespread[state!]}` : ''
    stateNote = `${rule.not_modelled ? ` ${rule.not_modelled}` : ''}${missing}`
  }
  return {
    gross,
    net,
    currency: 'USD',
    rate,
    year: federal.year,
    basis:
      `U.S. ${federal.year} tax year: ${parts.join('; ')}, for a single filer with this salary as the only income` +
      `${d.state ? ` (rules of the IRS, the SSA and ${d.state.rule.source.publisher}${d.locals.length ? ' and the local tax offices' : ''})` : ''}.${stateNote} ` +
      `Not included: 401(k) and other pre-tax deductions, itemized deductions, tax credits (earned income, child) and any other income.`,
    source: sourceOf(federal.sources, federal.year),
  }
}

import {
  costCategories,
  defaultBedrooms,
  type CostCategory,
  type CostOfLiving,
  type CostOfLivingResult,
  type SalaryNeeded,
  type Source,
  type TakeHome,
} from '~contract/locations.ts'
import type { RppComponents } from '../../content/datasets.ts'
import { Refusal } from '../errors.ts'
import { placeKey, placeUrl, type Datasets, type Place, type Places } from './places.ts'
import { createRents } from './rents.ts'
import { placeNotFound } from './salary.ts'
import { ruledTakeHome } from './tax/index.ts'

/** The model budget's rent line: replaced by a measured rent where one exists. */
const RENT_ITEM = 'Rent of a one-bedroom home'
const HEALTH_ITEM = 'Health insurance and out-of-pocket care'

/** Which BEA price parity scales which budget category. */
const parityOf: Record<CostCategory, keyof RppComponents> = {
  housing: 'housing',
  utilities: 'utilities',
  food: 'goods',
  transport: 'goods',
  health: 'other',
  leisure: 'other',
  other: 'all',
}

/** "the United Kingdom", "Japan". */
const countryPhrase = (name: string) =>
  /^(United |Netherlands|Philippines|Czech Republic|Dominican Republic|Bahamas|Gambia)/.test(name) ? `the ${name}` : name

export const notIncluded =
  'Not included: income tax and social contributions, savings, and one-off moving costs. The figure scales your whole income by the price difference of the monthly budget.'

type Priced = {
  /** Local currency units per U.S. dollar of the baseline, per category. */
  factors: Record<CostCategory, number>
  /** What scales a category's model line, named with its figure and year. */
  basisOf: (category: CostCategory) => string
  currency: string
  method: string
  sources: Source[]
}

export type CostService = ReturnType<typeof createCostOfLiving>

export function createCostOfLiving(data: Datasets, places: Places) {
  const { budget } = data
  const budgetSource: Source = { name: budget.sources[budget.source]!.name, year: budget.year, url: budget.sources[budget.source]!.url }
  const baselineTotal = budget.items.reduce((sum, item) => sum + item.amount, 0)
  const rents = createRents(data)

  /** Units of `code` per U.S. dollar; throws when we have no rate. */
  function perUsd(code: string) {
    const rate = places.currency(code)
    if (!rate) throw new Refusal('invalid', `We have no exchange rate for ${code}.`)
    return rate
  }

  function priced(place: Place): Priced {
    const flat = (factor: number) => Object.fromEntries(costCategories.map((c) => [c, factor])) as Record<CostCategory, number>
    if (place.country.code === 'US') {
      const metro = place.parity
      if (!metro) {
        const why = place.kind === 'country' ? 'the U.S. average' : `U.S. average prices (no BEA price parity for ${place.display})`
        return {
          factors: flat(1),
          basisOf: () => 'U.S. average prices (no price parity applied)',
          currency: 'USD',
          method: `Model budget at ${why}.`,
          sources: [],
        }
      }
      const factors = Object.fromEntries(costCategories.map((c) => [c, metro.rpp[parityOf[c]] / 100])) as Record<CostCategory, number>
      const parityNames: Record<keyof RppComponents, string> = {
        all: 'all items',
        goods: 'goods',
        housing: 'housing',
        utilities: 'utilities',
        other: 'other services',
      }
      return {
        factors,
        basisOf: (category) =>
          `BEA price parity, ${parityNames[parityOf[category]]}, ${metro.area.replace(/^the /, '')} ${metro.year}: ${metro.rpp[parityOf[category]]} (U.S. = 100)`,
        currency: 'USD',
        method:
          `Estimate: the model budget × BEA regional price parities of ${metro.area} (${metro.year}): ` +
          `housing ${metro.rpp.housing}, utilities ${metro.rpp.utilities}, goods ${metro.rpp.goods} (food, transport), ` +
          `other services ${metro.rpp.other} (health, leisure), all items ${metro.rpp.all} (other); U.S. = 100.`,
        sources: [places.priceSource(metro.source, metro.year)],
      }
    }
    const ppp = places.countryPrices(place.country.code)?.ppp
    if (!ppp)
      throw new Refusal('not-found', `We have no price data for ${place.country.name}: the World Bank publishes no purchasing power parity for it.`)
    const regional =
      place.kind === 'city'
        ? data.prices.city_price_levels.find((level) => level.country === place.country.code && level.city === place.city?.name)
        : undefined
    if (regional) {
      const source = data.prices.sources[regional.source]!
      const indexOf = (category: CostCategory) => (category === 'housing' ? regional.housing : regional.all)
      return {
        factors: Object.fromEntries(costCategories.map((c) => [c, (ppp.value * indexOf(c)) / 100])) as Record<CostCategory, number>,
        basisOf: (category) =>
          `World Bank PPP conversion factor for ${place.country.name} ${ppp.year} (${ppp.value} ${place.country.currency} per international dollar, whole economy) × ` +
          `the regional price index of ${regional.area}, ${category === 'housing' ? 'housing' : 'all items'} ${indexOf(category)} (${place.country.name} = 100, ${regional.year})`,
        currency: place.country.currency,
        method:
          `Estimate for ${place.display}: the model budget in U.S. dollars × the World Bank PPP conversion factor (${ppp.year}: ${ppp.value} ${place.country.currency} per international dollar) × ` +
          `the official regional price index of ${regional.area} (${regional.year}: all items ${regional.all}, housing ${regional.housing}; ${place.country.name} = 100).`,
        sources: [places.priceSource(ppp.source, ppp.year), { name: source.name, year: regional.year, url: source.url }],
      }
    }
    const scope = place.kind === 'country' ? place.country.name : `${place.display} (country-level prices of ${place.country.name})`
    return {
      factors: flat(ppp.value),
      basisOf: () =>
        `World Bank PPP conversion factor for ${place.country.name} ${ppp.year}: ${ppp.value} ${place.country.currency} per international dollar (whole economy, not this category)`,
      currency: place.country.currency,
      method:
        `Estimate for ${scope}: the model budget in U.S. dollars × the World Bank PPP conversion factor ` +
        `(${ppp.year}: ${ppp.value} ${place.country.currency} per international dollar).`,
      sources: [places.priceSource(ppp.source, ppp.year)],
    }
  }

  function costOf(
    place: Place,
    household: number,
    chosenCurrency: string,
    bedrooms: number,
  ): CostOfLiving & { usdTotal: number; localPerUsd: number; country: Place['country']; place: Place } {
    const price = priced(place)
    // OECD square-root equivalence scale: a household of n needs √n times one adult's budget.
    const scale = Math.sqrt(household)
    const local = perUsd(price.currency)
    const chosen = perUsd(chosenCurrency)
    const rate = chosen.value / local.value
    const rent = rents.rentFor(place, bedrooms)
    const measuredRent = rent.figures.find((figure) => figure.currency === price.currency)
    const publicCare = budget.public_health_care[place.country.code]
    const dropped: CostOfLiving['dropped'] = publicCare
      ? [
          {
            name: 'health',
            item: HEALTH_ITEM,
            reason: `Health care in ${countryPhrase(place.country.name)} is provided through ${publicCare}: no private insurance line.`,
          },
        ]
      : []
    const items = budget.items
      .filter((item) => !dropped.some((d) => d.item === item.item))
      .map((item) =>
        item.item === RENT_ITEM && measuredRent
          ? { ...item, item: measuredRent.label, amount: measuredRent.amount, basis: `Measured: ${measuredRent.source.name}, ${measuredRent.period}` }
          : {
              ...item,
              amount: Math.round(item.amount * price.factors[item.category as CostCategory] * scale),
              basis: `Model budget (${budgetSource.name.split(':')[0]}) × ${price.basisOf(item.category as CostCategory)}${household > 1 ? ` × √${household}` : ''}`,
            },
      )
    const rentNote = measuredRent
      ? ` Rent is measured: ${measuredRent.label} (${measuredRent.source.name}, ${measuredRent.period}); the other lines are the model budget.`
      : ' Rent is the model budget line: no official rent figure is in our tables for this place.'
    const sumofData = costCategories.map((name) => {
      const amount = items.filter((item) => item.category === name).reduce((sum, item) => sum + item.amount, 0)
      return { name, amount, amount_chosen: Math.round(amount * rate) }
    })
    const total = sumofData.reduce((sum, row) => sum + row.amount, 0)
    const usdTotal = total / local.value
    const rateSources = [local, chosen]
      .filter((r, i, list) => r.code !== 'USD' && list.findIndex((o) => o.code === r.code) === i)
      .map((r) => ({ ...places.priceSource(r.source, r.year), name: `${places.priceSource(r.source, r.year).name} (${r.code})` }))
    const householdNote = household > 1 ? ` Household of ${household}: × √${household} (OECD square-root equivalence scale).` : ''
    return {
      city: { slug: placeKey(place), url: placeUrl(place), name: place.display, kind: place.kind },
      household,
      currency: price.currency,
      chosen_currency: chosenCurrency,
      rate: Number(rate.toPrecision(6)),
      sumofData,
      infoOfLiving: costCategories.map((name) => ({
        name,
        items: items
          .filter((item) => item.category === name)
          .map((item) => ({ name: item.item, amount: item.amount, unit: `${price.currency} per month`, basis: item.basis })),
      })),
      dropped,
      total,
      total_chosen: Math.round(total * rate),
      index: Math.round((usdTotal / (baselineTotal * scale)) * 1000) / 10,
      is_estimate: true,
      method: `${price.method}${householdNote}${rentNote}`,
      rent,
      source: budgetSource,
      sources: [budgetSource, ...price.sources, ...rent.figures.map((figure) => figure.source), ...rateSources],
      usdTotal,
      localPerUsd: local.value,
      country: place.country,
      place,
    }
  }

  const taxSource = budget.sources['oecd-taxing-wages']!
  /**
   * Take-home pay by the country's own rules of the tax year where we have them (./tax/), else at the OECD average rate of a
   * single earner at the average wage: income tax and employee contributions as shares of gross pay (the table gives them as
   * shares of labour cost), said to be a flat-rate approximation.
   */
  function takeHome(place: Place, gross: number): TakeHome | null {
    const country = place.country
    const ruled = ruledTakeHome(place, gross)
    if (ruled !== undefined) return ruled
    if (country.code === 'CA') {
      const province = place.kind === 'city' && place.city ? data.abroadWages.canada.cities[place.city.name] : undefined
      const canadian = province ? canadaTakeHome(province, gross) : null
      if (canadian) return canadian
    }
    const rates = budget.tax_rates.find((rate) => rate.code === country.code)
    if (!rates) return null
    const onGross = (rates.income_tax + rates.employee_ssc) / (100 - rates.employer_ssc)
    return {
      gross,
      net: Math.round(gross * (1 - onGross)),
      currency: country.currency,
      rate: Math.round(onGross * 1000) / 10,
      year: rates.year,
      basis:
        `OECD Taxing Wages ${rates.year}: income tax and employee social contributions of a single earner without children at ` +
        `the average wage in ${countryPhrase(country.name)}, ${(onGross * 100).toFixed(1)}% of gross pay, applied to this income as a flat rate (an approximation: ` +
        `rates rise with income and depend on the household).`,
      source: { name: taxSource.name, year: rates.year, url: taxSource.url },
    }
  }

  const canada = budget.canada_tax
  const craSource = budget.sources[canada.source]!
  /** Tax on `income` by [lower bound, rate] brackets. */
  const bracketTax = (brackets: [number, number][], income: number) =>
    brackets.reduce((tax, [low, rate], i) => tax + Math.max(0, Math.min(income, brackets[i + 1]?.[0] ?? Infinity) - low) * rate, 0)
  /**
   * Canada: the year's federal and provincial brackets with the basic personal amount, the Canada employment amount and the
   * credits for CPP/QPP, EI and QPIP, less those contributions (CPP2 and the enhanced CPP part deducted from taxable income);
   * Ontario's surtax and Health Premium. Other credits and deductions are not counted, and the answer says so.
   */
  function canadaTakeHome(province: string, gross: number): TakeHome | null {
    const rules = canada.provinces[province]
    if (!rules || !(gross > 0)) return null
    const quebec = province === 'QC'
    const pension = quebec ? canada.payroll.qpp : canada.payroll.cpp
    const pension2 = quebec ? canada.payroll.qpp2 : canada.payroll.cpp2
    const ei = quebec ? canada.payroll.eiQuebec : canada.payroll.ei
    const pensionable = Math.max(0, Math.min(gross, pension.ympe) - pension.basicExemption)
    const pensionBase = Math.min(pensionable * pension.baseRate, (pension.maxContribution * pension.baseRate) / pension.rate)
    const pensionFirst = Math.min(pensionable * pension.firstAdditionalRate, (pension.maxContribution * pension.firstAdditionalRate) / pension.rate)
    const second = Math.min(Math.max(0, Math.min(gross, pension2.yampe) - pension.ympe) * pension2.rate, pension2.maxContribution)
    const eiPremium = Math.min(gross, ei.maxInsurable) * ei.rate
    const qpip = quebec ? Math.min(gross, canada.payroll.qpip.maxInsurable) * canada.payroll.qpip.rate : 0
    const contributions = pensionBase + pensionFirst + second + eiPremium + qpip
    const taxable = gross - pensionFirst - second
    const fed = canada.federal
    const bpa = fed.basicPersonalAmount
    const federalBpa =
      taxable <= bpa.phaseoutStart
        ? bpa.max
        : taxable >= bpa.phaseoutEnd
          ? bpa.min
          : bpa.max - ((bpa.max - bpa.min) * (taxable - bpa.phaseoutStart)) / (bpa.phaseoutEnd - bpa.phaseoutStart)
    const contributionCredits = pensionBase + eiPremium + qpip
    let federalTax = Math.max(
      0,
      bracketTax(fed.brackets, taxable) - fed.creditRate * (federalBpa + Math.min(fed.canadaEmploymentAmount, gross) + contributionCredits),
    )
    if (quebec) federalTax *= 1 - fed.quebecAbatement
    const provincialBpa = rules.bpaFollowsFederal ? federalBpa : rules.basicPersonalAmount
    const basic = Math.max(
      0,
      bracketTax(rules.brackets, taxable) -
        rules.creditRate *
          (provincialBpa + (rules.canadaEmploymentAmount ? Math.min(rules.canadaEmploymentAmount, gross) : 0) + (quebec ? 0 : contributionCredits)),
    )
    const surtax = (rules.surtax ?? []).reduce((sum, [threshold, rate]) => sum + Math.max(0, basic - threshold) * rate, 0)
    const segment = [...(rules.healthPremiumSegments ?? [])].reverse().find(([from]) => taxable > from)
    const healthPremium = segment ? Math.min(segment[1] + (taxable - segment[0]) * segment[2], segment[3]) : 0
    const deductions = contributions + federalTax + basic + surtax + healthPremium
    const net = Math.round(gross - deductions)
    const provinceName = data.abroadWages.canada.regions[province] ?? province
    return {
      gross,
      net,
      currency: 'CAD',
      rate: Math.round((deductions / gross) * 1000) / 10,
      year: canada.year,
      basis:
        `Canada's ${canada.year} federal and ${provinceName} income tax brackets for a single employee with this pay and no other income: ` +
        `the basic personal amounts${quebec ? ' and the federal credits for QPP, EI and QPIP contributions' : ', the Canada employment amount and the credits for CPP and EI contributions'}, ` +
        `less those contributions${rules.surtax?.length ? ", with Ontario's surtax and Health Premium" : ''}${quebec ? ' (the federal tax reduced by the Quebec abatement)' : ''}. ` +
        `Other credits and deductions (pension savings, dependants, low-income reductions) are not counted.`,
      source: { name: craSource.name, year: canada.year, url: craSource.url },
    }
  }

  function salaryNeeded(from: ReturnType<typeof costOf>, to: ReturnType<typeof costOf>, salary: number): SalaryNeeded {
    const ratio = to.usdTotal / from.usdTotal
    const neededUsd = (salary / from.localPerUsd) * ratio
    return {
      from: salary,
      to: Math.round(neededUsd * to.localPerUsd),
      to_chosen: Math.round(neededUsd * perUsd(to.chosen_currency).value),
      ratio: Math.round(ratio * 1000) / 1000,
      breakdown: costCategories.map((name, i) => ({ name, from: from.sumofData[i]!.amount_chosen, to: to.sumofData[i]!.amount_chosen })),
      not_included: notIncluded,
      take_home: { from: takeHome(from.place, salary), to: takeHome(to.place, Math.round(neededUsd * to.localPerUsd)) },
    }
  }

  function costOfLiving(query: {
    city: string
    compare?: string
    household: number
    currency?: string
    salary?: number
    bedrooms?: number
  }): CostOfLivingResult {
    const place = places.find(query.city)
    if (!place) throw new Refusal('not-found', placeNotFound)
    const other = query.compare === undefined ? undefined : places.find(query.compare)
    if (query.compare !== undefined && !other) throw new Refusal('not-found', placeNotFound)
    const chosen = query.currency ?? 'USD'
    const bedrooms = query.bedrooms ?? defaultBedrooms(query.household)
    const first = costOf(place, query.household, chosen, bedrooms)
    const second = other ? costOf(other, query.household, chosen, bedrooms) : null
    const strip = ({ usdTotal: _usd, localPerUsd: _rate, country: _country, place: _place, ...rest }: ReturnType<typeof costOf>): CostOfLiving => rest
    return {
      ...strip(first),
      compare: second ? strip(second) : null,
      salary_needed: second && query.salary !== undefined ? salaryNeeded(first, second, query.salary) : null,
    }
  }

  /** The budget total of a place for one adult, in local currency (location pages). */
  function monthlyTotal(place: Place) {
    try {
      const cost = costOf(place, 1, 'USD', 1)
      return { amount: cost.total, currency: cost.currency, method: cost.method }
    } catch {
      return null
    }
  }

  return { costOfLiving, monthlyTotal, rentFor: rents.rentFor, currencies: () => data.prices.currencies.map((c) => c.code) }
}

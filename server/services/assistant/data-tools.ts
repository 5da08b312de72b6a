import type { ChatSource } from '~contract/chat.ts'
import { costCategoryLabels as categoryLabels, type LocationDetail, type SalaryResult, type Source, type Wage } from '~contract/locations.ts'
import type { Log } from '../../log.ts'
import { Refusal } from '../errors.ts'
import type { Library } from '../library/index.ts'
import { relatedArticles, type LocationData, fold, placeKey, placeUrl, type Place } from '../places/index.ts'
import { escapeHtml } from '../../lib/text.ts'
import { matchOccupation, placesIn, resolvePlace, stateNamed } from './data-words.ts'
import { everydayTitleIn } from './occupation-words.ts'
import { compareCosts, rankPrices } from './cost-comparison.ts'
import { costPageUrl, link, money, result, salaryPageUrl, signInUrl, sourceLine, sourceTitle, uniqueSourcesOf, wage } from './tool-text.ts'
import type { Asker, AssistantTools, PayView, ToolResult } from './types.ts'

/*
 * Guests and the data tools. The spec gates salary and cost results in the web tools
 * (loginfrom=salary, loginfrom=cost) while the chat is open to everyone. The assistant keeps
 * to the gate's intent: a guest hears the headline figure only (the median wage; the monthly
 * total), with its source and estimate label, and is invited to sign in for the breakdown on
 * /salary or /living-cost; a signed-in user gets the percentiles, hourly pay and the budget by
 * category. What location pages show (public pages) is open to all.
 */

function salaryAnswer(
  found: SalaryResult,
  asker: Asker,
  unknownPlace: string | undefined,
  want: PayView & { hoursKnown?: boolean } = {},
): ToolResult {
  const { annual, hourly, currency } = found
  const pageUrl = salaryPageUrl(found.occupation.code, found.location.slug)
  const where = found.location.kind === 'country' && found.location.slug === 'united-states' ? 'the United States' : found.location.name
  const lines: string[] = []
  if (unknownPlace) lines.push(`I have no figures for “${escapeHtml(unknownPlace)}”, so these are the U.S. national ones.`)
  if (!annual && !hourly) {
    // No official figure: say so, and never offer a converted one.
    lines.push(
      `<strong>${escapeHtml(found.occupation.title)}</strong> in ${link(found.location.url, where)}: ${escapeHtml(found.fallback ?? 'no official pay figure is in our tables.')}`,
    )
    return result(lines, [
      { title: `Salary Insights: ${found.occupation.title} in ${found.location.name}`, url: pageUrl },
      { title: found.location.name, url: found.location.url },
    ])
  }
  const median = annual?.p50 ?? null
  // BLS counts a full-time year as 2,080 hours; where our area table holds the annual figure only, the hourly one is that quotient, said so.
  const derived = want.hourly && !hourly?.p50 && median && want.hoursKnown ? { value: median.value / 2080, top_coded: median.top_coded } : null
  const hourlyMedian = hourly?.p50 ?? derived
  lines.push(
    `<strong>${escapeHtml(found.occupation.title)}</strong> in ${link(found.location.url, where)}, ${want.hourly && hourlyMedian ? 'pay' : 'per year'} in ${escapeHtml(currency)}:`,
  )
  const medianLine = median
    ? want.hourly && hourlyMedian
      ? `• Median: <strong>${escapeHtml(wage(hourlyMedian, currency, 2))} an hour</strong> (${escapeHtml(wage(median, currency))} a year)`
      : `• Median: <strong>${escapeHtml(wage(median, currency))}</strong> a year`
    : hourlyMedian
      ? `• Median: <strong>${escapeHtml(wage(hourlyMedian, currency, 2))}</strong> an hour (the source publishes no annual figure)`
      : `• Mean: <strong>${escapeHtml(wage(annual?.mean ?? null, currency))}</strong> a year (the source publishes no median)`
  if (asker.signedIn) {
    lines.push(`${medianLine}${median && hourlyMedian && !want.hourly ? ` (${escapeHtml(wage(hourlyMedian, currency, 2))} an hour)` : ''}`)
    const set = annual ?? hourly
    const digits = annual ? 0 : 2
    if (set) {
      lines.push(
        `• 10th percentile ${escapeHtml(wage(set.p10, currency, digits))} · 25th ${escapeHtml(wage(set.p25, currency, digits))} · ` +
          `75th ${escapeHtml(wage(set.p75, currency, digits))} · 90th ${escapeHtml(wage(set.p90, currency, digits))}`,
      )
      lines.push(`• Mean: ${escapeHtml(wage(set.mean, currency, digits))}`)
    }
    if (found.employment) lines.push(`• Employment: ${found.employment.toLocaleString('en-US')} (${escapeHtml(found.area)})`)
  } else {
    lines.push(medianLine)
    // Someone starting out asks where new entrants land: the lower percentiles, the rest behind sign-in.
    const set = want.hourly ? (hourly ?? annual) : (annual ?? hourly)
    const digits = set === annual ? 0 : 2
    if (want.early && set && (set.p10 || set.p25))
      lines.push(
        `• Starting out: pay usually begins in the lower part of the range: 10th percentile ${escapeHtml(wage(set.p10, currency, digits))}, 25th ${escapeHtml(wage(set.p25, currency, digits))}${set === hourly ? ' an hour' : ' a year'}.`,
      )
  }
  if (want.monthly && median && !median.top_coded) {
    // The sources say whether their pay is before tax (OEWS, ASHE) or net of contributions (INSEE's net series).
    const net = /\bnet\b/i.test(`${found.method} ${found.notes.join(' ')} ${found.fallback ?? ''}`)
    lines.push(
      `• About <strong>${escapeHtml(money(median.value / 12, currency))} a month</strong> (the median ÷ 12), ${net ? 'net of employee contributions, as the source publishes it' : 'before tax and deductions (gross pay)'}.`,
    )
  }
  if (found.fallback) lines.push(escapeHtml(found.fallback))
  if (derived) lines.push('The hourly figure is the annual median ÷ 2,080 hours, the full-time year BLS uses to turn hourly pay into annual pay.')
  lines.push(
    found.is_estimate
      ? `<em>An estimate, not a measured local wage.</em> ${escapeHtml(found.method)}`
      : `<em>Measured figures.</em> ${escapeHtml(found.method)}`,
  )
  for (const note of found.notes) lines.push(escapeHtml(note))
  lines.push(sourceLine(found.sources))
  lines.push(
    asker.signedIn
      ? `The chart, hourly pay and comparisons are in ${link(pageUrl, 'Salary Insights')}.`
      : `${link(signInUrl('salary', pageUrl), 'Sign in')} to see the full breakdown (percentiles, hourly pay and the mean) in ${link(pageUrl, 'Salary Insights')}.`,
  )
  const sources: ChatSource[] = [
    { title: `Salary Insights: ${found.occupation.title} in ${where}`, url: pageUrl },
    ...found.sources.map((s) => ({ title: sourceTitle(s), url: s.url })),
    { title: where, url: found.location.url },
  ]
  const note = asker.signedIn
    ? undefined
    : `The person asking is not signed in: give the median${want.early ? ' and the 10th and 25th percentiles shown' : ''} only, do not guess other percentiles, and invite them to sign in (${signInUrl('salary', pageUrl)}) for the full breakdown.`
  return result(lines, sources, note)
}

/** The salary, cost of living and locations tools over the datasets (and the library, for location answers). */
export function createDataTools({
  locations,
  library,
  log,
}: {
  locations: LocationData
  library: Library
  log: Log
}): Required<Pick<AssistantTools, 'salary' | 'costOfLiving' | 'locations' | 'rents'>> {
  const { places, salary, cost } = locations

  /** One adult's budget; null where the service has no prices (it says why only when asked for costs). */
  function monthlyBudget(key: string) {
    try {
      return cost.costOfLiving({ city: key, household: 1 })
    } catch {
      return null
    }
  }

  /** The place's page: the answer of GET /api/locations/{country}/{slug} told in sentences. */
  async function placeAnswer(place: Place): Promise<ToolResult> {
    const url = placeUrl(place)
    const lines: string[] = []
    const kind = place.kind === 'country' ? 'country' : place.kind === 'metro' ? 'U.S. metro area' : `city in ${place.country.name}`
    lines.push(`${link(url, place.display)} ${escapeHtml(place.country.flag)}: a ${escapeHtml(kind)}.`)
    const facts: string[] = []
    if (place.city?.population) facts.push(`population ${place.city.population.toLocaleString('en-US')}`)
    facts.push(`currency ${place.country.currency}`)
    if (place.metro && place.kind === 'city')
      facts.push(`prices of the ${place.metro.name} metro area${place.city?.metro_match === 'nearest' ? ' (the nearest one)' : ''}`)
    lines.push(`• ${escapeHtml(facts.join('; '))}`)
    const sources: Source[] = []
    if (place.parity) {
      const { rpp, year, source } = place.parity
      lines.push(`• Price level (all items, U.S. = 100): ${rpp.all}; housing ${rpp.housing}`)
      sources.push(places.priceSource(source, year))
    } else {
      const level = places.countryPrices(place.country.code)?.price_level
      if (level && place.country.code !== 'US') {
        lines.push(`• Price level of ${escapeHtml(place.country.name)} at market exchange rates (U.S. = 100): ${Math.round(level.value * 1000) / 10}`)
        sources.push(places.priceSource(level.source, level.year))
      }
    }
    const key = placeKey(place)
    const budget = monthlyBudget(key)
    if (budget) {
      const usd = budget.currency === 'USD' ? '' : ` (about ${money(budget.total_chosen, 'USD')})`
      lines.push(`• Estimated monthly budget for one adult: ${escapeHtml(money(budget.total, budget.currency) + usd)}. ${escapeHtml(budget.method)}`)
      sources.push(...budget.sources.filter((s) => !sources.some((known) => known.url === s.url)))
    }
    const rent = cost.rentFor(place, 1)
    for (const figure of rent.figures)
      lines.push(
        `• ${escapeHtml(figure.label)} (${escapeHtml(figure.period)}): ${escapeHtml(money(figure.amount, figure.currency))} a month (measured)`,
      )
    sources.push(...rent.figures.map((f) => f.source).filter((s) => !sources.some((known) => known.url === s.url)))
    if (sources.length > 0) lines.push(sourceLine(sources))
    lines.push(
      `Pay for any occupation there: ${link(`/salary?location=${encodeURIComponent(key)}`, 'Salary Insights')}; living costs: ${link(costPageUrl(key), 'Cost of Living')}.`,
    )
    let articles: LocationDetail['related_articles'] = []
    try {
      articles = relatedArticles(await library.snapshot(), place)
    } catch (error) {
      log.warn('Chat: reading the library for related articles failed', error)
    }
    if (articles.length > 0) lines.push(`From our library: ${articles.map((a) => link(a.url, a.title)).join('; ')}.`)
    return result(lines, [
      { title: place.display, url },
      ...sources.map((s) => ({ title: sourceTitle(s), url: s.url })),
      ...articles.map(({ title, url }) => ({ title, url })),
    ])
  }

  return {
    async salary(job, location, asker, want = {}) {
      const occupation = matchOccupation(salary, job)
      if (!occupation) return null
      const place = location ? resolvePlace(places, location) : undefined
      const key = place ? placeKey(place) : 'united-states'
      try {
        let found = salary.salary(occupation.code, key, 'annual')
        // "Georgia" names a country and a U.S. state: the state's figures when the country has none.
        const state = place?.kind === 'country' && !found.annual && !found.hourly ? stateNamed(places, place.name) : undefined
        if (state) found = salary.salary(occupation.code, placeKey(state), 'annual')
        // An hourly figure from the annual one only for work BLS itself counts in hours (its national table has hourly pay).
        const hoursKnown =
          want.hourly && found.currency === 'USD' && !found.hourly?.p50
            ? Boolean(salary.salary(occupation.code, 'united-states', 'annual').hourly?.p50)
            : false
        return salaryAnswer(found, asker, location && !place ? location : undefined, { ...want, hoursKnown })
      } catch (error) {
        // No price parity for that country: the service says why in words fit for the asker.
        if (!(error instanceof Refusal)) throw error
        return result([escapeHtml(error.message)], [{ title: 'Salary Insights', url: '/salary' }])
      }
    },

    async costOfLiving(city, asker) {
      const place = resolvePlace(places, city)
      if (!place) return null
      const key = placeKey(place)
      let budget
      try {
        budget = cost.costOfLiving({ city: key, household: 1 })
      } catch (error) {
        if (!(error instanceof Refusal)) throw error
        return result([escapeHtml(error.message)], [{ title: 'Cost of Living', url: '/living-cost' }])
      }
      const pageUrl = costPageUrl(key)
      const usd = budget.currency === 'USD' ? '' : ` (about ${money(budget.total_chosen, 'USD')})`
      // What is measured comes first: the official rent of a one-bedroom home, BEA's price level for U.S. places.
      const rent = cost.rentFor(place, 1).figures[0]
      const parity = place.parity
      const lines = [
        ...(rent
          ? [
              `Measured rent: ${escapeHtml(rent.label)} (${escapeHtml(rent.period)}): <strong>${escapeHtml(money(rent.amount, rent.currency))} a month</strong> (${link(rent.source.url, sourceTitle(rent.source))}).`,
            ]
          : []),
        ...(parity
          ? [
              `Measured prices: BEA's all-items regional price parity for ${escapeHtml(parity.area)} is <strong>${parity.rpp.all.toFixed(1)}</strong> (U.S. = 100, ${parity.year}; housing ${parity.rpp.housing.toFixed(1)}).`,
            ]
          : []),
        `Monthly budget for one adult in ${link(budget.city.url, budget.city.name)}: <strong>${escapeHtml(money(budget.total, budget.currency))}</strong>${escapeHtml(usd)}, ` +
          `a price level of ${budget.index} (U.S. average = 100).`,
      ]
      if (asker.signedIn) {
        lines.push(`• ${budget.sumofData.map((row) => `${categoryLabels[row.name]} ${escapeHtml(money(row.amount, budget.currency))}`).join(' · ')}`)
      }
      lines.push(`<em>An estimate, not measured prices.</em> ${escapeHtml(budget.method)}`)
      lines.push(sourceLine(budget.sources))
      lines.push(
        asker.signedIn
          ? `Every item, other household sizes and currencies, and a comparison with another city are in ${link(pageUrl, 'Cost of Living')}.`
          : `${link(signInUrl('cost', pageUrl), 'Sign in')} to see the budget by category, for your household, in ${link(pageUrl, 'Cost of Living')}.`,
      )
      const note = asker.signedIn
        ? undefined
        : `The person asking is not signed in: give the monthly total only and invite them to sign in (${signInUrl('cost', pageUrl)}) for the breakdown by category.`
      return result(
        lines,
        [
          { title: `Cost of Living: ${budget.city.name}`, url: pageUrl },
          ...budget.sources.map((s) => ({ title: sourceTitle(s), url: s.url })),
          { title: budget.city.name, url: budget.city.url },
        ],
        note,
      )
    },

    async rents(keys, bedrooms) {
      const found = keys.map((key) => resolvePlace(places, key)).filter((p): p is Place => Boolean(p))
      const unique = found.filter((p, i) => found.findIndex((q) => placeKey(q) === placeKey(p)) === i).slice(0, 3)
      if (unique.length === 0) return null
      const size = bedrooms === 0 ? 'studio' : `${bedrooms}-bedroom home`
      const lines: string[] = []
      const sources: Source[] = []
      const firsts: { place: Place; amount: number; currency: string }[] = []
      for (const place of unique) {
        const rent = cost.rentFor(place, bedrooms)
        const pageUrl = placeUrl(place)
        if (rent.figures.length === 0) {
          lines.push(`• ${link(pageUrl, place.display)}: no official rent figure for a ${escapeHtml(size)} is in our tables.`)
          continue
        }
        for (const figure of rent.figures)
          lines.push(
            `• ${link(pageUrl, place.display)}: ${escapeHtml(figure.label)} (${escapeHtml(figure.period)}): <strong>${escapeHtml(money(figure.amount, figure.currency))} a month</strong> (measured)`,
          )
        firsts.push({ place, amount: rent.figures[0]!.amount, currency: rent.figures[0]!.currency })
        sources.push(...rent.figures.map((f) => f.source).filter((src) => !sources.some((known) => known.url === src.url)))
      }
      const [a, b] = firsts
      if (a && b && a.currency === b.currency) {
        const [cheap, dear] = a.amount <= b.amount ? [a, b] : [b, a]
        const pct = Math.round(((dear.amount - cheap.amount) / cheap.amount) * 100)
        lines.unshift(
          pct === 0
            ? `Rent is about the same in ${escapeHtml(a.place.display)} and ${escapeHtml(b.place.display)}.`
            : `Rent is lower in <strong>${escapeHtml(cheap.place.display)}</strong>: ${escapeHtml(dear.place.display)} costs about ${pct}% more (${escapeHtml(money(dear.amount, dear.currency))} against ${escapeHtml(money(cheap.amount, cheap.currency))} a month, first figures below).`,
        )
      } else if (a && b) {
        lines.unshift(`The two places rent in different currencies; each is shown in its own (no conversion).`)
      } else lines.unshift(`Rent of a ${escapeHtml(size)}, as officially measured:`)
      if (sources.length > 0) lines.push(sourceLine(sources))
      const key = placeKey(unique[0]!)
      lines.push(`Every living cost, for your household: ${link(costPageUrl(key), 'Cost of Living')}.`)
      return result(lines, [
        ...unique.map((p) => ({ title: p.display, url: placeUrl(p) })),
        ...sources.map((src) => ({ title: sourceTitle(src), url: src.url })),
      ])
    },

    async locations(query) {
      // Only a place named by the words (not the nearest type-ahead hit): "Tell me about
      // internships" must not become a town that starts with "Intern".
      const place = resolvePlace(places, query, { exact: true })
      return place ? placeAnswer(place) : null
    },
  }
}

/** Where `amount` sits among the percentiles: an interpolated percentile, clamped to 5-95. */
export function percentileOf(amount: number, set: { p10: Wage; p25: Wage; p50: Wage; p75: Wage; p90: Wage }): number | null {
  const points = (
    [
      [10, set.p10],
      [25, set.p25],
      [50, set.p50],
      [75, set.p75],
      [90, set.p90],
    ] as const
  )
    .filter(([, w]) => w)
    .map(([p, w]) => [p, w!.value] as const)
  if (points.length < 2) return null
  if (amount <= points[0]![1]) return Math.max(5, points[0]![0] - (amount < points[0]![1] ? 5 : 0))
  const last = points.at(-1)!
  if (amount >= last[1]) return Math.min(95, last[0] + (amount > last[1] ? 5 : 0))
  for (let i = 1; i < points.length; i++) {
    const [p0, v0] = points[i - 1]!
    const [p1, v1] = points[i]!
    if (amount <= v1) return Math.round(p0 + ((amount - v0) / (v1 - v0 || 1)) * (p1 - p0))
  }
  return null
}

const ordinal = (n: number) =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th')}`

/** "between the 25th and 50th percentile" etc.: what a guest hears instead of every figure. */
function band(amount: number, set: { p10: Wage; p25: Wage; p50: Wage; p75: Wage; p90: Wage }): string {
  const cuts = ([10, 25, 50, 75, 90] as const).map((p) => [p, set[`p${p}`]?.value ?? null] as const).filter(([, v]) => v !== null) as [
    number,
    number,
  ][]
  if (cuts.length === 0) return ''
  if (amount < cuts[0]![1]) return `below the ${ordinal(cuts[0]![0])} percentile`
  for (let i = cuts.length - 1; i >= 0; i--) {
    if (amount >= cuts[i]![1])
      return i === cuts.length - 1
        ? `above the ${ordinal(cuts[i]![0])} percentile`
        : `between the ${ordinal(cuts[i]![0])} and ${ordinal(cuts[i + 1]![0])} percentiles`
  }
  return ''
}

/**
 * The offer check, salary comparison and cost comparison tools over the same services as the
 * salary and cost tools (issue 22): figures from the measured tables, with sources and vintage.
 */
export function createComparisonTools({
  locations,
}: {
  locations: LocationData
}): Required<Pick<AssistantTools, 'offerCheck' | 'compareSalaries' | 'compareCosts' | 'rankPrices' | 'occupationIn' | 'placesIn'>> {
  const { places, salary } = locations
  const occupationOf = (job: string) => matchOccupation(salary, job)

  return {
    placesIn: (text) => placesIn(places, text),

    occupationIn(text) {
      // An everyday title ("ER nurse", "junior backend engineer"), else the longest run of words
      // (up to four) that names an occupation or a common job title.
      const everyday = everydayTitleIn(text)
      if (everyday) return everyday
      const words = fold(text).split(' ').filter(Boolean)
      for (let n = Math.min(4, words.length); n > 0; n--) {
        for (let i = 0; i + n <= words.length; i++) {
          const phrase = words.slice(i, i + n).join(' ')
          if (phrase.length < 3) continue
          for (const candidate of [phrase, phrase.replace(/s$/, ''), phrase.replace(/ies$/, 'y')]) {
            const found = salary.findOccupation(candidate)
            if (found && found.code !== '00-0000') return candidate
          }
        }
      }
      return undefined
    },

    async offerCheck(input, asker) {
      const occupation = occupationOf(input.job)
      if (!occupation) return null
      const place = input.location ? resolvePlace(places, input.location) : undefined
      const key = place ? placeKey(place) : 'united-states'
      let found: SalaryResult
      try {
        found = salary.salary(occupation.code, key, input.period === 'hourly' ? 'hourly' : 'annual')
      } catch (error) {
        if (!(error instanceof Refusal)) throw error
        return result([escapeHtml(error.message)], [{ title: 'Salary Insights', url: '/salary' }])
      }
      const pageUrl = salaryPageUrl(found.occupation.code, found.location.slug)
      const where = found.location.kind === 'country' && found.location.slug === 'united-states' ? 'the United States' : found.location.name
      const lines: string[] = []
      if (input.location && !place) lines.push(`I have no figures for “${escapeHtml(input.location)}”, so I compare with the U.S. national ones.`)
      // An hourly offer against annual-only figures: a full-time year of 2,080 hours, the
      // convention BLS uses to turn hourly wages into annual ones.
      const hourlyOffer = input.period === 'hourly' && Boolean(found.hourly?.p50)
      const set = hourlyOffer ? (found.hourly ?? null) : (found.annual ?? null)
      const amount = input.period === 'monthly' ? input.amount * 12 : input.period === 'hourly' && !hourlyOffer ? input.amount * 2080 : input.amount
      const digits = hourlyOffer ? 2 : 0
      const unit = hourlyOffer ? 'an hour' : 'a year'
      const offerText = money(amount, found.currency, digits)
      const sources: ChatSource[] = [
        { title: `Salary Insights: ${found.occupation.title} in ${where}`, url: pageUrl },
        ...found.sources.map((s) => ({ title: sourceTitle(s), url: s.url })),
        { title: where, url: found.location.url },
      ]
      if (!set?.p50) {
        lines.push(
          `We have no measured percentiles for <strong>${escapeHtml(found.occupation.title)}</strong> in ${link(found.location.url, where)}${set?.mean ? `; the mean is ${escapeHtml(wage(set.mean, found.currency, digits))} ${unit}` : ''}. ${escapeHtml(found.fallback ?? '')}`,
        )
        lines.push(sourceLine(found.sources))
        return result(lines, sources)
      }
      if (input.currency && input.currency !== found.currency) {
        lines.push(
          `Your offer is in ${escapeHtml(input.currency)}, but the measured pay for <strong>${escapeHtml(found.occupation.title)}</strong> in ${link(found.location.url, where)} is in ${escapeHtml(found.currency)}: the median is <strong>${escapeHtml(wage(set.p50, found.currency, digits))}</strong> ${unit}. I do not convert currencies for this check; compare it in ${escapeHtml(found.currency)}.`,
        )
        lines.push(sourceLine(found.sources))
        return result(lines, sources)
      }
      const pct = percentileOf(amount, set)
      const median = set.p50.value
      const diff = Math.round(((amount - median) / median) * 100)
      const verdict =
        pct === null
          ? ''
          : input.early && pct >= 10 && pct < 45
            ? 'For someone starting out that is usual: most people begin between the 10th and 50th percentiles and move up with experience. Asking for a little more is still fair.'
            : pct < 25
              ? 'That is low for this work here: well worth negotiating.'
              : pct < 45
                ? 'That is below the middle of the local range: there is room to ask for more, especially with experience or in-demand skills.'
                : pct <= 60
                  ? 'That is about the middle of the local range: a fair offer for typical experience.'
                  : pct < 80
                    ? 'That is above the median: a good offer unless you bring senior experience.'
                    : 'That is near the top of the local range: a strong offer.'
      const position =
        asker.signedIn && pct !== null ? `at about the <strong>${ordinal(pct)} percentile</strong>` : `<strong>${band(amount, set)}</strong>`
      lines.push(
        `Your offer of <strong>${escapeHtml(offerText)}</strong> ${unit} sits ${position} for <strong>${escapeHtml(found.occupation.title)}</strong> in ${link(found.location.url, where)}: ` +
          `${Math.abs(diff)}% ${diff >= 0 ? 'above' : 'below'} the median of <strong>${escapeHtml(wage(set.p50, found.currency, digits))}</strong>. ${verdict}`,
      )
      if (input.period === 'hourly' && !hourlyOffer)
        lines.push(
          `(${escapeHtml(money(input.amount, found.currency, 2))} an hour, counted as ${escapeHtml(offerText)} a year: 2,080 hours, the full-time year BLS uses; the source publishes annual figures here.)`,
        )
      if (input.period === 'monthly')
        lines.push(
          `(${escapeHtml(money(input.amount, found.currency))} a month, counted as ${escapeHtml(offerText)} a year${set.p50 && !set.p50.top_coded ? `; the median is ${escapeHtml(money(set.p50.value / 12, found.currency))} a month` : ''}.)`,
        )
      if (asker.signedIn) {
        lines.push(
          `• 10th percentile ${escapeHtml(wage(set.p10, found.currency, digits))} · 25th ${escapeHtml(wage(set.p25, found.currency, digits))} · median ${escapeHtml(wage(set.p50, found.currency, digits))} · 75th ${escapeHtml(wage(set.p75, found.currency, digits))} · 90th ${escapeHtml(wage(set.p90, found.currency, digits))}`,
        )
      } else {
        lines.push(
          `${link(signInUrl('salary', pageUrl), 'Sign in')} to see every percentile figure (10th to 90th) in ${link(pageUrl, 'Salary Insights')}.`,
        )
      }
      if (found.fallback) lines.push(escapeHtml(found.fallback))
      lines.push(
        `${found.is_estimate ? '<em>An estimate, not a measured local wage.</em>' : '<em>Measured figures</em>'} (${escapeHtml(found.area)}, ${escapeHtml(found.vintage)}). ${sourceLine(found.sources)}`,
      )
      const note = asker.signedIn
        ? undefined
        : 'The person asking is not signed in: give the percentile band and the median only, and invite them to sign in for every percentile.'
      return result(lines, sources, note)
    },

    async compareSalaries(job, first, second, asker) {
      const occupation = occupationOf(job)
      if (!occupation) return null
      const a = resolvePlace(places, first)
      const b = resolvePlace(places, second)
      if (!a || !b) return null
      const rows: { place: Place; found: SalaryResult }[] = []
      for (const place of [a, b]) {
        try {
          rows.push({ place, found: salary.salary(occupation.code, placeKey(place), 'annual') })
        } catch {
          return null
        }
      }
      const lines = [`<strong>${escapeHtml(occupation.title)}</strong>, median pay per year:`]
      const sources: ChatSource[] = []
      for (const { found } of rows) {
        const median = found.annual?.p50 ?? null
        lines.push(
          `• ${link(found.location.url, found.location.name)}: <strong>${escapeHtml(wage(median, found.currency))}</strong> (${escapeHtml(found.area)}, ${escapeHtml(found.vintage)}${found.is_estimate ? ', an estimate' : ''})`,
        )
        sources.push({
          title: `Salary Insights: ${found.occupation.title} in ${found.location.name}`,
          url: salaryPageUrl(found.occupation.code, found.location.slug),
        })
        sources.push(...found.sources.map((s) => ({ title: sourceTitle(s), url: s.url })))
      }
      const [x, y] = rows
      const mx = x!.found.annual?.p50?.value
      const my = y!.found.annual?.p50?.value
      if (mx && my && x!.found.currency === y!.found.currency) {
        const diff = Math.round(((my - mx) / mx) * 100)
        lines.unshift(
          `The median is ${Math.abs(diff)}% ${diff >= 0 ? 'higher' : 'lower'} in ${escapeHtml(y!.found.location.name)} than in ${escapeHtml(x!.found.location.name)}.`,
        )
      } else if (mx && my) {
        lines.unshift('The two places pay in different currencies; I show each in its own (no conversion), so compare living costs too.')
      }
      lines.push(
        `Compare what living costs in each with ${link(costPageUrl(placeKey(a)), 'Cost of Living')}. ${asker.signedIn ? '' : `${link(signInUrl('salary', '/salary'), 'Sign in')} for every percentile.`}`,
      )
      lines.push(sourceLine(uniqueSourcesOf(rows.flatMap((r) => r.found.sources))))
      return result(lines, sources)
    },

    compareCosts: (first, second, asker) => compareCosts(locations, first, second, asker),
    rankPrices: (want) => rankPrices(locations, want),
  }
}

export { costPageUrl, salaryPageUrl, signInUrl, sourceTitle, uniqueSources } from './tool-text.ts'

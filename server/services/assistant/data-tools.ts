import type { ChatSource } from '~contract/chat.ts'
import type { CostCategory, LocationDetail, SalaryResult, Source, Wage } from '~contract/locations.ts'
import type { Log } from '../../log.ts'
import type { Library } from '../library.ts'
import { relatedArticles, type LocationData } from '../location-data.ts'
import { fold, placeKey, placeUrl, type Place, type Places } from '../places.ts'
import { escapeHtml, htmlToText } from './text.ts'
import type { Asker, AssistantTools, ToolResult } from './types.ts'

/*
 * Guests and the data tools. The spec gates salary and cost results in the web tools
 * (loginfrom=salary, loginfrom=cost) while the chat is open to everyone. The assistant keeps
 * to the gate's intent: a guest hears the headline figure only (the median wage; the monthly
 * total), with its source and estimate label, and is invited to sign in for the breakdown on
 * /salary or /living-cost; a signed-in user gets the percentiles, hourly pay and the budget by
 * category. What location pages show (public pages) is open to all.
 */

/** Everyday names of countries that the place search does not know by those words. */
const placeAliases: Record<string, string> = {
  us: 'united-states',
  usa: 'united-states',
  'u s': 'united-states',
  'u s a': 'united-states',
  america: 'united-states',
  'the us': 'united-states',
  'the usa': 'united-states',
  'the united states': 'united-states',
  'the states': 'united-states',
  uk: 'united-kingdom',
  'u k': 'united-kingdom',
  'the uk': 'united-kingdom',
  britain: 'united-kingdom',
  'great britain': 'united-kingdom',
  'the united kingdom': 'united-kingdom',
  england: 'united-kingdom',
}

const categoryLabels: Record<CostCategory, string> = {
  housing: 'Housing',
  food: 'Food',
  transport: 'Transport',
  utilities: 'Utilities',
  health: 'Health',
  leisure: 'Leisure',
  other: 'Other',
}

export const signInUrl = (loginfrom: 'salary' | 'cost', redirect: string) =>
  `/userlogin?loginfrom=${loginfrom}&redirect=${encodeURIComponent(redirect)}`

/** Salary Insights showing exactly this lookup (its `items` search value, as the router writes it). */
export const salaryPageUrl = (code: string, key: string) => `/salary?items=${encodeURIComponent(JSON.stringify([`${code}@${key}`]))}`
export const costPageUrl = (key: string) => `/living-cost?city=${encodeURIComponent(key)}`

/**
 * The place a question names: a dataset key ("japan/tokyo"), an everyday country name, or the
 * best type-ahead match; a phrase with extra words after the name ("Berlin next year") is
 * shortened word by word. `exact`: only a place whose name is the phrase itself.
 */
export function resolvePlace(places: Places, phrase: string, { exact = false } = {}): Place | undefined {
  const byKey = places.find(phrase.trim().toLowerCase())
  if (byKey) return byKey
  const words = fold(phrase).split(' ').filter(Boolean)
  for (let n = words.length; n > 0; n--) {
    const text = words.slice(0, n).join(' ')
    const alias = placeAliases[text]
    if (alias) return places.find(alias)
    const found = places.search({ q: text })
    const named = found.find((place) => fold(place.name) === text || fold(place.display) === text)
    if (named) return named
    if (!exact && found[0]) return found[0]
  }
  return undefined
}

const money = (value: number, currency: string, digits = 0) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)

/** A wage as the source gives it: top-coded values are "at or above" (spec: '>= value'). */
const wage = (w: Wage, currency: string, digits = 0) => (w ? `${w.top_coded ? '>= ' : ''}${money(w.value, currency, digits)}` : 'not published')

/** "Name, year" unless the name already holds the year. */
export const sourceTitle = (source: Source) => (source.name.includes(String(source.year)) ? source.name : `${source.name}, ${source.year}`)

const link = (url: string, title: string) => `<a href="${escapeHtml(url)}">${escapeHtml(title)}</a>`

function sourceLine(sources: Source[]): string {
  return `Source${sources.length > 1 ? 's' : ''}: ${sources.map((s) => link(s.url, sourceTitle(s))).join('; ')}.`
}

/** Each URL once, first title wins (the drawer keys its source list by URL). */
export function uniqueSources(sources: ChatSource[]): ChatSource[] {
  return [...new Map(sources.map((s) => [s.url, s])).values()]
}

/** The tool result: HTML lines for the built-in assistant, their text (with the links spelled out) for a model. */
function result(lines: string[], sources: ChatSource[], note?: string): ToolResult {
  const html = lines.join('\n')
  const unique = uniqueSources(sources)
  const text = [htmlToText(html), '', 'Links to cite:', ...unique.map((s) => `${s.title}: ${s.url}`), ...(note ? ['', note] : [])].join('\n')
  return { html, text, sources: unique }
}

function salaryAnswer(found: SalaryResult, asker: Asker, unknownPlace: string | undefined): ToolResult {
  const { annual, hourly, currency } = found
  const pageUrl = salaryPageUrl(found.occupation.code, found.location.slug)
  const where = found.location.kind === 'country' && found.location.slug === 'united-states' ? 'the United States' : found.location.name
  const lines: string[] = []
  if (unknownPlace) lines.push(`I have no figures for “${escapeHtml(unknownPlace)}”, so these are the U.S. national ones.`)
  if (!annual && !hourly) {
    // No official figure: say so, and never offer a converted one.
    lines.push(`<strong>${escapeHtml(found.occupation.title)}</strong> in ${link(found.location.url, where)}: ${escapeHtml(found.fallback ?? 'no official pay figure is in our tables.')}`)
    return result(lines, [{ title: `Salary Insights: ${found.occupation.title} in ${found.location.name}`, url: pageUrl }, { title: found.location.name, url: found.location.url }])
  }
  lines.push(`<strong>${escapeHtml(found.occupation.title)}</strong> in ${link(found.location.url, where)}, per year in ${escapeHtml(currency)}:`)
  const median = annual?.p50 ?? null
  const hourlyMedian = hourly?.p50 ?? null
  const medianLine = median
    ? `• Median: <strong>${escapeHtml(wage(median, currency))}</strong> a year`
    : hourlyMedian
      ? `• Median: <strong>${escapeHtml(wage(hourlyMedian, currency, 2))}</strong> an hour (the source publishes no annual figure)`
      : `• Mean: <strong>${escapeHtml(wage(annual?.mean ?? null, currency))}</strong> a year (the source publishes no median)`
  if (asker.signedIn) {
    lines.push(`${medianLine}${median && hourlyMedian ? ` (${escapeHtml(wage(hourlyMedian, currency, 2))} an hour)` : ''}`)
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
  } else lines.push(medianLine)
  if (found.fallback) lines.push(escapeHtml(found.fallback))
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
    : `The person asking is not signed in: give the median only, do not guess other percentiles, and invite them to sign in (${signInUrl('salary', pageUrl)}) for the full breakdown.`
  return result(lines, sources, note)
}

/** The salary, cost of living and locations tools over the datasets (and the library, for location answers). */
export function createDataTools({ locations, library, log }: { locations: LocationData; library: Library; log: Log }): Required<
  Pick<AssistantTools, 'salary' | 'costOfLiving' | 'locations'>
> {
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
    if (place.metro && place.kind === 'city') facts.push(`prices of the ${place.metro.name} metro area${place.city?.metro_match === 'nearest' ? ' (the nearest one)' : ''}`)
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
    for (const figure of rent.figures) lines.push(`• ${escapeHtml(figure.label)} (${escapeHtml(figure.period)}): ${escapeHtml(money(figure.amount, figure.currency))} a month (measured)`)
    sources.push(...rent.figures.map((f) => f.source).filter((s) => !sources.some((known) => known.url === s.url)))
    if (sources.length > 0) lines.push(sourceLine(sources))
    lines.push(`Pay for any occupation there: ${link(`/salary?location=${encodeURIComponent(key)}`, 'Salary Insights')}; living costs: ${link(costPageUrl(key), 'Cost of Living')}.`)
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
    async salary(job, location, asker) {
      const occupation = salary.findOccupation(job) ?? salary.searchOccupations(job, 1)[0]
      if (!occupation) return null
      const place = location ? resolvePlace(places, location) : undefined
      const key = place ? placeKey(place) : 'united-states'
      try {
        return salaryAnswer(salary.salary(occupation.code, key, 'annual'), asker, location && !place ? location : undefined)
      } catch (error) {
        // No price parity for that country: the service says why in words fit for the asker.
        const detail = (error as { detail?: unknown }).detail
        if (typeof detail !== 'string') throw error
        return result([escapeHtml(detail)], [{ title: 'Salary Insights', url: '/salary' }])
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
        const detail = (error as { detail?: unknown }).detail
        if (typeof detail !== 'string') throw error
        return result([escapeHtml(detail)], [{ title: 'Cost of Living', url: '/living-cost' }])
      }
      const pageUrl = costPageUrl(key)
      const usd = budget.currency === 'USD' ? '' : ` (about ${money(budget.total_chosen, 'USD')})`
      const lines = [
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

    async locations(query) {
      // Only a place named by the words (not the nearest type-ahead hit): "Tell me about
      // internships" must not become a town that starts with "Intern".
      const place = resolvePlace(places, query, { exact: true })
      return place ? placeAnswer(place) : null
    },
  }
}

import { Refusal } from '../errors.ts'
import { placeKey, type LocationData } from '../places/index.ts'
import { escapeHtml } from '../../lib/text.ts'
import { resolvePlace } from './data-words.ts'
import { link, money, result, signInUrl, sourceLine, sourceTitle, uniqueSourcesOf } from './tool-text.ts'
import type { Asker, ToolResult } from './types.ts'

/**
 * Living costs of two places side by side for one adult: between two U.S. places BEA's measured all-items
 * price levels first, then our model budgets, labelled as estimates.
 */
export async function compareCosts(
  { places, cost }: Pick<LocationData, 'places' | 'cost'>,
  first: string,
  second: string,
  asker: Asker,
): Promise<ToolResult | null> {
  const a = resolvePlace(places, first)
  const b = resolvePlace(places, second)
  if (!a || !b) return null
  let both
  try {
    both = cost.costOfLiving({ city: placeKey(a), compare: placeKey(b), household: 1, currency: 'USD' })
  } catch (error) {
    if (!(error instanceof Refusal)) throw error
    return result([escapeHtml(error.message)], [{ title: 'Cost of Living', url: '/living-cost' }])
  }
  const other = both.compare
  if (!other) return null
  const ratio = other.total_chosen / both.total_chosen
  const diff = Math.round((ratio - 1) * 100)
  const local = (c: { total: number; currency: string; total_chosen: number }) =>
    `${money(c.total, c.currency)}${c.currency === 'USD' ? '' : ` (about ${money(c.total_chosen, 'USD')})`}`
  // Two U.S. places: BEA's measured all-items price levels come first; the budgets are a model.
  const pa = a.parity
  const pb = b.parity
  const measured =
    pa && pb
      ? `<strong>Measured: prices overall are ${Math.abs(Math.round((pb.rpp.all / pa.rpp.all - 1) * 1000) / 10)}% ${pb.rpp.all >= pa.rpp.all ? 'higher' : 'lower'} in ${escapeHtml(b.display)} than in ${escapeHtml(a.display)}</strong>: ` +
        `BEA's all-items regional price parity is ${pb.rpp.all.toFixed(1)} for ${escapeHtml(pb.area)} and ${pa.rpp.all.toFixed(1)} for ${escapeHtml(pa.area)} (U.S. = 100, ${pa.year}).`
      : null
  const lines = [
    ...(measured ? [measured] : []),
    `<strong>${escapeHtml(other.city.name)} costs about ${Math.abs(diff)}% ${diff >= 0 ? 'more' : 'less'} to live in than ${escapeHtml(both.city.name)}</strong> for one adult, by our monthly budgets:`,
    `• ${link(both.city.url, both.city.name)}: <strong>${escapeHtml(local(both))}</strong> a month (the budget's price level ${both.index}, U.S. = 100)`,
    `• ${link(other.city.url, other.city.name)}: <strong>${escapeHtml(local(other))}</strong> a month (the budget's price level ${other.index})`,
  ]
  if (asker.signedIn) {
    const byName = new Map(other.sumofData.map((r) => [r.name, r]))
    lines.push(
      `• Housing: ${escapeHtml(money(both.sumofData.find((r) => r.name === 'housing')?.amount ?? 0, both.currency))} vs ${escapeHtml(money(byName.get('housing')?.amount ?? 0, other.currency))}`,
    )
  }
  lines.push(`<em>Estimates, not measured prices.</em> ${escapeHtml(both.method)}`)
  lines.push(sourceLine(uniqueSourcesOf([...both.sources, ...other.sources])))
  const pageUrl = `/living-cost?city=${encodeURIComponent(placeKey(a))}&compare=${encodeURIComponent(placeKey(b))}`
  lines.push(`Every item side by side, for your household: ${link(asker.signedIn ? pageUrl : signInUrl('cost', pageUrl), 'Cost of Living')}.`)
  return result(lines, [
    { title: `Cost of Living: ${both.city.name} and ${other.city.name}`, url: pageUrl },
    ...[...both.sources, ...other.sources].map((s) => ({ title: sourceTitle(s), url: s.url })),
  ])
}

/** What a ranking asks for: cheapest or dearest, states or metro areas, how many. */
export type PriceRanking = { order: 'cheapest' | 'dearest'; of: 'state' | 'metro'; count: number }

const cheapWords = /\b(cheapest|least expensive|most affordable|lowest cost( of living)?|lowest prices?)\b/i
const dearWords = /\b(most expensive|priciest|dearest|highest cost( of living)?|highest prices?)\b/i

/**
 * "Cheapest state to live in the US?", "most expensive cities in america": a ranking of U.S. states or metro
 * areas by BEA's all-items price level. Null when the question names another country or no kind of place.
 */
export function priceRankingOf(text: string, namesOtherCountry: boolean): PriceRanking | null {
  const order = cheapWords.test(text) ? 'cheapest' : dearWords.test(text) ? 'dearest' : null
  if (!order || namesOtherCountry) return null
  const of = /\bstates?\b/i.test(text) ? 'state' : /\b(cit(y|ies)|metros?|metro areas?|areas?|places?|towns?)\b/i.test(text) ? 'metro' : null
  if (!of) return null
  const count = Number(/\b(?:top\s*)?(\d{1,2})\b/.exec(text)?.[1] ?? 5)
  return { order, of, count: Math.min(Math.max(count, 1), 15) }
}

const beaPage = 'https://www.bea.gov/data/prices-inflation/regional-price-parities-state-and-metro-area'

/** U.S. states or metro areas ranked by BEA's all-items price level, with their housing level beside it. */
export function rankPrices({ places }: Pick<LocationData, 'places'>, want: PriceRanking): ToolResult | null {
  const ranked = places.all
    .filter((place) => place.kind === want.of && place.parity)
    .sort((x, y) => (want.order === 'cheapest' ? 1 : -1) * (x.parity!.rpp.all - y.parity!.rpp.all))
  const first = ranked[0]?.parity
  if (!first) return null
  const shown = ranked.slice(0, want.count)
  const kind = want.of === 'state' ? 'states' : 'metro areas'
  const lines = [
    `<strong>The ${shown.length} ${want.order === 'cheapest' ? 'lowest' : 'highest'}-priced U.S. ${kind}</strong> by BEA's all-items regional price parity (${first.year}; U.S. average = 100), of ${ranked.length} ${want.of === 'state' ? '(the states and the District of Columbia)' : kind}:`,
    ...shown.map(
      (place, i) =>
        `${i + 1}. ${link(`/${place.country.slug}/${place.slug}`, place.display)}: ${place.parity!.rpp.all.toFixed(1)} (housing ${place.parity!.rpp.housing.toFixed(1)})`,
    ),
    'Measured price levels, not rents or budgets: a level of 90 means prices about 10% below the U.S. average. What a move means for you depends on pay there too: compare two places in Cost of Living.',
    `Source: ${link(beaPage, `U.S. Bureau of Economic Analysis, Regional Price Parities by ${want.of === 'state' ? 'State' : 'MSA'}, ${first.year}`)}.`,
  ]
  return result(lines, [
    { title: `U.S. Bureau of Economic Analysis, Regional Price Parities, ${first.year}`, url: beaPage },
    { title: 'Cost of Living', url: '/living-cost' },
  ])
}

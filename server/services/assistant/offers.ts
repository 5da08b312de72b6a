import { escapeHtml } from '../../lib/text.ts'
import type { Place, Places } from '../places/index.ts'
import { placesIn } from './data-words.ts'
import { findMoney, type Money } from './intents.ts'
import type { AssistantTools, ToolResult } from './types.ts'

/**
 * Two job offers side by side: "offer A: 72k, 3% 401k match, 15 days PTO. offer B: 68k, 6% match,
 * 25 days PTO" or "95k in Boston vs 80k in Raleigh". The arithmetic is shown (the match is a share
 * of salary, a day off is a day's pay at 260 working days a year); between two U.S. places the
 * salaries are also put at U.S. average prices with BEA's all-items regional price parities.
 */

export type Offer = { label: string; pay: Money; place?: Place; matchPct?: number; days?: number; bonusPct?: number }

const labelPattern = /\b(?:offer|option|job|company)\s*#?\s*(a|b|c|1|2|3|one|two|three)\b\s*[:=-]?/gi
const number = (text: string) => Number(text.replace(',', '.'))

/** The offers a question compares (two or three), or null when it holds fewer than two with an amount each. */
export function offersIn(text: string, placeOf: (segment: string) => Place | undefined): Offer[] | null {
  const marks = [...text.matchAll(labelPattern)]
  let segments: { label: string; text: string }[] = []
  if (marks.length >= 2)
    segments = marks.map((m, i) => ({
      label: `Offer ${m[1]!.length === 1 ? m[1]!.toUpperCase() : m[1]!.toLowerCase()}`,
      text: text.slice(m.index! + m[0].length, marks[i + 1]?.index ?? text.length),
    }))
  else {
    const parts = text.split(
      /\s+(?:vs\.?|versus)\s+|\s+(?:or|better than|than|compared (?:to|with))\s+(?=(?:an?\s+)?(?:offer\s+(?:of\s+)?)?[$£€]?\d)/i,
    )
    if (parts.length >= 2) segments = parts.slice(0, 3).map((part, i) => ({ label: `Offer ${'ABC'[i]}`, text: part }))
  }
  const offers: Offer[] = []
  for (const segment of segments) {
    const pay = findMoney(segment.text.replace(/\b\d+(?:[.,]\d+)?\s*%/g, ' ').replace(/\b\d+\s*days?\b/gi, ' '))
    if (!pay || pay.amount < 1000) return null
    const match =
      /(\d+(?:[.,]\d+)?)\s*%\s*(?:401\s*\(?k\)?\s*|pension\s*|retirement\s*)?(?:match|matching|pension|employer contribution|contribution)/i.exec(
        segment.text,
      )
    const days = /(\d{1,2})\s*(?:days?|d)\s*(?:of\s*)?(?:pto|vacation|holidays?|annual leave|leave|paid time off|off)\b/i.exec(segment.text)
    const bonus = /(\d+(?:[.,]\d+)?)\s*%\s*(?:annual\s*|target\s*)?bonus/i.exec(segment.text)
    offers.push({
      label: segment.label,
      pay,
      place: placeOf(segment.text),
      ...(match ? { matchPct: number(match[1]!) } : {}),
      ...(days ? { days: Number(days[1]) } : {}),
      ...(bonus ? { bonusPct: number(bonus[1]!) } : {}),
    })
  }
  return offers.length >= 2 ? offers : null
}

const money = (value: number, currency = 'USD') =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(Math.round(value))

/** The offers compared line by line, then what differs, then (two U.S. places) the salaries at U.S. average prices. */
export function compareOffers(offers: Offer[]): ToolResult | null {
  const currency = offers[0]!.pay.currency ?? 'USD'
  if (offers.some((o) => (o.pay.currency ?? currency) !== currency || (o.pay.period ?? 'annual') !== 'annual')) return null
  const rows = offers.map((o) => {
    const salary = o.pay.amount
    const match = o.matchPct ? (salary * o.matchPct) / 100 : 0
    const bonus = o.bonusPct ? (salary * o.bonusPct) / 100 : 0
    return { ...o, salary, match, bonus, total: salary + match + bonus }
  })
  const lines = ['Side by side, per year:']
  for (const r of rows) {
    const parts = [`salary ${money(r.salary, currency)}`]
    if (r.matchPct) parts.push(`${r.matchPct}% retirement match = ${money(r.match, currency)}`)
    if (r.bonusPct) parts.push(`${r.bonusPct}% target bonus = ${money(r.bonus, currency)} (if paid in full)`)
    const where = r.place ? ` in ${escapeHtml(r.place.display)}` : ''
    lines.push(
      `• <strong>${escapeHtml(r.label)}</strong>${where}: ${parts.join(' + ')}${parts.length > 1 ? ` = <strong>${money(r.total, currency)}</strong>` : ''}${r.days ? `; ${r.days} days of paid leave` : ''}`,
    )
  }
  const [a, b] = rows as [(typeof rows)[number], (typeof rows)[number]]
  const [more, less] = a.total >= b.total ? [a, b] : [b, a]
  const gap = more.total - less.total
  lines.push(
    gap < 1
      ? 'In salary and match they are level.'
      : `<strong>${escapeHtml(more.label)}</strong> is ahead by <strong>${money(gap, currency)} a year</strong> in ${more.matchPct || less.matchPct ? 'salary and match' : 'salary'}.`,
  )
  if (a.days !== undefined && b.days !== undefined && a.days !== b.days) {
    const [longer, shorter] = a.days > b.days ? [a, b] : [b, a]
    const extra = longer.days! - shorter.days!
    const worth = (longer.salary / 260) * extra
    lines.push(
      `${escapeHtml(longer.label)} gives ${extra} more days of paid leave, worth about ${money(worth, currency)} at its daily pay (salary ÷ 260 working days).` +
        (longer === less
          ? ` Counting that, the gap is about ${money(Math.abs(gap - worth), currency)} ${gap > worth ? `in favour of ${escapeHtml(more.label)}` : `in favour of ${escapeHtml(longer.label)}`}.`
          : ''),
    )
  }
  const sources: ToolResult['sources'] = []
  const rpp = (o: (typeof rows)[number]) => (o.place?.country.slug === 'united-states' ? o.place.parity : undefined)
  const pa = rpp(a)
  const pb = rpp(b)
  if (pa && pb && a.place && b.place && a.place.slug !== b.place.slug) {
    const real = (o: (typeof rows)[number], p: NonNullable<typeof pa>) => (o.total / p.rpp.all) * 100
    const ra = real(a, pa)
    const rb = real(b, pb)
    const ahead = ra >= rb ? a : b
    lines.push(
      `After local prices: BEA's all-items price level is ${pa.rpp.all.toFixed(1)} in ${escapeHtml(a.place.display)} and ${pb.rpp.all.toFixed(1)} in ${escapeHtml(b.place.display)} (U.S. = 100, ${pa.year}), ` +
        `so ${escapeHtml(a.label)} buys what ${money(ra, currency)} buys at U.S. average prices and ${escapeHtml(b.label)} what ${money(rb, currency)} buys. ` +
        `<strong>${escapeHtml(ahead.label)}${ahead.place ? ` in ${escapeHtml(ahead.place.display)}` : ''}</strong> is ahead by about ${money(Math.abs(ra - rb), currency)} a year in what the pay buys.`,
    )
    lines.push(
      `<strong>Source:</strong> U.S. Bureau of Economic Analysis, Regional Price Parities, ${pa.year}. Rent is the biggest part of the difference: compare both places in <a href="/living-cost">Cost of Living</a>.`,
    )
    sources.push({
      title: `U.S. Bureau of Economic Analysis, Regional Price Parities, ${pa.year}`,
      url: 'https://www.bea.gov/data/prices-inflation/regional-price-parities-state-and-metro-area',
    })
  }
  lines.push(
    'Before tax. Also weigh what the figures leave out: health insurance costs, how fast the match vests, the bonus record, and where each role leads.',
  )
  const html = lines.join('\n')
  return { text: html.replace(/<[^>]*>/g, ''), html, sources }
}

/** The offer comparison over the places we hold (a place named in an offer's own words). */
export function createOfferTools({ places }: { places: Places }): Required<Pick<AssistantTools, 'compareOffers'>> {
  return {
    compareOffers(question) {
      const offers = offersIn(question, (segment) => {
        const key = placesIn(places, segment)[0]
        return key ? places.find(key) : undefined
      })
      return offers ? compareOffers(offers) : null
    },
  }
}

/**
 * What to ask for when countering an offer: about 5 to 10% above it, a common, defensible ask, anchored on the
 * measured figures and said with enthusiasm for the role and room to move on the rest of the package.
 */
export function counterAdvice(offer: Money): string {
  const currency = offer.currency ?? 'USD'
  const round = (value: number) => Math.round(value / (offer.period === 'hourly' ? 0.25 : 500)) * (offer.period === 'hourly' ? 0.25 : 500)
  const low = money(round(offer.amount * 1.05), currency)
  const high = money(round(offer.amount * 1.1), currency)
  const per = offer.period === 'hourly' ? ' an hour' : offer.period === 'monthly' ? ' a month' : ''
  return (
    `<strong>Yes, it is normal to negotiate, and a counter of about 5 to 10% above the offer, ${escapeHtml(low)} to ${escapeHtml(high)}${per}, is a reasonable ask</strong> ` +
    'if the figures below support it. Say you are excited about the role, give your number with the evidence (the measured pay for this job where you would work), ' +
    'and show flexibility: if the salary cannot move, ask about a signing bonus, an earlier pay review, extra leave or a later start date. Get the final offer in writing.'
  )
}

import type { ChatSource } from '~contract/chat.ts'
import type { Source, Wage } from '~contract/locations.ts'
import { escapeHtml } from '../../lib/text.ts'
import { htmlToText } from './text.ts'
import type { ToolResult } from './types.ts'

/** How the data tools write figures, links and sources (server/services/assistant/data-tools.ts and its neighbours). */

export const signInUrl = (loginfrom: 'salary' | 'cost', redirect: string) =>
  `/userlogin?loginfrom=${loginfrom}&redirect=${encodeURIComponent(redirect)}`

/** Salary Insights showing exactly this lookup (its `items` search value, as the router writes it). */
export const salaryPageUrl = (code: string, key: string) => `/salary?items=${encodeURIComponent(JSON.stringify([`${code}@${key}`]))}`
export const costPageUrl = (key: string) => `/living-cost?city=${encodeURIComponent(key)}`

export const money = (value: number, currency: string, digits = 0) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)

/** A wage as the source gives it: top-coded values are "at or above" (spec: '>= value'). */
export const wage = (w: Wage, currency: string, digits = 0) =>
  w ? `${w.top_coded ? '>= ' : ''}${money(w.value, currency, digits)}` : 'not published'

/** "Name, year" unless the name already holds the year. */
export const sourceTitle = (source: Source) => (source.name.includes(String(source.year)) ? source.name : `${source.name}, ${source.year}`)

export const link = (url: string, title: string) => `<a href="${escapeHtml(url)}">${escapeHtml(title)}</a>`

export function sourceLine(sources: Source[]): string {
  return `Source${sources.length > 1 ? 's' : ''}: ${sources.map((s) => link(s.url, sourceTitle(s))).join('; ')}.`
}

/** Each URL once, first title wins (the drawer keys its source list by URL). */
export function uniqueSources(sources: ChatSource[]): ChatSource[] {
  return [...new Map(sources.map((s) => [s.url, s])).values()]
}

/** The tool result: HTML lines for the built-in assistant, their text (with the links spelled out) for a model. */
export function result(lines: string[], sources: ChatSource[], note?: string): ToolResult {
  const html = lines.join('\n')
  const unique = uniqueSources(sources)
  const text = [htmlToText(html), '', 'Links to cite:', ...unique.map((s) => `${s.title}: ${s.url}`), ...(note ? ['', note] : [])].join('\n')
  return { html, text, sources: unique }
}

/** Each source once by page and year. */
export function uniqueSourcesOf(sources: Source[]): Source[] {
  return [...new Map(sources.map((s) => [s.url + s.year, s])).values()]
}

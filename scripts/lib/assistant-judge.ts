// What makes an answer of the assistant useful, for the evaluation sets (issue 22, issue 36):
// every `must` string (case-insensitive, tags stripped), one of `any` when given, one of each
// group of `anyOf`, every `links` prefix as an href, none of `must_not`. A string starting with
// 're:' is a regular expression (case-insensitive).

import { htmlToText as plain } from '../../server/services/assistant/text.ts'

export type EvalEntry = {
  id?: string
  question: string
  kind?: string
  topic?: string
  must?: string[]
  any?: string[]
  anyOf?: string[][]
  links?: string[]
  must_not?: string[]
  history?: { role: 'user' | 'assistant'; text: string }[]
  reference?: string
}

const matches = (text: string, want: string) =>
  want.startsWith('re:') ? new RegExp(want.slice(3), 'iu').test(text) : text.toLowerCase().includes(want.toLowerCase())

/** What a useful answer lacks: an empty list means useful. */
export function judge(entry: EvalEntry, html: string): string[] {
  const text = plain(html).normalize('NFC')
  const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'))
  const missing: string[] = []
  for (const want of entry.must ?? []) if (!matches(text, want)) missing.push(want)
  const groups = [...(entry.any?.length ? [entry.any] : []), ...(entry.anyOf ?? [])]
  for (const group of groups) if (!group.some((want) => matches(text, want))) missing.push(`one of ${group.join(' | ')}`)
  for (const prefix of entry.links ?? []) if (!hrefs.some((h) => h.startsWith(prefix))) missing.push(`link ${prefix}`)
  for (const bad of entry.must_not ?? []) if (matches(text, bad)) missing.push(`not ${bad}`)
  return missing
}

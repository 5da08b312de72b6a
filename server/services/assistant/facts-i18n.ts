import { packs, type FactsPack } from '../../content/study-facts-i18n/index.ts'
import { escapeHtml } from '../../lib/text.ts'
import { factsFor, studyFacts, type FactQuery, type StudyFact } from './facts.ts'
import type { ToolResult } from './types.ts'
import type { Language } from './understand.ts'
import { countryCode } from './world-words.ts'

/**
 * The facts base written out in the asker's language (server/content/study-facts-i18n/): the
 * same rules, numbers and official pages, translated by people, never by a machine at answer
 * time. A fact without a translation in that language leaves the answer to the English path.
 */

const host = (url: string) => new URL(url).hostname.replace(/^www\./, '')

function cite(fact: StudyFact, pack: FactsPack): string {
  const title = pack.facts[fact.id]?.source_title ?? fact.source.title
  // The page's address names the publisher in any language; an English publisher name would not.
  return `<strong>${escapeHtml(pack.ui.source)}:</strong> <a href="${escapeHtml(fact.source.url)}">${escapeHtml(host(fact.source.url))}: “${escapeHtml(title)}”</a> (${escapeHtml(pack.ui.checked)} ${escapeHtml(fact.source.checked)}). ${escapeHtml(pack.ui.rules_change)}`
}

const countryIn = (language: Language, english: string) => {
  const code = countryCode(english)
  try {
    return (code && new Intl.DisplayNames([language], { type: 'region' }).of(code)) || english
  } catch {
    return english
  }
}

const firstSentence = (text: string) => /^.*?[.!?。！？](?=\s|$)|^.*?[。！？]/u.exec(text)?.[0] ?? text

/** The facts that answer `query`, in `language`; null when that language has no translation of every fact the answer needs. */
export function answerFactsIn(query: FactQuery, language: Language): ToolResult | null {
  const pack = packs[language]
  if (!pack) return null
  const facts = factsFor(query)
  const sources = (list: StudyFact[]) =>
    list.map((f) => ({ title: `${host(f.source.url)}: ${pack.facts[f.id]?.source_title ?? f.source.title}`, url: f.source.url }))
  if (facts.length > 0) {
    const shown = facts.slice(0, 3)
    if (!shown.every((f) => pack.facts[f.id])) return null
    const html = shown
      .map((f) => {
        const t = pack.facts[f.id]!
        const points = shown.length === 1 && t.points?.length ? `\n${t.points.map((p) => `• ${escapeHtml(p)}`).join('\n')}` : ''
        return `${escapeHtml(t.answer)}${points}\n${cite(f, pack)}`
      })
      .join('\n\n')
    return { text: html.replace(/<[^>]*>/g, ''), html, sources: sources(shown) }
  }
  if (query.topic === 'tests' || query.topic === 'keyword') return null
  // No country named, or one we hold no rule for: each country's rule in one line, and a question back.
  const all = studyFacts.filter((f) => f.topic === query.topic)
  if (!all.every((f) => pack.facts[f.id])) return null
  const asked =
    query.countries.length > 0 ? `${pack.ui.no_rule.replace('{country}', query.countries.map((c) => countryIn(language, c)).join(' / '))} ` : ''
  const lines = all.map(
    (f) =>
      `• <strong>${escapeHtml(countryIn(language, f.country ?? ''))}:</strong> ${escapeHtml(firstSentence(pack.facts[f.id]!.answer))} (<a href="${escapeHtml(f.source.url)}">${escapeHtml(host(f.source.url))}</a>)`,
  )
  const html = `${escapeHtml(asked)}${escapeHtml(pack.ui.depends)}\n${lines.join('\n')}\n${escapeHtml(pack.ui.ask_country)}`
  return { text: html.replace(/<[^>]*>/g, ''), html, sources: sources(all) }
}

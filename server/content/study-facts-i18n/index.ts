// The facts base (server/content/study-facts.json) in other languages, one file per language,
// written by translators; the assistant answers a question asked in one of them in it
// (server/services/assistant/facts-i18n.ts). tests/server/chat-languages.test.ts checks every
// file holds every fact.

import ar from './ar.json'
import de from './de.json'
import es from './es.json'
import fa from './fa.json'
import fr from './fr.json'
import he from './he.json'
import hi from './hi.json'
import id from './id.json'
import it from './it.json'
import ja from './ja.json'
import ko from './ko.json'
import nl from './nl.json'
import pl from './pl.json'
import pt from './pt.json'
import ru from './ru.json'
import tr from './tr.json'
import uk from './uk.json'
import vi from './vi.json'
import zh from './zh.json'

export type FactTranslation = { answer: string; points?: string[]; source_title: string }
export type FactsPack = {
  language: string
  ui: { source: string; checked: string; rules_change: string; depends: string; ask_country: string; no_rule: string }
  facts: Record<string, FactTranslation>
}

export const packs: Partial<Record<string, FactsPack>> = { ar, de, es, fa, fr, he, hi, id, it, ja, ko, nl, pl, pt, ru, tr, uk, vi, zh }

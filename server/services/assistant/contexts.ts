// The narrower contexts an article or a question names: a profession's own school or test, a
// sector, a country (retrieval.ts ranks an article about a context the question does not name lower).

/**
 * Narrower contexts an article can be about: a profession's own school or admission test, a
 * sector, a country. Such an article answers a general question less well than a general one,
 * unless the question names the context itself.
 */
const contextTerms: RegExp[] = [
  /\bmed(ical)? schools?\b|\bmedicine\b|\bmcat\b|\bamcas\b|\bucat\b/i,
  /\blaw schools?\b|\blsat\b|\blsac\b/i,
  /\bdental\b|\bnursing\b|\bpharmacy\b|\bveterinary\b/i,
  /\bmba\b|\bgmat\b|\bphd\b|\bdoctoral\b/i,
  /\bacademic\b|\bfaculty\b/i,
  /\bmilitary\b|\bveterans?\b/i,
]
let countryPattern: RegExp | undefined
/** Country names (from the runtime's own region names) and the common short forms and demonyms. */
function countries(): RegExp {
  if (countryPattern) return countryPattern
  const names = new Set([
    'US',
    'USA',
    'UK',
    'EU',
    'American',
    'British',
    'Canadian',
    'Australian',
    'German',
    'French',
    'Dutch',
    'Irish',
    'Indian',
    'Chinese',
    'Japanese',
    'Korean',
    'Spanish',
    'Italian',
    'Polish',
    'Brazilian',
    'Mexican',
    'Nigerian',
    'Iranian',
    'Swedish',
    'Swiss',
    'Scottish',
    'Welsh',
    'England',
    'Scotland',
    'Wales',
  ])
  try {
    const display = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })
    for (let a = 65; a <= 90; a++)
      for (let c = 65; c <= 90; c++) {
        const name = display.of(String.fromCharCode(a, c))
        if (name && !/\d/.test(name)) names.add(name.replace(/\s*\(.*\)$/, ''))
      }
  } catch {
    // No region names in this runtime: the short list above still applies.
  }
  names.delete('World')
  const escaped = [...names].filter((n) => n.length >= 2).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  countryPattern = new RegExp(`\\b(${escaped.join('|')})\\b`)
  return countryPattern
}

/** The narrower contexts `text` names (each as its pattern's source, or the country named). */
export function contextsOf(text: string): Set<string> {
  const known = contextCache.get(text)
  if (known) return known
  const found = new Set<string>()
  for (const term of contextTerms) if (term.test(text)) found.add(term.source)
  countriesGlobal ??= new RegExp(countries().source, 'g')
  for (const m of text.matchAll(countriesGlobal)) found.add(m[1]!.toLowerCase())
  // Article titles repeat on every question: their contexts are kept (a few hundred titles).
  if (contextCache.size < 5000) contextCache.set(text, found)
  return found
}
const contextCache = new Map<string, Set<string>>()
let countriesGlobal: RegExp | undefined

import type { LocationData, Place, Places } from '../places/index.ts'
import { fold, placeKey } from '../places/index.ts'
import { occupationPhrases } from './occupation-words.ts'

// Places and occupations named in a question's own words, for the data tools (data-tools.ts).

/** Everyday names of countries that the place search does not know by those words. */
export const placeAliases: Record<string, string> = {
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

/**
 * The place a question names: a dataset key ("japan/tokyo"), an everyday country name, or the
 * best type-ahead match; a phrase with extra words after the name ("Berlin next year") is
 * shortened word by word. `exact`: only a place whose name is the phrase itself.
 */
export function resolvePlace(places: Places, phrase: string, { exact = false } = {}): Place | undefined {
  const byKey = places.find(phrase.trim().toLowerCase())
  if (byKey) return byKey
  // A place named anywhere in the phrase ("nyc? like first few years", "silicon valley (san jose)", "portland oregon").
  const named = exact ? undefined : placesIn(places, phrase)[0]
  if (named) return places.find(named)
  const words = fold(phrase).split(' ').filter(Boolean)
  for (let n = words.length; n > 0; n--) {
    const text = placeNicknames[words.slice(0, n).join(' ')] ?? words.slice(0, n).join(' ')
    const alias = placeAliases[text]
    if (alias) return places.find(alias)
    const found = places.search({ q: text })
    const named = found.find((place) => fold(place.name) === text || fold(place.display) === text)
    if (named) return named
    if (!exact && found[0]) return found[0]
  }
  return undefined
}

/** Everyday names of places the place names do not hold. */
const placeNicknames: Record<string, string> = {
  nyc: 'new york',
  'new york city': 'new york',
  manhattan: 'new york',
  brooklyn: 'new york',
  sf: 'san francisco',
  'san fran': 'san francisco',
  'bay area': 'san francisco',
  philly: 'philadelphia',
  vegas: 'las vegas',
  'washington dc': 'washington',
  dc: 'washington',
  'silicon valley': 'san jose',
  'twin cities': 'minneapolis',
  'the big apple': 'new york',
}
/** Place names that are also everyday words: a place only when written with a capital. */
const commonWords = new Set([
  'mobile',
  'reading',
  'nice',
  'split',
  'bath',
  'orange',
  'independence',
  'temple',
  'normal',
  'sale',
  'wells',
  'bend',
  'surprise',
  'us',
  'march',
  'of',
  'university',
  'college',
  'union',
  'central',
  'media',
  'best',
  'home',
  'hope',
])
const gazetteers = new WeakMap<Places, Map<string, Place>>()
const citiesByName = new WeakMap<Places, Map<string, Place[]>>()

/** Every U.S. city by its folded name ("portland": Portland, OR and Portland, ME). */
function usCitiesNamed(places: Places, name: string): Place[] {
  let names = citiesByName.get(places)
  if (!names) {
    names = new Map()
    for (const place of places.all) {
      if (place.kind !== 'city' || !place.state) continue
      const key = fold(place.name)
      names.set(key, [...(names.get(key) ?? []), place])
    }
    citiesByName.set(places, names)
  }
  return names.get(name) ?? []
}

/**
 * The U.S. city a name means when the words after it name its state ("portland oregon",
 * "Portland, OR", "springfield illinois"): the city and how many words the state took.
 */
function cityInState(places: Places, name: string, after: string[]): { place: Place; words: number } | undefined {
  const cities = usCitiesNamed(places, name)
  if (cities.length === 0) return undefined
  for (let n = Math.min(3, after.length); n > 0; n--) {
    const original = after.slice(0, n).join(' ')
    const phrase = fold(original)
    const city = cities.find((c) => fold(c.state!.name) === phrase || (n === 1 && /^[A-Z]{2}$/.test(original) && c.state!.code === original))
    if (city) return { place: city, words: n }
  }
  return undefined
}

/** The U.S. state of a name that is also a country's ("Georgia"), for a question the country cannot answer. */
export function stateNamed(places: Places, name: string): Place | undefined {
  const folded = fold(name)
  return places.all.find((place) => place.kind === 'state' && fold(place.name) === folded)
}

/** Every place name (folded) to its place, the largest place for a shared name; countries and states by their names too. */
function gazetteer(places: Places): Map<string, Place> {
  let names = gazetteers.get(places)
  if (names) return names
  names = new Map()
  // A country first, then a city of a million or more ("New York" is the city), then a state, then the larger city.
  const size = (p: Place) =>
    p.kind === 'country' ? 1e13 : p.kind === 'state' ? 1e11 : (p.city?.population ?? 0) >= 1e6 ? 1e12 : (p.city?.population ?? 0)
  for (const place of places.all) {
    if (place.kind === 'metro') continue
    const name = fold(place.name)
    const known = names.get(name)
    if (!known || size(place) > size(known)) names.set(name, place)
  }
  gazetteers.set(places, names)
  return names
}

/**
 * The places a text names, in order, as dataset keys: every run of up to four words that is the
 * name of a country, a U.S. state or a city we hold ("houston", "new york", "Toronto"), whatever
 * its case; a small city or a name that is also a word ("Reading") only when capitalised.
 */
export function placesIn(places: Places, text: string): string[] {
  const names = gazetteer(places)
  const words = text.split(/[^\p{L}\p{N}.'’-]+/u).filter(Boolean)
  const found: string[] = []
  for (let i = 0; i < words.length;) {
    let matched = 0
    for (let n = Math.min(4, words.length - i); n > 0 && !matched; n--) {
      const original = words
        .slice(i, i + n)
        .join(' ')
        .replace(/[.'’]+$/, '')
      const phrase = fold(original)
      const alias = placeAliases[phrase] ?? placeAliases[phrase.replace(/\./g, '')]
      const capitalised = /^\p{Lu}/u.test(original)
      if (phrase === 'us' && !/^(US|U\.S\.?)$/.test(original)) continue
      const named = alias ? places.find(alias) : names.get(placeNicknames[phrase] ?? phrase)
      if (!named) continue
      const inState = named.kind === 'city' || named.kind === 'country' ? cityInState(places, phrase, words.slice(i + n)) : undefined
      const place = inState?.place ?? named
      const big = Boolean(inState) || place.kind !== 'city' || (place.city?.population ?? 0) >= 150_000
      if (!capitalised && (commonWords.has(phrase) || !big)) continue
      const key = placeKey(place)
      if (!found.includes(key)) found.push(key)
      matched = n + (inState?.words ?? 0)
    }
    i += matched || 1
  }
  return found
}

/** The occupation a job phrase means: its everyday title's table words, then the phrase with fewer words. */
export function matchOccupation(salary: LocationData['salary'], job: string): { code: string; title: string } | undefined {
  const phrases = occupationPhrases(job)
  // Best phrase first: its exact title, else a title holding every word of it ("secondary school teachers" is
  // "Secondary School Teachers, Except Special…"), before a shorter phrase's exact title ("teacher").
  const holdsAll = (title: string, phrase: string) =>
    phrase.split(/\s+/).every((word) => new RegExp(`\\b${word.replace(/s$/, '').replace(/[^\p{L}\d]/gu, '')}`, 'iu').test(title))
  for (const phrase of phrases) {
    const found = salary.findOccupation(phrase)
    if (found && found.code !== '00-0000') return found
    const near = phrase.includes(' ') ? salary.searchOccupations(phrase, 1)[0] : undefined
    if (near && near.code !== '00-0000' && holdsAll(near.title, phrase)) return near
  }
  for (const phrase of phrases) {
    if (phrase.length < 4) continue
    const found = salary.searchOccupations(phrase, 1)[0]
    if (found && found.code !== '00-0000') return found
  }
  return undefined
}

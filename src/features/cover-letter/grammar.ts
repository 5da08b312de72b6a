/** Small English helpers for the composition engine: articles, lists, numbers, possessives. */

const anLetters = new Set('AEFHILMNORSX')

/** 'a' or 'an' by the sound of the next word: an hour, a university, an MBA, a European firm. */
export function indefiniteArticle(phrase: string): 'a' | 'an' {
  const word = phrase.trim().split(/[\s-]+/)[0] ?? ''
  if (!word) return 'a'
  if (/^\d/.test(word)) return /^(8|11|18)(\D|$)|^8\d/.test(word) ? 'an' : 'a'
  // Acronyms are read letter by letter: an MBA, an SQL course, a UX role.
  if (word.length > 1 && word === word.toUpperCase() && /^[A-Z]+$/.test(word)) return anLetters.has(word[0]!) ? 'an' : 'a'
  const lower = word.toLowerCase()
  if (/^(hour|honest|honou?r|heir)/.test(lower)) return 'an'
  if (/^(uni[^nmd]|use|usu|uti|ura|ure|eu|ewe|one\b|once|ubiq|uk\b)/.test(lower) || lower === 'one') return 'a'
  return /^[aeiou]/.test(lower) ? 'an' : 'a'
}

export const withArticle = (phrase: string) => `${indefiniteArticle(phrase)} ${phrase}`

/** "a", "a and b", "a, b, and c". */
export function joinList(items: string[], conjunction = 'and'): string {
  const clean = items.map((item) => item.trim()).filter(Boolean)
  if (clean.length <= 1) return clean[0] ?? ''
  if (clean.length === 2) return `${clean[0]} ${conjunction} ${clean[1]}`
  return `${clean.slice(0, -1).join(', ')}, ${conjunction} ${clean[clean.length - 1]}`
}

const numberWords = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']

/** "one year", "three years", "12 years". */
export function countOf(n: number, noun: string): string {
  const word = n <= 10 ? numberWords[n]! : String(n)
  return `${word} ${noun}${n === 1 ? '' : 's'}`
}

/** "Acme's", "Acme Industries'". */
export const possessive = (name: string) => (/s$/i.test(name.trim()) ? `${name.trim()}’` : `${name.trim()}’s`)

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Lower-cases the first letter unless the first word is an acronym or a name the user capitalised inside. */
export function lowerFirst(text: string): string {
  const first = text.split(/\s+/)[0] ?? ''
  if (first.length > 1 && first === first.toUpperCase()) return text
  return text.charAt(0).toLowerCase() + text.slice(1)
}

/**
 * A user's clause made to follow "I ...": trimmed, a leading "I " dropped, no final full stop
 * (the sentence adds its own), spaces collapsed.
 */
export function clause(text: string): string {
  return lowerFirst(
    text
      .trim()
      .replace(/\s+/g, ' ')
      .replace(/^I\s+/, '')
      .replace(/[\s.!;,]+$/, ''),
  )
}

/** Makes a finished sentence: capital first letter, one final stop, no doubled spaces. */
export function sentence(text: string): string {
  const tidy = text.replace(/\s+/g, ' ').replace(/\s+([,.!?])/g, '$1').trim()
  const withStop = /[.!?]$/.test(tidy) ? tidy : `${tidy}.`
  return capitalise(withStop)
}

/** "Software Developers" -> "Software Developer": occupation lists name jobs in the plural. */
export function singularTitle(title: string): string {
  const keep = /^(sales|business|analysis|series|physics|economics|arts|news|class|glass|process|services|operations|logistics|statistics|mathematics|graphics|athletics|relations|affairs|works)$/i
  return title
    .split(/(,\s*|\s+and\s+|\s*\/\s*)/)
    .map((segment, index) => {
      if (index % 2 === 1) return segment
      const words = segment.split(' ')
      const last = words[words.length - 1] ?? ''
      if (!last || keep.test(last) || !/s$/i.test(last) || /ss$/i.test(last)) return segment
      let single = last
      if (/ies$/i.test(last)) single = `${last.slice(0, -3)}y`
      else if (/(ches|shes|xes|sses)$/i.test(last)) single = last.slice(0, -2)
      else single = last.slice(0, -1)
      return [...words.slice(0, -1), single].join(' ')
    })
    .join('')
}

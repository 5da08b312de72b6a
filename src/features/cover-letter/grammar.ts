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
      .replace(/^(I\s+)+/, '')
      .replace(/[\s.!;,]+$/, ''),
  )
}

/** Small words a template and an answer can double where they meet ("I I", "as a a", "to to"). */
const joinWords = /(^|[^\p{L}])(I|a|an|the|to|in|at|as|of|for|and|with|my|on|from)\s+\2(?=$|[^\p{L}])/gu

/**
 * Makes a finished sentence: capital first letter, one final stop, no doubled spaces, no doubled
 * small word where a template meets an answer, no doubled stop after an answer's own ("Inc..").
 */
export function sentence(text: string): string {
  let tidy = text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.!?:;])/g, '$1')
    .trim()
  for (let next = tidy.replace(joinWords, '$1$2'); next !== tidy; next = tidy.replace(joinWords, '$1$2')) tidy = next
  tidy = tidy
    .replace(/([^.])\.\.(?=\s|$)/g, '$1.')
    .replace(/[,;:]+(?=[.!?]|$)/g, '')
    .replace(/,,+/g, ',')
  const withStop = /[.!?…]$/.test(tidy) ? tidy : `${tidy}.`
  return capitalise(withStop)
}

/**
 * Words of job titles that are common nouns in running English: "a Teacher" reads as a slip, "a
 * teacher" does not. Only these are lower-cased; anything else (English, Python, Salesforce, UX,
 * iOS, names in any script) keeps the user's capitals.
 */
const roleWords = new Set(
  `teacher teaching assistant aide tutor lecturer professor instructor coach trainer trainee intern apprentice student graduate
  designer design engineer engineering developer development programmer manager management analyst analysis specialist consultant
  coordinator administrator administrative associate executive officer director head lead leader principal senior junior chief
  staff supervisor foreman team member representative agent advisor adviser counselor counsellor therapist psychologist
  nurse nursing registered practical licensed midwife doctor physician surgeon pharmacist pharmacy technician technologist
  medical dental hygienist clinical care caregiver carer health healthcare social worker support services service customer
  client sales marketing account accounts accountant auditor bookkeeper payroll finance financial business operations office
  project product program programme data software web mobile frontend backend front-end back-end full-stack fullstack systems
  system network security cloud platform infrastructure quality assurance test tester research researcher scientist science
  user experience interaction interface visual graphic creative content copywriter writer editor journalist communications
  public relations community event events digital media video photographer artist illustrator animator architect
  electrician plumber carpenter mechanic welder machinist operator driver pilot attendant flight warehouse logistics supply
  chain retail store shop cashier clerk receptionist secretary assistant chef cook kitchen waiter waitress server bartender
  barista housekeeper cleaner janitor guard police firefighter paramedic emergency construction site civil mechanical
  electrical chemical industrial manufacturing production planner buyer strategist recruiter talent acquisition human
  resources legal lawyer attorney paralegal librarian nanny childcare early childhood primary secondary elementary middle
  high school math maths mathematics physics chemistry biology history geography art music drama physical education special
  needs language languages translator interpreter economist statistician actuary underwriter insurance banker teller loan
  estate real broker general volunteer freelance freelancer contractor owner founder partner vice president deputy
  laboratory lab veterinary nutritionist dietitian fitness personal sports stylist hairdresser barber beauty beautician
  gardener landscaper farmer worker labourer laborer technical solutions machine learning devops line sous pastry prep
  shift floor night crew duty charge ward unit teller training learning curriculum youth hotel restaurant front desk call center centre end stack full`.split(
    /\s+/,
  ),
)

/** A job title as it reads mid-sentence: "Senior UX Designer" -> "senior UX designer", "English Teacher" -> "English teacher". */
export function roleNoun(title: string): string {
  return title
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\p{L}[\p{L}'’-]*/gu, (word) => {
      const parts = word.split('-')
      const common = parts.every((part) => /^\p{Lu}\p{Ll}+$/u.test(part) && roleWords.has(part.toLowerCase()))
      return common ? word.toLowerCase() : word
    })
}

/**
 * Words an answer may start with that cannot follow "I" ("My father was ill", "We moved", "After
 * the layoff ..."): such an answer is the user's own sentence and is kept as they framed it.
 */
const ownSentenceStart =
  /^(my|our|we|he|she|they|it|this|that|these|those|there|the|a|an|after|before|during|since|because|when|while|following|due|as|in|on|at|for|with|from|between|once|then|also|both|having|being|mom|mum|dad|mother|father|parent|family|\d)\b/i

/** Whether an answer reads as the rest of a sentence starting with "I". */
export function followsI(answer: string): boolean {
  const text = answer.trim()
  if (!text) return false
  if (/^I\b/.test(text) && !/^I['’]/.test(text)) return true
  // Text in another script is the user's own sentence: it cannot continue an English "I".
  return !ownSentenceStart.test(text) && /^\p{Script=Latin}/u.test(text) && !/[.!?]\s+\p{Lu}/u.test(text)
}

/** "caring for my mother" reads after "I was". */
export const startsWithGerund = (answer: string) => /^(?!(bring|sing|string|spring|swing|cling|sting|wring)\b)\p{L}{2,}ing\b/iu.test(answer.trim())

/** An answer kept as the user's own sentence(s): spaces collapsed, a capital and a final stop. */
export function ownSentence(answer: string): string {
  return sentence(answer.trim().replace(/\s+/g, ' '))
}

/** "Software Developers" -> "Software Developer": occupation lists name jobs in the plural. */
export function singularTitle(title: string): string {
  const keep =
    /^(sales|business|analysis|series|physics|economics|arts|news|class|glass|process|services|operations|logistics|statistics|mathematics|graphics|athletics|relations|affairs|works)$/i
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

/**
 * The importer's text rules, for both of its readers. For resumes made by other tools (infer.ts):
 * glyph clean-up, section-heading vocabulary in several languages, dates and date ranges
 * (localised month names, seasons, "since", "present"), contact patterns with their labels, and
 * the words that tell a job title from an employer and a degree from a school. For our own
 * tagged PDFs (tagged.ts) a few stricter rules that read exactly what the PDF writer prints: the
 * builder's section headings, English month abbreviations, capitals. Where the two readers'
 * rules differ, both are here side by side, the tagged reader's named with `Tagged`.
 * Pure functions, no layout: see layout.ts for that.
 */

/* ------------------------------------------------------------------ clean-up */

/**
 * Icon fonts and private-use glyphs (Font Awesome and friends) carry no text. The dingbats lists
 * use as bullets (✓ ✔ ✗ ❖ ➔ ➢ ➤) stay, for the list reader to see.
 */
const iconGlyph =
  /[\uE000-\uF8FF\u{F0000}-\u{FFFFD}\u{1F300}-\u{1FAFF}\u2600-\u2712\u2715\u2716\u2718-\u2755\u2757-\u2793\u2795-\u27A1\u27A3\u27A5-\u27BF\uFFFD]/gu

/**
 * One piece of page text made plain: Word's hyphen pairs ("-\u00AD\u2010") become one hyphen, a
 * soft hyphen inside a word prints as a hyphen, icon glyphs and control characters go.
 */
export function cleanText(text: string): string {
  return (
    text
      .replace(/[-\u00AD\u2010\u2011]{2,}/g, '-')
      .replace(/(\p{L})\u00AD(?=\p{L})/gu, '$1-')
      .replace(/\u00AD/g, '')
      .replace(/\u2011/g, '-')
      .replace(iconGlyph, ' ')
      // Dot leaders ("Vocational . . . . . . .") are drawing, not text.
      .replace(/(\s*\.){4,}\s*$/g, '')
      .replace(/(\s*\.\s){4,}/g, ' ')
      // Zero-width spaces and byte-order marks go; joiners stay (Persian and Indic scripts need them).
      .replace(/\u200B|\uFEFF/g, '')
      .split('')
      .filter((char) => {
        const code = char.charCodeAt(0)
        return !(code < 9 || (code > 10 && code < 32) || code === 127)
      })
      .join('')
  )
}

/**
 * Words that stand first in a hyphenated compound ("co-founder", "self-taught") and that
 * hyphenation would not leave at a line end of a longer word (not "ex-" of "experience" or "high-"
 * of "highly"): a line break after their hyphen keeps it.
 */
const compoundFirst = /^(co|self|non|cross|well|full|semi|anti|vice|half|cloud|data|user|client|server|mobile|front|hands|fast|easy)$/i
/** Words that stand last in one ("data-driven", "cloud-based", "full-time"), likewise chosen. */
const compoundLast =
  /^(based|driven|oriented|friendly|facing|level|scale|term|time|free|wide|ready|specific|quality|stack|depth|class|founder|founders|author|taught)$/i

/**
 * A line that ends in a hyphen after a letter continues its word on the next line. The hyphen goes
 * when it only broke the word ("Con-" + "sul" -> "Consul") and stays when it is part of the word:
 * "easy-" + "to-use", "co-" + "founder", "data-" + "driven", "Jean-" + "Pierre", "COVID-" + "19".
 * A soft hyphen (U+00AD) always only broke the word.
 */
export function joinLines(previous: string, next: string): string {
  const broken = /(\p{L}+)([-\u00AD])$/u.exec(previous)
  if (!broken || !/^[\p{L}\p{N}]/u.test(next)) return `${previous} ${next}`
  const [, before = '', hyphen] = broken
  const after = /^[\p{L}\p{N}][\p{L}\p{N}-]*/u.exec(next)![0]
  // Hyphenation leaves at least two letters before the break and three after it: "e-" + "mail" and
  // "hands-" + "on" were written with their hyphen.
  const partOfWord =
    hyphen === '-' &&
    (!/^\p{Ll}/u.test(next) || after.includes('-') || before.length < 2 || after.length < 3 || compoundFirst.test(before) || compoundLast.test(after))
  return partOfWord ? previous + next : previous.slice(0, -1) + next
}

export const bulletGlyph = /^\s*(?:[•◦▪▫●○■□‣∙·⋅◆◇►▸▹▶➢➤➔→⁃❯›✓✔✗❖*–—-]|\d{1,2}[.)](?=\s))\s*/u

export const stripBullet = (text: string) => text.replace(bulletGlyph, '')

export const isUpper = (text: string) => /\p{Lu}/u.test(text) && text === text.toUpperCase()
/** The tagged reader's capitals: any letter and nothing lower case (a name in Chinese counts, unlike isUpper). */
export const isUpperTagged = (text: string) => /\p{L}/u.test(text) && text === text.toUpperCase()

/** How many words a piece of text has. */
export const words = (text: string) => text.split(/\s+/).filter(Boolean).length
const smallWords = new Set([
  'a',
  'an',
  'and',
  'at',
  'de',
  'del',
  'der',
  'des',
  'di',
  'du',
  'e',
  'en',
  'et',
  'for',
  'im',
  'in',
  'la',
  'le',
  'of',
  'on',
  'the',
  'to',
  'und',
  'von',
  'y',
  'zu',
])
/** "CONSULTANT CLOUD ET AUTOMATISATION" -> "Consultant Cloud et Automatisation". */
export const titleCase = (text: string) =>
  text
    .toLowerCase()
    .replace(/(^|[\s'’-])(\p{L})/gu, (_, lead: string, letter: string) => lead + letter.toUpperCase())
    .replace(/(?<=\s)(\p{L}+)(?=\s)/gu, (word: string) => (smallWords.has(word.toLowerCase()) ? word.toLowerCase() : word))
/** The tagged reader's title case: every word capitalised ("HEAD OF SALES" -> "Head Of Sales"), unlike titleCase. */
export const titleCaseTagged = (text: string) =>
  text.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_, lead: string, letter: string) => lead + letter.toUpperCase())

/** "Acme, Lyon" -> ["Acme", "Lyon"]: the text before and after the last `separator` ("" when there is none). */
export const splitLast = (text: string, separator: string): [string, string] => {
  const at = text.lastIndexOf(separator)
  return at === -1 ? [text, ''] : [text.slice(0, at), text.slice(at + separator.length)]
}

/* ------------------------------------------------------------------ headings (our own PDFs; other tools' in headings.ts) */

/** Our own PDFs' section titles, English, as the builder's section keys (see headingKey). */
const headingKeys: [RegExp, string][] = [
  [/^(summary|profile|professional summary|professional profile|about( me)?|objective|career objective)$/i, 'summary'],
  [/^(experience|work experience|professional experience|employment( history)?|work history|career history)$/i, 'experience'],
  [/^(education|academic background|education and training)$/i, 'education'],
  [/^(skills|technical skills|core skills|key skills|competencies)$/i, 'skills'],
  [/^languages?$/i, 'languages'],
  [/^(conferences|talks|speaking|presentations)$/i, 'conferences'],
  [/^(portfolio|projects)$/i, 'portfolio'],
  [/^(honors and awards|honours and awards|honors|honours|awards)$/i, 'honors'],
  [/^(affiliations|memberships|professional affiliations)$/i, 'affiliations'],
  [/^(licenses and certifications|licences and certifications|certifications|certificates|licenses|licences)$/i, 'licenses'],
]

/** "S U M M A R Y" and "Work  Experience" read as "SUMMARY" and "Work Experience" (the tagged reader's headingText). */
export const normaliseHeading = (text: string) =>
  text
    .replace(/\b(\w) (?=\w\b)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()

/** The builder's section key ("experience", "honors", ...) a heading of our own PDFs names, or null. */
export function headingKey(title: string): string | null {
  const text = normaliseHeading(title).replace(/:$/, '')
  return headingKeys.find(([pattern]) => pattern.test(text))?.[1] ?? null
}

/* ------------------------------------------------------------------ dates */

/** Month names and abbreviations, lower case, without dots: English, French, German, Spanish, Italian, Portuguese, Dutch, Polish, Turkish (Russian and Indonesian below). */
const monthNames: string[][] = [
  [
    'jan',
    'january',
    'janv',
    'janvier',
    'januar',
    'jänner',
    'jän',
    'ene',
    'enero',
    'gen',
    'gennaio',
    'janeiro',
    'januari',
    'styczeń',
    'sty',
    'ocak',
    'oca',
  ],
  [
    'feb',
    'february',
    'févr',
    'fevr',
    'février',
    'fevrier',
    'februar',
    'febrero',
    'febbraio',
    'fev',
    'fevereiro',
    'februari',
    'luty',
    'lut',
    'şubat',
    'şub',
    'subat',
  ],
  ['mar', 'march', 'mars', 'märz', 'marz', 'mrz', 'marzo', 'março', 'maart', 'marzec', 'mart'],
  ['apr', 'april', 'avr', 'avril', 'abr', 'abril', 'aprile', 'kwiecień', 'kwi', 'nisan', 'nis'],
  ['may', 'mai', 'mayo', 'maggio', 'maio', 'mei', 'maj', 'mayıs', 'mayis'],
  ['jun', 'june', 'juin', 'juni', 'junio', 'giu', 'giugno', 'junho', 'czerwiec', 'cze', 'haziran', 'haz'],
  ['jul', 'july', 'juil', 'juillet', 'juli', 'julio', 'lug', 'luglio', 'julho', 'lipiec', 'lip', 'temmuz', 'tem'],
  ['aug', 'august', 'août', 'aout', 'ago', 'agosto', 'augustus', 'sierpień', 'sie', 'ağustos', 'ağu', 'agustos'],
  ['sep', 'sept', 'september', 'septembre', 'septiembre', 'set', 'sett', 'settembre', 'setembro', 'wrzesień', 'wrz', 'eylül', 'eyl', 'eylul'],
  ['oct', 'october', 'octobre', 'okt', 'oktober', 'octubre', 'ott', 'ottobre', 'out', 'outubro', 'październik', 'paź', 'ekim', 'eki'],
  ['nov', 'november', 'novembre', 'noviembre', 'novembro', 'listopad', 'lis', 'kasım', 'kasim', 'kas'],
  [
    'dec',
    'december',
    'déc',
    'dec',
    'décembre',
    'decembre',
    'dez',
    'dezember',
    'dic',
    'diciembre',
    'dicembre',
    'dezembro',
    'grudzień',
    'gru',
    'aralık',
    'aralik',
    'ara',
  ],
]
/** The same months in Russian and Indonesian (full, genitive and short forms). */
const moreMonthNames: string[][] = [
  ['январь', 'января', 'янв', 'januari'],
  ['февраль', 'февраля', 'фев', 'februari'],
  ['март', 'марта', 'maret'],
  ['апрель', 'апреля', 'апр'],
  ['май', 'мая', 'mei'],
  ['июнь', 'июня', 'июн', 'juni'],
  ['июль', 'июля', 'июл', 'juli'],
  ['август', 'августа', 'авг', 'agustus', 'agu', 'agt'],
  ['сентябрь', 'сентября', 'сен', 'сент'],
  ['октябрь', 'октября', 'окт'],
  ['ноябрь', 'ноября', 'ноя', 'нояб'],
  ['декабрь', 'декабря', 'дек', 'desember'],
]
const monthIndex = new Map<string, number>()
monthNames.forEach((names, i) => names.forEach((name) => monthIndex.set(name, i + 1)))
moreMonthNames.forEach((names, i) => names.forEach((name) => monthIndex.set(name, i + 1)))
const seasons: Record<string, number> = {
  spring: 3,
  summer: 6,
  fall: 9,
  autumn: 9,
  winter: 12,
  frühling: 3,
  sommer: 6,
  herbst: 9,
  été: 6,
  printemps: 3,
  automne: 9,
  hiver: 12,
}

const monthWord = `(?:${[...monthIndex.keys(), ...Object.keys(seasons)].sort((a, b) => b.length - a.length).join('|')})\\.?`
const year = `(?:19|20)\\d{2}`
/** One date as printed: "2015 年 3 月", "Sep. 2023", "03/2021", "2021.06", "2021-06", "2021-06-01", "14.06.2021", "2021", "Summer 2022", "März 2019". */
const oneDate = `(?<![\\p{L}\\d./])(?:${year}\\s*[年년]\\s*(?:0?[1-9]|1[0-2])\\s*[月월]|${monthWord}\\s*(?:['’]|[/-]\\s*)?${year}|(?:0?[1-9]|[12]\\d|3[01])\\.(?:0?[1-9]|1[0-2])\\.${year}|(?:0?[1-9]|1[0-2])\\s*[/.]\\s*${year}|${year}\\s*[./-]\\s*(?:0[1-9]|1[0-2])(?:[./-](?:0[1-9]|[12]\\d|3[01]))?(?!\\d)|${year}(?![\\d]|\\.\\d))`
const presentWord = `(?:present|presente|présent|now|current|currently|today|ongoing|date|heute|aktuell|jetzt|dato|aujourd'hui|actuel|actualidad|actual|hoy|oggi|in corso|atual|atualmente|obecnie|nu|heden|devam ediyor|günümüz|halen|настоящее время|сейчас|н\\.\\s?в\\.|sekarang|saat ini|hiện tại|至今|现在|現在|今)`
const rangeDash = `\\s*(?:[-–—‑‐~～〜]|\\bto\\b|\\bbis\\b|\\bau\\b|\\bà\\b|\\ba\\b|\\bal\\b|\\bhasta\\b|\\buntil\\b|\\btill\\b|→)\\s*|\\s+`
const sinceWord = `(?:since|seit|depuis|desde|dal|od|sinds|从)`
const expectedWord = `(?:expected(?: graduation)?|anticipated|grad(?:uated|uation)?\\.?|graduating|voraussichtlich|prévu|mezuniyet)`

/** A date range (or one date) anywhere in a piece of text. */
export const datePattern = new RegExp(
  `(?:${sinceWord}\\s+${oneDate}|(?:${expectedWord}:?\\s*)?${oneDate}(?:(?:${rangeDash})(?:${oneDate}|${presentWord}(?![\\p{L}\\p{N}])))?)`,
  'iu',
)
const wholeDate = new RegExp(`^[\\s(|,·•–-]*${datePattern.source}[\\s)|,.·•]*$`, 'iu')

/** "Mar 2021" -> "2021-03", "03/2021" -> "2021-03", "2021.06" -> "2021-06", "2021" and "Summer 2021" -> "2021"; else "". */
export function parseMonth(text: string): string {
  const value = text.trim().toLowerCase().replace(/['’]/g, '')
  let match = new RegExp(`^(${monthWord})\\s*[/-]?\\s*(${year})$`, 'iu').exec(value)
  if (match) {
    const word = match[1]!.replace(/\.$/, '')
    // "Summer 2022" names no month: the year is what is known.
    if (seasons[word]) return match[2]!
    const month = monthIndex.get(word)
    return month ? `${match[2]}-${String(month).padStart(2, '0')}` : ''
  }
  // "2015 年 3 月", "2014年04月", "2015년 3월": Chinese, Japanese and Korean year and month.
  match = new RegExp(`^(${year})\\s*[年년]\\s*(0?[1-9]|1[0-2])\\s*[月월]$`).exec(value)
  if (match) return `${match[1]}-${match[2]!.padStart(2, '0')}`
  // "14.06.2021" (day, month, year) and "2021-06-14" (ISO): the month; the day is more than the builder keeps.
  match = new RegExp(`^(?:0?[1-9]|[12]\\d|3[01])\\.(0?[1-9]|1[0-2])\\.(${year})$`).exec(value)
  if (match) return `${match[2]}-${match[1]!.padStart(2, '0')}`
  match = new RegExp(`^(${year})-(0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])$`).exec(value)
  if (match) return `${match[1]}-${match[2]}`
  match = new RegExp(`^(0?[1-9]|1[0-2])\\s*[/.]\\s*(${year})$`).exec(value)
  if (match) return `${match[2]}-${match[1]!.padStart(2, '0')}`
  match = new RegExp(`^(${year})\\s*[./-]\\s*(0[1-9]|1[0-2])$`).exec(value)
  if (match) return `${match[1]}-${match[2]}`
  return new RegExp(`^${year}$`).test(value) ? value : ''
}

export type DateRange = { start: string; end: string; current: boolean; single: boolean }

/** "Sep. 2023 – Mar. 2024", "2019–2021", "since 2022", "June 2023 - Present", "Expected June 2023". */
export function parseDateRange(text: string): DateRange {
  const value = cleanText(text).trim()
  const since = new RegExp(`^${sinceWord}\\s+(${oneDate})`, 'iu').exec(value)
  if (since) return { start: parseMonth(since[1]!), end: '', current: true, single: false }
  const dates = [...value.matchAll(new RegExp(oneDate, 'giu'))].map((m) => m[0])
  const current = new RegExp(`${presentWord}\\s*$`, 'iu').test(value)
  if (dates.length >= 2) return { start: parseMonth(dates[0]!), end: parseMonth(dates[1]!), current: false, single: false }
  if (dates.length === 1) return { start: parseMonth(dates[0]!), end: '', current, single: !current }
  return { start: '', end: '', current: false, single: false }
}

/** A date as the builder stores it: at the precision printed ("2021-03", or "2021" when only the year is printed). */
export const toMonth = (value: string) => value

/** The first date range in a piece of text, with where it sits. */
export function findDate(text: string): { match: string; index: number } | null {
  const match = datePattern.exec(text)
  if (!match || !/\d/.test(match[0])) return null
  return { match: match[0], index: match.index }
}

/** A piece of text that is only a date or a range. */
export const isDateOnly = (text: string) => wholeDate.test(cleanText(text)) && /\d/.test(text)

/** The month names our PDF writer prints ("Mar 2021"): the tagged reader's parseMonth. */
const monthsTagged = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/** Our own PDFs' dates: "Mar 2021" -> "2021-03", "03/2021" -> "2021-03", "2021" -> "2021" (a year stays a year); else "". */
export function parseMonthTagged(text: string): string {
  const value = text.trim()
  let match = /^([a-z]{3})[a-z]*\.?\s+(\d{4})$/i.exec(value)
  if (match) {
    const index = monthsTagged.indexOf(match[1]!.toLowerCase())
    return index === -1 ? '' : `${match[2]}-${String(index + 1).padStart(2, '0')}`
  }
  match = /^(\d{1,2})\/(\d{4})$/.exec(value)
  if (match && Number(match[1]) >= 1 && Number(match[1]) <= 12) return `${match[2]}-${match[1]!.padStart(2, '0')}`
  match = /^(\d{4})-(\d{2})$/.exec(value)
  if (match) return value
  return /^\d{4}$/.test(value) ? value : ''
}

/** Our own PDFs' date ranges: "Mar 2021 – Present", "01/2018 - 02/2021", "September 2014 to June 2016". */
export function parseDateRangeTagged(text: string): { start: string; end: string; current: boolean } {
  const [from = '', to = ''] = text.split(/\s+[–—-]\s+|\s+to\s+/i)
  const current = /^(present|now|current|today)$/i.test(to.trim())
  return { start: parseMonthTagged(from), end: current ? '' : parseMonthTagged(to), current }
}

/* ------------------------------------------------------------------ contact */

export const emailPattern = /[\w.+'-]+@[\w-]+(\.[\w-]+)*\.\p{L}{2,}/u
export const phonePattern = /(?:\+|\(\+?)?\d[\d\s().\-‐‑/]{5,}\d/
export const urlPattern = /^(https?:\/\/)?(www\.)?[\w-]+(\.[\w-]+)*\.[a-z]{2,}(\/[^\s]*)?$/i
/** The tagged reader's URL after " · " in a subtitle: any dotted name, looser than urlPattern. */
export const looksLikeUrl = (text: string) => /^(https?:\/\/)?[\w-]+(\.[\w-]+)+(\/\S*)?$/i.test(text.trim())

/** "Email:", "Mobile:", "Tel.", "LinkedIn://", "Github:" and the like, in front of a value. */
const contactLabel =
  /^(e-?mail|mail|courriel|correo|phone|mobile|mob|cell|tel|tél|telephone|téléphone|telefon|teléfono|handy|portable|móvil|address|adresse|dirección|website|web|homepage|site|portfolio|linkedin|github|gitlab|twitter|x|facebook|fb|instagram|youtube|quora|stackoverflow|medium|orcid|skype|location|ort|wohnort)(?:\s+(?:address|number|no\.?|nr\.?|numéro|número))?\s*(:\/\/|[:：]|\s-\s)\s*|^(tel|tél|mob)\.\s*/i

export const stripContactLabel = (text: string) => text.replace(contactLabel, '').trim()
export const contactLabelOf = (text: string) => {
  const match = contactLabel.exec(text)
  return (match?.[1] ?? match?.[3])?.toLowerCase() ?? null
}

export function phoneDigits(text: string): number {
  return text.replace(/\D/g, '').length
}

/* ------------------------------------------------------------------ words that tell fields apart */

const titleWords =
  /\b(engineer|engineering intern|developer|programmer|intern|internship|manager|director|lead|leader|head|chief|officer|ceo|cto|cfo|coo|vp|vice president|president|founder|co-?founder|cofounder|consultant|analyst|researcher|research assistant|assistant|associate|architect|designer|scientist|specialist|administrator|admin|coordinator|technician|teacher|tutor|lecturer|professor|fellow|trainee|apprentice|volunteer|coach|member|editor|writer|journalist|reporter|owner|partner|clerk|cashier|nurse|accountant|sales|representative|advisor|adviser|student|helper|sre|devops|job title|redakteur|redaktionsleiter|redaktions\S*|volontär|praktik\S*|mitarbeiter\S*|\S*entwickler\S*|\S*ingenieur\S*|\S*leiter\S*|\S*berater\S*|journalist\S*|ingénieur|apprenti|développeur|stagiaire|chef|responsable|desarrollador\S*|ingeniero\S*|puesto|gerente|analista|sviluppatore|工程师|经理|实习生|开发)\b/iu
const companyWords =
  /\b(inc|corp|corporation|co\.(?=\s|,|$)|ltd|llc|llp|gmbh|ag|kg|se|sa|sas|sarl|srl|spa|bv|nv|plc|pty|company|group|holdings|labs?|technologies|solutions|systems|services|software|bank|agency|studio|consulting|partners|foundation|organization|organisation|association|institute|university|college|school|hospital|research|command|ministry|government|department|verlag\S*|gesellschaft|zeitung\S*|employer|empleador|selbständig|selbstständig|freelance|self-employed|公司|集团)\b|\.(com|io|ai|org|net|de|fr)\b/iu
const schoolWords =
  /(universit\S*|college|school|institut\S*|academy|académie|akademie|polytechnic|politecnico|hochschule|fachhochschule|gymnasium|lycée|école|ecole|escuela|facultad|faculty|conservatory|conservatoire|seminary|insset|postech|mit\b|institution|institución|journalistenschul\S*|大学|学院|学校|大學)/iu
const degreeWords =
  /(\b(bachelor\S*|master\S*|b\.?\s?s\.?c?|b\.?\s?a\.?|b\.?\s?eng|b\.?\s?tech|m\.?\s?s\.?c?|m\.?\s?a\.?|m\.?\s?eng|meng|mba|ph\.?\s?d|doctor\S*|dr\.|diplom\S*|diploma|degree|licence|licenciatura|licenciado|grado|título|abitur|matura|baccalauréat|bac|associate|certificate|certification|minor|major|thesis|studies|studium|fernstudium|sommerakademie|publizistik\S*|informatique|engineering|science|arts|grade|degree)\b|学士|硕士|博士|本科|研究生)/iu

/**
 * More of the same words in other languages, matched as whole words by Unicode letters (the lists
 * above use ASCII word edges, which never see "Üniversitesi" or "Öğretmen"); Chinese, Japanese and
 * Korean words anywhere in the text, where no spaces mark words.
 */
const wordsIn = (latin: string, cjk: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${latin})(?![\\p{L}\\p{N}])|${cjk}`, 'iu')
const titleWordsIntl = wordsIn(
  'stajyer\\S*|başkan\\S*|mühendis\\S*|geliştirici\\S*|uzman\\S*|müdür\\S*|yönetici\\S*|öğretmen\\S*|asistan\\S*|danışman\\S*|ingenier[oa]s?|prácticas|becari[oa]|jef[ea]|directora?|desarrolladora?|programadora?|profesora?|técnic[oa]|consultora?|coordinadora?|camarer[oa]|engenheir[oa]|desenvolvedora?|estagiári[oa]|coordenadora?|professora?|diretora?|ingegnere|stagista|tirocinante|sviluppatore|responsabile|direttore|programmatore|insegnante|consulente|praktikant\\S*|werkstudent\\S*|geschäftsführer\\S*|ontwikkelaar|stagiair|medewerker|programista|inżynier|kierownik|stażysta',
  'エンジニア|講師|マネージャー|開発者|デザイナー|コンサルタント|研究員|アルバイト|インターン|实习|工程师|经理|总监|研究员|设计师|助理|主管|엔지니어|개발자|인턴|매니저',
)
const companyWordsIntl = wordsIn(
  'a\\.ş\\.?|şti\\.?|şirketi|holding|akademi\\S*|teknoloji\\S*|s\\.l\\.|s\\.a\\.|ltda\\.?|s\\.r\\.l\\.|s\\.p\\.a\\.|empresa|sp\\. z o\\.o\\.',
  '株式会社|有限会社|合同会社|公司|集团|주식회사',
)
const schoolWordsIntl = wordsIn(
  'üniversite\\S*|lise\\S*|okul\\S*|fakülte\\S*|enstitü\\S*|universidad|universitat|universidade|università|colegio|instituto|faculdade|escola|liceo|istituto|uniwersytet|politechnika|szkoła',
  '大学|高等学校|高校|専門学校|大学院|대학교|고등학교',
)
const degreeWordsIntl = wordsIn(
  'lisans|yüksek lisans|doktora|önlisans|grado|máster|doctorado|ingeniería|bacharelado|mestrado|doutorado|graduação|tecnólogo|laurea|magistrale|triennale|dottorato|licencjat|magister|inżynier',
  '学士|修士|博士|学部|学科|학사|석사|박사',
)

export const titleScore = (text: string) => (titleWords.test(text) || titleWordsIntl.test(text) ? 1 : 0)
export const companyScore = (text: string) => (companyWords.test(text) || companyWordsIntl.test(text) ? 1 : 0)
export const schoolScore = (text: string) => (schoolWords.test(text) || schoolWordsIntl.test(text) ? 1 : 0)
export const degreeScore = (text: string) => (degreeWords.test(text) || degreeWordsIntl.test(text) ? 1 : 0)

/** "San Francisco, CA", "Seoul, S.Korea", "Berlin / remote", "Palo Alto, CA & Ithaca, NY": a place, not a name. */
export function looksLikePlace(text: string): boolean {
  const value = text.trim().replace(/\.$/, '')
  // "MSc, Applied Statistics", "Université Lumière Lyon 2, Lyon": a degree or a school, not a place.
  if (degreeScore(value) || schoolScore(value) || titleScore(value)) return false
  if (value === '' || /\d{3,}/.test(value.replace(/\b\d{4,5}\b/, '')) || value.split(/\s+/).length > 7) return false
  if (/^(remote|online|hybrid|remote work|à distance|homeoffice|fernlehrgang)$/i.test(value)) return true
  if (
    /,\s*([A-Z]{2}|[A-Z]\.\s?[A-Z][a-z]+|[A-Z][\p{L}.]+(\s[A-Z][\p{L}.]+)*)(\s*[&/]\s*.*)?$/u.test(value) &&
    !/\b(inc|ltd|llc|gmbh|corp|co)\b/i.test(value)
  )
    return true
  return false
}

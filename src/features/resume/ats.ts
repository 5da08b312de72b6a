import type { ResumeData } from '~contract/resume.ts'
import { sectionTitles } from './model'
import { contentFields } from './import/pdf-import'
import { headingKey } from './import/text'
import { parseRichText, runsText } from './rich-text'

/**
 * The ATS check: what an applicant tracking system's parser would make of our exported PDF
 * (the same text parse our PDF import uses), plus rules recruiters' systems are known to
 * trip on. Every finding says where it comes from, so a user can fix it.
 */

export type AtsStatus = 'pass' | 'warn' | 'fail'
export type AtsCheck = { id: string; label: string; status: AtsStatus; detail: string; items?: string[] }

/** What the PDF parse gave: the page text in reading order, headings as printed, the fields. */
export type AtsReading = { text: string; headings: string[]; fromText: ResumeData }

/** The description markup as the words a reader sees. */
const plain = (markup: string) =>
  parseRichText(markup)
    .map((block) => runsText(block.runs))
    .join(' ')
const squash = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase()

export const actionVerbs = new Set(
  `accelerated achieved acquired adapted added addressed administered advised advocated analysed analyzed answered applied appointed arranged assembled assessed assisted audited authored automated balanced boosted briefed budgeted built calculated campaigned captured catalogued chaired championed clarified closed coached collaborated collected combined commissioned communicated compiled completed composed computed conceived conducted configured consolidated constructed consulted contracted contributed controlled converted convinced coordinated corrected counselled counseled created cultivated curated cut debugged decreased defined delegated delivered demonstrated deployed designed detected determined developed devised diagnosed digitised digitized directed discovered doubled drafted drove earned edited educated eliminated enabled encouraged engineered enhanced ensured established estimated evaluated examined exceeded executed expanded expedited facilitated finalised finalized fixed forecasted formed formulated fostered founded framed gained generated grew guided halved handled headed helped hired identified implemented improved increased influenced initiated innovated inspected installed instituted instructed integrated interviewed introduced invented investigated launched led leveraged lifted lowered maintained managed mapped marketed maximised maximized measured mediated mentored merged migrated minimised minimized modelled modeled moderated modernised modernized monitored motivated navigated negotiated onboarded opened operated optimised optimized orchestrated organised organized outperformed overhauled oversaw partnered performed persuaded piloted pioneered planned prepared presented presided prevented prioritised prioritized processed produced programmed promoted proposed prototyped proved provided published purchased raised ran ranked rebuilt recommended reconciled recruited redesigned reduced refactored refined regulated rehabilitated reorganised reorganized repaired replaced reported represented researched resolved restored restructured revamped reviewed revised revitalised revitalized saved scaled scheduled screened secured segmented selected served shaped shipped simplified sold solved spearheaded standardised standardized steered streamlined strengthened structured supervised supported surpassed surveyed sustained synthesised synthesized taught tested tracked trained transformed translated tripled troubleshot tutored uncovered unified upgraded validated verified visualised visualized volunteered won wrote`.split(
    /\s+/,
  ),
)

const weakStarts = /^(responsible for|worked on|helped( with)?|assisted with|tasked with|duties included|in charge of|involved in)\b/i

/** Bullets of the work history: the lines recruiters and parsers read as achievements. */
function experienceBullets(data: ResumeData): { where: string; text: string }[] {
  return data.experience.flatMap((job) =>
    parseRichText(job.description)
      .filter((block) => block.kind === 'bullet')
      .map((block) => ({ where: [job.jobTitle, job.employer].filter(Boolean).join(', ') || 'Experience', text: runsText(block.runs).trim() })),
  )
}

/** A date as a count of months; a year alone counts as its first month for a start, its last for an end. */
const monthValue = (value: string, end = false) =>
  value ? Number(value.slice(0, 4)) * 12 + (value.length === 4 ? (end ? 12 : 1) : Number(value.slice(5, 7))) : null

export function dateFindings(data: ResumeData, now = new Date()): string[] {
  const today = now.getFullYear() * 12 + now.getMonth() + 1
  const findings: string[] = []
  const entries = [
    ...data.experience.map((job) => ({
      label: `Experience: ${job.jobTitle || job.employer || 'untitled'}`,
      start: job.startDate,
      end: job.endDate,
      current: job.current,
    })),
    ...data.education.map((school) => ({
      label: `Education: ${school.school || school.degree || 'untitled'}`,
      start: school.startDate,
      end: school.endDate,
      current: false,
    })),
  ]
  for (const entry of entries) {
    const start = monthValue(entry.start)
    const end = monthValue(entry.end, true)
    if (start === null && (end !== null || entry.current)) findings.push(`${entry.label} has an end but no start date.`)
    if (start === null && end === null && !entry.current) findings.push(`${entry.label} has no dates.`)
    if (start !== null && end !== null && end < start) findings.push(`${entry.label} ends before it starts.`)
    if (start !== null && start > today) findings.push(`${entry.label} starts in the future.`)
    if (entry.current && end !== null) findings.push(`${entry.label} is marked current but also has an end date.`)
  }
  const starts = data.experience.map((job) => monthValue(job.startDate)).filter((value): value is number => value !== null)
  if (starts.some((value, i) => i > 0 && value > starts[i - 1]!)) findings.push('Experience is not listed most recent first.')
  return findings
}

export function atsChecks(data: ResumeData, reading: AtsReading): AtsCheck[] {
  const checks: AtsCheck[] = []

  const odd = reading.headings.filter((heading) => !headingKey(heading))
  checks.push({
    id: 'headings',
    label: 'Standard section headings',
    status: reading.headings.length === 0 ? 'fail' : odd.length > 0 ? 'warn' : 'pass',
    detail:
      reading.headings.length === 0
        ? 'A parser found no section headings.'
        : odd.length > 0
          ? `A parser may not know where to file ${odd.map((h) => `“${h}”`).join(', ')}; standard ones are ${Object.values(sectionTitles).slice(0, 4).join(', ')}.`
          : `All ${reading.headings.length} headings are ones parsers know: ${reading.headings.join(', ')}.`,
  })

  const read = reading.fromText.heading
  const contactMissing = [
    !/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(read.email) && 'an e-mail address',
    !read.phone && 'a phone number',
    !(read.city || read.country) && 'a city or country',
  ].filter((x): x is string => !!x)
  checks.push({
    id: 'contact',
    label: 'Contact details',
    status: !read.email ? 'fail' : contactMissing.length > 0 ? 'warn' : 'pass',
    detail:
      contactMissing.length > 0
        ? `A parser could not find ${contactMissing.join(', ')}.`
        : `A parser reads ${read.email}, ${read.phone} and ${[read.city, read.country].filter(Boolean).join(', ')}.`,
  })

  const dates = dateFindings(data)
  checks.push({
    id: 'dates',
    label: 'Dates consistent',
    status: dates.length > 0 ? 'warn' : 'pass',
    detail:
      dates.length > 0
        ? `${dates.length} date ${dates.length === 1 ? 'problem' : 'problems'}.`
        : 'Every entry has a start, ends after it starts, and the newest job comes first.',
    items: dates,
  })

  const bullets = experienceBullets(data)
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length
  const long = bullets.filter((b) => words(b.text) > 30 || b.text.length > 200)
  const short = bullets.filter((b) => words(b.text) < 4)
  checks.push({
    id: 'bullets',
    label: 'Bullet length',
    status: bullets.length === 0 ? 'warn' : long.length + short.length > 0 ? 'warn' : 'pass',
    detail:
      bullets.length === 0
        ? 'Your experience has no bullet points; parsers and recruiters look for them ("- " starts one).'
        : long.length + short.length > 0
          ? `${long.length} too long (over 30 words), ${short.length} too short (under 4 words).`
          : `All ${bullets.length} bullets are 4 to 30 words.`,
    items: [
      ...long.map((b) => `Too long (${words(b.text)} words) in ${b.where}: “${b.text.slice(0, 80)}…”`),
      ...short.map((b) => `Too short in ${b.where}: “${b.text}”`),
    ],
  })

  const weak = bullets.filter((b) => {
    const first =
      b.text
        .split(/\s+/)[0]
        ?.toLowerCase()
        .replace(/[^a-z]/g, '') ?? ''
    return weakStarts.test(b.text) || !actionVerbs.has(first)
  })
  checks.push({
    id: 'verbs',
    label: 'Action verbs',
    status: bullets.length === 0 ? 'warn' : weak.length > bullets.length / 3 ? 'warn' : 'pass',
    detail:
      bullets.length === 0
        ? 'No bullets to check.'
        : `${bullets.length - weak.length} of ${bullets.length} bullets start with an action verb (Led, Built, Cut, Delivered…).`,
    items: weak.map((b) => `${b.where}: “${b.text.split(/\s+/).slice(0, 6).join(' ')}…”`),
  })

  const text = squash(reading.text)
  // Field by field, and a description paragraph by paragraph (each is its own line in the PDF).
  const lost = [...contentFields(data)]
    .filter(([label, value]) => value && !/(: current|: level|: startDate|: endDate|: date|Section order)$/.test(label))
    // A skill's keywords (a list) are printed one by one after its name.
    .flatMap(([label, value]) =>
      label.endsWith(': keywords')
        ? value.split(',').map((keyword) => [label, squash(keyword)] as const)
        : parseRichText(value).map((block) => [label, squash(runsText(block.runs))] as const),
    )
    .filter(([, value]) => value && !text.includes(value))
    .map(([label, value]) => `${label}: “${value.length > 60 ? `${value.slice(0, 60)}…` : value}”`)
  checks.push({
    id: 'text',
    label: 'No text lost',
    status: lost.length > 0 ? 'fail' : 'pass',
    detail:
      lost.length > 0
        ? `${lost.length} ${lost.length === 1 ? 'field is' : 'fields are'} not in the PDF's text layer.`
        : 'Every field you wrote is in the PDF as real, selectable text.',
    items: lost,
  })
  return checks
}

/* ------------------------------------------------------------------ keyword coverage */

const stopwords = new Set(
  `a about above across after again against all also am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or other our ours out over own same she should so some such than that the their theirs them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours role job team teams work working candidate candidates company position experience years year strong ability able skills skill knowledge understanding including include includes within across plus nice must required requirements preferred bonus looking join us apply ideal ideally responsibilities responsible day days new great good excellent well using use etc eg ie per will`.split(
    /\s+/,
  ),
)

/** Words that qualify a requirement without being one: "Advanced SQL", "proven track record". */
const qualifiers = new Set([
  'advanced',
  'proven',
  'solid',
  'deep',
  'basic',
  'expert',
  'fluent',
  'hands-on',
  'demonstrated',
  'familiarity',
  'proficiency',
  'proficient',
])

export type Requirement = { term: string; mentions: number; found: { where: string; excerpt: string }[] }

/** Terms a job description asks for: named tools and acronyms, capitalised phrases, the lead word of a listed requirement, repeated words. */
export function jobRequirements(description: string, limit = 25): { term: string; mentions: number }[] {
  const text = description.replace(/[‘’]/g, "'")
  const counts = new Map<string, { term: string; mentions: number; first: number; strong: boolean }>()
  const add = (term: string, at: number, strong: boolean) => {
    const key = term.toLowerCase()
    const seen = counts.get(key)
    if (seen) {
      seen.mentions += 1
      seen.strong ||= strong
    } else counts.set(key, { term, mentions: 1, first: at, strong })
  }
  // Multi-word names: "Power BI", "Google Analytics" stay whole ("Advanced SQL" is just SQL).
  for (const match of text.matchAll(/\b([A-Z][\w+#./-]*(?:[ \t]+[A-Z][\w+#./-]*)+)\b/g)) {
    const words = match[1]!.split(/\s+/)
    while (words.length > 0 && (stopwords.has(words[0]!.toLowerCase()) || qualifiers.has(words[0]!.toLowerCase()))) words.shift()
    if (words.length >= 2 && words.every((word) => !stopwords.has(word.toLowerCase()))) add(words.join(' '), match.index, true)
  }
  for (const match of text.matchAll(/[A-Za-z][\w+#./-]*[\w+#]|[A-Za-z]/g)) {
    const word = match[0].replace(/[./-]+$/, '')
    const lower = word.toLowerCase()
    if (lower.length < 2 || stopwords.has(lower) || qualifiers.has(lower) || /^\d+$/.test(word)) continue
    // A capital at the start of a sentence or a list item says nothing; elsewhere it names something.
    const before = text.slice(0, match.index)
    const sentenceStart = /(^|[.!?:]\s+|\n\s*([-•*]\s+)?)$/.test(before)
    // The first word of a listed requirement ("- Forecasting experience") is what it asks for.
    const listLead = /(^|\n)\s*[-•*]\s+$/.test(before)
    const named = /[A-Z].*[A-Z]|[+#]|\.\w|\//.test(word) || (/^[A-Z]/.test(word) && !sentenceStart)
    const inPhrase = [...counts.values()].some(
      (entry) => entry.strong && entry.term.includes(' ') && entry.term.toLowerCase().split(/\s+/).includes(lower),
    )
    if (!inPhrase) add(named ? word : lower, match.index, named || listLead)
  }
  return [...counts.values()]
    .filter((entry) => entry.strong || entry.mentions >= 2)
    .sort((a, b) => Number(b.strong) - Number(a.strong) || b.mentions - a.mentions || a.first - b.first)
    .slice(0, limit)
    .sort((a, b) => a.first - b.first)
    .map(({ term, mentions }) => ({ term, mentions }))
}

/** Where in the resume each part lives, in the words a user would use. */
function resumePlaces(data: ResumeData): { where: string; text: string }[] {
  const places = [
    { where: 'Heading', text: data.heading.jobTitle },
    { where: 'Summary', text: plain(data.summary) },
    ...data.experience.map((job) => ({
      where: `Experience: ${[job.jobTitle, job.employer].filter(Boolean).join(' at ')}`,
      text: [job.jobTitle, job.employer, plain(job.description)].join(' '),
    })),
    ...data.education.map((school) => ({
      where: `Education: ${school.school}`,
      text: [school.degree, school.field, school.school, plain(school.description)].join(' '),
    })),
    { where: 'Skills', text: data.skills.flatMap((skill) => [skill.name, ...(skill.keywords ?? [])]).join(', ') },
    { where: 'Languages', text: data.languages.map((language) => language.name).join(', ') },
    ...(['conferences', 'portfolio', 'honors', 'affiliations', 'licenses'] as const)
      .filter((key) => data.additional.includes(key))
      .flatMap((key) =>
        data[key].map((item) => ({
          where: `${sectionTitles[key]}: ${item.title}`,
          text: [item.title, item.subtitle, plain(item.description)].join(' '),
        })),
      ),
    ...data.customSections.flatMap((section) =>
      section.items.map((item) => ({
        where: `${section.title}: ${item.title}`,
        text: [item.title, item.subtitle, plain(item.description)].join(' '),
      })),
    ),
  ]
  return places.filter((place) => place.text.trim())
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** "forecasts" finds "forecast" and "forecasting": a small stem, whole words only. */
const termPattern = (term: string) => {
  const stem = term.length > 4 ? term.replace(/(ing|ed|es|s)$/i, '') : term
  return new RegExp(`(^|[^\\w+#])${escape(stem)}(\\w{0,4})(?=$|[^\\w+#])`, 'i')
}

export function keywordCoverage(description: string, data: ResumeData): { requirements: Requirement[]; covered: number } {
  const places = resumePlaces(data)
  const requirements = jobRequirements(description).map(({ term, mentions }) => {
    const pattern = termPattern(term)
    const found = places.flatMap((place) => {
      const match = pattern.exec(place.text)
      if (!match) return []
      const at = match.index + match[1]!.length
      const excerpt = `${at > 30 ? '…' : ''}${place.text.slice(Math.max(0, at - 30), at + term.length + 30).trim()}${at + term.length + 30 < place.text.length ? '…' : ''}`
      return [{ where: place.where, excerpt }]
    })
    return { term, mentions, found }
  })
  return { requirements, covered: requirements.filter((r) => r.found.length > 0).length }
}

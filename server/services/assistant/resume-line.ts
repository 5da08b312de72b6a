import { escapeHtml } from '../../lib/text.ts'
import { weaveContext } from './line-context.ts'
import type { ToolResult } from './types.ts'

/**
 * A resume line reviewed: a weak opener ("Responsible for", "Helped with"), passive voice ("was
 * handled by me"), no result or number. The answer rewrites it to start with an action verb and asks
 * for the number it needs, keeping the user's own words for what they did.
 */

const achievementsArticle = '/articles/turning-job-duties-into-achievement-bullets'

/** Weak openers and the action verbs that usually replace them. */
const weakOpeners: { pattern: RegExp; verb: (rest: string, line: string) => string; why: string; contributes?: boolean }[] = [
  {
    pattern: /^(was |i was )?(responsible|in charge) (for|of) /i,
    verb: (rest, line) => pickVerb(rest, 'Managed', line),
    why: '“Responsible for” describes a duty, not what you achieved',
  },
  {
    pattern: /^(duties|tasks|responsibilities) (included|include|were|involved):? /i,
    verb: (rest, line) => pickVerb(rest, 'Handled', line),
    why: 'a list of duties says nothing about how well you did them',
  },
  // A part in someone else's work stays a part: the rewrite names it, never more (no "Led").
  {
    pattern: /^(helped|assisted|aided|supported) (with |in |to )?/i,
    // Helping people is supporting them; helping with a thing is a contribution to it.
    verb: (rest) =>
      /^(the |our |my )?(customers?|clients?|patients?|guests?|students?|pupils?|users?|colleagues?|staff|visitors?|callers?|children|residents?|members?)\b/i.test(
        rest,
      )
        ? 'Supported'
        : 'Contributed to',
    why: '“Helped” hides your own part',
    contributes: true,
  },
  {
    pattern: /^(worked|working) (with|in) (?=(a|an|the|my|our) ([\w-]+ ){0,3}(team|group|squad|crew)\b)/i,
    verb: () => 'Collaborated in',
    why: '“Worked with a team” says you were there, not what you did',
    contributes: true,
  },
  {
    pattern: /^(worked|working) (on|with|in|at) /i,
    verb: () => 'Contributed to',
    why: '“Worked on” says you were there, not what you did',
    contributes: true,
  },
  {
    pattern: /^(i )?(was )?(participated|took part|was involved|involved|a (team )?member|part|one) (in|of) /i,
    verb: () => 'Contributed to',
    why: 'taking part is not a result: say what your part was',
    contributes: true,
  },
  { pattern: /^(tasked with|in charge of) /i, verb: (rest, line) => pickVerb(rest, 'Led', line), why: 'a task given to you is not a result' },
  {
    pattern: /^(did|made|make|do|handled|handle|dealt with|did the) /i,
    verb: (rest, line) => pickVerb(rest, 'Completed', line),
    why: 'a generic verb undersells the work',
  },
  { pattern: /^(i |we )/i, verb: (rest, line) => pickVerb(rest, 'Delivered', line), why: 'resume lines drop the “I” and start with the verb' },
]

/** An action verb fitting what the line is about. */
function pickVerb(rest: string, fallback: string, line = rest): string {
  const text = rest.toLowerCase()
  const table: [RegExp, string][] = [
    [/\b(training|onboarding|new hires|students?|pupils?|classes|lessons?)\b/, 'Trained'],
    [/\b(team|staff|people|volunteers|interns|employees|crew)\b/, 'Supervised'],
    [/\b(customers?|clients?|patients?|guests?|callers?|enquiries|inquiries|complaints?|tickets?)\b/, 'Resolved'],
    [/\b(social media|instagram|tiktok|twitter|linkedin|content|posts?|blog|newsletter|campaigns?)\b/, 'Managed'],
    [/\b(sales|revenue|accounts?|deals?|leads?)\b/, 'Handled'],
    [/\b(dashboards?|trackers?|templates?)\b/, 'Built'],
    [/\b(reports?)\b/, 'Produced'],
    [/\b(data|analysis|spreadsheets?|metrics)\b/, 'Analysed'],
    [/\b(website|app|software|code|features?|system|tool|database|api)\b/, 'Built'],
    [/\b(events?|meetings?|schedules?|calendars?|travel|conferences?)\b/, 'Organised'],
    [/\b(budgets?|costs?|invoices?|payments?|accounts payable|payroll|expenses)\b/, 'Managed'],
    [/\b(inventory|stock|orders?|shipments?|deliveries|supplies)\b/, 'Managed'],
    [/\b(process(es)?|workflows?|procedures?)\b/, 'Streamlined'],
    [/\b(projects?)\b/, 'Delivered'],
  ]
  // The verb of what the line names first ("dashboards … for the marketing team" is building, not supervising).
  const first = table
    .map(([p, verb]) => ({ at: text.search(p), verb }))
    .filter((hit) => hit.at >= 0)
    .sort((a, b) => a.at - b.at)[0]
  const verb = first?.verb ?? fallback
  // Leading people is claimed only when the line says so.
  return verb === 'Supervised' && !/\b(led|lead|leading|managed|managing|supervis\w*|in charge|responsible for|headed|ran)\b/i.test(line)
    ? 'Worked with'
    : verb
}

const passive = /\b(was|were|been|being|is|are)\s+(\w+ed|built|made|done|given|taken|run|led|sent|written|chosen|kept|held|set|shown)\b(\s+by\b)?/i
const hasNumber = (text: string) =>
  /\d|%|\b(one|two|three|four|five|six|seven|eight|nine|ten|twenty|hundred|thousand|million|double|doubled|half|halved|tripled)\b/i.test(text)
const resultWords =
  /\b(by|from .* to|resulting|which|so that|leading to|saving|saved|cut|reduced|increased|grew|raised|improved|won|achieving|achieved)\b/i

/** The question to ask for the missing number, from what the line is about. */
function numberQuestion(text: string): string {
  const t = text.toLowerCase()
  if (/\b(customers?|clients?|patients?|guests?|callers?|tickets?|enquiries)\b/.test(t))
    return 'How many a day or week, and did satisfaction scores, waiting times or repeat visits change?'
  if (/\b(social media|followers|content|posts?|campaigns?|newsletter)\b/.test(t))
    return 'By how much did followers, reach, sign-ups or clicks grow, and over what period?'
  if (/\b(sales|revenue|deals?|accounts?|leads?)\b/.test(t)) return 'How much revenue or how many deals, and what share of target was that?'
  if (/\b(team|staff|people|volunteers|interns)\b/.test(t)) return 'How many people, and what did the team deliver or improve under you?'
  if (/\b(reports?|data|analysis|dashboards?|spreadsheets?)\b/.test(t)) return 'How much time did it save, or what decision or saving came from it?'
  if (/\b(website|app|software|code|features?|system|tool)\b/.test(t)) return 'How many users, how much faster, or how many fewer errors?'
  if (/\b(events?|meetings?|conferences?)\b/.test(t)) return 'How many events and attendees, and on what budget?'
  if (/\b(budgets?|costs?|invoices?|payments?|expenses)\b/.test(t)) return 'How large was the budget, and how much did you save or recover?'
  return 'How many, how much, how often or how fast? One number makes the line believable.'
}

const irregular: Record<string, string> = {
  leading: 'Led',
  running: 'Ran',
  writing: 'Wrote',
  building: 'Built',
  making: 'Made',
  teaching: 'Taught',
  selling: 'Sold',
  buying: 'Bought',
  setting: 'Set',
  taking: 'Took',
  giving: 'Gave',
  keeping: 'Kept',
  meeting: 'Met',
  overseeing: 'Oversaw',
  dealing: 'Dealt with',
  doing: 'Did',
  getting: 'Got',
  shipping: 'Shipped',
  planning: 'Planned',
  mapping: 'Mapped',
}

/** "training" -> "Trained", "managing" -> "Managed", "leading" -> "Led". */
function pastTense(gerund: string): string {
  const word = gerund.toLowerCase()
  if (irregular[word]) return irregular[word]
  const stemmed = word.slice(0, -3)
  const past = /e$/.test(stemmed) ? `${stemmed}d` : /[^aeiou]y$/.test(stemmed) ? `${stemmed}ed` : `${stemmed}ed`
  return past.charAt(0).toUpperCase() + past.slice(1)
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Workplace shorthand written out for a reader outside the team ("bank recs" → "bank reconciliations"). */
const shorthand: [RegExp, string][] = [
  [/\brecs\b/gi, 'reconciliations'],
  [/\breqs\b/gi, 'requirements'],
  [/\bcomms\b/gi, 'communications'],
  [/\bmgmt\b/gi, 'management'],
  [/\bpower bi\b/gi, 'Power BI'],
  [/\bexcel\b/g, 'Excel'],
  [/\bmonth end\b/gi, 'month-end close'],
]
const expandShorthand = (text: string) => shorthand.reduce((out, [pattern, full]) => out.replace(pattern, full), text)

/** Plain verbs a reader skims over, with the stronger one that says the same thing (no claim added). */
function strongerVerbs(line: string): string {
  return line
    .replace(/\bHelped (customers|clients|guests|shoppers|patrons|diners)\b/, 'Served $1')
    .replace(
      /\bused (the )?(till|cash register|register|checkout|pos|forklift)\b/gi,
      (_m, the: string | undefined, what: string) => `operated ${the ?? ''}${what}`,
    )
    .replace(
      /^Used (the )?(till|cash register|register|checkout|pos|forklift)\b/i,
      (_m, the: string | undefined, what: string) => `Operated ${the ?? ''}${what}`,
    )
    .replace(
      /\b(mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/g,
      (day: string) => capitalise(day),
    )
}

/** Rewrites a passive clause "X was improved by me" into "Improved X". */
function fromPassive(line: string): string | null {
  const m = /^(.*?)\s+(?:was|were|has been|have been)\s+(\w+)\s*(?:by (?:me|myself|us))?(.*)$/i.exec(line)
  if (!m || !/ed$|built|made|done|led|run|written/i.test(m[2]!)) return null
  // The subject becomes the object: lower-cased unless it is a name or an acronym ("SQL reports").
  const object = /^[A-Z][a-z]/.test(m[1]!) ? m[1]!.charAt(0).toLowerCase() + m[1]!.slice(1) : m[1]!
  return `${capitalise(m[2]!)} ${object}${m[3]!}`.replace(/\s+/g, ' ').trim()
}

export type LineReview = ToolResult & { rewrite: string; problems: string[] }

export function reviewResumeLine(input: string, context = ''): LineReview {
  const line = input
    .trim()
    .replace(/^[•\-*–·\s]+/, '')
    .replace(/^["“'‘]+|["”'’]+$/g, '')
    .replace(/[.\s]+$/, '')
  const problems: string[] = []
  let rewrite = line
  const opener = weakOpeners.find((o) => o.pattern.test(line))
  const passiveMatch = passive.exec(line)
  if (opener) {
    let rest = line.replace(opener.pattern, '').trim()
    let verb = opener.verb(rest, line)
    // "Responsible for training new staff": the gerund is the verb ("Trained new staff").
    const gerund = /^([a-z]{3,})ing\b\s*/i.exec(rest)
    if (gerund && !opener.contributes && !/^(th|br|k|r|w|s|cl|sw)$/i.test(gerund[1]!)) {
      verb = pastTense(`${gerund[1]!}ing`)
      rest = rest.slice(gerund[0].length)
    }
    problems.push(`It opens weakly: ${opener.why}.`)
    rewrite = `${verb} ${rest.replace(/^(the |a |an )?(management|handling|running|organisation|organization|coordination) of /i, '$1')}`
    // "Helped customers and using the till": every verb of the line in the same tense.
    if (gerund && !opener.contributes)
      rewrite = rewrite.replace(
        /\b(and|or|while|then)\s+([a-z]{2,}ing)\b/gi,
        (_m, joiner: string, word: string) => `${joiner} ${pastTense(word).toLowerCase()}`,
      )
    rewrite = strongerVerbs(rewrite)
  } else if (passiveMatch) {
    problems.push('It is in the passive voice: it hides who did the work. Start with what you did.')
    rewrite = fromPassive(line) ?? line
  }
  if (!opener && passiveMatch && rewrite === line) rewrite = `${pickVerb(line, 'Delivered')} ${line.charAt(0).toLowerCase()}${line.slice(1)}`
  // Figures and details the asker gave around the line ("i fixed ~40 bugs over 4 months") belong in it.
  const woven = weaveContext(rewrite, line, context)
  rewrite = woven.text
  const numbered = hasNumber(line) || woven.used.some((fact) => /\d/.test(fact))
  if (!numbered) problems.push('It has no number: nothing shows the size of the work or its effect.')
  const resulted = resultWords.test(line) || woven.used.some((fact) => /^(cutting|growing|replacing|used by)\b/.test(fact))
  if (!resulted) problems.push('It names a task but no result: say what changed because of you.')
  rewrite = capitalise(expandShorthand(rewrite).replace(/\s+/g, ' ').trim())
  const placeholder = numbered ? '' : resulted ? ' by [X%]' : ', [result: e.g. cutting waiting time by X% or serving N customers a week]'
  const suggested = `${rewrite}${placeholder}`
  const ask = numberQuestion(line)
  const lines: string[] = []
  if (problems.length === 0 && woven.used.length === 0) {
    lines.push('<strong>This line is already strong:</strong> it starts with an action verb and shows a measured result.')
    lines.push(`• ${escapeHtml(line)}`)
    lines.push('To make it stronger still, put the most impressive number early and keep it to one line.')
  } else {
    lines.push(
      problems.length > 0
        ? '<strong>Here is the line rewritten, starting with an action verb:</strong>'
        : '<strong>Here is the line with the figures you gave me:</strong>',
    )
    lines.push(`• ${escapeHtml(suggested)}`)
    lines.push('')
    if (problems.length > 0) {
      lines.push('What was holding it back:')
      for (const p of problems) lines.push(`• ${escapeHtml(p)}`)
      lines.push('')
    }
    if (woven.used.length > 0) lines.push(`<strong>From what you told me:</strong> ${escapeHtml(woven.used.join('; '))}. Nothing else was added.`)
    if (!numbered) lines.push(`<strong>The number it needs:</strong> ${escapeHtml(ask)} Tell me, and I will fit it in.`)
  }
  const html = lines.join('\n')
  const text = `${html.replace(/<[^>]*>/g, '')}\nLinks to cite: Turning job duties into achievement bullets: ${achievementsArticle}; Resume Builder: /resume`
  return {
    html,
    text,
    sources: [{ title: 'Turning job duties into achievement bullets', url: achievementsArticle }],
    rewrite: suggested,
    problems,
  }
}

/** The resume line a message asks about, or null. */
export function resumeLineOf(question: string): string | null {
  const q = question.trim()
  const asksLine =
    /\b(bullet( point)?s?|resume line|cv line|line (on|in|of|from) my (resume|cv)|this line|(improve|rewrite|reword|fix|strengthen|review|better|rate|punch up)\b[\s\S]*\b(resume|cv|line|bullet|point))\b/i.test(
      q,
    )
  const quoted = /["“'‘]([^"”’]{12,220})["”'’]/.exec(q)?.[1]
  if (quoted && (asksLine || /\b(resume|cv|bullet|line)\b/i.test(q))) return quoted
  const afterColon = /:\s*(?:[-•*]\s*)?(.{12,220})$/.exec(q)?.[1]
  if (afterColon && asksLine) return afterColon
  if (
    /^(?:[-•*]\s*)?(responsible for|duties included|helped|assisted|worked on|participated in|was involved in|tasked with|in charge of)\b/i.test(q) &&
    !q.includes('?')
  )
    return q
  return null
}

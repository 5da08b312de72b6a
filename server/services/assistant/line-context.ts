/**
 * The facts an asker gives around a resume line ("context: internship, i fixed ~40 bugs over 4 months on the
 * internal booking API"; "i do it for 2 entities and after i made templates our close went from 7 days to 4"),
 * woven into the rewritten line in the asker's own words and figures: nothing is added that they did not say.
 */

export type Woven = { text: string; used: string[] }

const approx = /^(~|about|around|roughly|approx\.?|approximately|nearly|almost|over|more than|\+)$/i
const durations = /^(days?|weeks?|months?|years?|semesters?|terms?|summers?)$/i
const peopleWords = /^(people|users?|colleagues|staff|employees|customers|clients|students|members|managers|stakeholders|teams?)$/i
const numberWords: Record<string, string> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  twelve: '12',
}
const frequency = /\b(daily|weekly|fortnightly|monthly|quarterly|every (day|week|month|quarter))\b/i

/** The context without its label ("context:") and with single spaces. */
function plain(context: string): string {
  return context
    .replace(/^\s*(context|details?|info|background)\s*:\s*/i, '')
    .replace(/\s+/g, ' ')
    .trim()
}

const noun = (word: string) =>
  word
    .toLowerCase()
    .replace(/(ies)$/, 'y')
    .replace(/s$/, '')

/**
 * `rewrite` with the asker's figures from `context`: a change ("from 7 days to 4"), counts that size the work
 * ("40 bugs", "2 entities", "used by 8 people"), how long and how often, what it replaced, and the fuller name of
 * a thing the line names ("the api" → "the internal booking API").
 */
export function weaveContext(rewrite: string, line: string, context: string): Woven {
  const text = plain(context)
  const used: string[] = []
  let out = rewrite.replace(/[.\s]+$/, '')
  if (!text) return { text: out, used }
  const lineNouns = new Set((line.toLowerCase().match(/[a-z]{3,}/g) ?? []).map(noun))

  // The fuller name of something the line names: "on the internal booking API" for "the api".
  for (const m of text.matchAll(/\b(?:on|in|for|of|at)\s+((?:the|our|an?|my)\s+)?((?:[\w-]+\s+){1,3})([a-z][\w-]*)\b/gi)) {
    const [, , modifiers, head] = m
    if (!modifiers || !lineNouns.has(noun(head!)) || /\d/.test(modifiers)) continue
    const words = modifiers.trim().split(/\s+/)
    if (words.some((w) => /^(i|we|it|they|them|my|our|the|a|an|and|to|for|over|after)$/i.test(w))) continue
    const fuller = `the ${modifiers.trim()} ${/^[a-z]{2,4}$/.test(head!) && head!.length <= 3 ? head!.toUpperCase() : head}`
    const before = out
    out = out.replace(new RegExp(`\\b(the |an? |our |my )?${head}\\b`, 'i'), fuller)
    if (out !== before) used.push(fuller)
    break
  }

  // A change: "our close went from 7 days to 4" → "cutting the close from 7 days to 4"; "we went from 300 to
  // 1200 followers in one year" → "growing followers from 300 to 1200 in one year".
  const change = /\bfrom\s+(\d[\d,.]*k?%?)\s*([a-z]+)?\s+(?:down |up )?to\s+(\d[\d,.]*k?%?)(?:\s+([a-z]+))?/i.exec(text)
  let changeText = ''
  if (change && !/\d/.test(line)) {
    const [, from, unit, to, after] = change
    const size = (n: string) => Number(n.replace(/[,k%]/g, ''))
    const down = size(to!) < size(from!)
    // The thing that changed: the nouns just before "went from" ("our close"), never a pronoun or a verb.
    const lead = text
      .slice(0, change.index)
      .split(/[,.;]|\b(?:and|after|so|then|because)\b/i)
      .at(-1)!
      .trim()
      .split(/\s+/)
    while (
      lead.length > 0 &&
      /^(went|go|goes|dropped|fell|rose|grew|came|down|got|increased|decreased|moved|changed|improved|has|have|had|was|were)$/i.test(lead.at(-1)!)
    )
      lead.pop()
    const tail: string[] = []
    for (const word of [...lead].reverse()) {
      if (!/^[a-z][\w-]*$/i.test(word) || tail.length === 2) break
      tail.unshift(word)
    }
    const subject = tail.filter((w) => !/^(i|we|it|they|this|that|our|the|my|their|which|who|is|are|was|be)$/i.test(w)).join(' ')
    const what = after && !/^(in|within|over|and|but|after|by|so|when|with|a|the)$/i.test(after) ? after : ''
    const thing = subject ? `the ${subject} ` : what ? `${what} ` : ''
    const period = /^\s*(?:\w+\s+)?(?:in|within|over)\s+((?:a|one|two|three|four|six|twelve|\d+)\s+(?:years?|months?|weeks?|days?))\b/i.exec(
      text.slice(change.index + change[0].length),
    )?.[1]
    changeText = `${down ? 'cutting' : 'growing'} ${thing}from ${from}${unit ? ` ${unit}` : ''} to ${to}${subject && what ? ` ${what}` : ''}${period ? ` in ${period.replace(/^a /, 'one ')}` : ''}`
    out = out.replace(/,?\s*(and )?(increase|increased|grow|grew|improve|improved|boost|boosted)\s+[\w\s]+$/i, '')
    used.push(changeText)
  }

  // Counts and durations the line lacks: "~40 bugs", "2 entities", "8 people use it", "4 months".
  const counts: string[] = []
  const changeSpan = change ? change[0] : ''
  for (const m of text.matchAll(
    /(?:^|[\s(,])(~|about |around |roughly |approx\.? |approximately |nearly |almost |over |more than )?(\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\+?\s+([a-z]+)(?:\s+(day|week|month|shift|hour|year)\b)?/gi,
  )) {
    const [, qualifier, spelled, what, unit] = m
    const count = numberWords[spelled!.toLowerCase()] ?? spelled!
    if (!/\d/.test(count) || (/^(one|a)$/i.test(spelled!) && !durations.test(what!))) continue
    if (changeSpan.includes(`${count} ${what}`) || changeSpan.includes(`${count}`) || /\d/.test(line)) continue
    if (durations.test(what!) && changeText.includes(`${spelled} ${what}`)) continue
    const about = qualifier && approx.test(qualifier.trim()) ? (qualifier.trim() === 'over' || /more than/.test(qualifier) ? 'over ' : 'about ') : ''
    // A rate ("around 50 a day"), else a count of something.
    if (/^(a|an|per|each|every)$/i.test(what!)) {
      if (unit) counts.push(`${about}${count} a ${unit}`)
    } else if (/^(to|of|in|on|at|and|or|the|times|percent|x)$/i.test(what!)) continue
    else if (durations.test(what!)) {
      if (!/\b(over|for|in)\s+(a|\d)/i.test(out)) counts.push(`over ${count} ${what}`)
    } else if (peopleWords.test(what!)) counts.push(`used by ${about}${count} ${what}`)
    else if (lineNouns.has(noun(what!))) {
      const before = out
      out = out.replace(new RegExp(`\\b(the |some |several |many )?${what!.replace(/s$/, '')}s?\\b`, 'i'), `${about}${count} ${what}`)
      if (out === before) counts.push(`${about}${count} ${what}`)
      else used.push(`${about}${count} ${what}`)
    } else counts.push(`for ${about}${count} ${what}`)
  }
  used.push(...counts)

  // How often: "weekly" before the thing made, else said after it.
  const often = frequency.exec(text)?.[1]
  const perUnit = often && { daily: 'day', weekly: 'week', monthly: 'month' }[often.toLowerCase()]
  if (often && !frequency.test(out) && !counts.some((c) => perUnit && c.endsWith(` a ${perUnit}`))) {
    const before = out
    out = out.replace(/\b(dashboards?|reports?|newsletters?|meetings?|updates?|forecasts?|reconciliations?|recs)\b/i, `${often} $1`)
    if (out === before) counts.push(often)
    used.push(often)
  }

  // What it replaced: "replaced an excel they used to build by hand" → "replacing a manually built Excel spreadsheet".
  const replaced = /\breplac(?:ed|es|ing)\s+(?:an?|the|their|our)?\s*([\w\s-]{2,40}?)(?=\s+(?:that|they|which|we|i|who)\b|[,.;]|$)/i.exec(text)
  let replacing = ''
  if (replaced) {
    const thing = replaced[1]!.trim().replace(/\bexcel\b/i, 'Excel')
    const byHand = /\b(by hand|manually|manual)\b/i.test(text)
    replacing = `replacing ${byHand ? 'a manually built ' : /^[aeiou]/i.test(thing) ? 'an ' : 'a '}${thing}${/^Excel$/i.test(thing) ? ' spreadsheet' : ''}`
    used.push(replacing)
  }

  const tail = [counts.join(', '), changeText, replacing].filter(Boolean)
  if (tail.length > 0) out = `${out}${counts.length > 0 && /^(over|for) /.test(tail[0]!) ? ' ' : ', '}${tail.join(', ')}`
  return { text: out.replace(/\s+/g, ' ').replace(/\s+,/g, ','), used }
}

import { escapeHtml } from '../../lib/text.ts'
import type { ToolResult } from './types.ts'

/**
 * Cover-letter guidance for the user's situation (a gap, a change of career, a first job, or
 * none in particular), with a link that opens the Cover Letter Builder with those answers filled
 * in (/coverletter?situation=&gap=&role=&from=, read by src/features/cover-letter/prefill.ts).
 */

export type Situation = 'gap' | 'career-change' | 'first-job' | 'general'
export type GapReason = 'caregiving' | 'study' | 'health' | 'relocation' | 'job-search' | 'travel' | 'other'

export type CoverLetterCase = { situation: Situation; gap?: GapReason; role?: string; from?: string }

const gapArticle = { title: 'Explaining employment gaps', url: '/articles/explaining-employment-gaps' }
const letterArticle = { title: 'Writing a cover letter that gets read', url: '/articles/writing-a-cover-letter-that-gets-read' }
const switchArticle = { title: 'Switching fields with transferable skills', url: '/articles/switching-fields-with-transferable-skills' }
const firstJobArticle = { title: 'A resume with no work experience', url: '/articles/resume-with-no-work-experience' }

/** The situation the words describe. */
export function coverLetterCase(text: string): CoverLetterCase {
  const t = text.toLowerCase()
  const stop = /\b(my|in|for|a|an|the|to|of|with|cover|letter|after|and|as|into|i|me)\b/
  const role = [
    ...t.matchAll(
      /\b(?:for|as|into|become|be)\s+(?:an?\s+|the\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?)\s+(?:role|job|position|post|vacancy|opening)\b/g,
    ),
  ]
    .map((m) => m[1]!)
    .filter((r) => !stop.test(r))
    .at(-1)
  const switchMatch =
    /\bfrom\s+(?:being\s+)?(?:an?\s+)?([a-z][a-z -]{2,30}?)\s+(?:to|into)\s+(?:an?\s+)?([a-z][a-z -]{2,30}?)(?:\s+(?:role|job|position)|[,.?!]|$)/.exec(
      t,
    )
  let gap: GapReason | undefined
  if (
    /\b(caring|carer|caregiv\w*|care of|looking after|look after|raising|parental|maternity|paternity|stay[- ]at[- ]home|kids|children|my (mother|father|mum|mom|dad|parent|child|son|daughter))\b/.test(
      t,
    )
  )
    gap = 'caregiving'
  else if (/\b(illness|ill|sick|health|burnout|surgery|recover\w*|cancer|injury|mental health)\b/.test(t)) gap = 'health'
  else if (/\b(laid off|layoff|made redundant|redundancy|fired|let go|unemployed|long search|job search)\b/.test(t)) gap = 'job-search'
  else if (/\b(travel\w*|sabbatical|gap year|backpack\w*)\b/.test(t)) gap = 'travel'
  else if (
    /\b(studying|went back to (school|university|college)|degree|course|bootcamp|retrain\w*)\b/.test(t) &&
    /\bgap|break|time off|out of work\b/.test(t)
  )
    gap = 'study'
  else if (/\b(moved|relocat\w*|emigrat\w*)\b/.test(t)) gap = 'relocation'
  const mentionsGap =
    /\b(gap|break|time off|career break|out of work|out of the workforce|years? off|months? off|not worked|haven'?t worked|returning to work|return to work|back to work)\b/.test(
      t,
    )
  if (mentionsGap || (gap && gap !== 'relocation' && gap !== 'study')) return { situation: 'gap', gap: gap ?? 'other', role }
  if (
    switchMatch ||
    /\b(career change|changing careers?|change careers?|switch(ing)? (careers?|fields?|industr\w+)|new field|new industry|career switch|pivot\w*|transition\w* (into|to|from))\b/.test(
      t,
    )
  ) {
    return { situation: 'career-change', role: role ?? switchMatch?.[2]?.trim(), from: switchMatch?.[1]?.trim() }
  }
  if (
    /\b(first job|no (work )?experience|without experience|little experience|graduate|graduating|student|school leaver|entry[- ]level|internship|never worked)\b/.test(
      t,
    )
  ) {
    return { situation: 'first-job', role }
  }
  return { situation: 'general', role }
}

/** The builder with the situation's answers filled in. */
export function builderLink(c: CoverLetterCase): string {
  const params = new URLSearchParams()
  if (c.situation !== 'general') params.set('situation', c.situation)
  if (c.gap) params.set('gap', c.gap)
  if (c.role) params.set('role', c.role.slice(0, 60))
  if (c.from) params.set('from', c.from.slice(0, 60))
  const query = params.toString()
  return query ? `/coverletter?${query}` : '/coverletter'
}

const gapWords: Record<GapReason, string> = {
  caregiving: 'caring for a family member',
  study: 'study',
  health: 'a health matter',
  relocation: 'a move',
  'job-search': 'a layoff and job search',
  travel: 'travel',
  other: 'a personal reason',
}

export function coverLetterGuide(c: CoverLetterCase): ToolResult {
  const link = builderLink(c)
  const role = c.role ? escapeHtml(c.role) : 'the role'
  const lines: string[] = []
  const sources = [letterArticle]
  if (c.situation === 'gap') {
    const reason = gapWords[c.gap ?? 'other']
    lines.push(
      `<strong>Mention the gap once, briefly and without apology, then move on to what you offer ${role}.</strong> Employers mainly want to know that the break is over and that you are ready now.`,
    )
    lines.push('How to do it in the letter:')
    lines.push(
      `• One or two sentences, near the end of the body: name the reason plainly (${escapeHtml(reason)}) and the dates; you do not owe medical or family details.`,
    )
    lines.push('• Say what is settled now (“that commitment has ended”, “I am fully available”) and why you are ready to return.')
    lines.push(
      '• Show you kept current: a course, volunteering, freelance work or skills the break itself built (organising care, budgeting, coordinating appointments).',
    )
    lines.push('• Keep your earlier role in the past tense, and spend the rest of the letter on what you bring to this job.')
    lines.push(
      `Example: “From 2022 to 2024 I stepped away from work to care for a family member. That time is behind me, and I have since refreshed my skills with [course or project]; I am ready to bring [strength] to ${c.role ? escapeHtml(c.role) : 'this role'}.”`,
    )
    sources.unshift(gapArticle)
  } else if (c.situation === 'career-change') {
    lines.push(
      `<strong>Name the change in your first paragraph and make it look deliberate: why ${role}, and which of your strengths carry over.</strong> Do not present your old job as the experience the new one asks for.`,
    )
    lines.push('How to do it in the letter:')
    lines.push(`• Opening: say you are moving${c.from ? ` from ${escapeHtml(c.from)}` : ''} into ${role} and what draws you to it.`)
    lines.push('• Body: two or three transferable skills, each proved by one result from your past work (a number helps).')
    lines.push('• Show the steps you have already taken: a course, a certificate, a side project or volunteering in the new field.')
    lines.push('• Close by tying your mix of experience to a problem this employer has.')
    sources.unshift(switchArticle)
  } else if (c.situation === 'first-job') {
    lines.push(
      `<strong>With no work experience yet, build the letter on evidence from study, projects, volunteering and part-time work, matched to what ${role} asks for.</strong>`,
    )
    lines.push('How to do it in the letter:')
    lines.push('• Opening: the role, where you saw it, and one line on why you want it.')
    lines.push(
      '• Body: two examples from your course, a project, a society or a part-time job, each showing a skill in the job advert, with a result.',
    )
    lines.push('• Show you know the employer: one specific detail about them and why it matters to you.')
    lines.push('• Close with availability and a clear request for an interview; keep it under one page.')
    sources.unshift(firstJobArticle)
  } else {
    lines.push(
      '<strong>A strong cover letter is one page: a specific opening, two or three proofs that you can do the job, and a clear close.</strong>',
    )
    lines.push('• Opening: the role and why this employer, in your own words.')
    lines.push('• Body: match two or three requirements of the advert with an example and a result each.')
    lines.push('• Close: what you offer in one line and a request for an interview.')
  }
  lines.push('')
  lines.push(
    `<a href="${escapeHtml(link)}">Open the Cover Letter Builder with your situation filled in</a>: it writes each paragraph from your answers, and you can edit every line.`,
  )
  const html = lines.join('\n')
  const text = `${html.replace(/<[^>]*>/g, '')}\nLinks to cite: Cover Letter Builder (prefilled): ${link}; ${sources.map((s) => `${s.title}: ${s.url}`).join('; ')}`
  return { html, text, sources: [{ title: 'Cover Letter Builder', url: link }, ...sources] }
}

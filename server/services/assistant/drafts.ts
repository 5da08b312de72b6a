import { escapeHtml } from '../../lib/text.ts'

/**
 * Short messages written for the asker from the details they gave: a networking note, a request
 * for a recommendation, a thank-you after an interview, a follow-up. Every detail the asker named
 * (who, where, when, what about) goes into the draft; what they did not give is a [placeholder].
 */

export type Details = {
  person?: string
  organisation?: string
  school?: string
  role?: string
  date?: string
  minutes?: string
  topic?: string
  purpose?: string
}

const month = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`

export function detailsOf(text: string): Details {
  const details: Details = {}
  const person =
    /\b((?:Dr|Prof|Professor|Mr|Ms|Mrs|Mx)\.?\s+[\p{Lu}][\p{L}'’-]+(?:\s+[\p{Lu}][\p{L}'’-]+)?)/u.exec(text)?.[1] ??
    /\b(?:interviewer|recruiter|manager|hiring manager|mentor|contact|boss|professor|teacher|tutor|supervisor|colleague|friend|named|called)\s+([\p{Lu}][\p{L}'’-]+)/u.exec(
      text,
    )?.[1]
  if (person) details.person = person
  const school =
    /\((?:at\s+)?([^()]{3,60})\)/.exec(text)?.[1] ??
    /\b(?:my uni(?:versity)?|my school|my college)\s+(?:is\s+)?([\p{Lu}][\p{L}'’. -]{2,50}?)(?=[,.;!?]|\s+(?:who|and|where)\b|$)/u.exec(text)?.[1]
  if (school) details.school = school.trim()
  const organisation = /\b(?:at|for|with|from)\s+([\p{Lu}][\p{L}\d&'’.-]*(?:\s+[\p{Lu}][\p{L}\d&'’.-]*){0,3})/u.exec(
    text.replace(/\([^)]*\)/g, ''),
  )?.[1]
  if (organisation && !/^(Dr|Prof|Professor|Mr|Ms|Mrs|I|Dec|Jan|Monday|Tuesday|Wednesday|Thursday|Friday)\b/.test(organisation))
    details.organisation = organisation
  const role =
    /\b(?:who(?:'s| is)|works as|working as|as)\s+an?\s+([\p{L} -]{3,40}?)(?=\s+(?:at|in|for|with)\b|[,.;!?]|$)/iu.exec(text)?.[1] ??
    /\b(?:my|the|a|an)\s+([\p{L} -]{3,40}?)\s+(?:interview|role|position|job|application)\b/iu
      .exec(text)?.[1]
      ?.replace(/^(thank you|thank-you|follow[- ]up)\s+/i, '')
  if (role) details.role = role.trim()
  const date = new RegExp(String.raw`\b(\d{1,2}(?:st|nd|rd|th)?\s+${month}|${month}\s+\d{1,2}(?:st|nd|rd|th)?)\b`, 'i').exec(text)?.[1]
  if (date) details.date = date
  else {
    const relative =
      /\b(yesterday|today|this morning|last (?:week|monday|tuesday|wednesday|thursday|friday)|on (?:monday|tuesday|wednesday|thursday|friday))\b/i.exec(
        text,
      )?.[1]
    if (relative) details.date = relative
  }
  const minutes = /\b(\d{1,2})\s*-?\s*(?:min(?:ute)?s?)\b/i.exec(text)?.[1]
  if (minutes) details.minutes = minutes
  const topic =
    /\b(?:thesis|dissertation|project|research|paper|capstone|internship|placement|work(?:ed)?)\s+(?:on|about|in)\s+([^,.;!?]{3,60})/i.exec(text)?.[1]
  if (topic) details.topic = topic.replace(/\s+with\s+(?:her|him|them|you)$/i, '').trim()
  const purpose = /\b(?:about|on)\s+(how\s+[^,.;!?]{3,60})/i.exec(text)?.[1]
  if (purpose) details.purpose = purpose.trim()
  return details
}

export type DraftKind = 'networking' | 'recommendation' | 'thank-you' | 'follow-up'

export function draftKind(text: string): DraftKind | null {
  if (
    /\b(recommendation|reference)\s+(letter|request)|\bletter of recommendation|\b(ask|asking)\b[\s\S]{0,40}\b(recommend|reference|referee)\b/i.test(
      text,
    )
  )
    return 'recommendation'
  if (/\b(thank[- ]?you|thanks)\b[\s\S]{0,40}\b(email|e-mail|note|message|letter)\b|\b(email|note|message)\b[\s\S]{0,30}\bthank/i.test(text))
    return 'thank-you'
  if (/\b(follow[- ]?up|chase|check[- ]in|haven'?t heard)\b/i.test(text)) return 'follow-up'
  if (
    /\b(linkedin|networking|coffee chat|informational interview|cold (email|message)|reach out|alum\w*|connect with|dm|inmail|message (to )?(a|an|someone|her|him))\b/i.test(
      text,
    )
  )
    return 'networking'
  return null
}

const field = (value: string | undefined, placeholder: string) => (value ? escapeHtml(value) : `[${placeholder}]`)

/** A draft for `kind` with the asker's details in place and [placeholders] for the rest. */
export function draftMessage(kind: DraftKind, text: string): string {
  const d = detailsOf(text)
  const lines: string[] = []
  if (kind === 'networking') {
    const at = d.organisation ? ` at ${escapeHtml(d.organisation)}` : ''
    const role = d.role ? ` as a ${escapeHtml(d.role)}` : ''
    const school = d.school ? `I'm a student at ${escapeHtml(d.school)}, like you, and` : "I'm [your course and year], and"
    const chat = d.minutes ? `a ${d.minutes}-minute chat` : 'a 15-minute chat'
    const about = d.purpose ? ` about ${escapeHtml(d.purpose.replace(/\b(she|he|they)\b/i, 'you'))}` : ` about your path into the role`
    lines.push('<strong>A short message you can send (under 300 characters for a LinkedIn note):</strong>')
    lines.push(
      `Hi [first name], ${school} I saw you work${role}${at}. Would you have time for ${chat}${about}? I'd be grateful for any advice. Thank you! [Your name]`,
    )
    lines.push('')
    lines.push(
      'Why it works: it says why you are writing to this person, asks for one small, specific thing with a time limit, and is easy to say yes to. If there is no reply, follow up once after a week, then let it go.',
    )
  } else if (kind === 'recommendation') {
    lines.push('<strong>An email you can adapt:</strong>')
    lines.push(`Subject: Recommendation letter for my master's applications`)
    lines.push(`Dear ${field(d.person, 'Professor name')},`)
    lines.push(
      `I hope you are well. I am applying to master's programmes and would be very grateful if you would write a recommendation letter for me. ${d.topic ? `Working with you on my thesis on ${escapeHtml(d.topic)} shaped what I want to study next, and you know my work there better than anyone.` : 'You know my work in [course or project] better than anyone.'}`,
    )
    lines.push(
      `The first deadline is ${field(d.date, 'date')}. I will send you my CV, a draft statement of purpose, the list of programmes with their deadlines and the submission links, and I am happy to meet to talk it through. I will send a reminder a week before each deadline.`,
    )
    lines.push('Thank you for considering it.')
    lines.push('Best regards,\n[Your name]')
    lines.push('')
    lines.push(
      'Send it at least four to six weeks before the first deadline, and make it easy to decline: a rushed letter is weaker than one from someone with more time.',
    )
  } else if (kind === 'thank-you') {
    lines.push('<strong>A thank-you note to send within 24 hours:</strong>')
    lines.push(`Subject: Thank you: ${field(d.role, 'role')} interview`)
    lines.push(`Dear ${field(d.person, 'interviewer name')},`)
    lines.push(
      `Thank you for your time ${d.date ? (/^(yesterday|today|this|last|on)\b/i.test(d.date) ? escapeHtml(d.date) : `on ${escapeHtml(d.date)}`) : 'today'}. I enjoyed hearing about ${d.topic ? escapeHtml(d.topic) : '[something specific you discussed]'}, and it confirmed how much I would like to join ${field(d.organisation, 'company')}. I'm happy to send anything else you need.`,
    )
    lines.push('Best regards,\n[Your name]')
  } else {
    lines.push('<strong>A polite follow-up:</strong>')
    lines.push(`Dear ${field(d.person, 'name')},`)
    lines.push(
      `I hope you are well. I'm following up on my application for the ${field(d.role, 'role')} position at ${field(d.organisation, 'company')}${d.date ? `, submitted on ${escapeHtml(d.date)}` : ''}. I remain very interested and would be glad to hear about the next steps or the timeline.`,
    )
    lines.push('Best regards,\n[Your name]')
    lines.push('')
    lines.push('Wait until the date they gave you has passed (or about a week to ten days after an interview) before you send it.')
  }
  return lines.join('\n')
}

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
  /** What the message asks about ("new grad backend roles"). */
  asking?: string
  /** When the asker finishes their studies ("April"). */
  finishing?: string
  /** Something the organisation did lately ("the city library redesign competition"). */
  news?: string
  /** Skills the asker names ("SQL and python"). */
  skills?: string
  /** The amounts named, in order (offered, then wanted). */
  amounts?: string[]
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
    /\b(?:uni|university|school|college)\b[^()]{0,30}\((?:at\s+)?([^()]{3,60})\)/i.exec(text)?.[1] ??
    /\b(?:my uni(?:versity)?|my school|my college)\s+(?:is\s+)?([\p{Lu}][\p{L}'’. -]{2,50}?)(?=[,.;!?]|\s+(?:who|and|where)\b|$)/u.exec(text)?.[1]
  if (school) details.school = school.trim()
  const organisation = /\b(?:at|for|with|from)\s+([\p{Lu}][\p{L}\d&'’.-]*(?:\s+[\p{Lu}][\p{L}\d&'’.-]*){0,3})/u.exec(
    text.replace(/\([^)]*\)/g, ''),
  )?.[1]
  // "a small architecture studio (Hartley & Moss)", "a cafe called Bean There": the firm's name.
  const named =
    /\b(?:studio|company|firm|startup|agency|cafe|café|shop|restaurant|charity|practice|lab|school)\s*\(([^()]{2,50})\)/i.exec(text)?.[1] ??
    /\b(?:called|named)\s+([\p{Lu}][\p{L}\d&'’-]*(?:\s+[\p{Lu}][\p{L}\d&'’-]*){0,3})/u.exec(text)?.[1]
  if (named) details.organisation = named.trim()
  else if (organisation && !/^(Dr|Prof|Professor|Mr|Ms|Mrs|I|Dec|Jan|Monday|Tuesday|Wednesday|Thursday|Friday)\b/.test(organisation))
    details.organisation = organisation.replace(/[.]+$/, '')
  const role =
    /\b(?:who(?:'s| is)|works as|working as|as)\s+an?\s+([\p{L} -]{3,40}?)(?=\s+(?:at|in|for|with)\b|[,.;!?]|$)/iu.exec(text)?.[1] ??
    // The first "the analyst role" whose words name a job, not the message ("an email declining a job").
    [...text.matchAll(/\b(?:my|the|a|an)\s+([\p{L} -]{3,40}?)\s+(?:interview|role|position|job|application)\b/giu)]
      .map((m) => m[1]!.replace(/^(thank you|thank-you|follow[- ]up)\s+/i, ''))
      .find(
        (phrase) =>
          !/\b(email|e-mail|letter|message|note|declin\w*|reschedul\w*|ask\w*|accept\w*|turn\w*|offer|job|my|a|an|the|to|for|from|with)\b/i.test(
            phrase,
          ),
      )
  const offered = /\d\s?k\s+([\p{L} -]{3,30}?)\s+(?:at|in|offer|job|role|position)\b/iu.exec(text)?.[1]
  if (role || offered) details.role = (role ?? offered)!.trim()
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
  // "We talked about their new ERP rollout": what the conversation was about, in the reader's words.
  const talked = /\b(?:talked|spoke|chatted|discussed|talking)\s+(?:a lot\s+)?(?:about\s+)?([^,.;!?]{3,60})/i.exec(text)?.[1]
  if (talked && !details.topic) details.topic = talked.replace(/\btheir\b/gi, 'your').trim()
  const asking = /\basking (about|for|if|whether)\s+([^,.;!?]{3,60})/i.exec(text)
  if (asking) details.asking = (/^(if|whether)$/i.test(asking[1]!) ? `${asking[1]} ${asking[2]}` : asking[2]!).trim()
  const studying =
    /\b(?:finishing|studying|doing|graduating(?: in| from)?|student)\b[^,.;!?]{0,40}?\b(?:at|from)\s+([\p{Lu}][\p{L}'’.&-]*(?:\s+[\p{Lu}][\p{L}'’.&-]*){0,3})/u.exec(
      text,
    )?.[1]
  if (studying && !details.school) details.school = studying
  const finishing = new RegExp(String.raw`\b(?:finish\w*|graduat\w*)\b[^,.;!?]{0,40}?\bin\s+(${month}(?:\s+\d{4})?|\d{4})`, 'i').exec(text)?.[1]
  if (finishing) details.finishing = finishing.replace(/^\w/, (c) => c.toUpperCase())
  const news = /\b(?:just|recently)\s+(won|launched|opened|announced|released|finished|completed)\s+([^,.;!?]{3,60})/i.exec(text)
  const doing: Record<string, string> = {
    won: 'winning',
    launched: 'launching',
    opened: 'opening',
    announced: 'announcing',
    released: 'releasing',
    finished: 'finishing',
    completed: 'completing',
  }
  if (news) details.news = `${doing[news[1]!.toLowerCase()]} ${news[2]!.trim()}`
  const skills = /\b(?:using|with|in|know|knowing)\s+((?:[\p{L}+#.]+(?:,\s*|\s+and\s+)){1,5}[\p{L}+#.]+)/u.exec(text)?.[1]
  if (skills && /[A-Z]{2,}|\b(python|excel|java|sql|figma|tableau|power bi|javascript|react|r)\b/i.test(skills)) details.skills = skills
  const amounts = [...text.matchAll(/[$£€]?\s?\d{2,3}(?:[.,]\d{3})?\s?k\b|[$£€]\s?\d{2,3}(?:,\d{3})+/gi)].map((m) => m[0].replace(/\s/g, ''))
  if (amounts.length > 0) details.amounts = amounts
  return details
}

export type DraftKind =
  | 'networking'
  | 'recommendation'
  | 'thank-you'
  | 'follow-up'
  | 'resignation'
  | 'negotiation'
  | 'decline'
  | 'accept'
  | 'reschedule'
  | 'feedback'
  | 'raise'
  | 'extension'

export function draftKind(text: string): DraftKind | null {
  if (
    /\b(recommendation|reference)\s+(letter|request)|\bletter of recommendation|\b(ask|asking)\b[\s\S]{0,40}\b(recommend|reference|referee)\b/i.test(
      text,
    )
  )
    return 'recommendation'
  if (/\b(thank[- ]?you|thanks)\b[\s\S]{0,40}\b(email|e-mail|note|message|letter)\b|\b(email|note|message)\b[\s\S]{0,30}\bthank/i.test(text))
    return 'thank-you'
  if (/\b(declin\w*|turn(ing)? down|reject(ing)?|say(ing)? no to)\b[\s\S]{0,40}\b(offer|position|role|job|place)\b/i.test(text)) return 'decline'
  if (/\b(accept\w*|say(ing)? yes to)\b[\s\S]{0,30}\b(offer|position|role|job)\b/i.test(text)) return 'accept'
  if (
    /\b(reschedul\w*|postpone|move|change)\b[\s\S]{0,30}\binterview\b|\binterview\b[\s\S]{0,40}\b(reschedul\w*|another (time|day|date)|different (time|day|date))\b/i.test(
      text,
    )
  )
    return 'reschedule'
  if (/\b(ask\w*|request\w*|get)\b[\s\S]{0,30}\bfeedback\b|\bfeedback\b[\s\S]{0,40}\b(reject\w*|unsuccessful|didn'?t get)\b/i.test(text))
    return 'feedback'
  if (
    /\b(extension|extend|more time)\b[\s\S]{0,40}\b(deadline|offer|decision|assignment|application|start date)\b|\bdeadline\b[\s\S]{0,40}\b(extension|extend)\b/i.test(
      text,
    )
  )
    return 'extension'
  if (/\b(raise|pay rise|salary increase|salary review)\b/i.test(text)) return 'raise'
  if (/\b(resign\w*|notice|quit(ting)?)\b/i.test(text)) return 'resignation'
  if (/\b(negotiat\w*|counter[- ]?offer|ask(ing)? for (more|a higher))\b/i.test(text)) return 'negotiation'
  if (/\b(follow[- ]?up|chase|check[- ]in|haven'?t heard)\b/i.test(text)) return 'follow-up'
  if (
    /\b(linkedin|networking|coffee chat|informational interview|cold (email|message)|reach out|alum\w*|connect with|dm|inmail|message (to )?(a|an|someone|her|him)|recruiter|(take|takes|taking|hire|hiring) interns?|internships?)\b/i.test(
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
    if (d.asking || d.news) {
      // A note to a recruiter or a small firm: who you are, why them, the one thing you ask.
      const who = d.school ? `I'm studying at ${escapeHtml(d.school)}` : "I'm [your course and year]"
      const when = d.finishing ? `, finishing in ${escapeHtml(d.finishing)}` : ''
      const why = d.news ? ` Congratulations on ${escapeHtml(d.news)}: it is the kind of work I hope to learn.` : ''
      const ask = !d.asking
        ? `Would you consider an intern${at}?`
        : /^(if|whether)\b/i.test(d.asking)
          ? `I'd like to ask whether ${escapeHtml(d.asking.replace(/^(if|whether)\s+/i, '').replace(/\bthey\b/gi, 'you'))}${at}.`
          : `I'd love to hear about ${escapeHtml(d.asking)}${at}.`
      lines.push(
        `Hi [first name], ${who}${when}.${why} ${ask} Would you have time for ${chat} in the next few weeks, or point me to the right person? Thank you! [Your name]`,
      )
    } else
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
  } else if (kind === 'resignation') {
    lines.push('<strong>A resignation email you can send after telling your manager in person or on a call:</strong>')
    lines.push('Subject: Resignation: [your name]')
    lines.push(`Dear ${field(d.person, 'manager name')},`)
    lines.push(
      `Please accept this email as formal notice of my resignation${d.role ? ` from my role as ${escapeHtml(d.role)}` : ''}${d.organisation ? ` at ${escapeHtml(d.organisation)}` : ''}. My last day will be ${field(d.date, 'last day, as your notice period requires')}.`,
    )
    lines.push(
      "Thank you for the support and everything I have learned here. Over the coming weeks I will do all I can for a smooth handover: I'll write up where my work stands and help whoever takes it on.",
    )
    lines.push('Best regards,\n[Your name]')
    lines.push('')
    lines.push('Keep it short and positive: reasons and complaints belong in a conversation, if anywhere, not in the letter that stays on your file.')
  } else if (kind === 'negotiation') {
    const [offered, wanted] = d.amounts ?? []
    lines.push('<strong>An email you can adapt:</strong>')
    lines.push(`Subject: ${d.role ? `${escapeHtml(d.role)} offer` : 'Your offer'}: salary`)
    lines.push(`Dear ${field(d.person, 'name')},`)
    lines.push(
      `Thank you for the offer${d.role ? ` for the ${escapeHtml(d.role)} position` : ''}${d.organisation ? ` at ${escapeHtml(d.organisation)}` : ''}; I'm excited about joining the team. ${d.skills ? `Given my experience with ${escapeHtml(d.skills)}` : 'Given [your strongest relevant experience]'} and what similar roles pay locally, I'd like to ask whether you could bring the base salary ${offered ? `from ${escapeHtml(offered)} ` : ''}to ${field(wanted, 'your figure')}.`,
    )
    lines.push(
      "If the salary range is fixed, I'd welcome some flexibility elsewhere: a signing bonus, an earlier salary review, or extra training budget. I'm keen to make this work.",
    )
    lines.push('Best regards,\n[Your name]')
    lines.push('')
    lines.push(
      'Ask once, with one figure you can back with the local median (ask me for the pay of the job in the city), and ask warmly: an offer is rarely withdrawn for a polite request.',
    )
  } else if (kind === 'decline' || kind === 'accept') {
    const offer = `the offer${d.role ? ` for the ${escapeHtml(d.role)} position` : ''}${d.organisation ? ` at ${escapeHtml(d.organisation)}` : ''}`
    lines.push(`<strong>An email you can send${kind === 'decline' ? ' (by phone first if you spoke with them often)' : ''}:</strong>`)
    lines.push(`Subject: ${kind === 'decline' ? 'Your offer' : 'Accepting your offer'}${d.role ? `: ${escapeHtml(d.role)}` : ''}`)
    lines.push(`Dear ${field(d.person, 'name')},`)
    if (kind === 'decline') {
      lines.push(
        `Thank you for ${offer}, and for the time you and the team spent with me. After careful thought I have decided to decline: I have accepted a role that is a closer fit for where I want to go next.`,
      )
      lines.push('I enjoyed meeting the team and would be glad to stay in touch. I hope our paths cross again.')
    } else {
      lines.push(
        `I'm delighted to accept ${offer}${d.amounts?.[0] ? ` at a salary of ${escapeHtml(d.amounts[0])}` : ''}, with a start date of ${field(d.date, 'start date')}.`,
      )
      lines.push('Please let me know what you need from me before I start (documents, forms or checks), and whom I should contact on my first day.')
    }
    lines.push('Best regards,\n[Your name]')
    lines.push('')
    lines.push(
      kind === 'decline'
        ? "Send it within a day or two of deciding; you don't owe a detailed reason, and a short, warm no keeps the door open."
        : 'Reply within the deadline they gave, and accept only once you have the written offer and its terms; keep a copy of both.',
    )
  } else if (kind === 'reschedule' || kind === 'extension') {
    const ask =
      kind === 'reschedule'
        ? `Could we move my interview${d.role ? ` for the ${escapeHtml(d.role)} role` : ''}${d.date ? ` ${/^(on|in|at|next|this)\b/i.test(d.date) ? '' : 'on '}${escapeHtml(d.date)}` : ''} to another time? I can do [two or three times that suit you].`
        : `Could I have until ${field(d.date, 'the date you need')} to ${/\boffer\b/i.test(text) ? 'give you my answer on the offer' : 'submit it'}?`
    lines.push('<strong>An email you can send as soon as you know:</strong>')
    lines.push(`Subject: ${kind === 'reschedule' ? 'Interview time' : 'Request for a short extension'}${d.role ? `: ${escapeHtml(d.role)}` : ''}`)
    lines.push(`Dear ${field(d.person, 'name')},`)
    lines.push(
      `${kind === 'reschedule' ? "I'm very much looking forward to the interview." : 'Thank you for your patience.'} ${ask} The reason is [one short, honest reason].`,
    )
    lines.push(
      kind === 'reschedule'
        ? "I'm sorry for the trouble, and I'm still very keen on the role."
        : 'I understand if that is not possible, and I will keep to the original date if so.',
    )
    lines.push('Best regards,\n[Your name]')
    lines.push('')
    lines.push(
      'Ask early and once, give the reason in a line, offer concrete alternatives: most employers and universities agree to a reasonable request made in good time.',
    )
  } else if (kind === 'feedback') {
    lines.push('<strong>A short email you can send:</strong>')
    lines.push(`Subject: Feedback on my ${field(d.role, 'role')} application`)
    lines.push(`Dear ${field(d.person, 'name')},`)
    lines.push(
      `Thank you for letting me know, and for considering me for the ${field(d.role, 'role')} position${d.organisation ? ` at ${escapeHtml(d.organisation)}` : ''}. I'm disappointed, but I'd value any feedback: was there one thing in my application or interview I could do better next time?`,
    )
    lines.push("I'd be glad to be considered for future openings.")
    lines.push('Best regards,\n[Your name]')
    lines.push('')
    lines.push(
      'Ask one specific question; many employers only give feedback after an interview, and some not at all: take a short reply as an answer.',
    )
  } else if (kind === 'raise') {
    lines.push('<strong>An email to ask for the conversation (the case itself is best made in person):</strong>')
    lines.push('Subject: Time to talk about my pay')
    lines.push(`Dear ${field(d.person, 'manager name')},`)
    lines.push(
      `Could we set up 30 minutes in the next couple of weeks to talk about my pay? Since ${field(d.date, 'your last review or start date')} I have ${field(d.skills, 'two or three results, with numbers')}, and I'd like to discuss bringing my salary ${d.amounts?.[0] ? `to ${escapeHtml(d.amounts[0])}` : 'in line with the local median for the role'}.`,
    )
    lines.push('Best regards,\n[Your name]')
    lines.push('')
    lines.push(
      'Bring the evidence: your results, what the role pays locally (ask me for the job in your city), and one figure. Time it after a win or before budgets are set. If the answer is no, ask what you would need to show by when, and put it in writing.',
    )
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

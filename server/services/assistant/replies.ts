import { escapeHtml } from '../../lib/text.ts'
import type { SiteTool } from './types.ts'
import { honestRoute, offTopicDomain } from './understand.ts'

// The built-in assistant's fixed replies (builtin.ts): where a category's guides live, small talk,
// refusals and redirects.

/** Library categories as the next step when no builder fits: where more of the same lives. */
export const categoryPointers: Record<string, SiteTool> = {
  'university-admission': {
    title: 'University Admission guides',
    url: '/library?category=university-admission',
    description: 'Timelines, lists, statements, recommendations, funding and visas.',
  },
  'standardized-tests': {
    title: 'Standardized Tests guides',
    url: '/library?category=standardized-tests',
    description: 'Choosing a test, study plans, retakes and test day.',
  },
  'interview-tips': {
    title: 'Interview Tips guides',
    url: '/library?category=interview-tips',
    description: 'Question types, STAR answers, follow-ups and offers.',
  },
  'job-hunting': { title: 'Job Hunting guides', url: '/library?category=job-hunting', description: 'Where to look, routines, recruiters and gaps.' },
  'networking-and-connections': {
    title: 'Networking guides',
    url: '/library?category=networking-and-connections',
    description: 'Referrals, mentors, events and staying in touch.',
  },
  'career-development': {
    title: 'Career Development guides',
    url: '/library?category=career-development',
    description: 'Promotions, skills plans and changing fields.',
  },
  'internship-and-training': {
    title: 'Internship and Training guides',
    url: '/library?category=internship-and-training',
    description: 'Finding internships, first weeks and turning them into offers.',
  },
}

export const smallTalk: { pattern: RegExp; answer: string }[] = [
  {
    pattern: /^(hi|hello|hey|hiya|good (morning|afternoon|evening)|greetings)\b[\s!.,]*(there)?[\s!.,]*$/i,
    answer:
      'Hello! I can check a job offer against local pay, compare salaries and living costs, give you interview practice questions, ' +
      'rewrite a resume line, guide a cover letter for your situation, and answer questions from the Waypoint library.',
  },
  {
    pattern: /^(thanks|thank you|thx|cheers|great|perfect|ok(ay)?)\b[\w\s!.,]{0,30}$/i,
    answer: 'You are welcome! Ask me anything else about your applications, interviews or studies.',
  },
  {
    pattern: /\b(who are you|what are you|what can you do|are you (a |an )?(bot|ai|human|robot|real))\b/i,
    answer:
      "I'm Waypoint's career assistant, answering from Waypoint's library and data (no AI model). I can: check an offer against the local pay percentiles; " +
      'compare salaries or living costs between places; give interview practice questions for a role and give STAR feedback on your answer; ' +
      'rewrite a resume line; guide a cover letter for a gap, a career change or a first job; and answer questions from our articles, with links.',
  },
]

export const refusal = (text: string) =>
  "I can't help with that. Faking a document, a reference or a score, or misleading an employer, a university or an immigration authority, is fraud: " +
  'it can cost you the offer or place, your visa and future applications.\n\n' +
  `<strong>What works instead:</strong> ${escapeHtml(honestRoute(text))}`
export const injectionReply =
  "I can't share my instructions or any keys, and I can't change how I work: I'm here for career and study questions, answered from Waypoint's library and data. " +
  'Ask me about a job offer, pay or living costs, interviews, your resume or cover letter, applications, tests or visas.'
export const offTopic = (text: string) => {
  const domain = offTopicDomain(text)
  return (
    `I can't help with ${domain ? escapeHtml(domain) : 'that'}: it's outside what I do as Waypoint's career and study adviser. ` +
    'Ask me about jobs and pay, living costs in a city, interviews, resumes and cover letters, university applications, admission and English tests, or working while you study.'
  )
}

/**
 * An offer with an amount but no job we can tell ("got an offer in tokyo for 3.5 million yen, is that low?"):
 * the question an adviser would ask back, since pay is only judged against the same work in the same place.
 */
export function offerNeedsJob(amount: number, currency: string | undefined, period: string | undefined, place: string | undefined): string {
  const figure = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency ?? 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount)
  const per = period === 'hourly' ? ' an hour' : period === 'monthly' ? ' a month' : ' a year'
  // A dataset key ("japan/tokyo", "united-states/austin-tx") as the place's name.
  const where = place
    ?.split('/')
    .at(-1)!
    .replace(/-[a-z]{2}$/, '')
    .replace(/(^|-)(\p{L})/gu, (_m, dash: string, letter: string) => `${dash ? ' ' : ''}${letter.toUpperCase()}`)
  return (
    `<strong>Which job is the offer for?</strong> Whether ${escapeHtml(figure)}${per} is a good offer depends on the work: ` +
    `tell me the job title${where ? ` (for example “is ${escapeHtml(figure)} good for a software developer in ${escapeHtml(where)}?”)` : ''} and I will compare the offer with the official pay percentiles for that job${where ? ' there' : ''}, with their source. ` +
    'Starting pay is usually between the 10th and 50th percentiles of the job, so your experience matters too.'
  )
}

/**
 * Questions the built-in assistant answers from the datasets rather than the library: what a
 * job pays, what living somewhere costs, what we know about a place. Recognised by the ways
 * people ask them; the tools then decide whether the words name a real occupation or place.
 */
export type DataQuestion = { kind: 'salary'; job: string; location?: string } | { kind: 'cost'; city: string } | { kind: 'location'; place: string }

const article = String.raw`(?:(?:an?|the|one)\s+)?`
const place = String.raw`(?:in|at|around|near|for)\s+(?:the\s+city\s+of\s+)?(.+?)`
const filler =
  /^(?:(?:what(?:'s|’s| is| are)?|how much(?: is| are)?|tell me|give me|show me)\s+)?(?:the\s+)?(?:(?:average|typical|median|usual|starting|entry[- ]level|annual|yearly|hourly|mean)\s+)*/i

const salaryPatterns: RegExp[] = [
  // "What does a software developer earn in Austin?", "How much do nurses make?"
  new RegExp(
    String.raw`^(?:what|how much)\s+(?:money\s+)?(?:does|do|can|could|would|will|might)\s+${article}(.+?)\s+(?:earn|make|get\s+paid|take\s+home)(?:\s+(?:a|per|an|each)\s+(?:year|month|hour))?(?:\s+${place})?$`,
    'i',
  ),
  // "How much can I earn as a nurse in London?"
  new RegExp(String.raw`\b(?:earn|make|get\s+paid|paid)\s+as\s+${article}(.+?)(?:\s+${place})?$`, 'i'),
  // "What is the salary of a data scientist in Berlin?", "average pay for nurses in Boston"
  new RegExp(String.raw`\b(?:salary|salaries|pay|wages?|earnings|income)\s+(?:of|for)\s+${article}(.+?)(?:\s+${place})?$`, 'i'),
  // "Software developer salary in Austin", "What's the average nurse salary?"
  new RegExp(String.raw`^(.+?)\s+(?:salary|salaries|pay|wages?|earnings)(?:\s+${place})?$`, 'i'),
]

const costPatterns: RegExp[] = [
  // "How much does it cost to live in Tokyo?", "cost of living in Berlin", "living costs in Paris"
  new RegExp(
    String.raw`\b(?:costs?\s+of\s+living|living\s+costs?|costs?\s+to\s+live|living\s+expenses|cost\s+of\s+life|expensive\s+(?:is\s+it\s+)?to\s+live|rent(?:s|\s+prices)?|prices?)\s+(?:like\s+)?${place}$`,
    'i',
  ),
  // "How expensive is London?"
  /^how\s+(?:expensive|costly|cheap|affordable)\s+is\s+(.+)$/i,
  // "Tokyo cost of living"
  /^(.+?)\s+(?:cost\s+of\s+living|living\s+costs?)$/i,
]

const locationPatterns: RegExp[] = [
  /^(?:(?:can|could)\s+you\s+)?(?:tell\s+me\s+(?:more\s+)?about|what\s+do\s+you\s+know\s+about|what\s+about|info(?:rmation)?\s+(?:on|about)|facts\s+about)\s+(?:(?:living|life|working|studying|moving|relocating)\s+(?:in|to)\s+)?(.+)$/i,
  /^(?:what(?:'s|’s|\s+is)\s+it\s+like\s+)?(?:to\s+)?(?:living|live|moving|move|working|work|studying|study|life|relocating|relocate)\s+(?:in|to)\s+(.+)$/i,
]

/** Words that show a phrase is about the asker, not an occupation ("negotiate my salary"). */
const personal = /\b(i|me|my|mine|we|our|us|you|your|negotiate|negotiating|raise|increase|ask|asking|expect|expectations?)\b/i

const tidy = (text: string | undefined) =>
  text
    ?.replace(/^["“'‘]+|["”'’]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim()

export function dataQuestion(question: string): DataQuestion | null {
  const text = question.trim().replace(/[\s?.!]+$/, '')
  for (const pattern of costPatterns) {
    const city = tidy(pattern.exec(text)?.[1])
    if (city) return { kind: 'cost', city }
  }
  for (const pattern of salaryPatterns) {
    const match = pattern.exec(text)
    if (!match) continue
    const job = tidy(match[1]!.replace(filler, ''))
    // An occupation is a few words; a longer phrase or one about the asker is another question.
    if (!job || personal.test(job) || job.split(' ').length > 6) continue
    return { kind: 'salary', job, location: tidy(match[2]) }
  }
  for (const pattern of locationPatterns) {
    const where = tidy(pattern.exec(text)?.[1])
    if (where) return { kind: 'location', place: where }
  }
  return null
}

/** An amount of money in a question: "$85,000", "85k", "£42k", "€3.500 a month", "$32/hour". */
export type Money = { amount: number; currency?: string; period?: 'annual' | 'hourly' | 'monthly' }

const currencySigns: Record<string, string> = { $: 'USD', '£': 'GBP', '€': 'EUR', '¥': 'JPY', '₹': 'INR', C$: 'CAD', A$: 'AUD', US$: 'USD' }
const currencyCodes = /\b(usd|gbp|eur|cad|aud|jpy|inr|chf|sgd|nzd|dollars?|pounds?|euros?|bucks|yen)\b/i
const codeOf = (word: string) =>
  ({ dollar: 'USD', dollars: 'USD', bucks: 'USD', pound: 'GBP', pounds: 'GBP', euro: 'EUR', euros: 'EUR', yen: 'JPY' })[word.toLowerCase()] ??
  word.toUpperCase()

export function findMoney(text: string): Money | null {
  const pattern =
    /(US\$|C\$|A\$|[$£€¥₹])?\s?(\d{1,3}(?:[,.\s]\d{3})+|\d+(?:\.\d+)?)\s?(k|K|thousand|grand|million|mil)?\b(?:\s?(usd|gbp|eur|cad|aud|jpy|inr|chf|sgd|nzd|dollars?|pounds?|euros?|bucks|yen)\b)?/gi
  for (const m of text.matchAll(pattern)) {
    const [, sign, digits, thousand, code] = m
    if (!sign && !thousand && !code) {
      // A bare number counts only when it looks like pay (5+ digits, or with a pay word next to it).
      const value = Number(digits!.replace(/[,.\s]/g, ''))
      if (!(value >= 10_000 && value < 10_000_000 && /\b(offer|offered|salary|pay|paid|paying|earn|package|base|comp)\b/i.test(text))) continue
    }
    let amount =
      /[,.\s]\d{3}$/.test(digits!) && !/^\d+\.\d{1,2}$/.test(digits!) ? Number(digits!.replace(/[,.\s]/g, '')) : Number(digits!.replace(',', '.'))
    if (thousand) amount *= /^mil/i.test(thousand) ? 1_000_000 : 1000
    if (!Number.isFinite(amount) || amount <= 0) continue
    // The period follows the amount or its currency word ("3000 euros a month").
    const after = text
      .slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 40)
      .toLowerCase()
      .replace(/^\s*(gross|net|before tax|after tax|pre-tax)\b/, '')
    const period = /^\s*(\/\s?h(ou)?r|an hour|per hour|hourly|p\/h|ph\b)/.test(after)
      ? 'hourly'
      : /^\s*(\/\s?mo(nth)?|a month|per month|monthly)/.test(after)
        ? 'monthly'
        : amount < 200
          ? 'hourly'
          : 'annual'
    const currency = sign
      ? currencySigns[sign]
      : code
        ? codeOf(code)
        : currencyCodes.exec(text)?.[1]
          ? codeOf(currencyCodes.exec(text)![1]!)
          : undefined
    return { amount, currency, period }
  }
  return null
}

/** Words after which a place name follows ("in Austin", "based in Leeds"). */
const placeLead =
  /\b(?:in|at|near|around|based in|located in|living in|live in|move to|moving to|relocate to|relocating to|to)\s+(?:the\s+city\s+of\s+)?([A-Z\p{Lu}][\p{L}.'’\- ]*(?:,\s*[A-Z\p{Lu}][\p{L}.\- ]*)?)/gu

/** Place phrases a question names ("Austin", "New York", "Austin, TX"), in order. */
export function placePhrases(text: string): string[] {
  const out: string[] = []
  for (const m of text.matchAll(placeLead)) {
    const phrase = m[1]!
      .replace(/\s+(as|for|with|and|or|is|are|was|but|if|on|at|vs|versus|than|compared)\b.*$/i, '')
      .replace(/[\s,.'’]+$/, '')
      .trim()
    if (phrase) out.push(phrase)
  }
  return out
}

/** Two places compared: "Berlin vs Munich", "London or Paris", "from Austin to Seattle", "compare X and Y". */
export function twoPlaces(text: string): [string, string] | null {
  const cleaned = text.replace(/[?!.]+$/, '')
  const patterns = [
    /(?:^|\b(?:in|between|compare|comparing|of)\s+)([A-Z\p{Lu}][\p{L}.'’-]*(?:\s+[A-Z\p{Lu}][\p{L}.'’-]*)*(?:,\s*[A-Z]{2})?)\s+(?:vs\.?|versus|or|and|compared (?:to|with))\s+([A-Z\p{Lu}][\p{L}.'’-]*(?:\s+[A-Z\p{Lu}][\p{L}.'’-]*)*(?:,\s*[A-Z]{2})?)/u,
    /\bfrom\s+([A-Z\p{Lu}][\p{L}.'’-]*(?:\s+[A-Z\p{Lu}][\p{L}.'’-]*)*)\s+to\s+([A-Z\p{Lu}][\p{L}.'’-]*(?:\s+[A-Z\p{Lu}][\p{L}.'’-]*)*)/u,
    /\b(?:[Ii]s|[Aa]re)\s+([A-Z\p{Lu}][\p{L}.'’-]*(?:\s+[A-Z\p{Lu}][\p{L}.'’-]*)*)\s+(?:cheaper|more expensive|pricier|dearer|costlier)\s+than\s+([A-Z\p{Lu}][\p{L}.'’-]*(?:\s+[A-Z\p{Lu}][\p{L}.'’-]*)*)/u,
  ]
  for (const p of patterns) {
    const m = p.exec(cleaned)
    if (m) {
      const a = m[1]!.replace(/^(Is|Are|Compare|The|In)\s+/, '').trim()
      const b = m[2]!.replace(/\s+(for|as|if|when|in terms of)\b.*$/i, '').trim()
      if (a && b && a.toLowerCase() !== b.toLowerCase()) return [a, b]
    }
  }
  return null
}

/**
 * The occupation phrase of an offer or pay question: after "as a", "for a ... role", or before
 * "role/job/position/offer". Level words (junior, senior) are dropped; undefined when none.
 */
export function jobPhrase(text: string): string | undefined {
  const t = text.replace(/[?!]+$/, '')
  const patterns = [
    /\b(?:as|for|of|be|become|becoming|hired as|working as|work as)\s+(?:an?|the|my)\s+(.+?)(?=\s+(?:role|job|position|post|offer|in|at|near|based|with|for|from|,|\.|\?|is|and|but|—|-\s)|[,.?]|$)/i,
    /\b(?:an?|my)\s+(.+?)\s+(?:role|job|position|offer|salary)\b/i,
    /^(?:i'?m\s+an?\s+|i am\s+an?\s+)(.+?)(?=\s+(?:in|at|and|with|offered|who)\b|[,.]|$)/i,
  ]
  for (const p of patterns) {
    const m = p.exec(t)
    if (!m) continue
    const job = m[1]!
      .replace(
        /\b(junior|senior|entry[- ]level|graduate|new grad|lead|principal|staff|mid[- ]level|trainee|full[- ]time|part[- ]time|remote|new)\b/gi,
        '',
      )
      .replace(/\s*\$?\d[\d,.]*k?\b.*$/i, '')
      .replace(/\s+/g, ' ')
      .trim()
    if (job && job.split(' ').length <= 5 && !personal.test(job) && !/\b(offer|salary|pay|year|month)\b/i.test(job)) return job
  }
  return undefined
}

/** The home size a rent question means: 0 for a studio, else its bedrooms ("2 bed", "two-bedroom"), one when unsaid. */
export function bedroomsIn(text: string): number {
  if (/\bstudio\b/i.test(text)) return 0
  const digits = /\b([1-4])\s*-?\s*(bed|br|bd|bedroom)/i.exec(text)?.[1]
  const word = /\b(one|two|three|four)[- ]bed/i.exec(text)?.[1]?.toLowerCase()
  return Number(digits ?? (word ? { one: 1, two: 2, three: 3, four: 4 }[word] : 1))
}

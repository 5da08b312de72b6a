/**
 * Questions the built-in assistant answers from the datasets rather than the library: what a
 * job pays, what living somewhere costs, what we know about a place. Recognised by the ways
 * people ask them; the tools then decide whether the words name a real occupation or place.
 */
export type DataQuestion =
  | { kind: 'salary'; job: string; location?: string }
  | { kind: 'cost'; city: string }
  | { kind: 'location'; place: string }

const article = String.raw`(?:(?:an?|the|one)\s+)?`
const place = String.raw`(?:in|at|around|near|for)\s+(?:the\s+city\s+of\s+)?(.+?)`
const filler = /^(?:(?:what(?:'s|’s| is| are)?|how much(?: is| are)?|tell me|give me|show me)\s+)?(?:the\s+)?(?:(?:average|typical|median|usual|starting|entry[- ]level|annual|yearly|hourly|mean)\s+)*/i

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
  /^(?:(?:can|could)\s+you\s+)?(?:tell\s+me\s+(?:more\s+)?about|what\s+do\s+you\s+know\s+about|what\s+about|info(?:rmation)?\s+(?:on|about)|facts\s+about)\s+(.+)$/i,
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

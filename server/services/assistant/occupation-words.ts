/**
 * Job titles as people say them, next to the words of the wage tables' titles: "ER nurse" is a
 * registered nurse, "junior backend engineer" a software developer, "teach high school maths" a
 * secondary school teacher. `occupationPhrases` gives the phrases to look up, best first.
 */

/** Everyday titles (folded, singular) and the table words they mean. */
const everyday: [RegExp, string][] = [
  [
    /\b(high school|secondary( school)?|hs|sixth form|gcse|a level) (\w+ )?teachers?\b|\bteach(ing)? (at )?(high|secondary) school\b/,
    'secondary school teachers',
  ],
  [/\bmiddle school (\w+ )?teachers?\b/, 'middle school teachers'],
  [
    /\b(primary|elementary|grade school) (school )?(\w+ )?teachers?\b|\bteach(ing)? (at )?(primary|elementary) school\b/,
    'elementary school teachers',
  ],
  [/\b(kindergarten|preschool|nursery|early years) teachers?\b/, 'preschool teachers'],
  [/\b(professor|lecturer|university teacher|faculty)\b/, 'postsecondary teachers'],
  [/\bteaching assistants?\b|\bta\b/, 'teaching assistants'],
  [/\b(nurse practitioners?|np)\b/, 'nurse practitioners'],
  [
    /\b(er|icu|a ?e|ward|staff|travel|pediatric|paediatric|psych|charge|theatre|surgical|or|registered|rn|cardiac|oncology|clinic|hospital) nurses?\b|\brns?\b/,
    'registered nurses',
  ],
  [/\b(lpn|lvn|practical nurse|vocational nurse)\b/, 'licensed practical and licensed vocational nurses'],
  [/\b(nursing assistant|cna|healthcare assistant|hca)\b/, 'nursing assistants'],
  [/\b(carer|care worker|caregiver|care assistant|support worker|home health aide|personal care aide)\b/, 'home health and personal care aides'],
  [
    /\b(office admin(istrator)?|admin(istrative)? (assistant|officer|coordinator)|admin|office assistant|secretary|personal assistant|pa|executive assistant)\b/,
    'secretaries and administrative assistants',
  ],
  [/\b(receptionist|front desk( agent)?|front of house)\b/, 'receptionists and information clerks'],
  [/\b(customer service|call cent(er|re)|customer support|customer care)( \w+)?\b/, 'customer service representatives'],
  [/\b(retail|shop|store|sales) (assistant|associate|clerk|worker)\b|\bsales ?person\b/, 'retail salespersons'],
  [/\b(sales rep(resentative)?|account executive|business development (rep|representative))\b/, 'sales representatives of services'],
  [/\b(warehouse (worker|operative|associate)|picker|packer|stocker)\b/, 'laborers and freight stock and material movers hand'],
  [/\b(delivery driver|courier|van driver)\b/, 'light truck drivers'],
  [/\b(uber|taxi|cab|rideshare|lyft) driver\b/, 'passenger vehicle drivers'],
  [/\b(management consultant|strategy consultant|consultant|business analyst)\b/, 'management analysts'],
  [/\b(financial analyst|investment analyst|equity analyst)\b/, 'financial and investment analysts'],
  [
    /\b(marketing (exec|executive|assistant|coordinator|specialist|associate|analyst|officer)|market research analyst|digital marketer|seo specialist)\b/,
    'market research analysts and marketing specialists',
  ],
  [
    /\b(pr|public relations|communications|comms) (officer|specialist|executive|manager|assistant)\b|\bsocial media (manager|officer|executive|coordinator|specialist)\b/,
    'public relations specialists',
  ],
  [/\b(hr|human resources|people) (assistant|officer|specialist|generalist|coordinator|advisor|adviser)\b/, 'human resources specialists'],
  [/\b(bookkeeper|accounts (assistant|clerk)|payroll clerk)\b/, 'bookkeeping accounting and auditing clerks'],
  [/\b(paralegal|legal assistant)\b/, 'paralegals and legal assistants'],
  [/\b(physio(therapist)?|physical therapist)\b/, 'physical therapists'],
  [/\b(occupational therapist|ot)\b/, 'occupational therapists'],
  [/\b(vet|veterinarian|veterinary surgeon)\b/, 'veterinarians'],
  [/\b(police officer|cop|policeman|policewoman)\b/, 'police and sheriffs patrol officers'],
  [/\b(firefighter|fireman)\b/, 'firefighters'],
  [/\b(flight attendant|cabin crew|air hostess|steward(ess)?)\b/, 'flight attendants'],
  [/\b(hairdresser|hair stylist|barber|stylist)\b/, 'hairdressers hairstylists and cosmetologists'],
  [/\b(security guard|security officer)\b/, 'security guards'],
  [/\b(cleaner|janitor|custodian|housekeeper)\b/, 'janitors and cleaners'],
  [/\b(journalist|reporter|news writer)\b/, 'news analysts reporters and journalists'],
  [/\b(architect)\b(?! (data|solutions|software|cloud))/, 'architects'],
  [/\b(data engineer|database (administrator|engineer)|dba)\b/, 'database administrators'],
  [/\b(machine learning|ml|ai) engineer\b|\bcomputer scientist\b|\bresearch scientist\b/, 'computer and information research scientists'],
  [/\b(sysadmin|system administrator|systems administrator|network engineer|network administrator)\b/, 'network and computer systems administrators'],
  [
    /\b(web|mobile|ios|android|app|game|games|java|python|javascript|react|ruby|golang|\.net|c\+\+|embedded|platform|cloud|site reliability|sre|swe|sde|software|backend|back end|frontend|front end|full ?stack|junior|graduate|new grad) (software )?(engineer|developer|dev|programmer)s?\b|\bcoder\b|\bswe\b|\bsde\b/,
    'software developer',
  ],
  [/\b(mech(anical)? eng(ineer|ineering|r)?|mech e|meche)\b/, 'mechanical engineers'],
  [/\b(civil eng(ineer|ineering|r)?|structural engineer)\b/, 'civil engineers'],
  [/\b(electrical engineer|elec eng|ee grad)\b/, 'electrical engineers'],
  [/\b(chemical engineer)\b/, 'chemical engineers'],
  [/\b(aerospace engineer)\b/, 'aerospace engineers'],
  [/\b(biomedical engineer)\b/, 'bioengineers and biomedical engineers'],
  [/\b(industrial engineer)\b/, 'industrial engineers'],
  [/\b(environmental engineer)\b/, 'environmental engineers'],
  [/\b(head chef|sous chef|line cook|chef)\b/, 'chef'],
  [/\b(waitress|waiting staff|wait staff|waiter)\b/, 'waiter'],
  [/\b(auditor|audit associate|tax associate|cpa|chartered accountant)\b/, 'accountant'],
]

/** Words around a title that say nothing about which occupation it is. */
const qualifiers =
  /\b(junior|senior|sr|jr|entry[- ]level|entry|new grad(uate)?|graduate|grad|fresh|lead|principal|staff|mid[- ]level|mid|trainee|apprentice|intern|remote|part[- ]time|full[- ]time|experienced|qualified|certified|newly qualified|first[- ]year|second[- ]year|assistant to the|an?|the|my|as)\b/g

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9+.# ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

const singular = (text: string) => text.replace(/ies\b/g, 'y').replace(/(?<=[^s])s\b/g, '')

/** The everyday job title a text names, as written (folded), if any. */
export function everydayTitleIn(text: string): string | undefined {
  const folded = fold(text)
  for (const [pattern] of everyday) {
    const m = pattern.exec(folded)
    if (m) return m[0]
  }
  return undefined
}

/** Phrases to look an occupation up by, best first: the everyday title's table words, then the words without qualifiers. */
export function occupationPhrases(phrase: string): string[] {
  const text = fold(phrase)
  const out: string[] = []
  for (const [pattern, words] of everyday) if (pattern.test(text) || pattern.test(singular(text))) out.push(words)
  const bare = text.replace(qualifiers, ' ').replace(/\s+/g, ' ').trim()
  out.push(text, bare, singular(bare))
  // Leading words dropped one by one ("graduate analyst role" -> "analyst role" -> ...).
  const words = bare.split(' ')
  for (let i = 1; i < words.length; i++) out.push(words.slice(i).join(' '))
  return [...new Set(out.filter((p) => p.length >= 2))]
}

import { POLISH_FACT_MAX, POLISH_FACTS_MAX } from '~contract/cover-letter-polish.ts'
import type { CoverLetterData, LetterPart } from '~contract/cover-letter.ts'
import { composeLetter } from './compose'
import { strengthLabels } from './model'

/**
 * The answers a polished part must keep: who writes, to whom, for which job, and the answers the
 * generated part was built from (its sentences' sources), without duplicates.
 */
export function polishFacts(data: CoverLetterData, part: LetterPart): string[] {
  const name = [data.you.firstName, data.you.lastName]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ')
  const facts = [
    name && `Applicant: ${name}`,
    data.recipient.name.trim() && `Recipient: ${data.recipient.name.trim()}`,
    data.recipient.company.trim() && `Company: ${data.recipient.company.trim()}`,
    data.job.title.trim() && `Job: ${data.job.title.trim()}`,
    data.strengths.length > 0 && `Strengths: ${data.strengths.map((k) => strengthLabels[k]).join(', ')}`,
    data.skills.length > 0 && `Skills: ${data.skills.join(', ')}`,
    data.experience.years > 0 && `Years of experience: ${data.experience.years}`,
  ]
  const value = composeLetter(data)[part]
  const sentences = Array.isArray(value) ? value.flat() : [value]
  for (const sentence of sentences) {
    for (const source of sentence.sources) {
      if (source.step !== 'edited' && source.step !== 'letter' && !source.label.endsWith('not named')) facts.push(source.label)
    }
  }
  const unique = [...new Set(facts.filter((f): f is string => typeof f === 'string' && f.trim() !== ''))]
  return unique.slice(0, POLISH_FACTS_MAX).map((f) => (f.length > POLISH_FACT_MAX ? `${f.slice(0, POLISH_FACT_MAX - 1)}…` : f))
}

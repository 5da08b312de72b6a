// Checks a question set of the assistant's evaluation before it is used (issue 36): every
// question is short enough for the chat (300 characters), every check is well formed, the
// reference answer written with it passes its check, and answers that are no use fail it: the
// library's "nothing answers this" line, an empty reply and the reference of another question.
//
//   npx tsx scripts/lib/assistant-set-check.ts tests/fixtures/assistant-newcomers/test.json

import { readFileSync } from 'node:fs'
import { judge, type EvalEntry } from './assistant-judge.ts'

const useless = ["I don't know: nothing in Waypoint's library answers that, and I would rather not guess.", '']

export function checkSet(questions: EvalEntry[]): string[] {
  const problems: string[] = []
  const ids = new Set<string>()
  questions.forEach((q, i) => {
    const name = q.id ?? `#${i}`
    if (!q.id) problems.push(`${name}: no id`)
    else if (ids.has(q.id)) problems.push(`${name}: id used twice`)
    else ids.add(q.id)
    if (!q.question?.trim()) problems.push(`${name}: no question`)
    if ([...(q.question ?? '')].length > 300) problems.push(`${name}: question over 300 characters`)
    for (const turn of q.history ?? []) if ([...turn.text].length > 300) problems.push(`${name}: history turn over 300 characters`)
    const wants = [...(q.must ?? []), ...(q.any ?? []), ...(q.anyOf ?? []).flat(), ...(q.must_not ?? [])]
    if (!(q.must?.length || q.any?.length || q.anyOf?.length || q.links?.length)) problems.push(`${name}: nothing required`)
    for (const want of wants) {
      if (want.startsWith('re:')) {
        try {
          new RegExp(want.slice(3), 'i')
        } catch {
          problems.push(`${name}: bad regular expression ${want}`)
        }
      }
    }
    if (!q.reference?.trim()) {
      problems.push(`${name}: no reference answer`)
      return
    }
    const missing = judge(q, q.reference)
    if (missing.length) problems.push(`${name}: its reference fails (${missing.join('; ')})`)
    for (const bad of useless) if (judge(q, bad).length === 0) problems.push(`${name}: a useless answer passes (${JSON.stringify(bad)})`)
    const other = questions[(i + 1) % questions.length]
    if (other && other !== q && other.reference && judge(q, other.reference).length === 0)
      problems.push(`${name}: the next question's reference passes its check too`)
  })
  return problems
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let failed = false
  for (const file of process.argv.slice(2)) {
    const set = JSON.parse(readFileSync(file, 'utf8')) as { questions: EvalEntry[] }
    const problems = checkSet(set.questions)
    console.log(`${file}: ${set.questions.length} questions, ${problems.length} problems`)
    for (const p of problems) console.log(`  ${p}`)
    failed ||= problems.length > 0
  }
  process.exitCode = failed ? 1 : 0
}

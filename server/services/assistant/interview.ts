import bank from '../../content/interview-questions.json'
import { escapeHtml } from '../../lib/text.ts'
import { stem, topicWords } from './text.ts'
import type { ToolResult } from './types.ts'

/**
 * Interview practice from the question bank in server/content/interview-questions.json:
 * questions for a role and level, and feedback on a practice answer by the STAR structure.
 */

export type Level = 'entry' | 'mid' | 'senior'
type Question = { q: string; levels: string[]; type: string; listen: string }
type Role = { id: string; title: string; aliases: string[]; questions: Question[] }

const roles = bank.roles as Role[]
const general = roles.find((r) => r.id === 'general')!

export const interviewBankSource = { title: 'Waypoint interview question bank', url: '/library?category=interview-tips' }
const starArticle = '/articles/answering-behavioral-questions-with-star'

const fold = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `

/** The role the words name (the longest alias found), or undefined. */
export function findRole(text: string): Role | undefined {
  const folded = fold(text)
  let best: { role: Role; length: number } | undefined
  for (const role of roles) {
    for (const alias of role.aliases) {
      const a = fold(alias)
      if (folded.includes(a) && (!best || a.length > best.length)) best = { role, length: a.length }
    }
  }
  return best?.role
}

export function findLevel(text: string): Level | undefined {
  if (/\b(senior|lead|principal|staff|head of|director|manager level|experienced|10\+? years)\b/i.test(text)) return 'senior'
  if (/\b(mid|mid-level|intermediate|3-5 years|some experience)\b/i.test(text)) return 'mid'
  if (/\b(junior|entry|entry-level|graduate|intern|internship|first job|new grad|trainee|student|apprentice)\b/i.test(text)) return 'entry'
  return undefined
}

/** The role's title as the user may have typed it (a recognised alias), for the answer. */
function roleName(role: Role, text: string): string {
  const folded = fold(text)
  const alias = [...role.aliases].sort((a, b) => b.length - a.length).find((a) => folded.includes(fold(a)))
  return alias ?? role.title
}

/** `count` questions for a role and level: the role's own first, then general behavioural ones. */
export function practiceQuestions(roleText: string, levelText: string, count = 5): ToolResult & { questions: Question[] } {
  const role = findRole(roleText) ?? general
  const level = findLevel(levelText) ?? findLevel(roleText) ?? 'entry'
  const n = Math.max(1, Math.min(10, count))
  const own = role.questions.filter((q) => q.levels.includes(level))
  const rest = role.questions.filter((q) => !q.levels.includes(level))
  const extra = role === general ? [] : general.questions.filter((q) => q.levels.includes(level))
  // A kind of question asked for ("a behavioural question", "a case question") comes first.
  const wanted = /\b(behaviou?ral|star|competency|tell me about a time)\b/i.test(roleText)
    ? 'behavioural'
    : /\b(case|market sizing|estimate)\b/i.test(roleText)
      ? 'case'
      : /\b(technical|coding)\b/i.test(roleText)
        ? 'technical'
        : undefined
  const pool = [...own, ...extra, ...rest]
  const questions = (wanted ? [...pool.filter((q) => q.type === wanted), ...pool.filter((q) => q.type !== wanted)] : pool).slice(0, n)
  const name = role === general ? 'any role' : roleName(role, roleText)
  const levelName = { entry: 'entry level', mid: 'mid level', senior: 'senior level' }[level]
  const lines = [
    `<strong>${questions.length} practice ${questions.length === 1 ? 'question' : 'questions'} for ${escapeHtml(name)} (${levelName})</strong>, with what the interviewer listens for:`,
    ...questions.map((q, i) => `${i + 1}. ${escapeHtml(q.q)} <em>(${escapeHtml(q.type)}: ${escapeHtml(q.listen)})</em>`),
    '',
    `Answer the behavioural ones with STAR: the <strong>Situation</strong> in a sentence, your <strong>Task</strong>, the <strong>Action</strong> you took (say “I”, not “we”), and the <strong>Result</strong> with a number. Type your answer to one of them here and I will give you feedback.`,
  ]
  const text = [
    `Practice questions for ${name} (${levelName}) from Waypoint's question bank:`,
    ...questions.map((q, i) => `${i + 1}. ${q.q} (${q.type}; the interviewer listens for ${q.listen})`),
    'Suggest answering behavioural questions with STAR (Situation, Task, Action, Result) and offer feedback on a practice answer.',
    `Links to cite: ${interviewBankSource.title}: ${interviewBankSource.url}; STAR guide: ${starArticle}`,
  ].join('\n')
  return {
    html: lines.join('\n'),
    text,
    sources: [interviewBankSource, { title: 'Answering behavioral questions with STAR', url: starArticle }],
    questions,
  }
}

/**
 * "How do I answer 'what is your greatest weakness'?": the bank's question the asker quotes (most
 * of its words), with what interviewers listen for in it; undefined when none is close enough.
 */
export function askedBankQuestion(text: string): ToolResult | undefined {
  const asked = new Set(topicWords(text).map(stem))
  let best: { question: Question; share: number } | undefined
  for (const role of roles)
    for (const question of role.questions) {
      const words = topicWords(question.q).map(stem)
      if (words.length === 0) continue
      const share = words.filter((w) => asked.has(w)).length / words.length
      if (share >= 0.6 && (!best || share > best.share)) best = { question, share }
    }
  if (!best) return undefined
  const { q, listen, type } = best.question
  const star =
    type === 'behavioural'
      ? ' Answer it with STAR: the situation in a sentence, your task, what you did (say “I”), and the result with a number.'
      : ''
  const html = `Interviewers ask <strong>“${escapeHtml(q)}”</strong> (a ${escapeHtml(type)} question) to hear ${escapeHtml(listen)}.${star}\nPrepare your answer in two or three sentences, say it aloud, and end on something true and specific about you.`
  return { html, text: html.replace(/<[^>]*>/g, ''), sources: [interviewBankSource] }
}

/** Marks the assistant leaves on a practice list, so the next message can be read as an answer. */
export const practiceMarker = 'Type your answer to one of them here and I will give you feedback.'

type StarCheck = { part: 'Situation' | 'Task' | 'Action' | 'Result'; found: boolean; hint: string }

/**
 * Feedback on a practice answer: which STAR parts it has, whether it speaks of "I", whether the
 * result has a number, its length; then the one change that helps most and a follow-up question.
 */
export function starFeedback(answer: string, question?: string): ToolResult {
  const text = answer.trim()
  const wordCount = text.split(/\s+/).filter(Boolean).length
  const checks: StarCheck[] = [
    {
      part: 'Situation',
      found:
        /\b(when i was|while (i was )?working|at my (last|previous|current)|in my (last|previous|current|first|second|final)|last (year|summer|semester|term)|during|at (university|college|school|work)|we had|our team|there was|one time|once)\b/i.test(
          text,
        ),
      hint: 'open with one sentence of context: where you were and what was going on',
    },
    {
      part: 'Task',
      found:
        /\b(my (task|job|role|goal|responsibility) was|i (was|had been) (asked|responsible|tasked|supposed)|i needed to|i had to|the goal was|we needed to|the challenge was|i was in charge)\b/i.test(
          text,
        ),
      hint: 'say what you in particular had to achieve',
    },
    {
      part: 'Action',
      found:
        /\bi (\w+ed|built|made|wrote|led|ran|set|took|spoke|met|gave|found|chose|began|began|drew|did|sent|got|put|brought|taught|went|kept|sold|told|thought|caught|fixed|asked|called|created|organi[sz]ed)\b/i.test(
          text,
        ),
      hint: 'describe the steps you took yourself, in the past tense, starting with “I”',
    },
    {
      part: 'Result',
      found:
        /\b(result|as a result|in the end|outcome|which (led|meant)|so that|reduced|increased|improved|saved|cut|grew|raised|won|finished|delivered|achieved|ended up)\b/i.test(
          text,
        ),
      hint: 'finish with what changed because of you',
    },
  ]
  const hasNumber = /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|twenty|hundred|thousand|half|double|twice)\b|%/i.test(text)
  const weCount = (text.match(/\bwe\b/gi) ?? []).length
  const iCount = (text.match(/\bi\b/gi) ?? []).length
  const missing = checks.filter((c) => !c.found)
  const lines: string[] = []
  const have = checks.filter((c) => c.found).map((c) => c.part)
  lines.push(
    missing.length === 0
      ? '<strong>Good structure: your answer has all four STAR parts.</strong>'
      : `<strong>Your answer has ${have.length ? have.join(', ') : 'none of the STAR parts'}${have.length ? '' : ''}; it still needs ${missing.map((m) => m.part).join(', ')}.</strong>`,
  )
  for (const m of missing) lines.push(`• <strong>${m.part}</strong>: ${escapeHtml(m.hint)}.`)
  if (!hasNumber)
    lines.push(
      '• <strong>Add a number</strong> to the result: how many, how much, how fast, by what share. A measured result is what interviewers remember.',
    )
  if (weCount > iCount) lines.push(`• You say “we” ${weCount} times and “I” ${iCount}: the interviewer is hiring you, so say what <em>you</em> did.`)
  if (wordCount < 60) lines.push(`• At ${wordCount} words it is short: a spoken STAR answer runs 1.5 to 2 minutes (about 200 to 300 words).`)
  else if (wordCount > 380)
    lines.push(`• At ${wordCount} words it is long: keep the situation to one or two sentences and spend the time on action and result.`)
  lines.push('')
  const followUp = !hasNumber
    ? 'Follow-up question an interviewer might ask: “How did you know it worked? What changed, and by how much?”'
    : weCount > iCount
      ? 'Follow-up question an interviewer might ask: “What was your own part, as opposed to the team’s?”'
      : 'Follow-up question an interviewer might ask: “What would you do differently if it happened again?”'
  lines.push(escapeHtml(followUp))
  if (question) lines.push(`(Your answer to: “${escapeHtml(question)}”)`)
  const plain = lines.map((l) => l.replace(/<[^>]*>/g, '')).join('\n')
  return {
    html: lines.join('\n'),
    text: `${plain}\nLinks to cite: STAR guide: ${starArticle}`,
    sources: [{ title: 'Answering behavioral questions with STAR', url: starArticle }],
  }
}

/** A message that reads as a practice answer (after a list of practice questions). */
export function looksLikeAnswer(question: string): boolean {
  const words = question.trim().split(/\s+/).length
  // A question mark anywhere makes it a question ("can i defer my offer? want to work first"), not an answer.
  return !/\?/.test(question) && (words >= 25 || (words >= 10 && /\b(i|we)\b/i.test(question)))
}

const numberWords: Record<string, number> = { three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, 'a few': 3, some: 5 }
/** How many practice questions are asked for: "one question" is one, "10 questions" ten, else five. */
export function practiceCount(q: string): number {
  if (/\b(one|a single|a|an|another|next)\s+(more\s+)?(\w+\s+){0,2}questions?\b(?!s)/i.test(q) && !/\bquestions\b/i.test(q)) return 1
  return Number(/\b(\d{1,2})\b/.exec(q)?.[1] ?? Object.entries(numberWords).find(([w]) => new RegExp(`\\b${w}\\b`, 'i').test(q))?.[1] ?? 5)
}

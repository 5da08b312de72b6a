// The chat timings of `npm run bench`: one guest connection asks ten questions one at a time;
// time to the first answer.delta and to answer.done, against the first-token budget.

import { BUDGET_CHAT_FIRST_TOKEN_MS } from './bench-budgets.ts'
import { percentile } from './bench-helpers.ts'
import { emit, type Progress } from './bench-output.ts'
import { openGuestChat } from './chat-guest.ts'

const CHAT_QUESTIONS = [
  'How do I prepare for a behavioural interview?',
  'How do I write a CV with no work experience?',
  'How should I negotiate a job offer?',
  'Where do I find an internship?',
  'How do I ask for a referral?',
  'How do I write a cover letter?',
  'How do I set up for a video interview?',
  'How do I build a balanced university list?',
  'How do I explain a gap in my employment?',
  'How do I follow up after an interview?',
]

/** One guest connection; per question, the time from sending it to its first answer.delta. */
export async function measureChat(baseUrl: string, wanted: ReadonlySet<string>, progress: Progress) {
  const chat = await openGuestChat(baseUrl)
  try {
    progress(`chat: ${CHAT_QUESTIONS.length} questions to "${chat.provider}", one at a time`)
    const times: number[] = []
    const doneTimes: number[] = []
    for (const text of CHAT_QUESTIONS) {
      const { firstMs, doneMs } = await chat.ask(text)
      doneTimes.push(doneMs)
      times.push(firstMs)
    }
    times.sort((a, b) => a - b)
    doneTimes.sort((a, b) => a - b)
    const firstP50 = percentile(times, 50)
    if (wanted.has('chat_first_token_ms'))
      emit(
        'chat_first_token_ms',
        firstP50.toFixed(1),
        'ms',
        `(max ${(times.at(-1) ?? Number.NaN).toFixed(1)} ms, ${times.length} questions; budget ${BUDGET_CHAT_FIRST_TOKEN_MS} ms: ${firstP50 <= BUDGET_CHAT_FIRST_TOKEN_MS ? 'ok' : 'OVER'})`,
      )
    if (wanted.has('chat_done_ms'))
      emit(
        'chat_done_ms',
        percentile(doneTimes, 50).toFixed(1),
        'ms',
        `(max ${(doneTimes.at(-1) ?? Number.NaN).toFixed(1)} ms; ${(percentile(doneTimes, 50) / firstP50).toFixed(1)}x the first token)`,
      )
    return { firstP50 }
  } finally {
    chat.close()
  }
}

// The assistant's evaluation (issue 22): every question of tests/fixtures/assistant-eval.json asked
// over the chat websocket as a guest (the built-in assistant when no provider is configured);
// prints how many answers are useful (they hold every required fact, figure and link) and the
// time from question to first text (p50, p95).
//
//   npx tsx scripts/lib/bench-assistant.ts [--verbose]   builds when needed, starts its own server
//   npm run bench -- --only assistant                     the same inside the bench
//
// A useful answer: every `must` string (case-insensitive, tags stripped), one of `any` when
// given ('re:' starts a regular expression), every `links` prefix as an href, none of `must_not`.

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { htmlToText as plain } from '../../server/services/assistant/text.ts'
import { judge, type EvalEntry } from './assistant-judge.ts'
import { BUDGET_ASSISTANT_FIRST_TEXT_P95_MS, TARGET_ASSISTANT_USEFUL_PCT } from './bench-budgets.ts'
import { emit as emitLine, progressTo, type Emit, type Progress } from './bench-output.ts'
import { openGuestChat, type GuestAnswer } from './chat-guest.ts'

const ROOT = new URL('../..', import.meta.url).pathname
export const EVAL_FILE = join(ROOT, 'tests/fixtures/assistant-eval.json')
/** The newcomers' sets (issue 36): `test` frozen before tuning, `dev` to tune on. */
export const NEWCOMER_SETS = {
  test: join(ROOT, 'tests/fixtures/assistant-newcomers/test.json'),
  dev: join(ROOT, 'tests/fixtures/assistant-newcomers/dev.json'),
  dev2: join(ROOT, 'tests/fixtures/assistant-newcomers/dev2.json'),
}

export type { EvalEntry }

export function loadEval(file = EVAL_FILE): EvalEntry[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { questions: EvalEntry[] }).questions
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN

export type EvalSet = 'test' | 'dev' | 'dev2' | 'own'
const setFile = (set: EvalSet) => (set === 'own' ? EVAL_FILE : NEWCOMER_SETS[set])
/** Metric names: the frozen newcomers' test set first, the set we tune on, our own first questions. */
const metricOf = (set: EvalSet) => (set === 'own' ? 'assistant_own' : `assistant_newcomers_${set}`)

/** Asks every question of a set over `baseUrl`'s chat socket; a new guest every 15 questions (the per-guest and per-connection limits). */
export async function measureAssistant({
  baseUrl,
  emit,
  progress = () => {},
  verbose = false,
  set = 'own',
  questions = loadEval(setFile(set)),
}: {
  baseUrl: string
  emit: Emit
  progress?: Progress
  verbose?: boolean
  set?: EvalSet
  questions?: EvalEntry[]
}): Promise<{ useful: number; total: number; firstTimes: number[] }> {
  const firstTimes: number[] = []
  const failures: { id: string; question: string; missing: string[] }[] = []
  const byKind = new Map<string, { useful: number; total: number }>()
  let useful = 0
  let provider = ''
  for (let start = 0; start < questions.length; start += 15) {
    const chat = await openGuestChat(baseUrl, { label: 'assistant', timeoutMs: 15_000 })
    provider = chat.provider
    try {
      for (const entry of questions.slice(start, start + 15)) {
        // Earlier turns of a conversation are asked first (their answers are not judged).
        const turns = [...(entry.history ?? []).filter((t) => t.role === 'user').map((t) => t.text), entry.question]
        let answer: GuestAnswer = { html: '', firstMs: Number.NaN, doneMs: Number.NaN }
        for (const text of turns) answer = await chat.ask(text)
        firstTimes.push(answer.firstMs)
        const missing = judge(entry, answer.html)
        const kind = byKind.get(entry.kind ?? 'other') ?? { useful: 0, total: 0 }
        kind.total += 1
        if (missing.length === 0) {
          useful += 1
          kind.useful += 1
        } else failures.push({ id: entry.id ?? '', question: entry.question, missing })
        byKind.set(entry.kind ?? 'other', kind)
        if (verbose)
          console.log(
            `\n## ${entry.id ?? ''} ${entry.question}\n${plain(answer.html)}\n-> ${missing.length ? `MISSING ${missing.join('; ')}` : 'useful'}`,
          )
      }
    } finally {
      chat.close()
    }
  }
  firstTimes.sort((a, b) => a - b)
  const share = (useful / questions.length) * 100
  progress(`assistant (${set}): ${questions.length} questions to "${provider}"`)
  const kinds = [...byKind].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k} ${v.useful}/${v.total}`)
  emit(
    `${metricOf(set)}_useful_pct`,
    share.toFixed(1),
    '%',
    `(${useful} of ${questions.length} answers hold every required fact, figure and link; target ${TARGET_ASSISTANT_USEFUL_PCT}%: ${share >= TARGET_ASSISTANT_USEFUL_PCT ? 'ok' : 'UNDER'}${set === 'own' ? '' : `; by kind: ${kinds.join(', ')}`})`,
  )
  emit(
    `${metricOf(set)}_first_text_p50_ms`,
    percentile(firstTimes, 50).toFixed(1),
    'ms',
    `(p95 ${percentile(firstTimes, 95).toFixed(1)} ms, max ${(firstTimes.at(-1) ?? Number.NaN).toFixed(1)} ms; budget ${BUDGET_ASSISTANT_FIRST_TEXT_P95_MS} ms: ${percentile(firstTimes, 95) < BUDGET_ASSISTANT_FIRST_TEXT_P95_MS ? 'ok' : 'OVER'})`,
  )
  // The test set's failures are not printed: reading them is the first step of tuning on it.
  if (set !== 'test') for (const f of failures) console.log(`# not useful (${set}): ${f.id} ${f.question} (missing ${f.missing.join('; ')})`)
  return { useful, total: questions.length, firstTimes }
}

/**
 * Twenty guests ask at the same moment (issue 36): each one's time to first text against the same
 * questions asked one after another on a single socket. Budget: the concurrent p50 within twice the single p50.
 */
export async function measureAssistantConcurrency({ baseUrl, emit, sockets = 20 }: { baseUrl: string; emit: Emit; sockets?: number }) {
  const questions = loadEval(NEWCOMER_SETS.dev)
    .filter((q) => !q.history?.length)
    .slice(0, sockets)
    .map((q) => q.question)
  const single: number[] = []
  const one = await openGuestChat(baseUrl, { label: 'assistant-single', timeoutMs: 15_000 })
  try {
    for (const question of questions) single.push((await one.ask(question)).firstMs)
  } finally {
    one.close()
  }
  const chats = await Promise.all(questions.map(() => openGuestChat(baseUrl, { label: 'assistant-concurrent', timeoutMs: 30_000 })))
  try {
    const together = (await Promise.all(chats.map((chat, i) => chat.ask(questions[i]!)))).map((a) => a.firstMs)
    single.sort((a, b) => a - b)
    together.sort((a, b) => a - b)
    const [alone, crowd] = [percentile(single, 50), percentile(together, 50)]
    const ratio = crowd / alone
    emit(
      `assistant_concurrent_${sockets}_first_text_p50_ms`,
      crowd.toFixed(1),
      'ms',
      `(${sockets} guests asking at once; max ${(together.at(-1) ?? Number.NaN).toFixed(1)} ms; the same questions one at a time: p50 ${alone.toFixed(1)} ms; ${ratio.toFixed(2)}× it, budget 2×: ${ratio <= 2 ? 'ok' : 'OVER'})`,
    )
  } finally {
    for (const chat of chats) chat.close()
  }
}

// Run alone: build when needed, start a server on a fresh DATA_DIR, ask, stop; or ask a running
// server (--url http://127.0.0.1:8787). --set test|dev|dev2|own|concurrency (default: all five).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { mkdtempSync, rmSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1]
  const chosen = process.argv.includes('--set') ? arg('--set') : undefined
  const sets = (chosen ? [chosen] : ['test', 'dev', 'dev2', 'own', 'concurrency']) as (EvalSet | 'concurrency')[]
  const progress = progressTo('bench-assistant')
  const verbose = process.argv.includes('--verbose')
  let stop = async () => {}
  let url = process.argv.includes('--url') ? arg('--url')! : ''
  try {
    if (!url) {
      const { ensureBuild } = await import('../build-if-needed.mjs')
      const { startServer } = await import('./server-process.mjs')
      await ensureBuild({ label: 'bench-assistant', stdio: 'stderr', log: progress })
      const dataRoot = mkdtempSync(join(tmpdir(), 'waypoint-bench-assistant-'))
      const server = await startServer({
        dataDir: join(dataRoot, 'data'),
        pollMs: 10,
        env: { AUDIO_PREGENERATE: '0', RATE_LIMIT_MULTIPLIER: '1000' },
      })
      url = server.url
      stop = async () => {
        await server.stop()
        rmSync(dataRoot, { recursive: true, force: true })
      }
    }
    for (const set of sets)
      if (set === 'concurrency') await measureAssistantConcurrency({ baseUrl: url, emit: emitLine })
      else await measureAssistant({ baseUrl: url, emit: emitLine, progress, verbose, set })
  } catch (error) {
    console.error(`[bench-assistant] failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  } finally {
    await stop()
  }
}

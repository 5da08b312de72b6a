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
import { BUDGET_ASSISTANT_FIRST_TEXT_P95_MS, TARGET_ASSISTANT_USEFUL_PCT } from './bench-budgets.ts'
import { emit as emitLine, progressTo, type Emit, type Progress } from './bench-output.ts'
import { openGuestChat, type GuestAnswer } from './chat-guest.ts'

const ROOT = new URL('../..', import.meta.url).pathname
export const EVAL_FILE = join(ROOT, 'tests/fixtures/assistant-eval.json')

/** One question of tests/fixtures/assistant-eval.json (its `about` says what each field means). */
export type EvalEntry = {
  question: string
  must?: string[]
  any?: string[]
  links?: string[]
  must_not?: string[]
  history?: { role: 'user' | 'assistant'; text: string }[]
}

export function loadEval(file = EVAL_FILE): EvalEntry[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { questions: EvalEntry[] }).questions
}

const matches = (text: string, want: string) =>
  want.startsWith('re:') ? new RegExp(want.slice(3), 'i').test(text) : text.toLowerCase().includes(want.toLowerCase())

/** What a useful answer lacks: an empty list means useful. */
export function judge(entry: EvalEntry, html: string): string[] {
  const text = plain(html)
  const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'))
  const missing: string[] = []
  for (const want of entry.must ?? []) if (!matches(text, want)) missing.push(want)
  if (entry.any?.length && !entry.any.some((want) => matches(text, want))) missing.push(`one of ${entry.any.join(' | ')}`)
  for (const prefix of entry.links ?? []) if (!hrefs.some((h) => h.startsWith(prefix))) missing.push(`link ${prefix}`)
  for (const bad of entry.must_not ?? []) if (matches(text, bad)) missing.push(`not ${bad}`)
  return missing
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN

/** Asks every question over `baseUrl`'s chat socket; a new guest every 15 questions (the per-guest and per-connection limits). */
export async function measureAssistant({
  baseUrl,
  emit,
  progress = () => {},
  verbose = false,
  questions = loadEval(),
}: {
  baseUrl: string
  emit: Emit
  progress?: Progress
  verbose?: boolean
  questions?: EvalEntry[]
}): Promise<{ useful: number; total: number; firstTimes: number[] }> {
  const firstTimes: number[] = []
  const failures: { question: string; missing: string[] }[] = []
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
        if (missing.length === 0) useful += 1
        else failures.push({ question: entry.question, missing })
        if (verbose) console.log(`\n## ${entry.question}\n${plain(answer.html)}\n-> ${missing.length ? `MISSING ${missing.join('; ')}` : 'useful'}`)
      }
    } finally {
      chat.close()
    }
  }
  firstTimes.sort((a, b) => a - b)
  const share = (useful / questions.length) * 100
  progress(`assistant: ${questions.length} questions to "${provider}"`)
  emit(
    'assistant_useful_pct',
    share.toFixed(1),
    '%',
    `(${useful} of ${questions.length} answers hold every required fact, figure and link; target ${TARGET_ASSISTANT_USEFUL_PCT}%: ${share >= TARGET_ASSISTANT_USEFUL_PCT ? 'ok' : 'UNDER'})`,
  )
  emit(
    'assistant_first_text_p50_ms',
    percentile(firstTimes, 50).toFixed(1),
    'ms',
    `(p95 ${percentile(firstTimes, 95).toFixed(1)} ms, max ${(firstTimes.at(-1) ?? Number.NaN).toFixed(1)} ms; budget ${BUDGET_ASSISTANT_FIRST_TEXT_P95_MS} ms: ${percentile(firstTimes, 95) < BUDGET_ASSISTANT_FIRST_TEXT_P95_MS ? 'ok' : 'OVER'})`,
  )
  for (const f of failures) console.log(`# not useful: ${f.question} (missing ${f.missing.join('; ')})`)
  return { useful, total: questions.length, firstTimes }
}

// Run alone: build when needed, start a server on a fresh DATA_DIR, ask, stop.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { mkdtempSync, rmSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { ensureBuild } = await import('../build-if-needed.mjs')
  const { startServer } = await import('./server-process.mjs')
  const progress = progressTo('bench-assistant')
  const emit = emitLine
  await ensureBuild({ label: 'bench-assistant', stdio: 'stderr', log: progress })
  const dataRoot = mkdtempSync(join(tmpdir(), 'waypoint-bench-assistant-'))
  const server = await startServer({ dataDir: join(dataRoot, 'data'), pollMs: 10, env: { AUDIO_PREGENERATE: '0' } })
  try {
    await measureAssistant({ baseUrl: server.url, emit, progress, verbose: process.argv.includes('--verbose') })
  } catch (error) {
    console.error(`[bench-assistant] failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  } finally {
    await server.stop()
    rmSync(dataRoot, { recursive: true, force: true })
  }
}

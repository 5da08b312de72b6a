// `npm run test:soak`: load and fault test of the built server on loopback (not part of
// `npm test`; bounded in time). Builds when needed, like `npm start`.
//
//  1. Mixed traffic at a fixed rate for SOAK_MINUTES (default 10; e.g. SOAK_MINUTES=1 for a
//     quick check) at SOAK_RATE operations per second (default 20): pages, library and
//     article API, search, sign-in and token refresh, resume draft saves (POST, then PUT
//     with the version), chat questions over websockets. Then: zero 5xx, zero failed
//     requests, zero lost writes (every acknowledged save is read back through the API),
//     server RSS (/proc/<pid>/status) growth under 10% from after warm-up to the end.
//  2. kill -9 of the server in the middle of draft saves, restart on the same DATA_DIR:
//     it opens, the stale pglite.lock is taken over, every acknowledged save is there.
//  3. A second process on that DATA_DIR refuses with a clear message; the first keeps serving.
//  4. PostgreSQL restarted under load (about 20 s): 503 with Retry-After while it is away,
//     health says so, the same process recovers by itself, no acknowledged save lost.
//  5. Scale-out (about 30 s): two processes on one PostgreSQL with traffic alternating
//     between them: token rotation and reuse detection, playlist, drafts, chat while the
//     other restarts, the sign-in rate limit. Details in scripts/lib/soak-postgres.ts and
//     scripts/lib/soak-scale-out.ts.
//
// Phases 4 and 5 run on a private PostgreSQL cluster made for the run (scripts/lib/
// private-postgres.ts: its own directory and port, as the postgres OS user when root),
// stopped and deleted at the end, also on failure or Ctrl-C; the machine's PostgreSQL is
// never stopped. Without one, a relay in front of SOAK_PG_URL simulates the outage, and
// the output says so. SOAK_PHASES picks phases: `pglite` (1-3), `pg-restart` (4),
// `scale-out` (5), comma-separated; default all.
//
// Prints a PASS/FAIL line per check and exits 1 when any fails. SOAK_KEEP=1 keeps the
// data directory. Only servers this script starts are signalled.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { UserData } from '../contract/auth.ts'
import type { ArticleCard, Paginated } from '../contract/library.ts'
import type { StoredResume } from '../contract/resume.ts'
import { ensureBuild } from './build-if-needed.mjs'
import { chatUrl, clientFrame, guestToken, serverFrame } from './lib/chat-guest.ts'
import { readRssKb } from './lib/loadgen.ts'
import { soakResume as resumeData } from './lib/sample-resume.ts'
import { startServer, type RunningServer } from './lib/server-process.mjs'
import { networkError, parseBody } from './lib/soak-http.ts'
import { openPostgres, postgresRestartPhase, type Check, type SoakPostgres } from './lib/soak-postgres.ts'
import { scaleOutPhase } from './lib/soak-scale-out.ts'

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10)
const RATE = Number(process.env.SOAK_RATE ?? 20)
const USERS = 4
const CHAT_SOCKETS = 4
const MAX_IN_FLIGHT = 200
if (!(MINUTES > 0) || !(RATE > 0)) {
  console.error('soak: SOAK_MINUTES and SOAK_RATE must be positive numbers')
  process.exit(2)
}
const DURATION_MS = MINUTES * 60_000
const ALL_PHASES = ['pglite', 'pg-restart', 'scale-out']
const PHASES = (process.env.SOAK_PHASES ?? ALL_PHASES.join(','))
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean)
if (PHASES.length === 0 || PHASES.some((p) => !ALL_PHASES.includes(p))) {
  console.error(`soak: SOAK_PHASES is a comma-separated list of ${ALL_PHASES.join(', ')}`)
  process.exit(2)
}

const log = (line: string) => console.error(`[soak] ${line}`)
const checks: { name: string; ok: boolean; detail: string }[] = []
const check: Check = (name, ok, detail = '') => {
  checks.push({ name, ok, detail })
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`)
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? Number.NaN
}
const json = { 'content-type': 'application/json', accept: 'application/json' }

/** Request statistics across the whole run. */
const stats = {
  byOp: new Map<string, number>(),
  statuses: new Map<number | 'network', number>(),
  fiveXX: [] as string[],
  failures: [] as string[],
  conflicts: 0,
}
function count(op: string, status: number | 'network') {
  stats.byOp.set(op, (stats.byOp.get(op) ?? 0) + 1)
  stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1)
}

/** fetch with bookkeeping: 5xx and network failures are remembered (with what was asked). */
async function call<T = unknown>(
  base: string,
  op: string,
  method: string,
  path: string,
  { body, token, expect, html = false }: { body?: unknown; token?: string; expect?: number[]; html?: boolean } = {},
): Promise<{ status: number; data: T }> {
  // Pages are asked for as a browser does: the SPA's index.html answers only Accept: text/html.
  const headers: Record<string, string> = html ? { accept: 'text/html,application/xhtml+xml' } : { ...json }
  if (token) headers.authorization = `Bearer ${token}`
  let res: Response
  try {
    res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    })
  } catch (err) {
    count(op, 'network')
    stats.failures.push(`${method} ${path}: ${networkError(err)}`)
    throw err
  }
  const text = await res.text()
  count(op, res.status)
  if (res.status >= 500) stats.fiveXX.push(`${method} ${path} -> ${res.status} ${text.slice(0, 120)}`)
  else if (expect && !expect.includes(res.status)) stats.failures.push(`${method} ${path} -> ${res.status} ${text.slice(0, 120)}`)
  // The JSON of the endpoint asked, typed as it answers on success (callers check the status first).
  return { status: res.status, data: parseBody(text) as T }
}

type User = UserData & { password: string; resumes: string[]; saving: boolean; refreshing?: boolean }

/** Acknowledged draft saves: resume id -> { user, version, title } of the last 2xx answer. */
const acked = new Map<string, { user: User; version: number; title: string }>()

async function saveDraft(base: string, user: User, resumeId: string | null, marker: string): Promise<string | null> {
  const title = `Soak ${marker}`
  const data = resumeData(marker)
  if (!resumeId) {
    const { status, data: made } = await call<StoredResume>(base, 'save', 'POST', '/api/resumes', {
      body: { title, template: 'cool', data },
      token: user.access,
      expect: [201],
    })
    if (status === 201) acked.set(made.id, { user, version: made.version, title })
    return status === 201 ? made.id : null
  }
  const version = acked.get(resumeId)?.version
  const { status, data: saved } = await call<StoredResume>(base, 'save', 'PUT', `/api/resumes/${resumeId}`, {
    body: { title, template: 'cool', data, version },
    token: user.access,
    expect: [200],
  })
  if (status === 200) acked.set(resumeId, { user, version: saved.version, title })
  if (status === 409) stats.conflicts += 1
  return resumeId
}

/** Every acknowledged save read back: the stored copy is that save or, after a crash, a later one. */
async function verifyAcked(base: string, allowLater: boolean) {
  let lost = 0
  const examples: string[] = []
  for (const [id, want] of acked) {
    const { status, data } = await call<StoredResume>(base, 'verify', 'GET', `/api/resumes/${id}`, { token: want.user.access })
    const same = status === 200 && data.version === want.version && data.title === want.title
    const later = allowLater && status === 200 && data.version > want.version
    if (!same && !later) {
      lost += 1
      if (examples.length < 5)
        examples.push(`${id}: acknowledged v${want.version} "${want.title}", stored ${status === 200 ? `v${data.version} "${data.title}"` : status}`)
    }
  }
  return { checked: acked.size, lost, examples }
}

async function register(base: string, i: number): Promise<User> {
  const credentials = { email: `soak-${Date.now()}-${i}@example.org`, password: `Soak-passphrase-${i}-long` }
  const { status, data } = await call<UserData>(base, 'register', 'POST', '/api/users/register', { body: credentials, expect: [201] })
  if (status !== 201) throw new Error(`register answered ${status}`)
  return { ...credentials, access: data.access, refresh: data.refresh, resumes: [], saving: false }
}

/** A guest chat socket that asks again when an answer is done (at most one question at a time). */
type ChatTally = { answers: number; errors: string[]; firstTokens: number[] }

async function chatSocket(base: string, chat: ChatTally) {
  const { default: WebSocket } = await import('ws')
  const socket = new WebSocket(chatUrl(base))
  const state = { socket, ready: false, busy: false, askedAt: 0 }
  socket.on('open', () => socket.send(clientFrame({ type: 'auth', guest: guestToken() })))
  socket.on('message', (raw) => {
    const frame = serverFrame(raw)
    if (frame.type === 'hello') state.ready = true
    else if (frame.type === 'answer.delta' && state.askedAt) {
      chat.firstTokens.push(performance.now() - state.askedAt)
      state.askedAt = 0
    } else if (frame.type === 'answer.done') {
      chat.answers += 1
      state.busy = false
    } else if (frame.type === 'error') {
      chat.errors.push(frame.detail)
      state.busy = false
    }
  })
  socket.on('close', () => (state.ready = false))
  socket.on('error', () => {})
  return state
}

const PAGES = ['/', '/library', '/resume', '/salary', '/search?title=interview']
const QUERIES = ['interview', 'resume', 'cover letter', 'salary negotiation', 'internship', 'intervew tips', 'career change']
const QUESTIONS = [
  'How do I prepare for a behavioural interview?',
  'How should I negotiate a job offer?',
  'Where do I find an internship?',
  'How do I write a cover letter?',
]

async function mixedTraffic(server: RunningServer): Promise<User[]> {
  const base = server.url
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T
  const list = await call<Paginated<ArticleCard>>(base, 'setup', 'GET', '/api/library/articles?page_size=100', { expect: [200] })
  const slugs = list.data.results.map((a) => a.slug)
  const users: User[] = []
  for (let i = 0; i < USERS; i++) users.push(await register(base, i))
  const chat: ChatTally = { answers: 0, errors: [], firstTokens: [] }
  const sockets: Awaited<ReturnType<typeof chatSocket>>[] = []
  for (let i = 0; i < CHAT_SOCKETS; i++) sockets.push(await chatSocket(base, chat))
  let marker = 0

  const ops: [weight: number, name: string, run: () => Promise<unknown>][] = [
    [15, 'page', () => call(base, 'page', 'GET', Math.random() < 0.5 ? pick(PAGES) : `/articles/${pick(slugs)}`, { expect: [200], html: true })],
    [20, 'article', () => call(base, 'article', 'GET', `/api/articles/${pick(slugs)}`, { expect: [200] })],
    [8, 'library', () => call(base, 'library', 'GET', `/api/library/articles?page=${1 + Math.floor(Math.random() * 3)}`, { expect: [200, 404] })],
    [15, 'search', () => call(base, 'search', 'GET', `/api/search?title=${encodeURIComponent(pick(QUERIES))}`, { expect: [200] })],
    [
      4,
      'login',
      async () => {
        const user = pick(users)
        const { status, data } = await call<UserData>(base, 'login', 'POST', '/api/users/login', {
          body: { email: user.email, password: user.password },
          expect: [200],
        })
        if (status === 200) Object.assign(user, { access: data.access, refresh: data.refresh })
      },
    ],
    [
      4,
      'refresh',
      async () => {
        const user = pick(users)
        if (user.refreshing) return
        user.refreshing = true
        try {
          const { status, data } = await call<UserData>(base, 'refresh', 'POST', '/api/users/refresh', {
            body: { refresh: user.refresh },
            expect: [200],
          })
          if (status === 200) Object.assign(user, { access: data.access, refresh: data.refresh })
        } finally {
          user.refreshing = false
        }
      },
    ],
    [
      20,
      'save',
      async () => {
        const user = pick(users)
        if (user.saving) return
        user.saving = true
        try {
          const target = user.resumes.length < 3 ? null : pick(user.resumes)
          const id = await saveDraft(base, user, target, `${++marker}`)
          if (!target && id) user.resumes.push(id)
        } finally {
          user.saving = false
        }
      },
    ],
    [
      6,
      'chat',
      async () => {
        const idle = sockets.find((s) => s.ready && !s.busy)
        if (!idle) return
        idle.busy = true
        idle.askedAt = performance.now()
        idle.socket.send(clientFrame({ type: 'question', text: pick(QUESTIONS) }))
      },
    ],
  ]
  // A login in flight and a refresh of the same user race (the login's refresh token wins
  // or not): refresh only uses `user.refresh`, which both replace with a valid token.
  const totalWeight = ops.reduce((n, [w]) => n + w, 0)
  const chooseOp = () => {
    let r = Math.random() * totalWeight
    for (const op of ops) if ((r -= op[0]) < 0) return op
    return ops[0]!
  }

  const samples: { t: number; kb: number }[] = []
  const sampler = setInterval(() => {
    const kb = readRssKb(server.pid)
    if (kb) samples.push({ t: Date.now(), kb })
  }, 2000)
  const started = Date.now()
  const end = started + DURATION_MS
  let inFlight = 0
  let launched = 0
  let skipped = 0
  let lastReport = started
  log(`mixed traffic: ${RATE} operations/s for ${MINUTES} min (${USERS} users, ${CHAT_SOCKETS} chat sockets)`)
  for (let n = 0; ; n++) {
    const due = started + (n * 1000) / RATE
    if (due >= end) break
    if (due > Date.now()) await sleep(due - Date.now())
    if (inFlight >= MAX_IN_FLIGHT) {
      skipped += 1
      continue
    }
    const [, , run] = chooseOp()
    inFlight += 1
    launched += 1
    run()
      .catch(() => {})
      .finally(() => (inFlight -= 1))
    if (Date.now() - lastReport > 30_000) {
      lastReport = Date.now()
      log(
        `${Math.round((Date.now() - started) / 1000)} s: ${launched} operations, ${acked.size} drafts, ${chat.answers} chat answers, RSS ${samples.at(-1)?.kb ?? '?'} KB`,
      )
    }
  }
  while (inFlight > 0) await sleep(50)
  // Answers still streaming are let finish (bounded).
  const drainUntil = Date.now() + 10_000
  while (Date.now() < drainUntil && sockets.some((s) => s.busy)) await sleep(50)
  clearInterval(sampler)
  for (const s of sockets) s.socket.close()

  console.log(
    `# mixed traffic: ${launched} operations in ${((Date.now() - started) / 1000).toFixed(0)} s (${skipped} skipped because ${MAX_IN_FLIGHT} were in flight)`,
  )
  console.log(`# by operation: ${[...stats.byOp].map(([op, n]) => `${op} ${n}`).join(', ')}`)
  console.log(`# statuses: ${[...stats.statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`)
  const ft = [...chat.firstTokens].sort((a, b) => a - b)
  console.log(`# chat: ${chat.answers} answers, first token p50 ${median(ft).toFixed(0)} ms, max ${(ft.at(-1) ?? Number.NaN).toFixed(0)} ms`)

  check(
    'no 5xx answers under mixed traffic',
    stats.fiveXX.length === 0,
    stats.fiveXX.length ? `${stats.fiveXX.length}, e.g. ${stats.fiveXX.slice(0, 3).join(' | ')}` : `${launched} operations`,
  )
  check(
    'no failed or unexpected answers',
    stats.failures.length === 0,
    stats.failures.length ? `${stats.failures.length}, e.g. ${stats.failures.slice(0, 3).join(' | ')}` : '',
  )
  check('no draft save conflicts (each draft has one writer)', stats.conflicts === 0, `${stats.conflicts} answered 409`)
  check(
    'chat answered under load',
    chat.answers > 0 && chat.errors.length === 0,
    `${chat.answers} answers, ${chat.errors.length} error frames${chat.errors.length ? ` (${chat.errors.slice(0, 2).join('; ')})` : ''}`,
  )
  const verified = await verifyAcked(base, false)
  check(
    'zero lost writes after mixed traffic',
    verified.lost === 0 && verified.checked > 0,
    `${verified.checked} drafts read back, ${verified.lost} differ${verified.examples.length ? `: ${verified.examples.join(' | ')}` : ''}`,
  )

  // Warm-up: the first fifth (at least 10 s). Baseline: median of the next fifth; end: median of the last fifth.
  const warm = started + Math.max(10_000, DURATION_MS / 5)
  const after = samples.filter((s) => s.t >= warm)
  const fifth = Math.max(1, Math.floor(after.length / 4))
  const baseline = median(after.slice(0, fifth).map((s) => s.kb))
  const final = median(after.slice(-fifth).map((s) => s.kb))
  const growth = (final - baseline) / baseline
  console.log(
    `# RSS samples (KB, every 2 s): first ${samples[0]?.kb}, after warm-up ${baseline}, end ${final}, max ${Math.max(...samples.map((s) => s.kb))}`,
  )
  check(
    'server memory growth under 10% after warm-up',
    after.length >= 2 && growth < 0.1,
    `${(growth * 100).toFixed(1)}% (${(baseline / 1024).toFixed(0)} -> ${(final / 1024).toFixed(0)} MB, ${after.length} samples)`,
  )
  return users
}

/** Writers saving drafts back to back until the server dies; kill -9 once saves are flowing. */
async function killDuringSaves(server: RunningServer, users: User[]) {
  const base = server.url
  const before = acked.size
  let inFlight = 0
  let dead = false
  let maxInFlightAtKill = 0
  const writer = async (w: number) => {
    const user = users[w % users.length]
    if (!user) return
    let id: string | null = null
    for (let i = 0; !dead; i++) {
      inFlight += 1
      try {
        id = await saveDraft(base, user, id, `crash-${w}-${i}`)
      } catch {
        return
      } finally {
        inFlight -= 1
      }
    }
  }
  // Writers here own fresh drafts, so they never race the mixed-traffic ones.
  const failuresBefore = stats.failures.length
  const writers = Array.from({ length: 16 }, (_, w) => writer(w))
  await sleep(1500)
  maxInFlightAtKill = inFlight
  const ackedAtKill = acked.size - before
  log(`kill -9 ${server.pid} with ${maxInFlightAtKill} saves in flight (${ackedAtKill} new drafts acknowledged so far)`)
  if (server.pid !== undefined) process.kill(server.pid, 'SIGKILL')
  dead = true
  await Promise.all(writers)
  await server.stop()
  // Requests cut by the kill are expected failures, not findings.
  stats.failures.length = failuresBefore
  check(
    'kill -9 came in the middle of draft saves',
    maxInFlightAtKill > 0 && ackedAtKill > 0,
    `${maxInFlightAtKill} in flight, ${ackedAtKill} drafts acknowledged in this phase`,
  )
}

const root = mkdtempSync(join(tmpdir(), 'waypoint-soak-'))
const dataDir = join(root, 'data')
const lockFile = join(dataDir, 'pglite.lock')
const env = { AUDIO_PREGENERATE: '0', RATE_LIMIT_MULTIPLIER: '1000', LOG_LEVEL: 'warn' }
const servers: RunningServer[] = []
let postgres: SoakPostgres | null = null
let exitCode = 0

// Ctrl-C or a kill: stop what this run started (servers, the private PostgreSQL cluster, which
// private-postgres.ts also stops on exit; scratch databases on the fallback), then leave.
let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, async () => {
    if (interrupted) process.exit(130)
    interrupted = true
    console.log(`FAIL soak interrupted by ${signal}: cleaning up`)
    const guard = setTimeout(() => process.exit(130), 15_000)
    await Promise.allSettled(servers.map((s) => s.stop(3000)))
    await postgres?.close().catch(() => {})
    if (process.env.SOAK_KEEP !== '1') rmSync(root, { recursive: true, force: true })
    clearTimeout(guard)
    process.exit(130)
  })
}

async function pgliteFaults() {
  const first = await startServer({ dataDir, env })
  servers.push(first)

  const users = await mixedTraffic(first)
  await killDuringSaves(first, users)

  const stalePid = existsSync(lockFile) ? Number.parseInt(readFileSync(lockFile, 'utf8'), 10) : null
  console.log(`# after kill -9: pglite.lock ${stalePid ? `left behind with pid ${stalePid}` : 'absent'}`)
  let second: RunningServer | null = null
  try {
    second = await startServer({ dataDir, env })
    servers.push(second)
    check('restart after kill -9: the PGlite directory opens', true, `healthy in ${second.startMs.toFixed(0)} ms`)
  } catch (err) {
    check('restart after kill -9: the PGlite directory opens', false, (err as Error).message.split('\n').slice(0, 6).join(' / '))
  }
  if (second) {
    const holder = existsSync(lockFile) ? Number.parseInt(readFileSync(lockFile, 'utf8'), 10) : null
    check(
      'the stale lock file is recovered',
      holder === second.pid && stalePid !== second.pid,
      `lock held by pid ${holder}, restarted server pid ${second.pid}, stale pid was ${stalePid}`,
    )
    const verified = await verifyAcked(second.url, true)
    check(
      'every acknowledged save survives kill -9',
      verified.lost === 0 && verified.checked > 0,
      `${verified.checked} drafts read back, ${verified.lost} missing or older${verified.examples.length ? `: ${verified.examples.join(' | ')}` : ''}`,
    )

    let refused: string | null = null
    try {
      const intruder = await startServer({ dataDir, env, timeoutMs: 30_000 })
      servers.push(intruder)
    } catch (err) {
      refused = (err as Error).message
    }
    const clear = refused?.match(/Another Waypoint process \(pid (\d+)\) is using the database in [^\n]*/)
    check(
      'a second process on the same DATA_DIR refuses with a clear message',
      Boolean(clear) && Number(clear?.[1]) === second.pid,
      clear ? `"${clear[0].slice(0, 160)}..."` : refused ? refused.split('\n').slice(0, 4).join(' / ') : 'it started',
    )
    const health = await fetch(`${second.url}/api/health`).then(
      (r) => r.status,
      () => 'unreachable',
    )
    check('the first process keeps serving', health === 200, `GET /api/health -> ${health}`)

    await second.stop()
    check('a graceful stop releases the lock file', !existsSync(lockFile), existsSync(lockFile) ? `${lockFile} still there` : '')
  }
}

/** A phase that throws is one FAIL line; the next phase still runs. */
/** A failure's stack (its message when there is none). */
const story = (err: unknown) => (err instanceof Error ? (err.stack ?? err.message) : String(err))

async function phase(name: string, run: () => Promise<void>) {
  try {
    await run()
  } catch (err) {
    check(`${name} ran to the end`, false, story(err))
    // A server that died on its own is the likelier story: show how it ended.
    for (const s of servers) {
      const end = s.exited()
      if (!end || (end.code === 0 && !end.signal) || end.signal === 'SIGKILL') continue
      console.log(
        `# server pid ${s.pid} ended with ${end.signal ?? `exit code ${end.code}`}; its last lines:\n${s
          .output()
          .trimEnd()
          .split('\n')
          .slice(-15)
          .map((l) => `#   ${l}`)
          .join('\n')}`,
      )
    }
  }
}

try {
  await ensureBuild({ label: 'soak', stdio: 'stderr', log })
  console.log(
    `# soak: ${MINUTES} min at ${RATE} operations/s on ${availableParallelism()} cores, Node ${process.version}, phases ${PHASES.join(', ')}, root ${root}`,
  )
  if (PHASES.includes('pglite')) await phase('PGlite soak and faults', pgliteFaults)

  if (PHASES.includes('pg-restart') || PHASES.includes('scale-out')) {
    try {
      postgres = await openPostgres(log)
    } catch (err) {
      check(
        'a PostgreSQL for the restart and scale-out phases',
        false,
        `${(err as Error).message} (a private cluster needs initdb/pg_ctl; the fallback needs SOAK_PG_URL or PostgreSQL on 127.0.0.1:5432)`,
      )
    }
    if (postgres) {
      if (postgres.simulated)
        console.log(
          `# NOTE: no private PostgreSQL cluster could start here (${postgres.reason}): the outage below is SIMULATED, by ${postgres.label}`,
        )
      const pg = postgres
      if (PHASES.includes('pg-restart')) await phase('PostgreSQL restart', () => postgresRestartPhase({ pg, check, log, root, servers }))
      if (PHASES.includes('scale-out')) await phase('scale-out', () => scaleOutPhase({ pg, check, log, root, servers }))
    }
  }
} catch (err) {
  check('soak ran to the end', false, story(err))
} finally {
  for (const s of servers) await s.stop().catch(() => {})
  await postgres?.close().catch((err: Error) => log(`closing PostgreSQL: ${err.message}`))
  if (process.env.SOAK_KEEP === '1') console.log(`# kept ${root}`)
  else rmSync(root, { recursive: true, force: true })
  const failed = checks.filter((c) => !c.ok)
  console.log(
    failed.length
      ? `SOAK FAIL: ${failed.length} of ${checks.length} checks failed (${failed.map((c) => c.name).join('; ')})`
      : `SOAK PASS: ${checks.length} checks`,
  )
  exitCode = failed.length ? 1 : 0
}
process.exit(exitCode)

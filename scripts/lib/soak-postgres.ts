// The PostgreSQL phases of `npm run test:soak` (issue 12, "Load and faults"), on loopback:
//
//  4. PostgreSQL restarted under load: one server on a private PostgreSQL cluster, four
//     signed-in users working (sign-in, token refresh, profile, draft list and saves, article
//     reads), /api/health polled; `pg_ctl stop -m fast`, 5 s away, `pg_ctl start`. Requests
//     that need the database answer 503 with Retry-After in the app's error shape (never a
//     500, never a dropped connection), health says the database is down, and the same
//     process answers again once it is back; no acknowledged save is lost.
//  5. Scale-out: two server processes on one PostgreSQL, started together on a fresh
//     database, traffic alternating between them: refresh-token rotation and reuse
//     detection, the playlist, drafts with their versions, a burst of alternating traffic
//     with every acknowledged save read back from both, a chat websocket on one process
//     while the other restarts, and the sign-in rate limit counted across both.
//
// The cluster is private (its own data directory, port 55432 or the next free one, run as
// the postgres OS user): the machine's own PostgreSQL on 5432 is never stopped. When no
// private cluster can be started, a TCP relay in front of the machine's PostgreSQL
// (SOAK_PG_URL, default postgres://postgres@127.0.0.1:5432/test) cuts and refuses
// connections instead, and the output says the outage is simulated.

import { join } from 'node:path'
import type { UserData } from '../../contract/auth.ts'
import type { DetailError } from '../../contract/common.ts'
import type { HealthResponse } from '../../contract/health.ts'
import type { ArticleCard, Paginated } from '../../contract/library.ts'
import type { PlaylistItem } from '../../contract/playlist.ts'
import type { ResumeConflict, StoredResume } from '../../contract/resume.ts'
import { chatUrl, clientFrame, guestToken, serverFrame } from './chat-guest.ts'
import { createScratchDatabase, DEFAULT_ADMIN_DATABASE_URL, type ScratchDatabase } from './loadgen.ts'
import { startPrivatePostgres } from './private-postgres.ts'
import { soakResume as resumeData } from './sample-resume.ts'
import { startServer, type RunningServer } from './server-process.mjs'
import { startRelay } from './tcp-relay.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** `check(name, ok, detail)` prints a PASS or FAIL line (scripts/soak.ts keeps the count). */
export type Check = (name: string, ok: boolean, detail?: string) => void
export type Log = (line: string) => void
/** What the phases get from scripts/soak.ts: servers they start go into `servers` (stopped at the end). */
export type PhaseContext = { pg: SoakPostgres; check: Check; log: Log; root: string; servers: RunningServer[] }

/** An HTTP answer (`data`: its JSON, typed as the endpoint answers when it succeeds), or a network failure. */
export type Answer<T = unknown> =
  | { status: number; data: T; retryAfter: string | null; contentType: string; started: number; ended: number; error?: undefined }
  | { status: 'network'; error: string; started: number; ended: number; data?: undefined; retryAfter?: undefined; contentType?: undefined }

/** The server's copy that a stale save's 409 carries back. */
const conflict = (r: Answer<unknown>): ResumeConflict | null => (r.status === 409 ? (r.data as ResumeConflict) : null)

/** One HTTP call; never throws: a network failure is `status: 'network'`. */
export async function request<T = unknown>(
  base: string,
  method: string,
  path: string,
  { body, token, ip, timeoutMs = 15_000 }: { body?: unknown; token?: string; ip?: string; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  // The servers of the scale-out phase run with TRUST_PROXY=1, as behind a load balancer.
  if (ip) headers['x-forwarded-for'] = ip
  const started = Date.now()
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const data = parseBody(await res.text()) as T
    return {
      status: res.status,
      data,
      retryAfter: res.headers.get('retry-after'),
      contentType: res.headers.get('content-type') ?? '',
      started,
      ended: Date.now(),
    }
  } catch (err) {
    return { status: 'network', error: networkError(err), started, ended: Date.now() }
  }
}

/** An answer's body: its JSON, the text itself when it is not JSON, null when empty. */
export function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return text
  }
}

/** A failed fetch's cause code (ECONNREFUSED...), else its message. */
export const networkError = (err: unknown) => {
  const error = err as Error & { cause?: { code?: string } }
  return error.cause?.code ?? error.message
}

const brief = (r: Answer<unknown>) =>
  r.status === 'network'
    ? `network ${r.error}`
    : `${r.status} ${typeof r.data === 'string' ? r.data.slice(0, 100) : JSON.stringify(r.data)?.slice(0, 100)}`

/** The app's error shape for a 503: exactly `{"detail": "..."}` as JSON, with Retry-After seconds. */
const clean503 = (r: Answer<unknown>) =>
  r.status === 503 &&
  r.contentType.startsWith('application/json') &&
  r.data !== null &&
  typeof r.data === 'object' &&
  Object.keys(r.data).join() === 'detail' &&
  typeof (r.data as DetailError).detail === 'string' &&
  /^\d+$/.test(r.retryAfter ?? '')

async function scratchDatabase(name: string, adminUrl: string): Promise<ScratchDatabase> {
  const scratch = await createScratchDatabase(name, adminUrl)
  if (!scratch) throw new Error(`PostgreSQL at ${new URL(adminUrl).host} does not answer`)
  return scratch
}

/**
 * A PostgreSQL for these phases: a private cluster that can really be restarted, or (when
 * that cannot start here) the machine's PostgreSQL behind a relay that simulates outages.
 */
export type SoakPostgres = {
  simulated: boolean
  label: string
  reason?: string
  outageLabel: string
  /** A fresh database's URL. */
  database: (name: string) => Promise<string>
  stop: () => Promise<void>
  start: () => Promise<void>
  logTail: (lines?: number) => string
  close: () => Promise<void>
}

export async function openPostgres(log: Log): Promise<SoakPostgres> {
  let reason: string
  try {
    const cluster = await startPrivatePostgres({ log })
    return {
      simulated: false,
      label: `private cluster, ${cluster.version}, 127.0.0.1:${cluster.port}`,
      outageLabel: 'a real restart: pg_ctl stop -m fast, then pg_ctl start',
      database: async (name) => (await scratchDatabase(name, cluster.adminUrl)).url,
      stop: () => cluster.stop('fast'),
      start: () => cluster.start(),
      logTail: cluster.logTail,
      close: async () => cluster.destroy(),
    }
  } catch (err) {
    reason = (err as Error).message
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(0, 2)
      .join(' ')
    log(`a private PostgreSQL cluster could not start (${reason}): falling back to a relay in front of the machine's PostgreSQL`)
  }
  const adminUrl = process.env.SOAK_PG_URL ?? DEFAULT_ADMIN_DATABASE_URL
  const target = new URL(adminUrl)
  const relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) })
  const made: ScratchDatabase[] = []
  return {
    simulated: true,
    label: `the PostgreSQL at ${target.host} behind a TCP relay on 127.0.0.1:${relay.port}`,
    reason,
    outageLabel: 'SIMULATED: the relay cuts every connection and refuses new ones (PostgreSQL itself keeps running)',
    async database(name: string) {
      const scratch = await scratchDatabase(name, adminUrl)
      made.push(scratch)
      const url = new URL(scratch.url)
      url.hostname = '127.0.0.1'
      url.port = String(relay.port)
      return url.toString()
    },
    stop: () => relay.down(),
    start: () => relay.up(),
    logTail: () => '',
    async close() {
      await relay.up()
      await relay.close()
      for (const scratch of made) await scratch.drop().catch((err: Error) => log(`could not drop database ${scratch.name}: ${err.message}`))
    },
  }
}

let registered = 0
type SoakUser = { email: string; password: string; ip: string | undefined; access: string; refresh: string }

async function register(base: string, label: string, ip?: string): Promise<SoakUser> {
  const credentials = { email: `soak-${label}-${process.pid}-${++registered}@example.org`, password: `Soak-passphrase-${label}-long` }
  const r = await request<UserData>(base, 'POST', '/api/users/register', { body: credentials, ip })
  if (r.status !== 201) throw new Error(`register answered ${brief(r)}`)
  return { ...credentials, ip, access: r.data.access, refresh: r.data.refresh }
}

function countBy<T>(records: T[], key: (record: T) => string | number): string {
  const m = new Map<string | number, number>()
  for (const r of records) m.set(key(r), (m.get(key(r)) ?? 0) + 1)
  return [...m].map(([k, n]) => `${k}×${n}`).join(' ')
}

// ---------------------------------------------------------------------------------------
// 4. PostgreSQL restarted under load
// ---------------------------------------------------------------------------------------

const BEFORE_MS = 3000
const OUTAGE_MS = 5000
const AFTER_MS = 7000
/** After PostgreSQL is back, requests started this much later must all succeed. */
const SETTLE_MS = 3000
const RECOVERY_LIMIT_MS = 10_000

export async function postgresRestartPhase({ pg, check, log, root, servers }: PhaseContext) {
  const url = await pg.database(`waypoint_soak_restart_${process.pid}`)
  const env = { AUDIO_PREGENERATE: '0', RATE_LIMIT_MULTIPLIER: '1000', LOG_LEVEL: 'warn', DATABASE_URL: url }
  const server = await startServer({ dataDir: join(root, 'pg-restart'), env })
  servers.push(server)
  const base = server.url
  // A relay's outage is not a PostgreSQL restart: every line says so.
  const title = pg.simulated ? 'PostgreSQL outage (SIMULATED by a relay)' : 'PostgreSQL restart'
  const health0 = await request<HealthResponse>(base, 'GET', '/api/health')
  console.log(`# ${title}: ${pg.label}; server pid ${server.pid}, driver ${health0.data?.db?.driver}; outage is ${pg.outageLabel}`)

  const slugs = (await request<Paginated<ArticleCard>>(base, 'GET', '/api/library/articles?page_size=20')).data?.results.map((a) => a.slug) ?? []
  type Worker = SoakUser & { drafts: string[]; ambiguous: boolean }
  const users: Worker[] = []
  for (let i = 0; i < 4; i++) users.push({ ...(await register(base, `restart${i}`)), drafts: [], ambiguous: false })

  type Record = Answer<unknown> & { op: string; db: boolean; problem: string | null }
  const records: Record[] = []
  const healths: (Answer<HealthResponse> & { dbStatus: string | undefined })[] = []
  const acked = new Map<string, { user: Worker; version: number; title: string }>()
  const marks = { begin: 0, stopAt: 0, stopped: 0, startAt: 0, up: 0 }
  let running = true
  let marker = 0

  const record = (op: string, user: Worker, r: Answer<unknown>, allowed: number[]): Record => {
    const rec: Record = { op, ...r, db: op !== 'article', problem: null }
    if (r.status === 'network') rec.problem = `network failure (${r.error})`
    else if (r.status === 503) rec.problem = clean503(r) ? null : `503 not in the error shape: ${brief(r)} Retry-After ${r.retryAfter}`
    else if (!allowed.includes(r.status)) rec.problem = `unexpected ${brief(r)}`
    else rec.problem = null
    // A 503 may hide a write that PostgreSQL committed just before the connection went:
    // the next refresh then looks like a reuse (401) and the next save finds a newer version (409).
    if (r.status === 503 && (op === 'refresh' || op === 'save')) user.ambiguous = true
    records.push(rec)
    return rec
  }

  async function relogin(user: Worker) {
    const r = await request<UserData>(base, 'POST', '/api/users/login', { body: { email: user.email, password: user.password } })
    record('login', user, r, [200])
    if (r.status === 200) Object.assign(user, { access: r.data.access, refresh: r.data.refresh, ambiguous: false })
  }

  async function save(user: Worker): Promise<Answer<unknown>> {
    const title = `Restart ${++marker}`
    const draft = user.drafts.length < 2 ? null : user.drafts[marker % user.drafts.length]
    if (!draft) {
      const r = await request<StoredResume>(base, 'POST', '/api/resumes', {
        body: { title, template: 'cool', data: resumeData(title) },
        token: user.access,
      })
      record('save', user, r, user.ambiguous ? [201, 401] : [201])
      if (r.status === 201) {
        user.drafts.push(r.data.id)
        acked.set(r.data.id, { user, version: r.data.version, title })
      }
      return r
    }
    const known = acked.get(draft)
    const r = await request<StoredResume>(base, 'PUT', `/api/resumes/${draft}`, {
      body: { title, template: 'cool', data: resumeData(title), version: known?.version },
      token: user.access,
    })
    record('save', user, r, user.ambiguous ? [200, 401, 409] : [200])
    if (r.status === 200) acked.set(draft, { user, version: r.data.version, title })
    // The server's copy is newer (a save answered 503 was committed): go on from it.
    const current = conflict(r)?.current
    if (current) acked.set(draft, { user, version: current.version, title: current.title })
    return r
  }

  const ops: [weight: number, name: string, run: (user: Worker) => Promise<Answer<unknown> | Record | void>][] = [
    [3, 'login', (u) => relogin(u)],
    [
      4,
      'refresh',
      async (u) => {
        const r = await request<UserData>(base, 'POST', '/api/users/refresh', { body: { refresh: u.refresh } })
        record('refresh', u, r, u.ambiguous ? [200, 401] : [200])
        if (r.status === 200) Object.assign(u, { access: r.data.access, refresh: r.data.refresh })
        return r
      },
    ],
    [3, 'me', async (u) => record('me', u, await request(base, 'GET', '/api/users/me', { token: u.access }), u.ambiguous ? [200, 401] : [200])],
    [3, 'list', async (u) => record('list', u, await request(base, 'GET', '/api/resumes', { token: u.access }), u.ambiguous ? [200, 401] : [200])],
    [6, 'save', (u) => save(u)],
    [3, 'article', async (u) => record('article', u, await request(base, 'GET', `/api/articles/${slugs[marker++ % slugs.length]}`), [200])],
  ]
  const total = ops.reduce((n, [w]) => n + w, 0)
  const pick = () => {
    let r = Math.random() * total
    for (const op of ops) if ((r -= op[0]) < 0) return op
    return ops[0]!
  }

  // One worker per user, so a user's refresh and sign-in never race each other.
  const worker = async (user: Worker) => {
    while (running) {
      const [, , run] = pick()
      const r = await run(user)
      // Signed out by a reuse that was really a lost answer: sign in again.
      if (r?.status === 401 && user.ambiguous) await relogin(user)
      await sleep(40)
    }
  }
  const poller = async () => {
    while (running) {
      const r = await request<HealthResponse>(base, 'GET', '/api/health', { timeoutMs: 10_000 })
      healths.push({ ...r, dbStatus: r.data?.db?.status })
      await sleep(250)
    }
  }

  marks.begin = Date.now()
  const workers = [...users.map(worker), poller()]
  await sleep(BEFORE_MS)
  marks.stopAt = Date.now()
  await pg.stop()
  marks.stopped = Date.now()
  log(
    `${pg.simulated ? 'relay down (connections cut and refused)' : 'PostgreSQL stopped'} in ${marks.stopped - marks.stopAt} ms; away for ${OUTAGE_MS / 1000} s`,
  )
  await sleep(OUTAGE_MS)
  marks.startAt = Date.now()
  await pg.start()
  marks.up = Date.now()
  log(`${pg.simulated ? 'relay up again' : 'PostgreSQL accepts connections again'} (start took ${marks.up - marks.startAt} ms)`)
  await sleep(AFTER_MS)
  running = false
  await Promise.all(workers)

  const phaseOf = (r: Answer<unknown>) => (r.started < marks.stopAt ? 'before' : r.started < marks.up ? 'outage' : 'after')
  console.log(
    `# ${title}: ${records.length} requests, ${healths.length} health checks; stop took ${marks.stopped - marks.stopAt} ms, down ${marks.up - marks.stopped} ms`,
  )
  const started = { before: 'started before the stop', outage: 'started while stopping or stopped', after: 'started once it was back' }
  for (const phase of ['before', 'outage', 'after'] as const) {
    const inPhase = records.filter((r) => phaseOf(r) === phase)
    console.log(`#   ${started[phase]}: ${countBy(inPhase, (r) => `${r.op} ${r.status}`)}`)
  }

  const problems = records.filter((r) => r.problem)
  check(
    `${title}: no 500, no dropped connection, only 503 while it is away`,
    problems.length === 0,
    problems.length
      ? `${problems.length} problems, e.g. ${problems
          .slice(0, 3)
          .map((r) => `${r.op} (${phaseOf(r)}): ${r.problem}`)
          .join(' | ')}`
      : `${records.length} requests`,
  )
  const outage503 = records.filter((r) => r.status === 503)
  const sample = outage503[0]
  check(
    `${title}: requests that need the database answer 503 with Retry-After and a clear detail`,
    outage503.length > 0 && outage503.every(clean503) && outage503.every((r) => r.db),
    outage503.length
      ? `${outage503.length} answers 503 (${countBy(outage503, (r) => r.op)}), e.g. Retry-After ${sample?.retryAfter}, ${JSON.stringify(sample?.data)}`
      : 'no 503 seen: the outage did not reach the requests',
  )
  const downSeen = healths.filter((h) => h.status === 503 && h.dbStatus === 'down' && h.started >= marks.stopped && h.ended <= marks.startAt)
  const lastHealth = healths.at(-1)
  check(
    `${title}: /api/health reports the database down during the outage and ok after`,
    downSeen.length > 0 && lastHealth?.status === 200 && lastHealth.dbStatus === 'ok',
    `${downSeen.length} checks answered 503 with db down during the outage; last check ${lastHealth ? `${lastHealth.status} db ${lastHealth.dbStatus}` : 'none'}`,
  )

  const afterDb = records.filter((r) => r.db && r.started >= marks.up)
  const firstOk = afterDb.find((r) => typeof r.status === 'number' && r.status < 300)
  const recoveryMs = firstOk ? firstOk.ended - marks.up : Number.NaN
  const settled = afterDb.filter((r) => r.started >= marks.up + SETTLE_MS)
  const settledFailed = settled.filter((r) => !(typeof r.status === 'number' && r.status < 300))
  const alive = server.exited() === null
  check(
    `${title}: the same server process answers again, no restart needed`,
    alive && firstOk !== undefined && recoveryMs < RECOVERY_LIMIT_MS && settled.length > 0 && settledFailed.length === 0,
    `pid ${server.pid} ${alive ? 'still running' : `exited (${JSON.stringify(server.exited())})`}; first success ${Number.isNaN(recoveryMs) ? 'never' : `${recoveryMs} ms`} after PostgreSQL was back; ` +
      `${settled.length - settledFailed.length} of ${settled.length} database requests ok from ${SETTLE_MS / 1000} s after` +
      (settledFailed.length
        ? ` (e.g. ${settledFailed
            .slice(0, 2)
            .map((r) => `${r.op} ${brief(r)}`)
            .join(' | ')})`
        : ''),
  )

  let lost = 0
  const examples = []
  for (const [id, want] of acked) {
    const r = await request<StoredResume>(base, 'GET', `/api/resumes/${id}`, { token: want.user.access })
    const kept = r.status === 200 && (r.data.version > want.version || (r.data.version === want.version && r.data.title === want.title))
    if (!kept) {
      lost += 1
      if (examples.length < 3) examples.push(`${id}: acknowledged v${want.version} "${want.title}", read ${brief(r)}`)
    }
  }
  check(
    `${title}: every acknowledged save is there afterwards`,
    acked.size > 0 && lost === 0,
    `${acked.size} drafts read back, ${lost} missing or older${examples.length ? `: ${examples.join(' | ')}` : ''}`,
  )

  const output = server.output()
  const crashes = output.split('\n').filter((line) => /Unhandled promise rejection|uncaught|FATAL ERROR/i.test(line))
  const warned503 = output.split('\n').filter((line) => line.includes('answered 503')).length
  check(
    `${title}: the server logs no crash or unhandled rejection`,
    alive && crashes.length === 0,
    `${crashes.length ? crashes.slice(0, 2).join(' | ') : 'none'}; ${warned503} rate-limited "answered 503" warnings in its log`,
  )
  await server.stop()
}

// ---------------------------------------------------------------------------------------
// 5. Scale-out: two processes on one PostgreSQL
// ---------------------------------------------------------------------------------------

const LOAD_MS = 6000
const ip = (n: number) => `198.51.100.${n}`

/** A guest chat socket that records what it hears. */
async function chatSocket(base: string, clientIp: string) {
  const { default: WebSocket } = await import('ws')
  const socket = new WebSocket(chatUrl(base), { headers: { 'x-forwarded-for': clientIp } })
  const state = { socket, hello: false, answers: 0, errors: [] as string[], closed: null as number | null, waiters: [] as (() => void)[] }
  const wake = () => {
    for (const w of state.waiters.splice(0)) w()
  }
  socket.on('open', () => socket.send(clientFrame({ type: 'auth', guest: guestToken() })))
  socket.on('message', (raw) => {
    const frame = serverFrame(raw)
    if (frame.type === 'hello') state.hello = true
    else if (frame.type === 'answer.done') state.answers += 1
    else if (frame.type === 'error') state.errors.push(frame.detail)
    wake()
  })
  socket.on('close', (code) => {
    state.closed = code
    wake()
  })
  socket.on('error', () => {})
  const until = async (ok: () => boolean, ms: number) => {
    const deadline = Date.now() + ms
    while (!ok() && Date.now() < deadline && state.closed === null) await Promise.race([new Promise<void>((r) => state.waiters.push(r)), sleep(100)])
    return ok()
  }
  await until(() => state.hello, 10_000)
  return {
    state,
    until,
    /** Asks and waits for answer.done (or an error frame, or the close). */
    async ask(text: string, ms = 15_000) {
      const answers = state.answers
      const errors = state.errors.length
      socket.send(clientFrame({ type: 'question', text }))
      await until(() => state.answers > answers || state.errors.length > errors, ms)
      return state.answers > answers
    },
    close: () => socket.close(),
  }
}

type PlaylistView = Pick<PlaylistItem, 'audioId' | 'title' | 'articleSlug' | 'position'>[]
const samePlaylist = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y)
const playlistView = (r: Answer<PlaylistItem[]>): PlaylistView =>
  Array.isArray(r.data) ? r.data.map((t) => ({ audioId: t.audioId, title: t.title, articleSlug: t.articleSlug, position: t.position })) : []

export async function scaleOutPhase({ pg, check, root, servers }: PhaseContext) {
  const url = await pg.database(`waypoint_soak_scale_${process.pid}`)
  // TRUST_PROXY=1 as behind a load balancer: each simulated client has its own address.
  const env = { AUDIO_PREGENERATE: '0', RATE_LIMIT_MULTIPLIER: '1', LOG_LEVEL: 'warn', DATABASE_URL: url, TRUST_PROXY: '1' }
  // Started together on a fresh database: one migrates (advisory lock), the other waits.
  const [a, b0] = await Promise.all([startServer({ dataDir: join(root, 'scale-a'), env }), startServer({ dataDir: join(root, 'scale-b'), env })])
  servers.push(a, b0)
  let b = b0
  const ha = await request<HealthResponse>(a.url, 'GET', '/api/health')
  const hb = await request<HealthResponse>(b.url, 'GET', '/api/health')
  console.log(`# scale-out: ${pg.label}; A pid ${a.pid} ${a.url}, B pid ${b.pid} ${b.url}`)
  check(
    'scale-out: two processes started together on a fresh database both answer on PostgreSQL',
    ha.status === 200 && hb.status === 200 && ha.data.db.driver === 'postgres' && hb.data.db.driver === 'postgres',
    `A ${brief(ha)}, B ${brief(hb)}`,
  )
  // Round robin over the two, as a load balancer would.
  let turn = 0
  const next = () => (turn++ % 2 === 0 ? a : b)
  const other = (s: RunningServer) => (s === a ? b : a)

  // Refresh-token rotation, alternating.
  {
    const failures: string[] = []
    const user = await register(a.url, 'rotate', ip(10))
    let previous: string | null = null
    let server = a
    for (let i = 0; i < 6; i++) {
      server = other(server)
      const r = await request<UserData>(server.url, 'POST', '/api/users/refresh', { body: { refresh: user.refresh }, ip: user.ip })
      if (r.status !== 200) {
        failures.push(`refresh ${i + 1} on ${server === a ? 'A' : 'B'}: ${brief(r)}`)
        break
      }
      previous = user.refresh
      Object.assign(user, { access: r.data.access, refresh: r.data.refresh })
      const me = await request<{ email: string }>(other(server).url, 'GET', '/api/users/me', { token: user.access, ip: user.ip })
      if (me.status !== 200 || me.data.email !== user.email) failures.push(`access from ${server === a ? 'A' : 'B'} on the other: ${brief(me)}`)
    }
    check(
      'scale-out: refresh tokens rotate alternately on both processes; each access token works on the other',
      failures.length === 0,
      failures.join(' | ') || '6 rotations A/B/A/B/A/B',
    )

    // Reuse of a rotated token on the process that did not rotate it.
    const reuse = await request(b.url, 'POST', '/api/users/refresh', { body: { refresh: previous }, ip: user.ip })
    const latest = await request(a.url, 'POST', '/api/users/refresh', { body: { refresh: user.refresh }, ip: user.ip })
    const meA = await request(a.url, 'GET', '/api/users/me', { token: user.access, ip: user.ip })
    const meB = await request(b.url, 'GET', '/api/users/me', { token: user.access, ip: user.ip })
    check(
      'scale-out: reusing a rotated refresh token ends that sign-in on both processes',
      reuse.status === 401 && latest.status === 401 && meA.status === 401 && meB.status === 401,
      `reuse on B ${reuse.status}, latest refresh on A ${latest.status}, its access token on A ${meA.status} and B ${meB.status}`,
    )

    // One token presented to both at the same moment: one rotation; the other is a reuse.
    const login = await request<UserData>(b.url, 'POST', '/api/users/login', { body: { email: user.email, password: user.password }, ip: user.ip })
    const both = await Promise.all(
      [a, b].map((s) => request<UserData>(s.url, 'POST', '/api/users/refresh', { body: { refresh: login.data?.refresh }, ip: user.ip })),
    )
    const winner = both.find((r) => r.status === 200)
    const after = winner ? await request(a.url, 'POST', '/api/users/refresh', { body: { refresh: winner.data?.refresh }, ip: user.ip }) : null
    const statuses = both.map((r) => r.status).sort()
    check(
      'scale-out: one refresh token used on both processes at once rotates once, and the second use revokes the sign-in',
      login.status === 200 && statuses.join() === '200,401' && after?.status === 401,
      `sign-in ${login.status}; A ${both[0]?.status}, B ${both[1]?.status}; the winner's new token then ${after?.status ?? 'not tried'}`,
    )
  }

  // Playlist.
  {
    const user = await register(b.url, 'playlist', ip(20))
    const slugs =
      (await request<Paginated<ArticleCard>>(a.url, 'GET', '/api/library/articles?page_size=6', { ip: user.ip })).data?.results.map((x) => x.slug) ??
      []
    const t = (s: { body?: unknown } = {}) => ({ token: user.access, ip: user.ip, ...s })
    const steps: string[] = []
    const step = (label: string, r: Answer<unknown>, want: number[]) => {
      steps.push(`${label} ${r.status}`)
      if (r.status === 'network' || !want.includes(r.status)) throw new Error(`${label}: ${brief(r)}`)
      return r
    }
    let ok = true
    let detail = ''
    try {
      for (let i = 0; i < 3; i++)
        step(
          `add ${i} on ${i % 2 ? 'B' : 'A'}`,
          await request((i % 2 ? b : a).url, 'POST', '/api/users/me/playlist', t({ body: { audioId: slugs[i] } })),
          [201],
        )
      const race = await Promise.all([a, b].map((s) => request(s.url, 'POST', '/api/users/me/playlist', t({ body: { audioId: slugs[3] } }))))
      const raced = race
        .map((r) => r.status)
        .sort()
        .join()
      steps.push(`same track on both at once ${raced}`)
      if (raced !== '201,409') throw new Error(`the same track added on both at once answered ${raced}`)
      const listA = playlistView(await request<PlaylistItem[]>(a.url, 'GET', '/api/users/me/playlist', t()))
      const listB = playlistView(await request<PlaylistItem[]>(b.url, 'GET', '/api/users/me/playlist', t()))
      if (!samePlaylist(listA, listB) || listA.map((x) => x.audioId).join() !== slugs.slice(0, 4).join())
        throw new Error(`A and B list ${JSON.stringify(listA)} vs ${JSON.stringify(listB)}`)
      const reversed = slugs.slice(0, 4).reverse()
      step('reorder on B', await request(b.url, 'PUT', '/api/users/me/playlist', t({ body: { audioIds: reversed } })), [200])
      step('position on A', await request(a.url, 'PUT', `/api/users/me/playlist/${slugs[1]}/position`, t({ body: { position: 42 } })), [204])
      step('remove on B', await request(b.url, 'DELETE', `/api/users/me/playlist/${slugs[2]}`, t()), [204])
      step('remove again on A', await request(a.url, 'DELETE', `/api/users/me/playlist/${slugs[2]}`, t()), [404])
      const endA = playlistView(await request<PlaylistItem[]>(a.url, 'GET', '/api/users/me/playlist', t()))
      const endB = playlistView(await request<PlaylistItem[]>(b.url, 'GET', '/api/users/me/playlist', t()))
      const order = reversed.filter((s) => s !== slugs[2])
      if (!samePlaylist(endA, endB)) throw new Error(`A and B differ: ${JSON.stringify(endA)} vs ${JSON.stringify(endB)}`)
      if (endA.map((x) => x.audioId).join() !== order.join()) throw new Error(`order ${endA.map((x) => x.audioId).join()} instead of ${order.join()}`)
      if (endA.find((x) => x.audioId === slugs[1])?.position !== 42) throw new Error('the position saved on A is not in the list')
      detail = `${steps.join(', ')}; both list ${order.length} tracks in the same order`
    } catch (err) {
      ok = false
      detail = `${(err as Error).message} (after ${steps.join(', ')})`
    }
    check('scale-out: the playlist stays the same on both processes (adds, a race, reorder, position, removal)', ok, detail)
  }

  // Drafts and their versions.
  {
    const user = await register(a.url, 'drafts', ip(30))
    const t = (s: { body?: unknown } = {}) => ({ token: user.access, ip: user.ip, ...s })
    const body = (title: string, version?: number) => ({
      title,
      template: 'cool',
      data: resumeData(title),
      ...(version === undefined ? {} : { version }),
    })
    let ok = true
    let detail = ''
    try {
      const made = await request<StoredResume>(a.url, 'POST', '/api/resumes', t({ body: body('Scale 0') }))
      if (made.status !== 201) throw new Error(`create on A: ${brief(made)}`)
      const id = made.data.id
      let version = made.data.version
      const first = version
      for (let i = 1; i <= 8; i++) {
        const s = i % 2 ? b : a
        const r = await request<StoredResume>(s.url, 'PUT', `/api/resumes/${id}`, t({ body: body(`Scale ${i}`, version) }))
        if (r.status !== 200) throw new Error(`save ${i} on ${s === a ? 'A' : 'B'}: ${brief(r)}`)
        version = r.data.version
      }
      const stale = await request(a.url, 'PUT', `/api/resumes/${id}`, t({ body: body('Stale', first) }))
      if (stale.status !== 409 || conflict(stale)?.current.version !== version) throw new Error(`a stale save on A: ${brief(stale)}`)
      const race = await Promise.all(
        [a, b].map((s, n) => request<StoredResume>(s.url, 'PUT', `/api/resumes/${id}`, t({ body: body(`Race ${n}`, version) }))),
      )
      const raced = race
        .map((r) => r.status)
        .sort()
        .join()
      const won = race.find((r) => r.status === 200)?.data
      if (raced !== '200,409' || !won) throw new Error(`two saves of version ${version} on both at once answered ${raced}`)
      const [readA, readB] = (await Promise.all([a, b].map((s) => request<StoredResume>(s.url, 'GET', `/api/resumes/${id}`, t())))) as [
        Answer<StoredResume>,
        Answer<StoredResume>,
      ]
      if (
        readA.data?.version !== won.version ||
        readB.data?.version !== won.version ||
        readA.data.title !== won.title ||
        readB.data.title !== won.title
      ) {
        throw new Error(`after the race A reads ${brief(readA)}, B reads ${brief(readB)}, the winner was v${won.version} "${won.title}"`)
      }
      detail = `9 saves alternating A/B to v${version}, a stale one 409 with the current copy, a race ${raced}, both read v${won.version} "${won.title}"`
    } catch (err) {
      ok = false
      detail = (err as Error).message
    }
    check('scale-out: drafts keep one version history across processes (alternating saves, stale 409, a race won once)', ok, detail)
  }

  // Alternating traffic from several users; every acknowledged save read back from both.
  {
    const users: (SoakUser & { drafts: string[] })[] = []
    for (let i = 0; i < 4; i++) users.push({ ...(await register(next().url, `alt${i}`, ip(41 + i))), drafts: [] })
    const acked = new Map<string, { u: SoakUser; version: number; title: string }>()
    const problems: string[] = []
    const counts = new Map<number | 'network', number>()
    let n = 0
    // A save may meet the account's write-rate limit (120 a minute): a 429 with Retry-After is the
    // server's honest answer, nothing acknowledged and nothing lost; any other refusal is a problem.
    const note = <T>(label: string, r: Answer<T>, want: number[]): Answer<T> => {
      counts.set(r.status, (counts.get(r.status) ?? 0) + 1)
      const limited = r.status === 429 && (label === 'create' || label === 'save') && Number(r.retryAfter) > 0
      if ((r.status === 'network' || !want.includes(r.status)) && !limited) problems.push(`${label}: ${brief(r)}`)
      return r
    }
    const end = Date.now() + LOAD_MS
    await Promise.all(
      users.map(async (u) => {
        while (Date.now() < end) {
          const s = next()
          const t = { token: u.access, ip: u.ip }
          const kind = n++ % 4
          if (kind === 0) {
            const r = note('refresh', await request<UserData>(s.url, 'POST', '/api/users/refresh', { body: { refresh: u.refresh }, ip: u.ip }), [200])
            if (r.status === 200) Object.assign(u, { access: r.data.access, refresh: r.data.refresh })
          } else if (kind === 1) {
            note('me', await request(s.url, 'GET', '/api/users/me', t), [200])
          } else {
            const title = `Alt ${n}`
            const id = u.drafts.length < 2 ? null : u.drafts[n % 2]
            if (!id) {
              const r = note(
                'create',
                await request<StoredResume>(s.url, 'POST', '/api/resumes', { ...t, body: { title, template: 'cool', data: resumeData(title) } }),
                [201],
              )
              if (r.status === 201) {
                u.drafts.push(r.data.id)
                acked.set(r.data.id, { u, version: r.data.version, title })
              }
            } else {
              const r = note(
                'save',
                await request<StoredResume>(s.url, 'PUT', `/api/resumes/${id}`, {
                  ...t,
                  body: { title, template: 'cool', data: resumeData(title), version: acked.get(id)?.version },
                }),
                [200],
              )
              if (r.status === 200) acked.set(id, { u, version: r.data.version, title })
            }
          }
        }
      }),
    )
    let lost = 0
    for (const [id, want] of acked) {
      for (const s of [a, b]) {
        const r = await request<StoredResume>(s.url, 'GET', `/api/resumes/${id}`, { token: want.u.access, ip: want.u.ip })
        if (!(r.status === 200 && r.data.version === want.version && r.data.title === want.title)) {
          lost += 1
          if (problems.length < 10) problems.push(`draft ${id} on ${s === a ? 'A' : 'B'}: acknowledged v${want.version}, read ${brief(r)}`)
        }
      }
    }
    check(
      'scale-out: alternating traffic (refresh, profile, draft saves) has no 5xx and loses no write (saves over the write limit answered 429 with Retry-After)',
      problems.length === 0 && lost === 0 && acked.size > 0,
      `${n} requests in ${LOAD_MS / 1000} s (${[...counts].map(([s, c]) => `${s}×${c}`).join(' ')}); ${acked.size} drafts read back from both, ${lost} differ${problems.length ? `; ${problems.slice(0, 3).join(' | ')}` : ''}`,
    )
  }

  // A chat on A while B restarts.
  {
    const onA = await chatSocket(a.url, ip(50))
    const onB = await chatSocket(b.url, ip(51))
    const baseline = onA.state.hello && onB.state.hello && (await onA.ask('How do I prepare for a behavioural interview?'))
    let restarting = true
    let answeredDuring = 0
    let asked = 0
    const questions = ['How should I negotiate a job offer?', 'Where do I find an internship?', 'How do I write a cover letter?'] as const
    // Within the per-connection limit (20 a minute): at most 15 questions.
    const asking = (async () => {
      while (restarting && asked < 15) {
        if (await onA.ask(questions[asked++ % questions.length] ?? questions[0])) answeredDuring += 1
        await sleep(150)
      }
    })()
    const port = b.port
    const stopAt = Date.now()
    const stopped = await b.stop()
    let restarted: RunningServer | null = null
    let restartError: string | null = null
    try {
      restarted = await startServer({ dataDir: join(root, 'scale-b'), env, port })
      servers.push(restarted)
      b = restarted
    } catch (err) {
      restartError = (err as Error).message.split('\n').slice(0, 4).join(' / ')
    }
    const restartMs = Date.now() - stopAt
    restarting = false
    await asking
    const bClosed = await onB.until(() => onB.state.closed !== null, 5000)
    check(
      'scale-out: a chat websocket on A keeps answering while B restarts',
      baseline && onA.state.closed === null && onA.state.errors.length === 0 && answeredDuring > 0 && restarted !== null,
      `B stopped (${stopped.signal ?? `exit ${stopped.code}`}) and was back in ${restartMs} ms${restartError ? ` (restart failed: ${restartError})` : ''}; A answered ${answeredDuring} of ${asked} questions meanwhile, ` +
        `${onA.state.errors.length} error frames${onA.state.errors.length ? ` (${onA.state.errors.slice(0, 2).join('; ')})` : ''}, socket ${onA.state.closed === null ? 'still open' : `closed ${onA.state.closed}`}`,
    )
    let again = false
    if (restarted) {
      const fresh = await chatSocket(restarted.url, ip(52))
      again = fresh.state.hello && (await fresh.ask('How do I write a cover letter?'))
      fresh.close()
    }
    check(
      "scale-out: B's chat sockets are closed with 1001 on its stop, and the restarted B serves chat",
      bClosed && onB.state.closed === 1001 && again,
      `B's socket closed ${onB.state.closed ?? 'never'}; a new socket on the restarted B ${again ? 'got an answer' : 'got no answer'}`,
    )
    onA.close()
  }

  // The sign-in rate limit, counted across both (last: it locks this address and account out).
  {
    // Fixed windows (1 min per address, 15 min per account): not across a quarter-hour edge.
    const toEdge = 15 * 60_000 - (Date.now() % (15 * 60_000))
    if (toEdge < 5000) await sleep(toEdge + 250)
    const user = await register(a.url, 'limit', ip(60))
    const attacker = ip(61)
    const statuses: (number | 'network')[] = []
    for (let i = 0; i < 10; i++) {
      const s = i % 2 ? b : a
      statuses.push(
        (await request(s.url, 'POST', '/api/users/login', { body: { email: user.email, password: 'wrong-passphrase-123' }, ip: attacker })).status,
      )
    }
    const limited = await request(a.url, 'POST', '/api/users/login', { body: { email: user.email, password: 'wrong-passphrase-123' }, ip: attacker })
    const right = await request<DetailError>(b.url, 'POST', '/api/users/login', {
      body: { email: user.email, password: user.password },
      ip: attacker,
    })
    check(
      'scale-out: the sign-in rate limit counts failures from both processes together',
      statuses.every((s) => s === 401) && limited.status === 429 && Number(limited.retryAfter) > 0 && right.status === 429,
      `10 wrong passwords alternating A/B: ${countBy(
        statuses.map((s) => ({ s })),
        (x) => x.s,
      )}; the 11th on A ${limited.status} (Retry-After ${limited.retryAfter}), then the right password on B ${right.status} ${right.data?.detail ?? ''}`,
    )
  }

  const outputs = [a, b0, b].map((s) => s.output()).join('\n')
  const crashes = outputs.split('\n').filter((line) => /Unhandled promise rejection|uncaught|FATAL ERROR|failed$/i.test(line))
  check('scale-out: no process logged an error', crashes.length === 0, crashes.length ? crashes.slice(0, 3).join(' | ') : `A, B and the restarted B`)
  await Promise.all([a.stop(), b.stop()])
}

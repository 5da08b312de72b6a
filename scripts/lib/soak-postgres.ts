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
// This module opens the PostgreSQL and runs phase 4; phase 5 is in soak-scale-out.ts and the
// HTTP helpers both use are in soak-http.ts.
// The cluster is private (its own data directory, port 55432 or the next free one, run as
// the postgres OS user): the machine's own PostgreSQL on 5432 is never stopped. When no
// private cluster can be started, a TCP relay in front of the machine's PostgreSQL
// (SOAK_PG_URL, default postgres://postgres@127.0.0.1:5432/test) cuts and refuses
// connections instead, and the output says the outage is simulated.

import { join } from 'node:path'
import type { UserData } from '../../contract/auth.ts'
import type { HealthResponse } from '../../contract/health.ts'
import type { ArticleCard, Paginated } from '../../contract/library.ts'
import type { StoredResume } from '../../contract/resume.ts'
import { createScratchDatabase, DEFAULT_ADMIN_DATABASE_URL, type ScratchDatabase } from './loadgen.ts'
import { startPrivatePostgres } from './private-postgres.ts'
import { soakResume as resumeData } from './sample-resume.ts'
import { startServer, type RunningServer } from './server-process.mjs'
import { brief, clean503, conflict, countBy, register, request, sleep, type Answer, type SoakUser } from './soak-http.ts'
import { startRelay } from './tcp-relay.ts'

/** `check(name, ok, detail)` prints a PASS or FAIL line (scripts/soak.ts keeps the count). */
export type Check = (name: string, ok: boolean, detail?: string) => void
export type Log = (line: string) => void
/** What the phases get from scripts/soak.ts: servers they start go into `servers` (stopped at the end). */
export type PhaseContext = { pg: SoakPostgres; check: Check; log: Log; root: string; servers: RunningServer[] }

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

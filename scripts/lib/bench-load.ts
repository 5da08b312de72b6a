// The load sections of `npm run bench` (kept apart from bench.ts's other sections):
//
//   api_<endpoint>_<db>_{rps,p50_ms,p99_ms}   autocannon, 200 connections, BENCH_SECONDS
//        (default 10) each, against the built server on PGlite and on a fresh PostgreSQL
//        database (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/test; created
//        and dropped here); endpoints: article (GET /api/articles/{slug}), search
//        (GET /api/search?title=interview), login (POST /api/users/login, argon2id),
//        refresh (POST /api/users/refresh: every token is used once, from a pool of tokens
//        that each answer refills); req/s counts answers only: refusals (503, 429) are
//        counted and printed apart
//   api_ceiling_bare_hono_{rps,p50_ms,p99_ms}  the same load against one JSON route on a
//        bare Hono + @hono/node-server process: each API line prints its ratio to it
//   chat_ws_<n>_*   n (BENCH_WS, default 500) guest websockets opened and held at once,
//        every one asking questions back to back for BENCH_SECONDS: how many got answers,
//        first-token p50/p99 and done p99 under that load, against one connection alone
//   first_load_js_gzip_/resume, /coverletter   gzip of every JS file that loading the page
//        in headless Chromium fetches until network idle, against the 250 KB budget

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { UserData } from '../../contract/auth.ts'
import type { ArticleCard, Paginated } from '../../contract/library.ts'
import { withFreshProfile } from './bench-browser.ts'
import { API_P99_BUDGET_ENDPOINTS, BUDGET_API_P99_MS, BUDGET_BUILDER_FIRST_LOAD_KB } from './bench-budgets.ts'
import type { Emit, Progress } from './bench-output.ts'
import { chatUrl, clientFrame, guestToken, serverFrame } from './chat-guest.ts'
import {
  createScratchDatabase,
  describeStatuses,
  runAutocannon,
  startBareHono,
  type AutocannonRequest,
  type LoadRun,
  type ScratchDatabase,
} from './loadgen.ts'
import { startServer, type RunningServer, type StartServerOptions } from './server-process.mjs'

export const API_ENDPOINTS = ['article', 'search', 'login', 'refresh'] as const
export type ApiEndpoint = (typeof API_ENDPOINTS)[number]
export const API_DATABASES = ['pglite', 'postgres'] as const
export type ApiDatabase = (typeof API_DATABASES)[number]

const json = { 'content-type': 'application/json', accept: 'application/json' }
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'NaN')

export const benchSeconds = () => {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10)
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 10
}

/** A POST whose answer must be 2xx. A busy server's 503 (the password work still draining after the login run) is asked again after its Retry-After, a few times. */
async function post<T>(baseUrl: string, path: string, body: unknown): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: json, body: JSON.stringify(body) })
    const text = await res.text()
    const retryAfter = Number(res.headers.get('retry-after'))
    if (res.status === 503 && retryAfter > 0 && attempt < 10) {
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000))
      continue
    }
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${text.slice(0, 200)}`)
    return JSON.parse(text) as T
  }
}

/** `count` refresh tokens (one login each, `parallel` at a time). */
async function issueRefreshTokens(baseUrl: string, credentials: Credentials, count: number, parallel = 4): Promise<string[]> {
  const tokens: string[] = []
  let left = count
  const worker = async () => {
    while (left-- > 0) tokens.push((await post<UserData>(baseUrl, '/api/users/login', credentials)).refresh)
  }
  await Promise.all(Array.from({ length: parallel }, worker))
  return tokens
}

/**
 * The four API runs against one started server. `emitRun(endpoint, run)` prints them.
 * Login answers feed the refresh pool; the pool is topped up to connections + 10.
 */
async function runApiEndpoints({
  server,
  connections,
  seconds,
  endpoints,
  emitRun,
  progress,
}: {
  server: RunningServer
  connections: number
  seconds: number
  endpoints: readonly ApiEndpoint[]
  emitRun: (endpoint: ApiEndpoint, run: LoadRun) => void
  progress: Progress
}) {
  const list = (await (await fetch(`${server.url}/api/library/articles?page_size=1`)).json()) as Paginated<ArticleCard>
  const slug = list.results?.[0]?.slug
  if (!slug) throw new Error('no articles were seeded')
  const credentials: Credentials = { email: `bench-${Date.now()}@example.org`, password: 'Bench-load-passphrase-42' }
  await post(server.url, '/api/users/register', credentials)
  const pool: string[] = []
  const rotated = (status: number, body: string) => {
    if (status === 200) pool.push((JSON.parse(body) as UserData).refresh)
  }

  for (const endpoint of endpoints) {
    let requests: AutocannonRequest[] | undefined
    let url = server.url
    if (endpoint === 'article') url = `${server.url}/api/articles/${slug}`
    else if (endpoint === 'search') url = `${server.url}/api/search?title=interview`
    else if (endpoint === 'login') {
      requests = [
        {
          method: 'POST',
          path: '/api/users/login',
          headers: json,
          body: JSON.stringify(credentials),
          onResponse: rotated,
        },
      ]
    } else if (endpoint === 'refresh') {
      if (pool.length < connections + 10) {
        progress(`refresh: issuing ${connections + 10 - pool.length} more refresh tokens`)
        pool.push(...(await issueRefreshTokens(server.url, credentials, connections + 10 - pool.length)))
      }
      requests = [
        {
          method: 'POST',
          path: '/api/users/refresh',
          headers: json,
          // Each connection takes an unused token; the answer's rotated token goes back.
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ refresh: pool.shift() ?? 'pool-ran-dry' }) }),
          onResponse: rotated,
        },
      ]
    }
    progress(`api ${endpoint}: ${connections} connections for ${seconds} s`)
    const run = await runAutocannon({ url, connections, seconds, requests, timeoutSeconds: endpoint === 'login' ? 30 : 10 })
    emitRun(endpoint, run)
  }
}

type Credentials = { email: string; password: string }

/** Responses that refused the request (503: the server shedding load; 429: over a rate limit). */
const refusals = (run: LoadRun) => (run.statusCodes['503'] ?? 0) + (run.statusCodes['429'] ?? 0)

/** API under load on PGlite and PostgreSQL, side by side with a bare Hono route. */
export async function measureApiLoad({
  emit,
  progress,
  serverEnv,
  endpoints = API_ENDPOINTS,
  databases = API_DATABASES,
}: {
  emit: Emit
  progress: Progress
  serverEnv: Record<string, string>
  endpoints?: readonly ApiEndpoint[]
  databases?: readonly ApiDatabase[]
}) {
  const seconds = benchSeconds()
  const connections = 200
  console.log(`# API load: autocannon, ${connections} connections, ${seconds} s per run, loopback; client and server share the machine's cores`)

  progress('api ceiling: bare Hono route on @hono/node-server')
  const bare = await startBareHono()
  let ceiling: LoadRun
  try {
    ceiling = await runAutocannon({ url: `${bare.url}/api/ceiling`, connections, seconds })
  } finally {
    await bare.stop()
  }
  emit('api_ceiling_bare_hono_rps', fmt(ceiling.rps, 0), 'req/s')
  emit('api_ceiling_bare_hono_p50_ms', fmt(ceiling.p50), 'ms')
  emit('api_ceiling_bare_hono_p99_ms', fmt(ceiling.p99), 'ms')

  const env = { ...serverEnv, RATE_LIMIT_MULTIPLIER: '100000', LOG_LEVEL: 'warn' }
  for (const db of databases) {
    const dataRoot = mkdtempSync(join(tmpdir(), 'waypoint-bench-api-'))
    let scratch: ScratchDatabase | null = null
    let server: RunningServer | null = null
    try {
      const serverOptions: StartServerOptions = { dataDir: join(dataRoot, 'data'), env }
      if (db === 'postgres') {
        scratch = await createScratchDatabase('waypoint_bench')
        if (!scratch) {
          console.log('# note: PostgreSQL did not answer (BENCH_PG_URL or 127.0.0.1:5432): the PostgreSQL API figures are left out')
          continue
        }
        serverOptions.env = { ...env, DATABASE_URL: scratch.url }
      }
      progress(`api on ${db}: starting the server`)
      server = await startServer(serverOptions)
      await runApiEndpoints({
        server,
        connections,
        seconds,
        endpoints,
        progress,
        emitRun: (endpoint, run) => {
          const name = `api_${endpoint}_${db}`
          const ok = run.total - run.non2xx
          // A refusal (503 when the server sheds load, 429 over a rate limit) is not an answer:
          // req/s counts answers only, and the refusals are printed apart.
          const refused = refusals(run)
          const answers = run.total - refused
          const share = run.total > 0 ? answers / run.total : 0
          const rps = run.rps * share
          emit(
            `${name}_rps`,
            fmt(rps, 0),
            'req/s',
            `(${refused ? `answers only, refusals apart: ${fmt(run.rps - rps, 0)} req/s; ` : ''}${fmt(rps / ceiling.rps, 3)} of the bare Hono ceiling ${fmt(ceiling.rps, 0)} req/s)`,
          )
          emit(`${name}_p50_ms`, fmt(run.p50), 'ms', `(ceiling ${fmt(ceiling.p50)} ms, x${fmt(run.p50 / Math.max(ceiling.p50, 0.1))})`)
          emit(`${name}_p99_ms`, fmt(run.p99), 'ms', `(ceiling ${fmt(ceiling.p99)} ms, x${fmt(run.p99 / Math.max(ceiling.p99, 0.1))})`)
          console.log(
            `# ${name}: ${answers} answers (${ok} 2xx) and ${refused} refusals (503/429) of ${run.total} responses; ${describeStatuses(run)}${refused ? '; p50 and p99 are of every response, refusals included' : ''}${API_P99_BUDGET_ENDPOINTS.includes(endpoint) ? `; budget p99 < ${BUDGET_API_P99_MS} ms: ${run.p99 < BUDGET_API_P99_MS ? 'ok' : 'OVER'}` : ''}`,
          )
        },
      })
    } finally {
      await server?.stop()
      const made = scratch
      await made?.drop().catch((err: Error) => console.log(`# note: could not drop database ${made.name}: ${err.message}`))
      rmSync(dataRoot, { recursive: true, force: true })
    }
  }
}

const CHAT_LOAD_QUESTIONS = [
  'How do I prepare for a behavioural interview?',
  'How should I negotiate a job offer?',
  'Where do I find an internship?',
  'How do I write a cover letter?',
  'How do I explain a gap in my employment?',
]

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN

/**
 * `count` guest websockets opened together and held; each asks questions back to back for
 * `seconds`. `reference` is the single-connection first-token p50 measured in the same run.
 * The server needs RATE_LIMIT_MULTIPLIER high (chat limits per IP).
 */
export async function measureChatLoad({
  baseUrl,
  emit,
  progress,
  reference,
  count = Number(process.env.BENCH_WS ?? 500),
}: {
  baseUrl: string
  emit: Emit
  progress: Progress
  reference?: number
  count?: number
}) {
  const { default: WebSocket } = await import('ws')
  const seconds = benchSeconds()
  const wsUrl = chatUrl(baseUrl)
  const firstTokens: number[] = []
  const dones: number[] = []
  let errors = 0
  const errorDetails = new Map<string, number>()
  let stopAt = Number.POSITIVE_INFINITY
  let startAsking = () => {}
  const go = new Promise<void>((resolve) => (startAsking = resolve))

  progress(`chat load: opening ${count} websockets`)
  const clients = Array.from({ length: count }, (_, i) => {
    const state = { opened: false, hello: false, answers: 0, closed: false }
    const socket = new WebSocket(wsUrl)
    let askedAt = 0
    let first: number | null = null
    const ask = () => {
      if (Date.now() >= stopAt || socket.readyState !== 1) return
      askedAt = performance.now()
      first = null
      socket.send(clientFrame({ type: 'question', text: CHAT_LOAD_QUESTIONS[(i + state.answers) % CHAT_LOAD_QUESTIONS.length] ?? '' }))
    }
    const ready = new Promise<void>((resolve) => {
      socket.on('open', () => {
        state.opened = true
        socket.send(clientFrame({ type: 'auth', guest: guestToken() }))
      })
      socket.on('message', (data) => {
        const frame = serverFrame(data)
        if (frame.type === 'hello') {
          state.hello = true
          resolve()
          go.then(ask)
        } else if (frame.type === 'answer.delta') {
          if (first === null) {
            first = performance.now() - askedAt
            firstTokens.push(first)
          }
        } else if (frame.type === 'answer.done') {
          dones.push(performance.now() - askedAt)
          state.answers += 1
          ask()
        } else if (frame.type === 'error') {
          errors += 1
          errorDetails.set(frame.detail, (errorDetails.get(frame.detail) ?? 0) + 1)
          setTimeout(ask, 200)
        }
      })
      socket.on('error', () => resolve())
      socket.on('close', () => {
        state.closed = true
        resolve()
      })
    })
    return Object.assign(state, { ready, socket })
  })
  await Promise.race([Promise.all(clients.map((c) => c.ready)), new Promise((r) => setTimeout(r, 30_000))])
  const authenticated = clients.filter((c) => c.hello).length
  progress(`chat load: ${authenticated} of ${count} authenticated; asking for ${seconds} s`)
  stopAt = Date.now() + seconds * 1000
  startAsking()
  await new Promise((r) => setTimeout(r, seconds * 1000))
  // Let the answers in flight finish (bounded).
  const drainUntil = Date.now() + 15_000
  while (Date.now() < drainUntil && firstTokens.length > dones.length + errors) await new Promise((r) => setTimeout(r, 100))
  const held = clients.filter((c) => c.opened && !c.closed).length
  for (const c of clients) c.socket.terminate()

  const answered = clients.filter((c) => c.answers > 0).length
  firstTokens.sort((a, b) => a - b)
  dones.sort((a, b) => a - b)
  const p99First = percentile(firstTokens, 99)
  emit(
    `chat_ws_${count}_answered_connections`,
    answered,
    'connections',
    `(of ${count} opened, ${authenticated} authenticated, ${held} still open at the end; ${dones.length} answers in ${seconds} s, ${fmt(dones.length / seconds)} answers/s)`,
  )
  emit(`chat_ws_${count}_first_token_p50_ms`, fmt(percentile(firstTokens, 50)), 'ms')
  emit(
    `chat_ws_${count}_first_token_p99_ms`,
    fmt(p99First),
    'ms',
    reference ? `(one connection alone: p50 ${fmt(reference)} ms, x${fmt(p99First / reference)})` : '',
  )
  emit(`chat_ws_${count}_done_p99_ms`, fmt(percentile(dones, 99)), 'ms')
  if (errors) console.log(`# chat_ws_${count}: ${errors} error frames: ${[...errorDetails].map(([d, n]) => `${n}× ${d}`).join('; ')}`)
}

type ScriptSize = { pathname: string; bytes: number }

/** gzip -9 of every JS file loading `path` in headless Chromium fetches until network idle. */
async function pageScripts(baseUrl: string, path: string, executablePath: string): Promise<ScriptSize[]> {
  return withFreshProfile(executablePath, { viewport: { width: 1280, height: 800 } }, async (ctx) => {
    const page = await ctx.newPage()
    const pending: Promise<ScriptSize>[] = []
    page.on('response', (res) => {
      const { pathname } = new URL(res.url())
      const type = res.request().resourceType()
      if ((type !== 'script' && !/\.m?js$/.test(pathname)) || res.status() >= 300) return
      pending.push(
        res.body().then(
          (body) => ({ pathname, bytes: gzipSync(body, { level: 9 }).length }),
          () => ({ pathname, bytes: 0 }),
        ),
      )
    })
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle', timeout: 60_000 })
    const seen = new Map<string, ScriptSize>()
    for (const f of await Promise.all(pending)) seen.set(f.pathname, f)
    return [...seen.values()].sort((a, b) => b.bytes - a.bytes)
  })
}

/** first_load_js_gzip_<path> for the builder pages, against the 250 KB budget. */
export async function measureBuilderFirstLoad({
  baseUrl,
  executablePath,
  emit,
  progress,
  paths = ['/resume', '/coverletter'],
}: {
  baseUrl: string
  executablePath: string
  emit: Emit
  progress: Progress
  paths?: string[]
}) {
  for (const path of paths) {
    progress(`first-load JS of ${path} in Chromium`)
    const files = await pageScripts(baseUrl, path, executablePath)
    const total = files.reduce((n, f) => n + f.bytes, 0)
    const kb = total / 1000
    emit(
      `first_load_js_gzip_${path}`,
      kb.toFixed(1),
      'KB',
      `(budget ${BUDGET_BUILDER_FIRST_LOAD_KB} KB: ${fmt(kb / BUDGET_BUILDER_FIRST_LOAD_KB, 2)} of it, ${kb <= BUDGET_BUILDER_FIRST_LOAD_KB ? 'ok' : 'OVER'}; ${files.length} JS files)`,
    )
    for (const f of files.slice(0, 5)) console.log(`#   ${(f.bytes / 1000).toFixed(1).padStart(6)} KB ${f.pathname}`)
  }
}

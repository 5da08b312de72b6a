// `npm run bench [-- --only NAME ...]`: build when needed, then print `name: value unit`
// lines (comments start with '#'; build and progress output go to stderr):
//
//   initial_js_gzip_/          gzip -9 of every JS file that loading / in headless
//   initial_css_gzip_/         Chromium requests until network idle (CSS likewise);
//                              without Chromium: a static estimate from index.html
//   largest_route_chunk_gzip   largest JS file in dist/client/assets not loaded for /
//   route_js_gzip_<path>       per route of the spec: JS a direct load of it fetches beyond /'s
//   server_cold_start_ms       spawn -> first healthy /api/health, fresh DATA_DIR
//   server_warm_start_ms       the same, second start on that DATA_DIR
//   search_p50_ms, search_p95_ms   GET /api/search?title=... on loopback: 500 requests over
//                              a set of queries (typos included), 20 at a time
//   search_cold_p95_ms         each distinct query once, one at a time (nothing cached yet)
//   article_get_p95_ms         GET /api/articles/{slug}: 500 requests, 20 at a time
//   salary_api_p95_ms, cost_api_p95_ms   GET /api/salary and /api/cost-of-living signed in, over
//                              U.S. cities, states, metros and places abroad: 500 requests, 20 at
//                              a time, beside the figure before issue 18's measured data
//   chat_first_token_ms        WS /api/ai/chatbot as a guest (built-in assistant): question sent
//                              -> first answer.delta, p50 of 10 questions asked one at a time
//   chat_done_ms               the same questions: question sent -> answer.done, p50
//   assistant_*                the evaluation set answered by the built-in assistant: share useful,
//                              first text p50/p95 (scripts/lib/bench-assistant.ts; runs alone too)
//   api_*, chat_ws_*, first_load_js_gzip_/resume, /coverletter   load sections: see
//                              scripts/lib/bench-load.ts (autocannon on PGlite and PostgreSQL
//                              against a bare Hono ceiling; 500 held chat websockets;
//                              builder pages' first-load JS). BENCH_SECONDS (default 10) per run.
//   resume_pdf_export_ms_1_page, resume_pdf_export_ms_2_pages, resume_pdf_export_ms_2_pages_cjk
//                              /resume in headless Chromium (the last: the same resume in Japanese)
//                              with a stored draft of 1 or 2 pages: click on Download PDF ->
//                              the download, first export after a fresh load (lazy PDF chunk
//                              and font files included); warm repeats follow as comments
//   resume_import_roundtrip_ms that 2-page PDF imported back: file chosen -> the review shows
//                              every field matched (first import, reader loaded then)
//   lighthouse_<category>_<page>  Lighthouse score (mobile profile, simulated throttling) of
//                              performance, accessibility, best-practices and seo for /, /library,
//                              an article, /resume, /salary, /countries and a place (/france/paris);
//                              comments follow with the metrics
//                              (FCP, LCP, TBT, CLS, Speed Index), what holds the score down (LCP
//                              element, render-blocking files, unused JS, fonts, layout shifts,
//                              main-thread work), failing accessibility audits, and the load
//                              average (CPU contention inflates the simulated TBT).
//                              LIGHTHOUSE_RUNS=n (default 1) runs each page n times and keeps
//                              the run with the median performance score.
//   import_field_accuracy      PDF import vs tests/fixtures/resume-import (scripts/lib/bench-import.ts);
//                              no build or server: `--only import_field` runs it alone
//   axe_violations_<page>      axe-core (the copy Lighthouse runs), default rule set, on the same
//                              pages in headless Chromium at a mobile and a desktop viewport:
//                              the number of rules violated; their ids follow as comments
//
// --static skips the browser (as if no Chromium were found).
// --peer URL (repeatable, or comma-separated) also runs Lighthouse on another site's page in the
// same Chromium, interleaved with ours (e.g. OpenResume built from its repository and started
// locally: --peer http://127.0.0.1:3000/,http://127.0.0.1:3000/resume-builder); its figures and a
// side-by-side table follow as comments.
// --record also writes every line printed, with the machine and date, to bench/RESULTS.md.
// --only takes a substring of a name (repeatable, or comma-separated); only the work
// those metrics need is done (e.g. `--only cold` starts the server once, no browser;
// `--only api_refresh_postgres` runs the ceiling and that one API run; a per-page name such
// as `--only lighthouse_performance_/salary` or `--only axe_violations_article` runs
// Lighthouse or axe-core on that page only).
// KB = 1000 bytes.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import type { UserData } from '../contract/auth.ts'
import type { ArticleCard, Paginated } from '../contract/library.ts'
import { DIST, ensureBuild } from './build-if-needed.mjs'
import { API_DATABASES, API_ENDPOINTS, measureApiLoad, measureBuilderFirstLoad, measureChatLoad } from './lib/bench-load.ts'
import { withFreshProfile } from './lib/bench-browser.ts'
import { emit, progressTo } from './lib/bench-output.ts'
import { openGuestChat } from './lib/chat-guest.ts'
import { findChromium } from './lib/chromium.mjs'
import type { LighthouseResult } from './lib/lighthouse.ts'
import { benchResume } from './lib/sample-resume.ts'
import { startServer, type RunningServer } from './lib/server-process.mjs'
import { SPEC_ROUTES } from './lib/spec-routes.mjs'

const CLIENT = join(DIST, 'client')
const BUDGET_INITIAL_JS_KB = 130

function parseArgs(argv: string[]) {
  const only: string[] = []
  let staticOnly = false
  let record = false
  const peers: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (arg === '--only') only.push(...(argv[++i] ?? '').split(','))
    else if (arg.startsWith('--only=')) only.push(...arg.slice(7).split(','))
    else if (arg === '--static') staticOnly = true
    else if (arg === '--record') record = true
    else if (arg === '--peer' || arg.startsWith('--peer=')) {
      for (const url of (arg === '--peer' ? (argv[++i] ?? '') : arg.slice(7)).split(',').filter(Boolean)) {
        if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
          console.error(`bench: --peer takes http(s) URLs, got ${url}`)
          process.exit(2)
        }
        peers.push(url)
      }
    } else if (arg === '-h' || arg === '--help') {
      console.log('usage: npm run bench [-- --only NAME[,NAME]...] [--static] [--record] [--peer URL[,URL]...]')
      process.exit(0)
    } else {
      console.error(`bench: unknown argument ${arg}`)
      process.exit(2)
    }
  }
  return { only: only.map((s) => s.trim()).filter(Boolean), staticOnly, record, peers }
}

const { only, staticOnly, record, peers } = parseArgs(process.argv.slice(2))
const METRICS = [
  'initial_js_gzip_/',
  'initial_css_gzip_/',
  'largest_route_chunk_gzip',
  'route_js_gzip',
  'server_cold_start_ms',
  'server_warm_start_ms',
  'search_p50_ms',
  'search_p95_ms',
  'search_cold_p95_ms',
  'article_get_p95_ms',
  'salary_api_p95_ms',
  'cost_api_p95_ms',
  'chat_first_token_ms',
  'chat_done_ms',
  'chat_ws_load',
  'assistant',
  'api_load',
  'first_load_js_gzip_builders',
  'resume_pdf_export_ms',
  'resume_import_roundtrip_ms',
  'lighthouse',
  'axe_violations',
  'import_field_accuracy',
]
const LIGHTHOUSE_PAGES: Record<string, string> = {
  '/': '/',
  '/library': '/library',
  article: '/articles/answering-behavioral-questions-with-star',
  '/resume': '/resume',
  '/salary': '/salary',
  '/countries': '/countries',
  place: '/france/paris',
}
const ROUTE_PAGES = SPEC_ROUTES.filter((path) => path !== '/')
// `api_<endpoint>[_<database>]` (the names the API load prints) picks runs of the api_load section.
const apiRun = (o: string) => /^api_(?!load|ceiling)/.test(o)
const wanted = new Set(
  METRICS.filter((m) => only.length === 0 || only.some((o) => m.includes(o) || o.startsWith(m) || (m === 'api_load' && apiRun(o)))),
)
// The bare Hono ceiling always runs with them: every API figure is printed beside it.
const apiRuns = only.filter(apiRun)
const apiSelection = apiRuns.length
  ? {
      endpoints: API_ENDPOINTS.filter((endpoint) => apiRuns.some((o) => o.startsWith(`api_${endpoint}`))),
      databases: API_DATABASES.filter((db) => apiRuns.some((o) => !/_(pglite|postgres)/.test(o) || o.includes(`_${db}`))),
    }
  : {}
if (apiRuns.length && !apiSelection.endpoints?.length) {
  console.error(`bench: --only ${apiRuns.join(',')} names no API run: api_{${API_ENDPOINTS.join(',')}}[_pglite|_postgres]`)
  process.exit(2)
}
if (wanted.size === 0) {
  console.error(`bench: --only ${only.join(',')} matches none of: ${METRICS.join(', ')}`)
  process.exit(2)
}

const progress = progressTo('bench')
const kb = (bytes: number) => (bytes / 1000).toFixed(1)
/** The 1-minute load average, for the comments that say how busy the machine was. */
const load1 = () => (loadavg()[0] ?? Number.NaN).toFixed(1)
const gzipSize = (buf: Buffer) => gzipSync(buf, { level: 9 }).length

/** A JS or CSS file a page loaded (or index.html names), with its gzip -9 size. */
type LoadedFile = { kind: 'js' | 'css'; pathname: string; bytes: number }

/** dist/client file for a URL path, or null when it is not a built file. */
function readBuilt(pathname: string): Buffer | null {
  try {
    return readFileSync(join(CLIENT, decodeURIComponent(pathname)))
  } catch {
    return null
  }
}

/**
 * Load each path in headless Chromium (one page each, in order, one profile: the first one
 * cold); per path, the gzip sizes of every JS and CSS response until network idle.
 */
async function measureInBrowser(url: string, executablePath: string, paths = ['/']): Promise<Map<string, LoadedFile[]>> {
  return withFreshProfile(executablePath, { viewport: { width: 1280, height: 800 } }, async (ctx) => {
    const byPath = new Map<string, LoadedFile[]>()
    for (const path of paths) {
      const page = await ctx.newPage()
      const pending: Promise<LoadedFile>[] = []
      page.on('response', (res) => {
        const { pathname } = new URL(res.url())
        const type = res.request().resourceType()
        const kind = type === 'script' || /\.m?js$/.test(pathname) ? 'js' : type === 'stylesheet' || pathname.endsWith('.css') ? 'css' : null
        if (!kind || res.status() >= 300) return
        pending.push(
          res
            .body()
            .catch(() => readBuilt(pathname))
            .then((body): LoadedFile => ({ kind, pathname, bytes: body ? gzipSize(body) : 0 })),
        )
      })
      await page.goto(`${url}${path}`, { waitUntil: 'networkidle', timeout: 60_000 })
      const files = await Promise.all(pending)
      await page.close()
      const seen = new Map<string, LoadedFile>()
      for (const f of files) seen.set(f.pathname, f)
      byPath.set(path, [...seen.values()])
    }
    return byPath
  })
}

/** Entry script + modulepreload + stylesheet links of dist/client/index.html. */
function estimateFromHtml(): LoadedFile[] {
  const html = readFileSync(join(CLIENT, 'index.html'), 'utf8')
  const files: LoadedFile[] = []
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const attr = (name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1]
    let kind: LoadedFile['kind'] | null = null
    let ref: string | undefined
    if (tag.startsWith('<script') && (ref = attr('src'))) kind = 'js'
    else if (tag.startsWith('<link') && attr('rel') === 'modulepreload' && (ref = attr('href'))) kind = 'js'
    else if (tag.startsWith('<link') && attr('rel') === 'stylesheet' && (ref = attr('href'))) kind = 'css'
    if (!kind || !ref || /^https?:/.test(ref)) continue
    const pathname = new URL(ref, 'http://x/').pathname
    const body = readBuilt(pathname)
    files.push({ kind, pathname, bytes: body ? gzipSize(body) : 0 })
  }
  return files
}

const SEARCH_QUERIES = [
  'interview tips',
  'intervew tips',
  'resume',
  'cover letter',
  'salary negotiation',
  'negotiate offer',
  'personal statment',
  'GRE study plan',
  'IELTS or TOEFL',
  'internship',
  'how to find an internship',
  'networking for introverts',
  'mentor',
  'referral',
  'employment gap',
  'job rejection',
  'recruiters',
  'scholarships',
  'visa documents',
  'promotion',
  'skills plan',
  'career change',
  'recomendation letter',
  'video interview',
  'cost of living',
]

// Salary and cost-of-living queries over the kinds of place: U.S. city, state, metro area, abroad.
const SALARY_PLACES = [
  'united-states',
  'united-states/austin-tx',
  'united-states/san-francisco-ca',
  'united-states/new-york-ny',
  'united-kingdom/london',
  'japan/tokyo',
  'france/paris',
]
const SALARY_PATHS = ['15-1252', '29-1141', '13-2011', '35-3023'].flatMap((job) =>
  SALARY_PLACES.map((place) => `/api/salary?job=${job}&location=${encodeURIComponent(place)}`),
)
const COST_PATHS = [
  'city=united-states%2Faustin-tx',
  'city=united-states%2Fsan-francisco-ca&compare=united-states%2Fnew-york-ny',
  'city=united-kingdom%2Flondon&compare=france%2Fparis&salary=60000',
  'city=japan%2Ftokyo&household=3',
  'city=united-states',
].map((query) => `/api/cost-of-living?${query}`)
// The same queries on the code before issue 18 (commit a86329b: national wage × price parity, model
// rents), built and run twice on this machine alternating with the new code (which gave salary p95
// 101 and 139 ms, cost 107 and 105 ms): 2 cores shared with other work, so read them as a range.
const SALARY_P95_BEFORE = '131–144'
const COST_P95_BEFORE = '99–103'

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN

/** `total` GETs of `paths` (round robin), `concurrency` at a time; milliseconds per request, sorted. */
async function load(baseUrl: string, paths: string[], total: number, concurrency: number, headers: Record<string, string> = {}): Promise<number[]> {
  const times: number[] = []
  let next = 0
  const worker = async () => {
    while (next < total) {
      const path = paths[next++ % paths.length]
      const started = performance.now()
      const res = await fetch(`${baseUrl}${path}`, { headers: { Accept: 'application/json', ...headers } })
      await res.arrayBuffer()
      if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`)
      times.push(performance.now() - started)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return times.sort((a, b) => a - b)
}

async function measureApi(baseUrl: string) {
  const ms = (value: number | undefined) => (value ?? Number.NaN).toFixed(1)
  const searchPaths = SEARCH_QUERIES.map((q) => `/api/search?title=${encodeURIComponent(q)}`)
  if (wanted.has('search_cold_p95_ms') || wanted.has('search_p50_ms') || wanted.has('search_p95_ms')) {
    progress(`search: ${SEARCH_QUERIES.length} distinct queries once each, then 500 requests 20 at a time`)
    const cold = await load(baseUrl, searchPaths, searchPaths.length, 1)
    if (wanted.has('search_cold_p95_ms'))
      emit('search_cold_p95_ms', ms(percentile(cold, 95)), 'ms', `(max ${ms(cold.at(-1))} ms, ${cold.length} queries)`)
    const warm = await load(baseUrl, searchPaths, 500, 20)
    if (wanted.has('search_p50_ms')) emit('search_p50_ms', ms(percentile(warm, 50)), 'ms')
    if (wanted.has('search_p95_ms')) emit('search_p95_ms', ms(percentile(warm, 95)), 'ms', `(p99 ${ms(percentile(warm, 99))} ms)`)
  }
  if (wanted.has('article_get_p95_ms')) {
    const list = (await (await fetch(`${baseUrl}/api/library/articles?page_size=100`)).json()) as Paginated<ArticleCard>
    const slugs = list.results.map((a) => `/api/articles/${a.slug}`)
    if (slugs.length === 0) throw new Error('no articles were seeded')
    progress(`article GET: 500 requests over ${slugs.length} articles, 20 at a time`)
    await load(baseUrl, slugs, slugs.length, 4)
    const times = await load(baseUrl, slugs, 500, 20)
    emit('article_get_p95_ms', ms(percentile(times, 95)), 'ms', `(p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))} ms)`)
  }
  if (wanted.has('salary_api_p95_ms') || wanted.has('cost_api_p95_ms')) {
    const account = { email: `bench-tools-${Date.now()}@example.org`, password: 'Bench-tools-passphrase-42' }
    const registered = await fetch(`${baseUrl}/api/users/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(account),
    })
    if (!registered.ok) throw new Error(`register answered ${registered.status}`)
    const headers = { Authorization: `Bearer ${((await registered.json()) as UserData).access}` }
    for (const [metric, paths, before] of [
      ['salary_api_p95_ms', SALARY_PATHS, SALARY_P95_BEFORE],
      ['cost_api_p95_ms', COST_PATHS, COST_P95_BEFORE],
    ] as const) {
      if (!wanted.has(metric)) continue
      progress(`${metric}: ${paths.length} queries once each, then 500 requests 20 at a time`)
      await load(baseUrl, paths, paths.length, 4, headers)
      const times = await load(baseUrl, paths, 500, 20, headers)
      emit(
        metric,
        ms(percentile(times, 95)),
        'ms',
        `(p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))} ms; before issue 18: p95 ${before} ms)`,
      )
    }
  }
}

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
async function measureChat(baseUrl: string) {
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
        `(max ${(times.at(-1) ?? Number.NaN).toFixed(1)} ms, ${times.length} questions; budget 300 ms: ${firstP50 <= 300 ? 'ok' : 'OVER'})`,
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

/**
 * Per resume: a fresh browser profile, the draft written to IndexedDB as the builder stores it,
 * /resume opened on its Finalize step, then Download PDF clicked three times (the first one
 * loads the PDF chunk and the font files).
 */
async function measureResumePdf(url: string, executablePath: string) {
  for (const [jobs, pages, name, cjk] of [
    [2, 1, 'resume_pdf_export_ms_1_page', false],
    [7, 2, 'resume_pdf_export_ms_2_pages', false],
    [7, 2, 'resume_pdf_export_ms_2_pages_cjk', true],
  ] as const) {
    await withFreshProfile(executablePath, { viewport: { width: 1280, height: 900 }, acceptDownloads: true }, async (ctx) => {
      const page = await ctx.newPage()
      await page.goto(`${url}/resume`, { waitUntil: 'networkidle', timeout: 60_000 })
      const draft = {
        id: 'bench',
        title: 'Bench resume',
        data: benchResume(jobs, cjk),
        step: 'finalize',
        serverId: null,
        serverVersion: null,
        dirty: false,
        updatedAt: new Date().toISOString(),
      }
      await page.evaluate(
        (value) =>
          new Promise<void>((resolve, reject) => {
            const open = globalThis.indexedDB.open('waypoint-resume')
            open.onupgradeneeded = () => open.result.createObjectStore('drafts')
            open.onerror = () => reject(open.error)
            open.onsuccess = () => {
              const tx = open.result.transaction('drafts', 'readwrite')
              tx.objectStore('drafts').put(value, 'drafts')
              tx.oncomplete = () => resolve()
              tx.onerror = () => reject(tx.error)
            }
          }),
        { currentId: 'bench', drafts: [draft] },
      )
      await page.reload({ waitUntil: 'networkidle' })
      const button = page.getByRole('button', { name: 'Download PDF' })
      await button.waitFor({ timeout: 30_000 })
      const shown = await page.locator('section[aria-label^="Page "]').count()
      const times: number[] = []
      const inApp: (string | undefined)[] = []
      let bytes = Buffer.alloc(0)
      for (let round = 0; round < 3; round++) {
        const started = performance.now()
        const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()])
        times.push(performance.now() - started)
        bytes = readFileSync(await download.path())
        inApp.push((await page.getByRole('status').filter({ hasText: 'PDF ready' }).textContent())?.match(/\d+/)?.[0])
      }
      const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
      const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise
      const pdfPages = pdf.numPages
      await pdf.destroy()
      if (pdfPages !== pages) throw new Error(`${name}: the bench resume made ${pdfPages} PDF pages (preview: ${shown}), expected ${pages}`)
      emit(name, (times[0] ?? Number.NaN).toFixed(0), 'ms', `(${pdfPages} pages, ${kb(bytes.length)} KB PDF)`)
      console.log(
        `# ${name}: warm repeats ${times
          .slice(1)
          .map((t) => t.toFixed(0))
          .join(
            ', ',
          )} ms; as the page timed it: ${inApp.join(', ')} ms; load average ${load1()} on ${availableParallelism()} cores; budget for 2 pages 1500 ms`,
      )
      if (pages === 2 && !cjk) await measureResumeImport(page, bytes)
    })
  }
  // The writer and pdf-lib with the font chain it shares with the cover letter (loaded on the first download).
  for (const chunk of readdirSync(join(CLIENT, 'assets')).filter((file) =>
    /^(export-pdf|document-pdf-fonts|font-chain|cjk-fonts)-.*\.js$/.test(file),
  ))
    console.log(`# PDF writer chunk assets/${chunk}: ${kb(gzipSize(readFileSync(join(CLIENT, 'assets', chunk))))} KB gzip`)
}

/**
 * The exported 2-page PDF imported back on the same page: file chosen -> the import review
 * says every field matched (PDF text extraction loads on first use: the first round is cold).
 */
async function measureResumeImport(page: Page, bytes: Buffer) {
  const input = page.getByLabel('Resume file to import (PDF or JSON Resume)')
  const review = page.getByRole('region', { name: 'Import review' })
  const times: number[] = []
  for (let round = 0; round < 3; round++) {
    const started = performance.now()
    await input.setInputFiles({ name: `bench-resume-${round}.pdf`, mimeType: 'application/pdf', buffer: bytes })
    await review.getByText('the page text matched the attached copy in every field').waitFor({ timeout: 60_000 })
    times.push(performance.now() - started)
    await page.getByRole('button', { name: 'Replace with the import' }).click()
    await review.waitFor({ state: 'detached', timeout: 10_000 })
  }
  emit(
    'resume_import_roundtrip_ms',
    (times[0] ?? Number.NaN).toFixed(0),
    'ms',
    `(the 2-page PDF just exported, read back with every field matched; first import, PDF reader loaded then)`,
  )
  console.log(
    `# resume_import_roundtrip_ms: warm repeats ${times
      .slice(1)
      .map((t) => t.toFixed(0))
      .join(', ')} ms; load average ${load1()}`,
  )
}

/** The few largest JS chunks that loading / does not fetch (route chunks and lazy engines). */
function printLargestLazyChunks(loaded: Set<string>, count = 6) {
  const chunks = readdirSync(join(CLIENT, 'assets'))
    .filter((name) => /\.m?js$/.test(name) && !loaded.has(`/assets/${name}`))
    .map((name) => ({ name, bytes: gzipSize(readFileSync(join(CLIENT, 'assets', name))) }))
    .sort((a, b) => b.bytes - a.bytes)
  console.log(`# largest lazy chunks (of ${chunks.length}):`)
  for (const c of chunks.slice(0, count)) console.log(`#   ${kb(c.bytes).padStart(6)} KB assets/${c.name}`)
}

/** --record: keep a copy of every stdout line for bench/RESULTS.md. */
type Recorded = { lines: string[]; startedAt: Date }
function recordOutput(): Recorded {
  const lines: string[] = []
  const log = console.log.bind(console)
  console.log = (...args: unknown[]) => {
    lines.push(args.join(' '))
    log(...args)
  }
  return { lines, startedAt: new Date() }
}

function writeResults({ lines, startedAt }: Recorded) {
  const cpu = cpus()[0]?.model ?? 'unknown CPU'
  const file = join(DIST, '..', 'bench', 'RESULTS.md')
  mkdirSync(join(DIST, '..', 'bench'), { recursive: true })
  const text = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench -- --record${only.length ? ` --only ${only.join(',')}` : ''}\` on ${startedAt.toISOString().slice(0, 10)}.`,
    `Machine: ${availableParallelism()} cores (${cpu}), ${(totalmem() / 1e9).toFixed(1)} GB RAM, Node ${process.version}, ${process.platform}; load average at the end ${load1()}; BENCH_SECONDS=${process.env.BENCH_SECONDS ?? 10}.`,
    "The machine is shared and noisy: compare each figure with its reference printed beside it (ratios), not with another day's run.",
    '',
    '```',
    ...lines,
    '```',
    '',
  ].join('\n')
  writeFileSync(file, text)
  console.error(`[bench] wrote ${file}`)
}

const needInitial =
  wanted.has('initial_js_gzip_/') || wanted.has('initial_css_gzip_/') || wanted.has('largest_route_chunk_gzip') || wanted.has('route_js_gzip')
const needStarts = wanted.has('server_cold_start_ms') || wanted.has('server_warm_start_ms')
const needApi = ['search_p50_ms', 'search_p95_ms', 'search_cold_p95_ms', 'article_get_p95_ms', 'salary_api_p95_ms', 'cost_api_p95_ms'].some((m) =>
  wanted.has(m),
)
const needChatLoad = wanted.has('chat_ws_load')
const needChat = wanted.has('chat_first_token_ms') || wanted.has('chat_done_ms') || needChatLoad
const needApiLoad = wanted.has('api_load')
const needBuilderFirstLoad = wanted.has('first_load_js_gzip_builders') && !staticOnly
const needLighthouse = wanted.has('lighthouse') && !staticOnly
const needAxe = wanted.has('axe_violations') && !staticOnly
/** LIGHTHOUSE_PAGES entries, or only those a per-page --only name (`<prefix>_<page>`) picks. */
function pagesFor(prefix: string): [page: string, path: string][] {
  const named = only.filter((o) => o.startsWith(`${prefix}_`))
  const pages = Object.entries(LIGHTHOUSE_PAGES)
  const picked = pages.filter(([page]) => named.some((o) => o.endsWith(`_${page}`)))
  return picked.length ? picked : pages
}
const loadAverage = () =>
  `${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} (${availableParallelism()} cores)`
const needResumePdf = (wanted.has('resume_pdf_export_ms') || wanted.has('resume_import_roundtrip_ms')) && !staticOnly
// Narration would compete for the two cores with what is measured.
const serverEnv: Record<string, string> = { AUDIO_PREGENERATE: '0' }
// 500 chat websockets from one address need the chat limits raised (nothing else here nears a limit).
if (needChatLoad) serverEnv.RATE_LIMIT_MULTIPLIER = '1000'
const chromiumPath = (needInitial || needLighthouse || needAxe || needResumePdf || needBuilderFirstLoad) && !staticOnly ? findChromium() : null
const recorded = record ? recordOutput() : null
if (wanted.has('import_field_accuracy')) await (await import('./lib/bench-import.ts')).benchImport({ emit, progress })
if (wanted.size === 1 && wanted.has('import_field_accuracy')) {
  if (recorded) writeResults(recorded)
  process.exit(0)
}

await ensureBuild({ label: 'bench', stdio: 'stderr', log: progress })

const dataRoot = mkdtempSync(join(tmpdir(), 'waypoint-bench-'))
const dataDir = join(dataRoot, 'data')
let server: RunningServer | null = null
try {
  if (needStarts || needApi || needChat || wanted.has('assistant') || chromiumPath) {
    progress('cold start (fresh DATA_DIR)')
    server = await startServer({ dataDir, pollMs: 10, env: serverEnv })
    if (wanted.has('server_cold_start_ms')) emit('server_cold_start_ms', Math.round(server.startMs), 'ms')
    if (wanted.has('server_warm_start_ms')) {
      await server.stop()
      progress('warm start (same DATA_DIR)')
      server = await startServer({ dataDir, pollMs: 10, env: serverEnv })
      emit('server_warm_start_ms', Math.round(server.startMs), 'ms')
    }
  }

  // Every section below that asks the server runs only when it was started above.
  const url = server?.url ?? ''
  if (needApi) await measureApi(url)
  if (wanted.has('assistant')) await (await import('./lib/bench-assistant.ts')).measureAssistant({ baseUrl: url, emit, progress })
  if (needChat) {
    const single = await measureChat(url)
    if (needChatLoad) await measureChatLoad({ baseUrl: url, emit, progress, reference: single.firstP50 })
  }
  if (needBuilderFirstLoad) {
    if (!chromiumPath) console.log('# note: no Chromium found: first-load JS of /resume and /coverletter left out')
    else await measureBuilderFirstLoad({ baseUrl: url, executablePath: chromiumPath, emit, progress })
  }

  if (needResumePdf) {
    if (!chromiumPath) console.log('# note: no Chromium found: resume PDF export times left out')
    else {
      progress('resume PDF export in Chromium (1 and 2 pages, and 2 pages in Japanese)')
      await measureResumePdf(url, chromiumPath)
    }
  }

  if (needLighthouse) {
    if (!chromiumPath) console.log('# note: no Chromium found: Lighthouse scores left out')
    else {
      progress('Lighthouse (mobile profile)')
      const { runLighthouse, warmCompression } = await import('./lib/lighthouse.ts')
      const pages = pagesFor('lighthouse')
      const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 1)
      const warm = await warmCompression(url, CLIENT)
      console.log(`# server warmed: ${warm.ready} of ${warm.total} built text files served from their compressed copies`)
      console.log(
        `# Lighthouse: load average before ${loadAverage()}; ${runs} run${runs > 1 ? 's per page, the median by performance kept' : ' per page'}`,
      )
      const all = await runLighthouse([...pages.map(([, path]) => `${url}${path}`), ...peers], chromiumPath, { runs, log: progress })
      const results = all.slice(0, pages.length)
      results.forEach(({ scores, failedA11y, metrics, diagnostics, benchmarkIndex, performanceRuns }, i) => {
        const [page, path] = pages[i] ?? ['?', '?']
        for (const [category, score] of Object.entries(scores))
          emit(`lighthouse_${category}_${page}`, score, 'points', page === path ? '' : `(${path})`)
        const shown = metrics.map(
          (m) =>
            `${m.label} ${m.id === 'cumulative-layout-shift' ? m.value?.toFixed(3) : `${((m.value ?? Number.NaN) / 1000).toFixed(2)} s`} (${Math.round((m.score ?? 0) * 100)})`,
        )
        console.log(
          `# ${path}: ${shown.join(', ')}; benchmarkIndex ${benchmarkIndex}${runs > 1 ? `; performance per run ${performanceRuns.join(', ')}` : ''}`,
        )
        for (const line of diagnostics) console.log(`#   ${line}`)
        if (failedA11y.length) console.log(`# ${path}: failing accessibility audits: ${failedA11y.join(', ')}`)
      })
      if (peers.length) {
        const figures = ({ scores, metrics }: LighthouseResult) => {
          const at = (id: string) => metrics.find((m) => m.id === id)?.value ?? NaN
          return `| ${scores.performance} | ${scores.accessibility} | ${Math.round(at('first-contentful-paint'))} ms | ${Math.round(at('largest-contentful-paint'))} ms | ${Math.round(at('total-blocking-time'))} ms |`
        }
        console.log('# side by side (same Chromium, runs interleaved; median by performance):')
        console.log('# | page | performance | accessibility | FCP | LCP | TBT |')
        for (const [i, result] of results.entries()) console.log(`# | Waypoint ${pages[i]?.[1]} ${figures(result)}`)
        for (const result of all.slice(pages.length)) {
          console.log(`# | ${result.url} ${figures(result)}`)
          if (result.failedA11y.length) console.log(`#   ${result.url}: failing accessibility audits: ${result.failedA11y.join(', ')}`)
        }
      }
      console.log(`# Lighthouse: load average after ${loadAverage()}`)
    }
  }

  if (needAxe) {
    if (!chromiumPath) console.log('# note: no Chromium found: axe-core violations left out')
    else {
      progress('axe-core (mobile and desktop viewports)')
      const { runAxe } = await import('./lib/lighthouse.ts')
      const pages = pagesFor('axe_violations')
      const results = await runAxe(
        pages.map(([, path]) => `${url}${path}`),
        chromiumPath,
        { log: progress },
      )
      results.forEach(({ violations, needsReview }, i) => {
        const [page, path] = pages[i] ?? ['?', '?']
        emit(`axe_violations_${page}`, violations.length, 'count', page === path ? '' : `(${path})`)
        for (const v of violations)
          console.log(`#   ${v.id} (${v.impact}, ${v.nodes} node${v.nodes === 1 ? '' : 's'}, ${v.viewports.join('+')}): ${v.help}; e.g. ${v.target}`)
        if (needsReview.length) console.log(`#   ${path}: left for a person to check: ${needsReview.map((r) => `${r.id} (${r.nodes})`).join(', ')}`)
      })
    }
  }

  if (needInitial) {
    let files: LoadedFile[]
    if (chromiumPath) {
      progress(`loading / in ${chromiumPath}`)
      const routes = wanted.has('route_js_gzip') ? ROUTE_PAGES : []
      if (routes.length) progress(`then ${routes.length} routes`)
      const byPath = await measureInBrowser(url, chromiumPath, ['/', ...routes])
      files = byPath.get('/') ?? []
      if (routes.length) {
        // What each route adds to the first load of /: its lazy chunks and what they import.
        const initial = new Set(files.map((f) => f.pathname))
        console.log('# route_js_gzip_<path>: JS a direct load of the route fetches beyond what / fetches')
        for (const path of routes) {
          const extra = (byPath.get(path) ?? []).filter((f) => f.kind === 'js' && !initial.has(f.pathname))
          const total = extra.reduce((n, f) => n + f.bytes, 0)
          const top = [...extra].sort((a, b) => b.bytes - a.bytes).slice(0, 3)
          const largest = top.map((f) => `${f.pathname.replace('/assets/', '')} ${kb(f.bytes)}`).join(', ') || 'none'
          emit(`route_js_gzip_${path.split('?')[0]}`, kb(total), 'KB', `(${extra.length} files; largest ${largest})`)
        }
      }
    } else {
      console.log(
        `# note: ${staticOnly ? '--static' : 'no Chromium found'}: initial sizes are a static estimate from dist/client/index.html (entry + modulepreload + stylesheets); lazy route chunks that / loads are not counted`,
      )
      files = estimateFromHtml()
    }
    const sum = (kind: LoadedFile['kind']) => files.filter((f) => f.kind === kind).reduce((n, f) => n + f.bytes, 0)
    const jsFiles = files.filter((f) => f.kind === 'js')
    if (wanted.has('initial_js_gzip_/')) {
      const total = sum('js')
      emit('initial_js_gzip_/', kb(total), 'KB')
      console.log(`# ${jsFiles.length} JS files for /; budget ${BUDGET_INITIAL_JS_KB} KB: ${total / 1000 <= BUDGET_INITIAL_JS_KB ? 'ok' : 'OVER'}`)
      for (const f of [...jsFiles].sort((a, b) => b.bytes - a.bytes)) console.log(`#   ${kb(f.bytes).padStart(6)} KB ${f.pathname}`)
    }
    if (wanted.has('initial_css_gzip_/')) emit('initial_css_gzip_/', kb(sum('css')), 'KB')
    if (wanted.has('largest_route_chunk_gzip')) {
      const loaded = new Set(jsFiles.map((f) => f.pathname))
      let largest: { name: string; bytes: number } | null = null
      for (const name of readdirSync(join(CLIENT, 'assets'))) {
        if (!/\.m?js$/.test(name) || loaded.has(`/assets/${name}`)) continue
        const bytes = gzipSize(readFileSync(join(CLIENT, 'assets', name)))
        if (!largest || bytes > largest.bytes) largest = { name, bytes }
      }
      if (largest) emit('largest_route_chunk_gzip', kb(largest.bytes), 'KB', `(assets/${largest.name})`)
      else emit('largest_route_chunk_gzip', '0.0', 'KB', '(no JS outside the initial load)')
      printLargestLazyChunks(loaded)
    }
  }

  // Last: it starts servers of its own and saturates both cores for a while.
  if (needApiLoad) {
    await server?.stop()
    server = null
    await measureApiLoad({ emit, progress, serverEnv, ...apiSelection })
  }
} catch (err) {
  console.error(`[bench] failed: ${err instanceof Error ? err.message : String(err)}`)
  process.exitCode = 1
} finally {
  await server?.stop()
  rmSync(dataRoot, { recursive: true, force: true })
  if (recorded) writeResults(recorded)
}

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
// --record also writes every line printed, with the machine and date, to bench/RESULTS.md, under a
// table of every budget checked and its status (scripts/lib/bench-budgets.ts).
// --only takes a substring of a name (repeatable, or comma-separated); only the work
// those metrics need is done (e.g. `--only cold` starts the server once, no browser;
// `--only api_refresh_postgres` runs the ceiling and that one API run; a per-page name such
// as `--only lighthouse_performance_/salary` or `--only axe_violations_article` runs
// Lighthouse or axe-core on that page only).
// KB = 1000 bytes.

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureBuild } from './build-if-needed.mjs'
import { measureApi } from './lib/bench-api.ts'
import { BUDGET_INITIAL_JS_KB } from './lib/bench-budgets.ts'
import { measureChat } from './lib/bench-chat.ts'
import { CLIENT, gzipSize, kb } from './lib/bench-helpers.ts'
import { estimateFromHtml, measureInBrowser, printLargestLazyChunks, type LoadedFile } from './lib/bench-initial.ts'
import { API_DATABASES, API_ENDPOINTS, measureApiLoad, measureBuilderFirstLoad, measureChatLoad } from './lib/bench-load.ts'
import { emit, progressTo } from './lib/bench-output.ts'
import { recordOutput, writeResults } from './lib/bench-record.ts'
import { measureResumePdf } from './lib/bench-resume-pdf.ts'
import { findChromium } from './lib/chromium.mjs'
import type { LighthouseResult } from './lib/lighthouse.ts'
import { startServer, type RunningServer } from './lib/server-process.mjs'
import { SPEC_ROUTES } from './lib/spec-routes.mjs'

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
// 500 chat websockets, and the assistant's 553 questions, from one address need the chat limits raised.
if (needChatLoad || wanted.has('assistant')) serverEnv.RATE_LIMIT_MULTIPLIER = '1000'
const chromiumPath = (needInitial || needLighthouse || needAxe || needResumePdf || needBuilderFirstLoad) && !staticOnly ? findChromium() : null
const recorded = record ? recordOutput() : null
if (wanted.has('import_field_accuracy')) await (await import('./lib/bench-import.ts')).benchImport({ emit, progress })
if (wanted.size === 1 && wanted.has('import_field_accuracy')) {
  if (recorded) writeResults(recorded, only)
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
  if (needApi) await measureApi(url, wanted, progress)
  if (wanted.has('assistant')) {
    const { measureAssistant, measureAssistantConcurrency } = await import('./lib/bench-assistant.ts')
    for (const set of ['test', 'dev', 'dev2', 'own'] as const) await measureAssistant({ baseUrl: url, emit, progress, set })
    await measureAssistantConcurrency({ baseUrl: url, emit })
  }
  if (needChat) {
    const single = await measureChat(url, wanted, progress)
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
  if (recorded) writeResults(recorded, only)
}

// Lighthouse (mobile profile, simulated throttling: its defaults) over Debian's Chromium,
// and axe-core (the copy Lighthouse itself runs) in the same Chromium under playwright-core.
// Used by scripts/bench.ts only; lighthouse is a dev dependency.

import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, sep } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS } from './chromium.mjs'

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number]

/**
 * The part of a Lighthouse result this file reads. Lighthouse's own `LH.Result` types each audit's
 * details as a union over every kind of detail; the diagnosis below reads the fields loosely (a
 * missing one shows as '?' or is left out), so it sees them through this view.
 */
type NodeRef = { selector?: string; snippet?: string; nodeLabel?: string }
type Item = {
  url?: string
  totalBytes?: number
  wastedMs?: number
  wastedBytes?: number
  node?: NodeRef
  score?: number
  subItems?: { items?: { cause?: string; extra?: { value?: string } }[] }
  total?: number
  scripting?: number
  groupLabel?: string
  duration?: number
  phase?: string
  timing?: number
  type?: string
  headings?: { key: string }[]
  items?: Item[]
}
type Audit = {
  id: string
  score: number | null
  scoreDisplayMode: string
  displayValue?: string
  numericValue?: number
  metricSavings?: Record<string, number | undefined>
  details?: { items?: Item[]; longestChain?: { length: number; duration: number; transferSize: number } }
}
type Category = { score: number | null; auditRefs: { id: string; weight: number; group?: string }[] }
type Lhr = {
  categories: Partial<Record<LighthouseCategory, Category>>
  audits: Record<string, Audit | undefined>
  environment?: { benchmarkIndex?: number }
  runtimeError?: { code: string; message: string }
}
export type Metric = { label: string; id: string; value: number | undefined; score: number | null | undefined }
export type LighthouseResult = {
  url: string
  scores: Record<LighthouseCategory, number>
  performanceRuns: number[]
  failedA11y: string[]
  metrics: Metric[]
  diagnostics: string[]
  benchmarkIndex: number | undefined
}

/**
 * Ask the server for every built text file (JS, CSS, HTML, SVG) until it answers with its
 * brotli copy (server/http/spa.ts makes those in the background after a file's first request),
 * so the first page measured is served like the later ones, as by a server that has been up a
 * while. Files under 1 KB are never compressed. Returns { ready, total } after at most timeoutMs.
 */
export async function warmCompression(baseUrl: string, clientDir: string, { timeoutMs = 60_000 } = {}): Promise<{ ready: number; total: number }> {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (/\.(?:m?js|css|html|svg)$/.test(entry.name)) files.push(`/${relative(clientDir, full).split(sep).join('/')}`)
    }
  }
  walk(clientDir)
  let pending = files
  let brotli = false
  const started = Date.now()
  while (pending.length && Date.now() < started + timeoutMs) {
    const next: string[] = []
    for (const path of pending) {
      const res = await fetch(`${baseUrl}${path}`, { headers: { 'Accept-Encoding': 'br' } })
      const body = await res.arrayBuffer()
      const encoding = res.headers.get('content-encoding')
      if (encoding === 'br') brotli = true
      if (!(encoding === 'br' || (!encoding && body.byteLength < 1024) || !res.ok)) next.push(path)
    }
    pending = next
    // A server that never answers with brotli makes no copies: nothing to wait for.
    if (!brotli && Date.now() > started + 5000) break
    if (pending.length) await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return { ready: files.length - pending.length, total: files.length }
}

/** The metrics the performance score is made of, with Lighthouse's audit ids. */
const METRICS: [label: string, id: string][] = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['Speed Index', 'speed-index'],
]

/**
 * Lighthouse over each URL, `runs` times (pages interleaved, one fresh Chromium for all);
 * per URL the run with the median performance score is kept, as Lighthouse advises.
 * Returns { url, scores, performanceRuns, failedA11y, metrics, diagnostics, benchmarkIndex }.
 */
export async function runLighthouse(urls: string[], chromePath: string, { runs = 1, log = (_line: string) => {} } = {}): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] })
  const byUrl = urls.map((): Lhr[] => [])
  const audit = async (url: string): Promise<Lhr> => {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...LIGHTHOUSE_CATEGORIES] })
    if (!result) throw new Error(`Lighthouse on ${url} gave no result`)
    return result.lhr as unknown as Lhr
  }
  try {
    for (let run = 0; run < runs; run++) {
      for (const [i, url] of urls.entries()) {
        log(`Lighthouse ${new URL(url).pathname}${runs > 1 ? ` (run ${run + 1} of ${runs})` : ''}`)
        let lhr = await audit(url)
        // A trace Chromium did not record whole (NO_NAVSTART and the like): Lighthouse asks for another run.
        for (let again = 0; lhr.runtimeError && again < 2; again++) {
          log(`Lighthouse ${new URL(url).pathname}: ${lhr.runtimeError.code}, running it again`)
          lhr = await audit(url)
        }
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
        byUrl[i]?.push(lhr)
      }
    }
  } finally {
    chrome.kill()
  }
  return byUrl.map((lhrs, i) => {
    const performance = (lhr: Lhr) => lhr.categories.performance?.score ?? 0
    const sorted = [...lhrs].sort((a, b) => performance(a) - performance(b))
    const lhr = sorted[Math.floor((sorted.length - 1) / 2)]
    if (!lhr) throw new Error(`Lighthouse made no run of ${urls[i]}`)
    return { url: urls[i] ?? '', ...summarize(lhr), performanceRuns: lhrs.map((r) => Math.round(performance(r) * 100)) }
  })
}

function summarize(lhr: Lhr): Omit<LighthouseResult, 'url' | 'performanceRuns'> {
  const scores = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Record<
    LighthouseCategory,
    number
  >
  const failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => {
      const score = lhr.audits[ref.id]?.score
      return ref.weight > 0 && score !== null && score !== undefined && score < 1
    })
    .map((ref) => ref.id)
  const metrics = METRICS.map(([label, id]) => ({ label, id, value: lhr.audits[id]?.numericValue, score: lhr.audits[id]?.score }))
  return { scores, failedA11y, metrics, diagnostics: diagnose(lhr), benchmarkIndex: lhr.environment?.benchmarkIndex }
}

const ms = (n: number | undefined) => `${Math.round(n ?? Number.NaN)} ms`
const kib = (bytes: number | undefined) => `${((bytes ?? Number.NaN) / 1000).toFixed(1)} KB`
const path = (url: string | undefined) => {
  try {
    const u = new URL(url ?? '')
    return u.protocol.startsWith('http') ? u.pathname : url
  } catch {
    return String(url)
  }
}
const nodeName = (node: NodeRef | undefined) =>
  node ? `${node.selector ?? node.snippet ?? '?'}${node.nodeLabel ? ` "${node.nodeLabel.replace(/\s+/g, ' ').slice(0, 60)}"` : ''}` : '?'

/** One-line findings behind the performance score (each a string, printed as a comment). */
function diagnose(lhr: Lhr): string[] {
  const audit = (id: string) => lhr.audits[id]
  const items = (id: string) => audit(id)?.details?.items ?? []
  const lines: string[] = []

  const lcpElement = audit('largest-contentful-paint-element')?.details?.items ?? []
  const lcpNode = lcpElement.find((t) => t.type === 'table' && t.headings?.some((h) => h.key === 'node'))?.items?.[0]?.node
  const phases = lcpElement.find((t) => t.type === 'table' && t.headings?.some((h) => h.key === 'phase'))?.items ?? []
  if (lcpNode)
    lines.push(`LCP element: ${nodeName(lcpNode)}${phases.length ? ` (${phases.map((p) => `${p.phase} ${ms(p.timing)}`).join(', ')})` : ''}`)

  const blocking = items('render-blocking-resources')
  lines.push(
    `render-blocking: ${blocking.length ? blocking.map((r) => `${path(r.url)} (${kib(r.totalBytes)}, ${ms(r.wastedMs)})`).join(', ') : 'none'}`,
  )

  const unusedJs = items('unused-javascript')
  lines.push(
    `unused JS: ${unusedJs.length ? unusedJs.map((r) => `${path(r.url)} ${kib(r.wastedBytes)} of ${kib(r.totalBytes)}`).join(', ') : 'none flagged'}`,
  )

  const fonts = [...items('font-display'), ...items('font-display-insight')]
  lines.push(
    `font display: ${fonts.length ? fonts.map((r) => `${path(r.url)}${r.wastedMs ? ` (${ms(r.wastedMs)})` : ''}`).join(', ') : 'ok (no font blocks text)'}`,
  )

  const shifts = items('layout-shifts')
  if (shifts.length) {
    lines.push(
      `layout shifts: ${shifts
        .map(
          (s) =>
            `${nodeName(s.node)} ${(s.score ?? Number.NaN).toFixed(3)}${s.subItems?.items?.length ? ` [${s.subItems.items.map((c) => `${c.cause}${c.extra?.value ? ` ${path(c.extra.value)}` : ''}`).join('; ')}]` : ''}`,
        )
        .join(', ')}`,
    )
  }

  const bootup = items('bootup-time').slice(0, 3)
  if (bootup.length) lines.push(`JS execution: ${bootup.map((r) => `${path(r.url)} ${ms(r.total)} (scripting ${ms(r.scripting)})`).join(', ')}`)
  const mainThread = items('mainthread-work-breakdown').slice(0, 4)
  if (mainThread.length)
    lines.push(
      `main thread ${audit('mainthread-work-breakdown')?.displayValue}: ${mainThread.map((g) => `${g.groupLabel} ${ms(g.duration)}`).join(', ')}`,
    )
  const longTasks = items('long-tasks')
  if (longTasks.length)
    lines.push(
      `long tasks: ${longTasks.length}, longest ${longTasks
        .slice(0, 3)
        .map((t) => `${ms(t.duration)} ${path(t.url)}`)
        .join(', ')}`,
    )

  const chain = audit('critical-request-chains')?.details?.longestChain
  if (chain) lines.push(`longest request chain: ${chain.length} requests, ${ms(chain.duration)}, ${kib(chain.transferSize)}`)
  const weight = audit('total-byte-weight')
  if (weight) lines.push(`transfer: ${weight.displayValue}`)

  // Whatever else Lighthouse would put under "Diagnostics"/"Insights" with a failing score.
  const shown = new Set([
    'largest-contentful-paint-element',
    'render-blocking-resources',
    'unused-javascript',
    'font-display',
    'layout-shifts',
    'bootup-time',
    'mainthread-work-breakdown',
    'long-tasks',
  ])
  const others = (lhr.categories.performance?.auditRefs ?? [])
    .filter((ref) => ref.group !== 'metrics' && !shown.has(ref.id))
    .map((ref) => audit(ref.id))
    .filter(
      (a): a is Audit =>
        a !== undefined && a.score !== null && a.score < 0.9 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode),
    )
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}${savings(a)}`)
  if (others.length) lines.push(`also flagged: ${others.join(', ')}`)
  return lines
}

function savings(a: Audit) {
  const entries = Object.entries(a.metricSavings ?? {}).filter((entry): entry is [string, number] => (entry[1] ?? 0) > 0)
  return entries.length ? ` [saves ${entries.map(([k, v]) => `${k} ${k === 'CLS' ? v.toFixed(3) : ms(v)}`).join(', ')}]` : ''
}

/** Lighthouse's mobile screen (moto g power) and a common laptop one. */
type Device = { viewport: { width: number; height: number }; deviceScaleFactor: number; isMobile: boolean; hasTouch: boolean }
export type AxeRule = { id: string; impact: string | null | undefined; help: string; nodes: number; target: string | undefined }
export type AxeResult = { url: string; violations: (AxeRule & { viewports: string[] })[]; needsReview: { id: string; nodes: number }[] }

export const AXE_VIEWPORTS: Record<string, Device> = {
  mobile: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
}

/**
 * axe-core with its default rule set (every rule but the experimental ones) on each URL in
 * each viewport, once the page has settled (network idle, fonts loaded). A fresh context per
 * load, like a first visit. Returns { url, violations: [{ id, impact, help, nodes, viewports, target }],
 * needsReview: [{ id, nodes }] }, one entry per rule (merged over the viewports); needsReview holds
 * what axe could not decide (say, text over a gradient for color-contrast).
 */
export async function runAxe(
  urls: string[],
  executablePath: string,
  { viewports = AXE_VIEWPORTS, log = (_line: string) => {} } = {},
): Promise<AxeResult[]> {
  const { chromium } = await import('playwright-core')
  // The axe-core that lighthouse depends on (and runs for its accessibility audits).
  const axeFile = createRequire(import.meta.resolve('lighthouse')).resolve('axe-core/axe.min.js')
  const axeSource = readFileSync(axeFile, 'utf8')
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS })
  const results: AxeResult[] = []
  try {
    for (const url of urls) {
      const rules = new Map<string, AxeRule & { viewports: string[] }>()
      const review = new Map<string, number>()
      for (const [name, device] of Object.entries(viewports)) {
        log(`axe-core ${new URL(url).pathname} (${name})`)
        // bypassCSP: the page's script-src 'self' would refuse the injected axe source.
        const ctx = await browser.newContext({ ...device, bypassCSP: true })
        try {
          const page = await ctx.newPage()
          await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 })
          await page.evaluate(() => globalThis.document.fonts.ready.then(() => undefined))
          await page.addScriptTag({ content: axeSource })
          const { violations, incomplete } = await page.evaluate(async (): Promise<{ violations: AxeRule[]; incomplete: AxeRule[] }> => {
            // axe-core's own global in the page (its types are not a dependency of ours).
            type Found = { id: string; impact?: string | null; help: string; nodes: { target?: string[] }[] }
            const { axe } = globalThis as unknown as {
              axe: { run(context: unknown, options: unknown): Promise<{ violations: Found[]; incomplete: Found[] }> }
            }
            const result = await axe.run(globalThis.document, { resultTypes: ['violations', 'incomplete'] })
            // No named function in here: tsx names them through a helper (__name) the page does not have.
            const [violations = [], incomplete = []] = [result.violations, result.incomplete].map((found) =>
              found.map((v): AxeRule => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length, target: v.nodes[0]?.target?.join(' ') })),
            )
            return { violations, incomplete }
          })
          for (const v of incomplete) review.set(v.id, Math.max(review.get(v.id) ?? 0, v.nodes))
          for (const v of violations) {
            const seen = rules.get(v.id)
            if (seen) {
              seen.viewports.push(name)
              seen.nodes = Math.max(seen.nodes, v.nodes)
            } else rules.set(v.id, { ...v, viewports: [name] })
          }
        } finally {
          await ctx.close().catch(() => {})
        }
      }
      results.push({ url, violations: [...rules.values()], needsReview: [...review].map(([id, nodes]) => ({ id, nodes })) })
    }
  } finally {
    await browser.close().catch(() => {})
  }
  return results
}

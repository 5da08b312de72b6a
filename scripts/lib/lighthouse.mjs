// Lighthouse (mobile profile, simulated throttling: its defaults) over Debian's Chromium,
// and axe-core (the copy Lighthouse itself runs) in the same Chromium under playwright-core.
// Used by scripts/bench.mjs only; lighthouse is a dev dependency.

import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, sep } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS } from './chromium.mjs'

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

/**
 * Ask the server for every built text file (JS, CSS, HTML, SVG) until it answers with its
 * brotli copy (server/http/spa.ts makes those in the background after a file's first request),
 * so the first page measured is served like the later ones, as by a server that has been up a
 * while. Files under 1 KB are never compressed. Returns { ready, total } after at most timeoutMs.
 */
export async function warmCompression(baseUrl, clientDir, { timeoutMs = 60_000 } = {}) {
  const files = []
  const walk = (dir) => {
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
    const next = []
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
const METRICS = [
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
export async function runLighthouse(urls, chromePath, { runs = 1, log = () => {} } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] })
  const byUrl = urls.map(() => [])
  try {
    for (let run = 0; run < runs; run++) {
      for (const [i, url] of urls.entries()) {
        log(`Lighthouse ${new URL(url).pathname}${runs > 1 ? ` (run ${run + 1} of ${runs})` : ''}`)
        let { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: LIGHTHOUSE_CATEGORIES })
        // A trace Chromium did not record whole (NO_NAVSTART and the like): Lighthouse asks for another run.
        for (let again = 0; lhr.runtimeError && again < 2; again++) {
          log(`Lighthouse ${new URL(url).pathname}: ${lhr.runtimeError.code}, running it again`)
          ;({ lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: LIGHTHOUSE_CATEGORIES }))
        }
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
        byUrl[i].push(lhr)
      }
    }
  } finally {
    await chrome.kill()
  }
  return byUrl.map((lhrs, i) => {
    const performance = (lhr) => lhr.categories.performance?.score ?? 0
    const sorted = [...lhrs].sort((a, b) => performance(a) - performance(b))
    const lhr = sorted[Math.floor((sorted.length - 1) / 2)]
    return { url: urls[i], ...summarize(lhr), performanceRuns: lhrs.map((r) => Math.round(performance(r) * 100)) }
  })
}

function summarize(lhr) {
  const scores = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]))
  const failedA11y = lhr.categories.accessibility.auditRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
    .map((ref) => ref.id)
  const metrics = METRICS.map(([label, id]) => ({ label, id, value: lhr.audits[id]?.numericValue, score: lhr.audits[id]?.score }))
  return { scores, failedA11y, metrics, diagnostics: diagnose(lhr), benchmarkIndex: lhr.environment?.benchmarkIndex }
}

const ms = (n) => `${Math.round(n)} ms`
const kib = (bytes) => `${(bytes / 1000).toFixed(1)} KB`
const path = (url) => {
  try {
    const u = new URL(url)
    return u.protocol.startsWith('http') ? u.pathname : url
  } catch {
    return String(url)
  }
}
const nodeName = (node) => (node ? `${node.selector ?? node.snippet ?? '?'}${node.nodeLabel ? ` "${node.nodeLabel.replace(/\s+/g, ' ').slice(0, 60)}"` : ''}` : '?')

/** One-line findings behind the performance score (each a string, printed as a comment). */
function diagnose(lhr) {
  const audit = (id) => lhr.audits[id]
  const items = (id) => audit(id)?.details?.items ?? []
  const lines = []

  const lcpElement = audit('largest-contentful-paint-element')?.details?.items ?? []
  const lcpNode = lcpElement.find((t) => t.type === 'table' && t.headings?.some((h) => h.key === 'node'))?.items?.[0]?.node
  const phases = lcpElement.find((t) => t.type === 'table' && t.headings?.some((h) => h.key === 'phase'))?.items ?? []
  if (lcpNode) lines.push(`LCP element: ${nodeName(lcpNode)}${phases.length ? ` (${phases.map((p) => `${p.phase} ${ms(p.timing)}`).join(', ')})` : ''}`)

  const blocking = items('render-blocking-resources')
  lines.push(`render-blocking: ${blocking.length ? blocking.map((r) => `${path(r.url)} (${kib(r.totalBytes)}, ${ms(r.wastedMs)})`).join(', ') : 'none'}`)

  const unusedJs = items('unused-javascript')
  lines.push(`unused JS: ${unusedJs.length ? unusedJs.map((r) => `${path(r.url)} ${kib(r.wastedBytes)} of ${kib(r.totalBytes)}`).join(', ') : 'none flagged'}`)

  const fonts = [...items('font-display'), ...items('font-display-insight')]
  lines.push(`font display: ${fonts.length ? fonts.map((r) => `${path(r.url)}${r.wastedMs ? ` (${ms(r.wastedMs)})` : ''}`).join(', ') : 'ok (no font blocks text)'}`)

  const shifts = items('layout-shifts')
  if (shifts.length) {
    lines.push(
      `layout shifts: ${shifts
        .map((s) => `${nodeName(s.node)} ${s.score.toFixed(3)}${s.subItems?.items?.length ? ` [${s.subItems.items.map((c) => `${c.cause}${c.extra?.value ? ` ${path(c.extra.value)}` : ''}`).join('; ')}]` : ''}`)
        .join(', ')}`,
    )
  }

  const bootup = items('bootup-time').slice(0, 3)
  if (bootup.length) lines.push(`JS execution: ${bootup.map((r) => `${path(r.url)} ${ms(r.total)} (scripting ${ms(r.scripting)})`).join(', ')}`)
  const mainThread = items('mainthread-work-breakdown').slice(0, 4)
  if (mainThread.length) lines.push(`main thread ${audit('mainthread-work-breakdown').displayValue}: ${mainThread.map((g) => `${g.groupLabel} ${ms(g.duration)}`).join(', ')}`)
  const longTasks = items('long-tasks')
  if (longTasks.length) lines.push(`long tasks: ${longTasks.length}, longest ${longTasks.slice(0, 3).map((t) => `${ms(t.duration)} ${path(t.url)}`).join(', ')}`)

  const chain = audit('critical-request-chains')?.details?.longestChain
  if (chain) lines.push(`longest request chain: ${chain.length} requests, ${ms(chain.duration)}, ${kib(chain.transferSize)}`)
  const weight = audit('total-byte-weight')
  if (weight) lines.push(`transfer: ${weight.displayValue}`)

  // Whatever else Lighthouse would put under "Diagnostics"/"Insights" with a failing score.
  const shown = new Set(['largest-contentful-paint-element', 'render-blocking-resources', 'unused-javascript', 'font-display', 'layout-shifts', 'bootup-time', 'mainthread-work-breakdown', 'long-tasks'])
  const others = lhr.categories.performance.auditRefs
    .filter((ref) => ref.group !== 'metrics' && !shown.has(ref.id))
    .map((ref) => audit(ref.id))
    .filter((a) => a && a.score !== null && a.score < 0.9 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode))
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}${savings(a)}`)
  if (others.length) lines.push(`also flagged: ${others.join(', ')}`)
  return lines
}

function savings(a) {
  const entries = Object.entries(a.metricSavings ?? {}).filter(([, v]) => v > 0)
  return entries.length ? ` [saves ${entries.map(([k, v]) => `${k} ${k === 'CLS' ? v.toFixed(3) : ms(v)}`).join(', ')}]` : ''
}

/** Lighthouse's mobile screen (moto g power) and a common laptop one. */
export const AXE_VIEWPORTS = {
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
export async function runAxe(urls, executablePath, { viewports = AXE_VIEWPORTS, log = () => {} } = {}) {
  const { chromium } = await import('playwright-core')
  // The axe-core that lighthouse depends on (and runs for its accessibility audits).
  const axeFile = createRequire(import.meta.resolve('lighthouse')).resolve('axe-core/axe.min.js')
  const axeSource = readFileSync(axeFile, 'utf8')
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS })
  const results = []
  try {
    for (const url of urls) {
      const rules = new Map()
      const review = new Map()
      for (const [name, device] of Object.entries(viewports)) {
        log(`axe-core ${new URL(url).pathname} (${name})`)
        // bypassCSP: the page's script-src 'self' would refuse the injected axe source.
        const ctx = await browser.newContext({ ...device, bypassCSP: true })
        try {
          const page = await ctx.newPage()
          await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 })
          await page.evaluate(() => globalThis.document.fonts.ready.then(() => undefined))
          await page.addScriptTag({ content: axeSource })
          const { violations, incomplete } = await page.evaluate(async () => {
            const result = await globalThis.axe.run(globalThis.document, { resultTypes: ['violations', 'incomplete'] })
            const brief = (v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length, target: v.nodes[0]?.target?.join(' ') })
            return { violations: result.violations.map(brief), incomplete: result.incomplete.map(brief) }
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

// Chromium via playwright-core for the browser suite: one persistent context (one
// browser) per test file, pages that record everything that went wrong on them, and
// screenshots under test-results/e2e/ (automatic for the pages of a failed test).
//
//   const browser = setupBrowser()          // at the top of a test file
//   const page = await browser.openPage('/salary', { width: 375, height: 812 })
//   expectClean(page)

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { CHROMIUM_ARGS, findChromium, INSTALL_HINT } from '../chromium.ts'
import { baseUrl } from './context.ts'

export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../test-results/e2e/', import.meta.url))

export interface Problem {
  kind: 'console' | 'pageerror' | 'requestfailed' | 'http'
  text: string
  url?: string
}

const recorded = new WeakMap<Page, Problem[]>()

/** Everything that went wrong on a page opened with openPage(), in order. */
export function problems(page: Page): Problem[] {
  return recorded.get(page) ?? []
}

export interface CleanOptions {
  /** Problems whose text matches one of these are tolerated. */
  allow?: RegExp[]
}

/** Fails when the page logged a console error, threw, had a failed request or a >= 400 response. */
export function expectClean(page: Page, options: CleanOptions = {}): void {
  const allow = options.allow ?? []
  const left = problems(page)
    .filter((p) => !allow.some((re) => re.test(p.text)))
    .map((p) => `${p.kind}: ${p.text}`)
  expect(left, `problems on ${page.url()}`).toEqual([])
}

function record(page: Page): Problem[] {
  const list: Problem[] = []
  recorded.set(page, list)
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return
    const where = msg.location().url
    list.push({ kind: 'console', text: `${msg.text()}${where ? ` (at ${where})` : ''}`, url: where })
  })
  page.on('pageerror', (err) => {
    list.push({ kind: 'pageerror', text: `${err.name}: ${err.message}` })
  })
  page.on('requestfailed', (req) => {
    list.push({
      kind: 'requestfailed',
      text: `${req.method()} ${req.url()} failed: ${req.failure()?.errorText ?? 'unknown error'}`,
      url: req.url(),
    })
  })
  page.on('response', (res) => {
    if (res.status() >= 400) {
      list.push({ kind: 'http', text: `${res.status()} for ${res.request().method()} ${res.url()}`, url: res.url() })
    }
  })
  return list
}

function safeName(name: string): string {
  return (
    name
      .replace(/[^a-z0-9._-]+/gi, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 120) || 'page'
  )
}

/** Saves a PNG of the viewport (fullPage: the whole page) to test-results/e2e/<name>.png. */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const path = join(SCREENSHOT_DIR, `${safeName(name)}.png`)
  await page.screenshot({ path, fullPage })
  return path
}

export interface OpenPageOptions {
  width?: number
  height?: number
  /** When page.goto() resolves; default 'load'. */
  waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit'
}

export interface BrowserHandle {
  /** A new tab at `path` (relative to the server under test) with problem recording on. */
  openPage(path: string, options?: OpenPageOptions): Promise<Page>
  /** The file's browser context (available inside tests and hooks). */
  context(): BrowserContext
}

export interface SetupOptions {
  /**
   * The cookie choice the browser starts with. Suites that are not about consent start with
   * 'necessary' so the first-visit banner stays out of their way; null means a first visit.
   */
  consent?: 'necessary' | 'analytics' | null
  /**
   * Let the app's service worker run. Off by default: a worker answers requests itself, so
   * `page.route()` (used to fail a request on purpose) would no longer see them.
   */
  serviceWorkers?: boolean
}

/** Registers beforeAll/afterEach/afterAll hooks: call once at the top of a test file. */
export function setupBrowser(options: SetupOptions = {}): BrowserHandle {
  const consent = options.consent === undefined ? 'necessary' : options.consent
  let ctx: BrowserContext | undefined
  let profileDir: string | undefined
  let pages: Page[] = []

  beforeAll(async () => {
    const executablePath = findChromium()
    if (!executablePath) throw new Error(`Chromium not found. ${INSTALL_HINT}`)
    profileDir = mkdtempSync(join(tmpdir(), 'waypoint-chromium-'))
    ctx = await chromium.launchPersistentContext(profileDir, {
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      baseURL: baseUrl(),
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      timezoneId: 'UTC',
      colorScheme: 'light',
      serviceWorkers: options.serviceWorkers ? 'allow' : 'block',
    })
    // Fail locator waits well before the test's own timeout, with a useful message.
    if (consent) await ctx.addCookies([{ name: 'waypoint_consent', value: consent, url: baseUrl() }])
    ctx.setDefaultTimeout(10_000)
    ctx.setDefaultNavigationTimeout(20_000)
  })

  afterEach(async ({ task }) => {
    const open = pages
    pages = []
    if (task.result?.state === 'fail') {
      for (const [i, page] of open.entries()) {
        if (page.isClosed()) continue
        try {
          const file = await screenshot(page, `FAILED-${task.name}${open.length > 1 ? `-${i + 1}` : ''}`)
          const list = problems(page)
          console.error(
            `[e2e] ${task.name}: screenshot ${file} (url ${page.url()})` +
              (list.length ? `\n  recorded problems:\n${list.map((p) => `    ${p.kind}: ${p.text}`).join('\n')}` : ''),
          )
        } catch {
          /* the page may have crashed: the test's own error says why */
        }
      }
    }
    await Promise.all(open.map((p) => p.close().catch(() => {})))
  })

  afterAll(async () => {
    await ctx?.close().catch(() => {})
    if (profileDir) rmSync(profileDir, { recursive: true, force: true })
  })

  return {
    async openPage(path, options = {}) {
      if (!ctx) throw new Error('openPage() called outside a test: setupBrowser() sets up the browser in beforeAll')
      const page = await ctx.newPage()
      pages.push(page)
      record(page)
      await page.setViewportSize({ width: options.width ?? 1280, height: options.height ?? 800 })
      await page.goto(path, { waitUntil: options.waitUntil ?? 'load' })
      return page
    },
    context() {
      if (!ctx) throw new Error('the browser context exists only inside tests and hooks')
      return ctx
    },
  }
}

// A fresh headless Chromium profile for one of the bench's browser measurements (a first visit:
// nothing cached), closed and deleted afterwards.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext } from 'playwright-core'
import { CHROMIUM_ARGS } from './chromium.mjs'

export async function withFreshProfile<T>(
  executablePath: string,
  options: { viewport: { width: number; height: number }; acceptDownloads?: boolean },
  measure: (ctx: BrowserContext) => Promise<T>,
): Promise<T> {
  const { chromium } = await import('playwright-core')
  const profile = mkdtempSync(join(tmpdir(), 'waypoint-bench-chromium-'))
  const ctx = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args: CHROMIUM_ARGS, ...options })
  try {
    return await measure(ctx)
  } finally {
    await ctx.close().catch(() => {})
    rmSync(profile, { recursive: true, force: true })
  }
}

// Lighthouse (mobile profile, simulated throttling: its defaults) over Debian's Chromium.
// Used by scripts/bench.mjs only; lighthouse is a dev dependency.

import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS } from './chromium.mjs'

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

/**
 * Scores (0-100) per category for each URL, one fresh Chromium for all of them, and the
 * ids of the accessibility audits that failed (what keeps a score under 100).
 */
export async function runLighthouse(urls, chromePath) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] })
  const results = []
  try {
    for (const url of urls) {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: LIGHTHOUSE_CATEGORIES })
      const scores = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]))
      const failedA11y = lhr.categories.accessibility.auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
        .map((ref) => ref.id)
      results.push({ url, scores, failedA11y })
    }
  } finally {
    await chrome.kill()
  }
  return results
}

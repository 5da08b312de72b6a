// Whether the browser suite can run. Imported by vitest.config.ts (to decide whether
// the 'e2e' project exists) and by tests/e2e/support/browser.ts. The lookup itself
// (CHROMIUM_PATH, then the usual Debian/Ubuntu/Chrome paths) lives in
// scripts/lib/chromium.mjs, shared with `npm run bench`.

import { findChromium, INSTALL_HINT, searchedPaths } from '../../scripts/lib/chromium.mjs'

export { CHROMIUM_ARGS, CHROMIUM_CANDIDATES, findChromium, INSTALL_HINT } from '../../scripts/lib/chromium.mjs'

const NOTICE_ENV = 'WAYPOINT_E2E_SKIP_NOTICE_SHOWN'

/**
 * True when Chromium is available. Without it: REQUIRE_E2E=1 throws (CI must not skip
 * the browser suite silently); otherwise a loud notice goes to stderr, once per run.
 */
export function e2eProjectEnabled(): boolean {
  if (findChromium()) return true
  if (process.env.REQUIRE_E2E === '1') {
    throw new Error(`Chromium is required for the browser suite (REQUIRE_E2E=1) but none was found. Looked at: ${searchedPaths()}. ${INSTALL_HINT}`)
  }
  if (!process.env[NOTICE_ENV]) {
    // vitest may load the config more than once, and its workers inherit the env.
    process.env[NOTICE_ENV] = '1'
    const bar = '!'.repeat(78)
    const lines = [
      'BROWSER SUITE SKIPPED: no Chromium found.',
      'The e2e project (tests/e2e) did not run; only the client and server tests did.',
      `Looked at: ${searchedPaths()}`,
      'To run it:  sudo apt-get install -y chromium   (as root: apt-get install -y chromium)',
      '       or:  export CHROMIUM_PATH=/path/to/chromium-or-chrome',
      'CI sets REQUIRE_E2E=1, which turns this notice into an error.',
    ]
    process.stderr.write(`\n${bar}\n${lines.map((l) => `!!! ${l}`).join('\n')}\n${bar}\n\n`)
  }
  return false
}

// Where Chromium lives and how we launch it: shared by tests/e2e (via
// tests/e2e/chromium.ts) and scripts/bench.ts. Only node:fs, so the vitest config
// loader can bundle it.

import { accessSync, constants } from 'node:fs'

export const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
]

/** Flags for Debian's chromium under playwright-core (never --user-data-dir here). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export const INSTALL_HINT =
  'Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu; drop sudo as root) or set CHROMIUM_PATH to a Chromium/Chrome binary.'

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** CHROMIUM_PATH when it is executable, else the first executable candidate, else null. */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv && isExecutable(fromEnv)) return fromEnv
  return CHROMIUM_CANDIDATES.find(isExecutable) ?? null
}

/** Human-readable list of the places findChromium() looked at. */
export function searchedPaths() {
  const fromEnv = process.env.CHROMIUM_PATH
  const env = fromEnv ? `CHROMIUM_PATH=${fromEnv} (not executable)` : 'CHROMIUM_PATH (unset)'
  return [env, ...CHROMIUM_CANDIDATES].join(', ')
}

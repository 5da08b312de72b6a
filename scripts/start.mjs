// `npm start`: build when the inputs changed (see build-if-needed.mjs), then run the
// production server in the foreground. Signals are forwarded; the exit code is the
// server's (128 + signal number when it died of a signal).

import { spawn } from 'node:child_process'
import { constants } from 'node:os'
import { ensureBuild, ROOT } from './build-if-needed.mjs'
import { SERVER_ENTRY } from './lib/server-process.mjs'

try {
  await ensureBuild({ label: 'start' })
} catch (err) {
  console.error(`[start] ${err.message}`)
  console.error('[start] not starting the server: fix the build and run `npm start` again')
  process.exit(1)
}

// Own process group: a Ctrl+C in the terminal reaches this process (and npm, which
// forwards it again); the server gets exactly one copy from us.
const child = spawn(process.execPath, [SERVER_ENTRY, ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
  detached: true,
})

const lastForward = new Map()
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // The same signal twice within a second is the terminal's copy plus npm's copy.
    const now = Date.now()
    if (now - (lastForward.get(signal) ?? 0) < 1000) return
    lastForward.set(signal, now)
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
  })
}

// Never leave the server behind if this process goes away first.
process.on('exit', () => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
})

child.on('error', (err) => {
  console.error(`[start] could not start the server: ${err.message}`)
  process.exit(1)
})

child.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0))
})

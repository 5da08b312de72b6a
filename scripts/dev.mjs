// `npm run dev`: vite (SPA with HMR on http://127.0.0.1:5173, proxying /api and its
// websockets to the API) and `tsx watch server/main.ts` (API on 127.0.0.1:8787, data in
// ./data-dev). Output lines are prefixed; Ctrl+C stops both, and if one of them exits
// the other is stopped too.
//
// Env: API_PORT (or PORT) for the API, default 8787; DATA_DIR default ./data-dev;
// API_PROXY_TARGET default http://127.0.0.1:<API port>. Extra args go to vite.

import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { ROOT } from './build-if-needed.mjs'

const require = createRequire(join(ROOT, 'package.json'))

/** Absolute path of a package's CLI script (its package.json `bin`). */
function binOf(pkg, name = pkg) {
  const manifestPath = require.resolve(`${pkg}/package.json`)
  const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'))
  const rel = typeof bin === 'string' ? bin : bin[name]
  return join(dirname(manifestPath), rel)
}

const apiPort = process.env.API_PORT ?? process.env.PORT ?? '8787'
const apiHost = process.env.HOST ?? '127.0.0.1'
const proxyTarget = process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${apiPort}`
const color = process.stdout.isTTY && !process.env.NO_COLOR

const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text)

const processes = [
  {
    name: 'api ',
    colour: '35',
    command: [binOf('tsx'), 'watch', '--clear-screen=false', 'server/main.ts'],
    env: { PORT: apiPort, HOST: apiHost, DATA_DIR: process.env.DATA_DIR ?? './data-dev', NODE_ENV: process.env.NODE_ENV ?? 'development' },
  },
  {
    name: 'vite',
    colour: '36',
    command: [binOf('vite'), ...process.argv.slice(2)],
    env: { API_PROXY_TARGET: proxyTarget },
  },
]

let shuttingDown = false
let exitCode = 0

function prefixLines(stream, out, prefix) {
  let pending = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk) => {
    pending += chunk
    const lines = pending.split(/\r?\n/)
    pending = lines.pop() ?? ''
    for (const line of lines) out.write(`${prefix} ${line}\n`)
  })
  stream.on('end', () => {
    if (pending) out.write(`${prefix} ${pending}\n`)
  })
}

function alive(p) {
  return p.child && p.child.exitCode === null && p.child.signalCode === null
}

function signalGroup(p, signal) {
  if (!alive(p)) return
  try {
    // Each child leads its own process group: this reaches tsx's node child too.
    process.kill(-p.child.pid, signal)
  } catch {
    try {
      p.child.kill(signal)
    } catch {
      /* already gone */
    }
  }
}

function shutdown(reason, code) {
  if (shuttingDown) return
  shuttingDown = true
  exitCode = code
  if (reason) console.error(paint('33', `[dev ] ${reason}: stopping everything`))
  for (const p of processes) signalGroup(p, 'SIGTERM')
  const force = setTimeout(() => {
    for (const p of processes) signalGroup(p, 'SIGKILL')
  }, 5_000)
  force.unref()
}

for (const p of processes) {
  const prefix = paint(p.colour, `[${p.name}]`)
  p.child = spawn(process.execPath, p.command, {
    cwd: ROOT,
    env: { ...process.env, ...(color ? { FORCE_COLOR: '1' } : {}), ...p.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  prefixLines(p.child.stdout, process.stdout, prefix)
  prefixLines(p.child.stderr, process.stderr, prefix)
  p.child.on('error', (err) => {
    console.error(`${prefix} failed to start: ${err.message}`)
    shutdown(`${p.name.trim()} failed to start`, 1)
  })
  p.child.on('exit', (code, signal) => {
    if (!shuttingDown) shutdown(`${p.name.trim()} exited (${signal ?? `code ${code}`})`, code || 1)
    if (processes.every((q) => !alive(q))) process.exit(exitCode)
  })
}

const viteArgs = process.argv.slice(2)
const portArg = viteArgs.find((a, i) => a.startsWith('--port=') || viteArgs[i - 1] === '--port')
const vitePort = portArg ? portArg.replace('--port=', '') : '5173'
console.log(paint('33', `[dev ] SPA http://127.0.0.1:${vitePort}  ->  API ${proxyTarget} (DATA_DIR ${processes[0].env.DATA_DIR}); Ctrl+C stops both`))

let firstSignalAt = 0
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (shuttingDown) {
      // npm forwards the terminal's Ctrl+C a second time: ignore copies within a second.
      if (Date.now() - firstSignalAt < 1000) return
      // Second Ctrl+C: do not wait any longer.
      for (const p of processes) signalGroup(p, 'SIGKILL')
      return
    }
    firstSignalAt = Date.now()
    shutdown(null, signal === 'SIGINT' ? 130 : 143)
  })
}
process.on('exit', () => {
  for (const p of processes) signalGroup(p, 'SIGKILL')
})

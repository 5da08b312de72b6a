// Start the built server (node dist/server/main.js) as a child process and wait until
// GET /api/health answers. Shared by the browser suite's global setup and the bench.

import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { ROOT } from '../build-if-needed.mjs'

export const SERVER_ENTRY = join(ROOT, 'dist/server/main.js')

/** A port that was free a moment ago on `host`. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, host, () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolve(port))
    })
  })
}

const MAX_OUTPUT = 256 * 1024

/**
 * @param {{
 *   dataDir: string, port?: number, host?: string, env?: Record<string, string | undefined>,
 *   echo?: boolean | ((chunk: string) => void), timeoutMs?: number, pollMs?: number,
 * }} options
 */
export async function startServer(options) {
  const host = options.host ?? '127.0.0.1'
  const port = options.port ?? (await freePort(host))
  const timeoutMs = options.timeoutMs ?? 60_000
  const pollMs = options.pollMs ?? 25
  const url = `http://${host}:${port}`

  // A developer's shell may point at a real database or LLM: the child gets the
  // embedded defaults unless the caller passes these explicitly.
  const env = { ...process.env }
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL']) delete env[key]
  Object.assign(env, { NODE_ENV: 'production', HOST: host, PORT: String(port), DATA_DIR: options.dataDir }, options.env)
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k]

  let output = ''
  const record = (chunk) => {
    const text = chunk.toString()
    output = (output + text).slice(-MAX_OUTPUT)
    if (typeof options.echo === 'function') options.echo(text)
    else if (options.echo) process.stderr.write(text)
  }

  const spawnedAt = performance.now()
  const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout.on('data', record)
  child.stderr.on('data', record)

  let exited = null
  const exitPromise = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal }
      resolve(exited)
    })
    child.on('error', (err) => {
      record(`spawn error: ${err.message}\n`)
      exited = { code: null, signal: null, error: err }
      resolve(exited)
    })
  })

  const stop = async (graceMs = 10_000) => {
    if (exited) return exited
    child.kill('SIGTERM')
    const timer = setTimeout(() => {
      if (!exited) child.kill('SIGKILL')
    }, graceMs)
    const result = await exitPromise
    clearTimeout(timer)
    return result
  }

  const deadline = spawnedAt + timeoutMs
  let lastError = 'no answer yet'
  for (;;) {
    if (exited) {
      throw new Error(
        `the server exited before it became healthy (${exited.signal ?? `exit code ${exited.code}`}).\n--- server output ---\n${output}`,
      )
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })
      await res.arrayBuffer()
      if (res.ok) break
      lastError = `GET /api/health answered ${res.status}`
    } catch (err) {
      lastError = err.cause?.code ?? err.message
    }
    if (performance.now() > deadline) {
      await stop(2_000)
      throw new Error(
        `the server did not become healthy at ${url}/api/health within ${timeoutMs / 1000} s (${lastError}).\n--- server output ---\n${output}`,
      )
    }
    await new Promise((r) => setTimeout(r, pollMs))
  }
  const startMs = performance.now() - spawnedAt

  return {
    url,
    host,
    port,
    pid: child.pid,
    /** Milliseconds from spawn to the first healthy /api/health. */
    startMs,
    output: () => output,
    exited: () => exited,
    stop,
  }
}

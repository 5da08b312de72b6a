// A private, throwaway PostgreSQL cluster for fault tests (`npm run test:soak`): its own
// data directory in the temp folder, its own port (55432 or the next free one) on
// 127.0.0.1, its unix socket in that directory. It can be stopped and started again at
// will without touching the machine's own PostgreSQL on 5432.
//
// PostgreSQL refuses to run as root: as root the binaries run as the `postgres` OS user
// (runuser), with the directory handed to that user. Binaries: PG_BIN, else the newest
// /usr/lib/postgresql/<version>/bin, else initdb on PATH.
//
// Clean-up: `destroy()` stops the cluster (immediate) and deletes its directory. It also
// runs on process exit (so on SIGINT/SIGTERM when the caller exits from its handler), and a
// later start sweeps directories whose owning process is gone (kill -9 of the caller).

import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pidAlive } from '../build-if-needed.mjs'

const PREFIX = 'waypoint-pg-'

function findBinDir(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN
  const base = '/usr/lib/postgresql'
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a))
    if (versions[0]) return join(base, versions[0], 'bin')
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' })
  if (which.status === 0 && which.stdout.trim()) return join(which.stdout.trim(), '..')
  return null
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0

function command(binDir: string, tool: string, args: string[]): [string, string[]] {
  const file = join(binDir, tool)
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args]
}

/** Runs a PostgreSQL binary, as the postgres OS user when we are root. */
function pgRun(binDir: string, tool: string, args: string[], { timeoutMs = 60_000 } = {}): string {
  const [cmd, argv] = command(binDir, tool, args)
  const result = spawnSync(cmd, argv, { encoding: 'utf8', timeout: timeoutMs, cwd: tmpdir() })
  if (result.error) throw new Error(`${tool}: ${result.error.message}`)
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`)
  return result.stdout
}

/** pgRun without blocking the event loop (the soak keeps its load running meanwhile). */
function pgRunAsync(binDir: string, tool: string, args: string[], { timeoutMs = 60_000 } = {}): Promise<string> {
  const [cmd, argv] = command(binDir, tool, args)
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { cwd: tmpdir(), stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d))
    child.stderr.on('data', (d: Buffer) => (output += d))
    child.on('error', (err) => reject(new Error(`${tool}: ${err.message}`)))
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(output)
      else reject(new Error(`${tool} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${output}`))
    })
  })
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer()
    srv.unref()
    srv.once('error', () => resolve(false))
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)))
  })
}

/** Clusters left by a caller that died without cleaning up (kill -9): stop and delete them. */
function sweepStale(binDir: string) {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue
    const dir = join(tmpdir(), name)
    let owner = Number.NaN
    try {
      owner = Number.parseInt(readFileSync(join(dir, 'owner.pid'), 'utf8'), 10)
    } catch {
      // No owner file: a start that never finished, or not ours to judge; leave it.
      continue
    }
    if (Number.isFinite(owner) && pidAlive(owner)) continue
    try {
      if (existsSync(join(dir, 'data', 'postmaster.pid')))
        pgRun(binDir, 'pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop'], { timeoutMs: 20_000 })
    } catch {
      // Already stopped.
    }
    rmSync(dir, { recursive: true, force: true })
  }
}

export type PrivatePostgres = {
  port: number
  dir: string
  version: string
  adminUrl: string
  url: (name: string) => string
  running: () => boolean
  start: () => Promise<void>
  stop: (mode?: 'fast' | 'immediate') => Promise<void>
  logTail: (lines?: number) => string
  destroy: () => void
}

/**
 * Creates and starts a private cluster. Throws (with the reason) when it cannot: no
 * binaries, no postgres user, initdb or start failing.
 */
export async function startPrivatePostgres({ log = (_line: string) => {}, firstPort = 55432 } = {}): Promise<PrivatePostgres> {
  const binDir = findBinDir()
  if (!binDir) throw new Error('no PostgreSQL server binaries (initdb) found: set PG_BIN or install postgresql')
  sweepStale(binDir)

  let port: number | null = null
  for (let p = firstPort; p < firstPort + 100; p++) {
    if (await portFree(p)) {
      port = p
      break
    }
  }
  if (!port) throw new Error(`no free port in ${firstPort}..${firstPort + 99}`)

  const dir = mkdtempSync(join(tmpdir(), PREFIX))
  writeFileSync(join(dir, 'owner.pid'), String(process.pid))
  const dataDir = join(dir, 'data')
  const logFile = join(dir, 'postgres.log')
  let running = false
  let destroyed = false

  const destroySync = () => {
    if (destroyed) return
    destroyed = true
    try {
      if (existsSync(join(dataDir, 'postmaster.pid')))
        pgRun(binDir, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], { timeoutMs: 20_000 })
    } catch {
      // Not running.
    }
    running = false
    rmSync(dir, { recursive: true, force: true })
  }
  process.on('exit', destroySync)

  try {
    if (isRoot()) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
      chownSync(dir, uid, gid)
    }
    pgRun(binDir, 'initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions'])
  } catch (err) {
    destroySync()
    process.off('exit', destroySync)
    throw err
  }

  // fsync off: the cluster is thrown away, and a fast stop still writes everything out.
  const options = ['-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=100']
  const startArgs = ['-D', dataDir, '-o', options.join(' '), '-l', logFile, '-w', '-t', '30', 'start']
  /** Starts it again; resolves once it accepts connections. */
  const start = async () => {
    await pgRunAsync(binDir, 'pg_ctl', startArgs)
    running = true
  }
  /** `fast` (what a service restart does: sessions get 57P01) or `immediate`; resolves once stopped. */
  const stop = async (mode = 'fast') => {
    await pgRunAsync(binDir, 'pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '30', 'stop'])
    running = false
  }

  try {
    pgRun(binDir, 'pg_ctl', startArgs)
    running = true
  } catch (err) {
    destroySync()
    process.off('exit', destroySync)
    throw err
  }
  const version = pgRun(binDir, 'postgres', ['--version']).trim()
  log(`private PostgreSQL (${version}) on 127.0.0.1:${port}, data in ${dataDir}`)

  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`
  return {
    port,
    dir,
    version,
    adminUrl,
    /** The URL of database `name` on this cluster. */
    url: (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`,
    running: () => running,
    start,
    stop,
    /** The last lines of the server log. */
    logTail: (lines = 20) => {
      try {
        return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
      } catch {
        return ''
      }
    },
    destroy() {
      destroySync()
      process.off('exit', destroySync)
    },
  }
}

// Load generation shared by `npm run bench` (API section) and `npm run test:soak`:
// autocannon runs, a bare Hono server as the machine's ceiling, a throwaway PostgreSQL
// database, and a process's resident memory from /proc.

import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Request as AutocannonRequest, Result as AutocannonResult } from 'autocannon'
import { freePort } from './server-process.mjs'

const HERE = dirname(fileURLToPath(import.meta.url))

export type { AutocannonRequest }
export type LoadRun = {
  rps: number
  total: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  timeouts: number
  statusCodes: Record<string, number>
}

/**
 * One autocannon run. `requests` as autocannon takes them (method, path, headers, body,
 * setupRequest, onResponse). Answers req/s (mean), p50/p99 latency in ms and status counts.
 */
export async function runAutocannon({
  url,
  connections = 200,
  seconds = 10,
  requests,
  timeoutSeconds = 10,
}: {
  url: string
  connections?: number
  seconds?: number
  requests?: AutocannonRequest[]
  timeoutSeconds?: number
}): Promise<LoadRun> {
  const { default: autocannon } = await import('autocannon')
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, requests, timeout: timeoutSeconds }, (err, res) => (err ? reject(err) : resolve(res)))
  })
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]))
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  }
}

/** `[200: 1234, 401: 2]` for a comment line. */
export const describeStatuses = (run: LoadRun) =>
  Object.entries(run.statusCodes)
    .map(([code, n]) => `${code}×${n}`)
    .join(' ') +
  (run.errors ? ` errors×${run.errors}` : '') +
  (run.timeouts ? ` timeouts×${run.timeouts}` : '')

/**
 * A bare Hono app on @hono/node-server in its own process (like our server): the most a
 * Node HTTP server does on this machine, our reference for req/s and latency.
 */
export async function startBareHono(): Promise<{ url: string; pid: number | undefined; stop: () => Promise<void> }> {
  const port = await freePort()
  // tsx loads the TypeScript; once loaded, the process serves as plain Node does.
  const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'bare-hono-server.ts'), String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`bare Hono server exited (${code})`)))
    child.stdout.once('data', resolve)
  })
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.removeAllListeners('exit')
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

export const DEFAULT_ADMIN_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test'

export type ScratchDatabase = { name: string; url: string; drop: () => Promise<void> }

/**
 * A fresh database on the PostgreSQL at `adminUrl` (BENCH_PG_URL, default the local one),
 * or null when it does not answer. `drop()` removes it (closing any left-over sessions).
 */
export async function createScratchDatabase(
  prefix: string,
  adminUrl = process.env.BENCH_PG_URL ?? DEFAULT_ADMIN_DATABASE_URL,
): Promise<ScratchDatabase | null> {
  const { default: pg } = await import('pg')
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 })
  try {
    await admin.connect()
  } catch {
    return null
  }
  try {
    await admin.query(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      } finally {
        await client.end()
      }
    },
  }
}

/** VmRSS of a live process in KB (Linux /proc), or null. */
export function readRssKb(pid: number | undefined): number | null {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m)
    return match ? Number(match[1]) : null
  } catch {
    return null
  }
}

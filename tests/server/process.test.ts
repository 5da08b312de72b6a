import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { tempDir } from './support/db.ts'
import { freePort, migratedDataDir, type ServerProcess, startServer } from './support/process.ts'

describe('a running server', () => {
  let dataDir: string
  let port: number
  let first: ServerProcess

  beforeAll(async () => {
    dataDir = await migratedDataDir()
    port = await freePort()
    first = startServer({ PORT: String(port), DATA_DIR: dataDir })
    await first.waitFor(`Waypoint is running on http://127.0.0.1:${port}\n`)
  })

  afterAll(async () => {
    first.child.kill('SIGTERM')
    await first.exited
  })

  test('answers its health check', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`)

    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok', db: { status: 'ok', driver: 'pglite' } })
  })

  test('keeps a second process off its data directory', async () => {
    const second = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir })

    expect(await second.exited).toBe(1)
    expect(second.output()).toBe(
      `Another Waypoint process (pid ${first.child.pid}) is using the database in ${dataDir}. ` +
        'Stop it first, or set DATABASE_URL to share a PostgreSQL database between processes. ' +
        `If no Waypoint process runs, delete ${join(dataDir, 'pglite.lock')}.\n`,
    )
    expect(readFileSync(join(dataDir, 'pglite.lock'), 'utf8')).toBe(`${first.child.pid}\n`)
  })

  test('makes another process on its port stop with a clear message', async () => {
    const otherDir = await migratedDataDir()
    const second = startServer({ PORT: String(port), DATA_DIR: otherDir })

    expect(await second.exited).toBe(1)
    expect(second.output()).toContain(`Port ${port} is already in use. Stop the other process or set PORT=... to a free port.`)
    expect(existsSync(join(otherDir, 'pglite.lock'))).toBe(false)
  })
})

test('on SIGTERM it finishes the open request, then exits 0 and frees the data directory', async () => {
  const dataDir = await migratedDataDir()
  // A lock left by a crashed process (its pid is gone) must not block the start.
  writeFileSync(join(dataDir, 'pglite.lock'), '999999999\n')
  const port = await freePort()
  const server = startServer({ PORT: String(port), DATA_DIR: dataDir })
  await server.waitFor('Waypoint is running on')

  const body = JSON.stringify({ email: 'late@example.com' })
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/users/contact-us/subscribe',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () => resolve({ status: res.statusCode!, body: text }))
      },
    )
    req.on('error', reject)
    // Half the body now, the rest after the signal: the request is in flight when it comes.
    req.write(body.slice(0, 10))
    void server.waitFor('SIGTERM received').then(() => req.end(body.slice(10)))
  })
  await new Promise((resolve) => setTimeout(resolve, 200))
  server.child.kill('SIGTERM')

  expect(await answer).toEqual({ status: 201, body: expect.stringContaining('"email":"late@example.com"') })
  expect(await server.exited).toBe(0)
  expect(server.output()).toContain('Waypoint stopped.')
  expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false)
})

test('a PORT that is no number stops the start with a clear message', async () => {
  const server = startServer({ PORT: 'eighty', DATA_DIR: tempDir('data') })

  expect(await server.exited).toBe(1)
  expect(server.output()).toBe('PORT must be a whole number from 1 to 65535, got "eighty".\n')
})

test('a DATA_DIR that cannot be written stops the start with a clear message', async () => {
  const file = join(tempDir('data'), 'a-file')
  writeFileSync(file, '')
  const server = startServer({ PORT: String(await freePort()), DATA_DIR: join(file, 'data') })

  expect(await server.exited).toBe(1)
  expect(server.output()).toMatch(new RegExp(`^Data directory ${file}/data is not writable: ENOTDIR`))
})

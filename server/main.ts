import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { systemClock } from './clock.ts'
import { ConfigError, readConfig, type Config } from './config.ts'
import { seed } from './content/seed.ts'
import { openDatabase } from './db/open.ts'
import { DataDirInUseError } from './db/pglite-lock.ts'
import { createLog } from './log.ts'
import { createChatSocketServer } from './routes/chat.ts'
import { createContentServices } from './services/content.ts'
import { createServices } from './services/index.ts'
import { locationData, locationSearch } from './services/places/index.ts'
import { outboxMailer, smtpMailer } from './services/mail/index.ts'

const shutdownGraceMs = 10_000

/** Problems the operator can fix get one clear line and exit code 1, no stack trace. */
function fail(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

let config: Config
try {
  config = readConfig(process.env)
} catch (error) {
  if (error instanceof ConfigError) fail(error.message)
  throw error
}
const log = createLog(config.logLevel)
process.on('unhandledRejection', (reason) => log.error('Unhandled promise rejection', reason))

try {
  mkdirSync(config.dataDir, { recursive: true })
  const probe = join(config.dataDir, `.write-test-${process.pid}`)
  writeFileSync(probe, '')
  rmSync(probe)
} catch (error) {
  fail(`Data directory ${config.dataDir} is not writable: ${(error as Error).message}`)
}

const database = await openDatabase(config, log).catch((error: unknown) => {
  if (error instanceof DataDirInUseError) fail(error.message)
  const hint = config.databaseUrl ? 'Check DATABASE_URL and that PostgreSQL is running.' : `Check the data directory ${config.dataDir}.`
  fail(`Could not open the database: ${error instanceof Error ? error.message : String(error)}\n${hint}`)
})

try {
  await seed(database.db, { contentDir: config.contentDir, log })
} catch (error) {
  log.error('Seeding the content failed', error)
  await database.close()
  fail('Waypoint could not start: its content could not be seeded (see above).')
}

const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(database.db, systemClock, log)
const content = createContentServices({ db: database.db, config, log }, { locations: locationSearch(locationData(config.rootDir).places) })
const deps = { db: database.db, mailer, clock: systemClock, config, log }
const services = createServices(deps, { content })
const app = createApp(deps, services)
// The first chat search loads the library and prepares its statements: done now, not while a visitor waits.
setTimeout(() => services.chat.warmUp?.(), 500).unref()
if (!config.publicUrl && !/^(localhost|127\.0\.0\.1|::1)$/.test(config.host)) {
  log.warn(
    `PUBLIC_URL is not set: links in password reset mail may name http://${config.host}:${config.port}, ` +
      'which users may not reach. Set PUBLIC_URL to the address users open, e.g. https://waypoint.example.com.',
  )
}

const host = config.host.includes(':') ? `[${config.host}]` : config.host
// A plain node:http server (no createServer option), so its connection methods exist; the
// chat's websocket upgrades go to its ws server.
const chatSockets = createChatSocketServer()
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host, websocket: { server: chatSockets } }, () => {
  log.info(`Waypoint is running on http://${host}:${config.port}`)
  // Narration waits until the server answers; it then runs in a low-priority worker thread.
  if (config.audioPregenerate) {
    setTimeout(() => content.narrator.pregenerate().catch((error: unknown) => log.error('Audio: could not start narrating', error)), 2000).unref()
  }
}) as Server

server.on('error', async (error: NodeJS.ErrnoException) => {
  await database.close().catch(() => undefined)
  if (error.code === 'EADDRINUSE') {
    fail(`Port ${config.port} is already in use. Stop the other process or set PORT=... to a free port.`)
  }
  if (error.code === 'EACCES') fail(`Port ${config.port} needs privileges this user lacks. Set PORT=... above 1023.`)
  if (error.code === 'EADDRNOTAVAIL') fail(`HOST ${config.host} is not an address of this machine.`)
  fail(`Cannot listen on ${host}:${config.port}: ${error.message}`)
})

let stopping = false
async function stop(signal: NodeJS.Signals) {
  if (stopping) {
    log.warn(`${signal} again: stopping now.`)
    process.exit(1)
  }
  stopping = true
  log.info(`${signal} received: finishing open requests, then stopping.`)
  // close() stops accepting and drops idle keep-alive sockets; sockets busy now are
  // dropped as soon as their request is answered, and all of them after the grace time.
  const closing = new Promise((resolve) => server.close(resolve))
  const dropIdle = setInterval(() => server.closeIdleConnections(), 100)
  // Chat sockets are no HTTP requests: 1001 tells their clients to reconnect (to another process).
  for (const socket of chatSockets.clients) socket.close(1001, 'Server restarting')
  const force = setTimeout(() => {
    log.warn(`Requests still open after ${shutdownGraceMs / 1000} s: closing them.`)
    server.closeAllConnections()
    for (const socket of chatSockets.clients) socket.terminate()
  }, shutdownGraceMs)
  await closing
  clearInterval(dropIdle)
  clearTimeout(force)
  await content.narrator.stop()
  await database.close()
  log.info('Waypoint stopped.')
  process.exit(0)
}
// SIGHUP: the terminal running `npm start` was closed.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, stop)

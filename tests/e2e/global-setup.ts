// Global setup of the 'e2e' project: build when needed, start the production server on
// a free port with a fresh DATA_DIR, hand its URL to the tests (inject('e2eBaseUrl')),
// and stop it afterwards. E2E_SERVER_LOG=1 streams the server's output.

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { ensureBuild } from '../../scripts/build-if-needed.mjs'
import { startServer } from '../../scripts/lib/server-process.mjs'
import { startMailSink } from './support/mail-sink.ts'
import './support/context.ts'

export default async function setup(project: TestProject) {
  await ensureBuild({ label: 'e2e' })

  const dataDir = mkdtempSync(join(tmpdir(), 'waypoint-e2e-'))
  // Real e-mail: the server sends through SMTP to a sink that files each message.
  const mailDir = join(dataDir, 'mail')
  mkdirSync(mailDir)
  const mail = await startMailSink(mailDir)
  let server
  try {
    server = await startServer({
      dataDir: join(dataDir, 'data'),
      timeoutMs: 60_000,
      echo: process.env.E2E_SERVER_LOG === '1',
      // Every sign-up of the suite comes from 127.0.0.1: lift the per-IP limits.
      env: { SMTP_URL: mail.url, RATE_LIMIT_MULTIPLIER: '100', AUDIO_PREGENERATE: '0' },
    })
  } catch (err) {
    await mail.close()
    rmSync(dataDir, { recursive: true, force: true })
    throw err
  }
  console.log(`[e2e] server ${server.url} ready in ${Math.round(server.startMs)} ms (DATA_DIR ${dataDir}/data)`)
  project.provide('e2eBaseUrl', server.url)
  project.provide('e2eMailDir', mailDir)

  return async () => {
    const exit = await server.stop()
    if (exit.code && exit.code !== 0 && process.env.E2E_SERVER_LOG !== '1') {
      console.error(`[e2e] server exited with code ${exit.code}; its output:\n${server.output()}`)
    }
    await mail.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

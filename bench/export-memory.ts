// Memory of the account export for a large account (issue 19, point 3): 100 resumes of ~47 KB
// each, six exports at once, each read by a client chunk by chunk. Prints the growth of the
// process's resident memory and JS heap over a settled baseline, at the peak, sampled after a
// collection every five chunks (the memory the exports hold, not garbage awaiting collection).
//
//   node --expose-gc --import tsx bench/export-memory.ts        (RESUMES=300 for a larger account)
//
// A measurement, not a test: figures depend on the machine and go in the report and README.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../server/app.ts'
import { systemClock } from '../server/clock.ts'
import { readConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/open.ts'
import { resumes } from '../server/db/schema.ts'
import { createLog } from '../server/log.ts'
import { outboxMailer } from '../server/services/mail/mail.ts'

const RESUMES = Number(process.env.RESUMES ?? 100)
const PARALLEL = 6
const dataDir = mkdtempSync(join(tmpdir(), 'waypoint-export-memory-'))
const config = readConfig({ DATA_DIR: join(dataDir, 'data'), LOG_LEVEL: 'silent', RATE_LIMIT_MULTIPLIER: '1000', AUDIO_PREGENERATE: '0' })
const log = createLog('silent')
const { db, close } = await openDatabase({ dataDir: config.dataDir, databaseUrl: undefined, migrationsDir: config.migrationsDir }, log)
const app = createApp({ db, mailer: outboxMailer(db, systemClock, log), clock: systemClock, config, log })

const json = (body: unknown) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
const user = (await (await app.request('/api/users/register', json({ email: 'large@example.com', password: 'export-memory-42' }))).json()) as {
  access: string
}
const me = (await (await app.request('/api/users/me', { headers: { Authorization: `Bearer ${user.access}` } })).json()) as { id: string }

// ~47 KB each: a full resume's worth of experience text in several scripts.
const line = 'Led a team of 6 analysts; Łódź, Kraków, Ελληνικά, Русский, 日本語 reports; cut monthly close from 9 to 4 days. '
for (let i = 0; i < RESUMES; i += 1) {
  const experience = Array.from({ length: 40 }, (_, n) => ({ id: `${i}-${n}`, title: `Role ${n}`, description: line.repeat(9) }))
  await db
    .insert(resumes)
    .values({ userId: me.id, title: `Resume ${i + 1}`, template: 'classic', data: { heading: { firstName: 'Nguyễn' }, experience } })
}
const sample = JSON.stringify((await db.select({ data: resumes.data }).from(resumes).limit(1))[0]!.data)
console.log(`${RESUMES} resumes of ${(Buffer.byteLength(sample) / 1024).toFixed(1)} KB each`)

const gc = (globalThis as { gc?: () => void }).gc
const settle = () => {
  gc?.()
  return process.memoryUsage()
}
const base = settle()
let peak = { rss: base.rss, heapUsed: base.heapUsed }
const measure = () => {
  const now = process.memoryUsage()
  peak = { rss: Math.max(peak.rss, now.rss), heapUsed: Math.max(peak.heapUsed, now.heapUsed) }
}

const sizes = await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    const response = await app.request('/api/users/me/export', { headers: { Authorization: `Bearer ${user.access}` } })
    const reader = response.body!.getReader()
    let bytes = 0
    let chunks = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      bytes += value.byteLength
      // What the exports hold, not garbage the collector has yet to take: collected first.
      if ((chunks += 1) % 5 === 0) gc?.()
      measure()
      // A client on a real network: it takes a moment between chunks.
      await new Promise((resolve) => setImmediate(resolve))
    }
    return bytes
  }),
)
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`
console.log(`${PARALLEL} exports of ${mb(sizes[0]!)} each`)
console.log(`peak growth over baseline: rss +${mb(peak.rss - base.rss)}, heapUsed +${mb(peak.heapUsed - base.heapUsed)}`)
await close()
rmSync(dataDir, { recursive: true, force: true })
process.exit(0)

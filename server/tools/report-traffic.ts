// `npm run report:traffic`: page views per path per day, from the first-party events
// (recorded only with analytics consent). Reads DATABASE_URL, else the PGlite in DATA_DIR
// (stop the server first: PGlite allows one process per data directory).
import { count, desc, sql } from 'drizzle-orm'
import { readConfig } from '../config.ts'
import { openDatabase } from '../db/open.ts'
import { pageViews } from '../db/schema.ts'
import { createLog } from '../log.ts'

const days = Number(process.argv.find((arg) => arg.startsWith('--days='))?.slice(7) ?? 30)

async function main() {
  const config = readConfig(process.env)
  const log = createLog('warn')
  const database = await openDatabase(config, log)
  try {
    const rows = await database.db
      .select({ day: pageViews.day, path: pageViews.path, views: count() })
      .from(pageViews)
      .where(sql`${pageViews.day} >= to_char(current_date - ${days}::int, 'YYYY-MM-DD')`)
      .groupBy(pageViews.day, pageViews.path)
      .orderBy(desc(pageViews.day), desc(count()), pageViews.path)
    if (rows.length === 0) {
      console.log(`No page views in the last ${days} days (they are recorded only for visitors who accept analytics).`)
      return
    }
    const width = Math.max(4, ...rows.map((row) => row.path.length))
    console.log(`${'day'.padEnd(10)}  ${'path'.padEnd(width)}  views`)
    for (const row of rows) console.log(`${row.day}  ${row.path.padEnd(width)}  ${String(row.views).padStart(5)}`)
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})

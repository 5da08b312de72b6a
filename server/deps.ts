import type { Clock } from './clock.ts'
import type { Config } from './config.ts'
import type { Db } from './db/open.ts'
import type { Log } from './log.ts'
import type { Mailer } from './services/mail.ts'

/** What the app needs from outside: the database, mail, time, settings and the log. */
export type Deps = {
  db: Db
  mailer: Mailer
  clock: Clock
  config: Config
  log: Log
}

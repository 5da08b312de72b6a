import type { Clock } from './clock.ts'
import type { Config } from './config.ts'
import type { Db } from './db/open.ts'
import type { Log } from './log.ts'

/** What the app needs from outside: the database, mail, time, settings and the log. */
export type Deps = {
  db: Db
  mailer: Mailer
  clock: Clock
  config: Config
  log: Log
}

/** One e-mail, as the services write it; the mailer sends it (SMTP_URL) or keeps it in the outbox. */
export type Mail = {
  to: string
  subject: string
  text: string
  replyTo?: string
  /**
   * The one link the mail exists for (a password reset). Without SMTP the outbox log line shows
   * it: it is the only way a local user gets it. Nothing else of a mail is ever logged.
   */
  link?: string
  /** Headers beyond the usual ones, e.g. a newsletter's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>
}

export type Mailer = { send(mail: Mail): Promise<void> }

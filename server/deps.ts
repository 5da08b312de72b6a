import type { Clock } from './clock.ts'
import type { Config } from './config.ts'
import type { Db } from './db/open.ts'
import type { Log } from './log.ts'
import type { AssistantDeps } from './services/assistant/index.ts'
import type { ContentServices } from './services/content.ts'
import type { Mailer } from './services/mail.ts'
import type { PasswordWork } from './services/password-work.ts'

/** Everything the app needs from outside; tests pass their own. */
export type Deps = {
  db: Db
  mailer: Mailer
  clock: Clock
  config: Config
  log: Log
  /** Library, search, audio and ebooks; made by createApp when not given (main.ts gives them to stop the narrator). */
  content?: ContentServices
  /** The chat assistant's data tools (salary, cost of living, locations) and test pacing. */
  assistant?: AssistantDeps
  /** The bounded password-hashing queue; made by createApp from config.passwordWork when not given. */
  passwords?: PasswordWork
}

import { sql } from 'drizzle-orm'
import type { Deps } from '../deps.ts'

export type Health = ReturnType<typeof createHealth>

export function createHealth({ db }: Pick<Deps, 'db'>) {
  return {
    /** Resolves when the database answers; throws its error when it does not. */
    async pingDatabase() {
      await db.execute(sql`select 1`)
    },
  }
}

import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { DocumentBody, StoredDocument } from '~contract/documents.ts'
import type { Db } from '../../db/open.ts'
import { users, type coverLetters, type resumes } from '../../db/schema.ts'
import type { Clock } from '../../clock.ts'

/** Outcome of a write based on a version: the new copy, a conflict with the current one, or none. */
export type UpdateOutcome<Doc> = { kind: 'updated'; document: Doc } | { kind: 'stale'; current: Doc } | { kind: 'missing' }

/** The tables of builder documents: the same columns, one table per kind. */
export type DocumentTable = typeof resumes | typeof coverLetters

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Builder documents (resumes, cover letters) saved to accounts. Every query is scoped to the
 * owner: another user's id is "not found". `version` goes up on every write and a write based
 * on another version is refused.
 */
export function createOwnedDocuments<Data, Template extends string>(documentTable: DocumentTable, { db, clock }: { db: Db; clock: Clock }) {
  // Both tables have identical columns; one type keeps drizzle's query types simple.
  const table = documentTable as typeof resumes
  type Doc = StoredDocument<Data, Template>
  type Body = DocumentBody<Data, Template>

  const stored = (row: typeof table.$inferSelect): Doc => ({
    id: row.id,
    title: row.title,
    template: row.template as Template,
    data: row.data as Data,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  })

  async function find(userId: string, id: string): Promise<Doc | null> {
    if (!uuidPattern.test(id)) return null
    const [row] = await db
      .select()
      .from(table)
      .where(and(eq(table.id, id), eq(table.userId, userId)))
    return row ? stored(row) : null
  }

  async function list(userId: string, page: number, pageSize: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(table)
        .where(eq(table.userId, userId))
        .orderBy(desc(table.updatedAt), desc(table.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ value: count() }).from(table).where(eq(table.userId, userId)),
    ])
    return { count: Number(total?.value ?? 0), results: rows.map(stored) }
  }

  /** The new document, or null when the owner already keeps `limit` of this kind. */
  async function create(userId: string, body: Body, limit: number): Promise<Doc | null> {
    const now = clock.now()
    return db.transaction(async (tx) => {
      // The owner's row is locked while counting, so concurrent saves cannot pass the limit together.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
      const [kept] = await tx.select({ value: count() }).from(table).where(eq(table.userId, userId))
      if (Number(kept?.value ?? 0) >= limit) return null
      const [row] = await tx
        .insert(table)
        .values({ userId, title: body.title, template: body.template, data: body.data, version: 1, createdAt: now, updatedAt: now })
        .returning()
      return stored(row!)
    })
  }

  /** Writes only when the stored version is the one the client based its copy on. */
  async function update(userId: string, id: string, body: Body & { version: number }): Promise<UpdateOutcome<Doc>> {
    if (!uuidPattern.test(id)) return { kind: 'missing' }
    const [row] = await db
      .update(table)
      .set({ title: body.title, template: body.template, data: body.data, version: sql`${table.version} + 1`, updatedAt: clock.now() })
      .where(and(eq(table.id, id), eq(table.userId, userId), eq(table.version, body.version)))
      .returning()
    if (row) return { kind: 'updated', document: stored(row) }
    const current = await find(userId, id)
    return current ? { kind: 'stale', current } : { kind: 'missing' }
  }

  async function remove(userId: string, id: string): Promise<boolean> {
    if (!uuidPattern.test(id)) return false
    const gone = await db
      .delete(table)
      .where(and(eq(table.id, id), eq(table.userId, userId)))
      .returning({ id: table.id })
    return gone.length > 0
  }

  return { find, list, create, update, remove }
}

export type OwnedDocuments<Data, Template extends string> = ReturnType<typeof createOwnedDocuments<Data, Template>>

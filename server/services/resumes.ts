import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { CreateResumeRequest, ResumeData, StoredResume, TemplateName, UpdateResumeRequest } from '~contract/resume.ts'
import type { Db } from '../db/open.ts'
import { resumes } from '../db/schema.ts'
import type { Clock } from '../clock.ts'

export type Resumes = ReturnType<typeof createResumes>

type Row = typeof resumes.$inferSelect

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function stored(row: Row): StoredResume {
  return {
    id: row.id,
    title: row.title,
    template: row.template as TemplateName,
    data: row.data as ResumeData,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  }
}

/** Outcome of a write based on a version: the new copy, a conflict with the current one, or none. */
export type UpdateOutcome = { kind: 'updated'; resume: StoredResume } | { kind: 'stale'; current: StoredResume } | { kind: 'missing' }

/** Resumes saved to accounts. Every query is scoped to the owner: another user's id is "not found". */
export function createResumes({ db, clock }: { db: Db; clock: Clock }) {
  async function find(userId: string, id: string): Promise<StoredResume | null> {
    if (!uuidPattern.test(id)) return null
    const [row] = await db.select().from(resumes).where(and(eq(resumes.id, id), eq(resumes.userId, userId)))
    return row ? stored(row) : null
  }

  async function list(userId: string, page: number, pageSize: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(resumes)
        .where(eq(resumes.userId, userId))
        .orderBy(desc(resumes.updatedAt), desc(resumes.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ value: count() }).from(resumes).where(eq(resumes.userId, userId)),
    ])
    return { count: Number(total?.value ?? 0), results: rows.map(stored) }
  }

  async function create(userId: string, body: CreateResumeRequest): Promise<StoredResume> {
    const now = clock.now()
    const [row] = await db
      .insert(resumes)
      .values({ userId, title: body.title, template: body.template, data: body.data, version: 1, createdAt: now, updatedAt: now })
      .returning()
    return stored(row!)
  }

  /** Writes only when the stored version is the one the client based its copy on. */
  async function update(userId: string, id: string, body: UpdateResumeRequest): Promise<UpdateOutcome> {
    if (!uuidPattern.test(id)) return { kind: 'missing' }
    const [row] = await db
      .update(resumes)
      .set({ title: body.title, template: body.template, data: body.data, version: sql`${resumes.version} + 1`, updatedAt: clock.now() })
      .where(and(eq(resumes.id, id), eq(resumes.userId, userId), eq(resumes.version, body.version)))
      .returning()
    if (row) return { kind: 'updated', resume: stored(row) }
    const current = await find(userId, id)
    return current ? { kind: 'stale', current } : { kind: 'missing' }
  }

  async function remove(userId: string, id: string): Promise<boolean> {
    if (!uuidPattern.test(id)) return false
    const gone = await db.delete(resumes).where(and(eq(resumes.id, id), eq(resumes.userId, userId))).returning({ id: resumes.id })
    return gone.length > 0
  }

  return { find, list, create, update, remove }
}

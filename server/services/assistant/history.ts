import { and, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm'
import type { ChatSource } from '~contract/chat.ts'
import { chatConversations, chatMessages } from '../../db/schema.ts'
import type { Deps } from '../../deps.ts'
import { batched } from '../../lib/queue.ts'
import { sha256 } from '../../lib/crypto.ts'
import type { ChatTurn } from './types.ts'

/** Whose conversation: a signed-in user, or a guest known only by the guest token. */
export type ChatOwner = { key: string; userId: string | null }

export const userOwner = (userId: string): ChatOwner => ({ key: `user:${userId}`, userId })
/** The guest token is a credential of sorts: only its hash is stored. */
export const guestOwner = (guestToken: string): ChatOwner => ({ key: `guest:${sha256(guestToken)}`, userId: null })

/** Guests' conversations untouched this long are deleted. */
export const guestConversationTtlMs = 30 * 24 * 60 * 60_000

export type ChatHistory = ReturnType<typeof createChatHistory>

/** Conversations in the database, so any process behind a load balancer can carry one on. */
export function createChatHistory({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  /** The recent turns of every conversation asked for in one turn of the event loop, in one statement. */
  const recentOne = batched(async (asks: { key: string; limit: number }[]) => {
    const keys = [...new Set(asks.map((a) => a.key))]
    const ranked = db
      .select({
        ownerKey: chatConversations.ownerKey,
        role: chatMessages.role,
        text: chatMessages.text,
        id: chatMessages.id,
        rank: sql<number>`row_number() over (partition by ${chatConversations.ownerKey} order by ${chatMessages.id} desc)::int`.as('rank'),
      })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(inArray(chatConversations.ownerKey, keys))
      .as('ranked')
    const rows = await db
      .select({ ownerKey: ranked.ownerKey, role: ranked.role, text: ranked.text, rank: ranked.rank })
      .from(ranked)
      .where(lte(ranked.rank, Math.max(...asks.map((a) => a.limit))))
      .orderBy(ranked.id)
    return asks.map(({ key, limit }) =>
      rows.filter((row) => row.ownerKey === key && row.rank <= limit).map((row): ChatTurn => ({ role: row.role, text: row.text })),
    )
  })

  return {
    /** The last `limit` turns, oldest first. */
    recent: (owner: ChatOwner, limit: number): Promise<ChatTurn[]> => recentOne({ key: owner.key, limit }),

    /** A question and its answer, stored together once the answer is complete. */
    async append(owner: ChatOwner, question: { text: string; at: Date }, answer: { text: string; sources: ChatSource[] }) {
      const now = clock.now()
      const [conversation] = await db
        .insert(chatConversations)
        .values({ ownerKey: owner.key, userId: owner.userId, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: chatConversations.ownerKey, set: { updatedAt: now } })
        .returning({ id: chatConversations.id })
      await db.insert(chatMessages).values([
        { conversationId: conversation!.id, role: 'user', text: question.text, sources: [], createdAt: question.at },
        { conversationId: conversation!.id, role: 'assistant', text: answer.text, sources: answer.sources, createdAt: now },
      ])
    },

    /** Spec section 4: closing the drawer resets the stored history. */
    async reset(owner: ChatOwner) {
      await db.delete(chatConversations).where(eq(chatConversations.ownerKey, owner.key))
    },

    /** Everything one owner said and was told, oldest first (for tests and a data export). */
    async all(owner: ChatOwner) {
      return db
        .select({ role: chatMessages.role, text: chatMessages.text, sources: chatMessages.sources, createdAt: chatMessages.createdAt })
        .from(chatMessages)
        .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
        .where(eq(chatConversations.ownerKey, owner.key))
        .orderBy(chatMessages.id)
    },

    pruneGuests(before: Date) {
      return db.delete(chatConversations).where(and(isNull(chatConversations.userId), lt(chatConversations.updatedAt, before)))
    },
  }
}

import { and, desc, eq, isNull, lt } from 'drizzle-orm'
import type { ChatSource } from '~contract/chat.ts'
import { chatConversations, chatMessages } from '../../db/schema.ts'
import type { Deps } from '../../deps.ts'
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
  return {
    /** The last `limit` turns, oldest first. */
    async recent(owner: ChatOwner, limit: number): Promise<ChatTurn[]> {
      const rows = await db
        .select({ role: chatMessages.role, text: chatMessages.text })
        .from(chatMessages)
        .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
        .where(eq(chatConversations.ownerKey, owner.key))
        .orderBy(desc(chatMessages.id))
        .limit(limit)
      return rows.reverse()
    },

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

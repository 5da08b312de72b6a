// What an account holds, read for its export and its erasure: every address it holds or held,
// and the JSON export of everything kept about the user (no secrets), streamed a few documents at a time.
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { AccountExport } from '~contract/auth.ts'
import type { Db } from '../../db/open.ts'
import {
  articles,
  chatConversations,
  chatMessages,
  contactMessages,
  coverLetters,
  emailVerifications,
  listeningPositions,
  newsletterSubscribers,
  outbox,
  passwordResetTokens,
  playlistItems,
  refreshTokens,
  resumes,
  userIdentities,
  users,
} from '../../db/schema.ts'
import type { Deps } from '../../deps.ts'

type Store = Pick<Deps, 'db' | 'clock'>

/** Saved documents read per query while an export streams (10 resumes: about half a megabyte). */
const exportPageSize = 10

/** Every address the account holds or held: its own, its providers', and the ones it changed from. */
export async function accountAddresses(db: Db, user: { id: string; email: string }) {
  const identities = await db.select({ email: userIdentities.email }).from(userIdentities).where(eq(userIdentities.userId, user.id))
  const earlier = await db
    .select({ email: emailVerifications.replacedEmail })
    .from(emailVerifications)
    .where(and(eq(emailVerifications.userId, user.id), isNotNull(emailVerifications.replacedEmail)))
  return [...new Set([user.email, ...identities.map((i) => i.email), ...earlier.map((e) => e.email!)].map((e) => e.toLowerCase()))]
}

/** The export without the saved documents (those are streamed, see exportJson). */
async function exportSummary({ db, clock }: Store, userId: string): Promise<Omit<AccountExport, 'resumes' | 'cover_letters'>> {
  const [account] = await db.select().from(users).where(eq(users.id, userId))
  const identities = await db.select().from(userIdentities).where(eq(userIdentities.userId, userId)).orderBy(asc(userIdentities.createdAt))
  const addresses = await accountAddresses(db, account!)
  const mails = await db
    .select({ to: outbox.recipient, subject: outbox.subject, createdAt: outbox.createdAt })
    .from(outbox)
    .where(inArray(sql`lower(${outbox.recipient})`, addresses))
    .orderBy(asc(outbox.createdAt))
  const sessions = await db
    .select({
      startedAt: sql<Date>`min(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
      lastRefreshedAt: sql<Date>`max(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
      expiresAt: sql<Date>`max(${refreshTokens.expiresAt})`.mapWith(refreshTokens.expiresAt),
      revoked: sql<boolean>`bool_or(${refreshTokens.revokedAt} is not null)`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId))
    .groupBy(refreshTokens.familyId)
    .orderBy(sql`min(${refreshTokens.createdAt})`)
  const resets = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).orderBy(asc(passwordResetTokens.createdAt))
  const subscriptions = await db
    .select()
    .from(newsletterSubscribers)
    .where(inArray(sql`lower(${newsletterSubscribers.email})`, addresses))
  const messages = await db
    .select()
    .from(contactMessages)
    .where(inArray(sql`lower(${contactMessages.email})`, addresses))
    .orderBy(asc(contactMessages.createdAt))
  const chat = await db
    .select({ role: chatMessages.role, text: chatMessages.text, sources: chatMessages.sources, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatMessages.conversationId, chatConversations.id))
    .where(eq(chatConversations.userId, userId))
    .orderBy(asc(chatMessages.id))
  const playlist = await db
    .select({ audioId: articles.slug, title: articles.title, addedAt: playlistItems.createdAt })
    .from(playlistItems)
    .innerJoin(articles, eq(playlistItems.articleId, articles.id))
    .where(eq(playlistItems.userId, userId))
    .orderBy(asc(playlistItems.sortOrder))
  const positions = await db
    .select({ audioId: articles.slug, position: listeningPositions.positionS, updatedAt: listeningPositions.updatedAt })
    .from(listeningPositions)
    .innerJoin(articles, eq(listeningPositions.articleId, articles.id))
    .where(eq(listeningPositions.userId, userId))
    .orderBy(asc(articles.slug))
  const now = clock.now()
  return {
    exported_at: now.toISOString(),
    account: {
      id: account!.id,
      email: account!.email,
      created_at: account!.createdAt.toISOString(),
      updated_at: account!.updatedAt.toISOString(),
      has_password: account!.passwordHash !== null,
      plan: 'free',
      email_verified: account!.emailVerifiedAt !== null,
      earlier_emails: addresses.filter((a) => a !== account!.email.toLowerCase() && !identities.some((i) => i.email.toLowerCase() === a)),
    },
    stored_mails: mails.map((m) => ({ to: m.to, subject: m.subject, kept_at: m.createdAt.toISOString() })),
    identities: identities.map((i) => ({
      provider: i.provider,
      subject: i.subject,
      email: i.email,
      linked_at: i.createdAt.toISOString(),
    })),
    sessions: sessions.map((s) => ({
      started_at: s.startedAt.toISOString(),
      last_refreshed_at: s.lastRefreshedAt.toISOString(),
      expires_at: s.expiresAt.toISOString(),
      status: s.revoked ? 'signed_out' : s.expiresAt <= now ? 'expired' : 'active',
    })),
    password_resets: resets.map((r) => ({
      requested_at: r.createdAt.toISOString(),
      expires_at: r.expiresAt.toISOString(),
      used_at: r.usedAt?.toISOString() ?? null,
    })),
    newsletter_subscriptions: subscriptions.map((s) => ({
      email: s.email,
      subscribed_at: s.createdAt.toISOString(),
      confirmed_at: s.confirmedAt?.toISOString() ?? null,
    })),
    contact_messages: messages.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      topic: m.topic,
      message: m.message,
      sent_at: m.createdAt.toISOString(),
    })),
    chat_messages: chat.map((m) => ({
      role: m.role,
      text: m.text,
      sources: m.sources.map((source) => ({ title: source.title, url: source.url })),
      sent_at: m.createdAt.toISOString(),
    })),
    playlist: playlist.map((p) => ({ audio_id: p.audioId, title: p.title, added_at: p.addedAt.toISOString() })),
    listening_positions: positions.map((p) => ({ audio_id: p.audioId, position: p.position, updated_at: p.updatedAt.toISOString() })),
  }
}

/** One kind of saved document, oldest first, read a page at a time (keyset on creation time and id). */
async function* savedDocuments(db: Db, userId: string, table: typeof resumes | typeof coverLetters) {
  // The creation time as PostgreSQL's text keeps its microseconds (a JS Date would round them).
  let after: { createdAt: string; id: string } | null = null
  for (;;) {
    const page: { id: string; title: string; template: string; data: unknown; version: number; updatedAt: Date; cursor: string }[] = await db
      .select({
        id: table.id,
        title: table.title,
        template: table.template,
        data: table.data,
        version: table.version,
        updatedAt: table.updatedAt,
        cursor: sql<string>`${table.createdAt}::text`,
      })
      .from(table)
      .where(
        and(
          eq(table.userId, userId),
          after ? sql`(${table.createdAt}, ${table.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(table.createdAt), asc(table.id))
      .limit(exportPageSize)
    for (const d of page)
      yield { id: d.id, title: d.title, template: d.template, data: d.data, version: d.version, updated_at: d.updatedAt.toISOString() }
    if (page.length < exportPageSize) return
    const last: { id: string; cursor: string } = page.at(-1)!
    after = { createdAt: last.cursor, id: last.id }
  }
}

/**
 * Everything kept about the user, without secrets (no hashes, no tokens), as JSON text in
 * pieces: the account's small sections first, then its saved documents a few at a time, so
 * memory stays flat however much an account holds (100 resumes of 47 KB: 5 MB of JSON).
 */
export async function* accountExportJson(store: Store, userId: string): AsyncGenerator<string> {
  const summary = await exportSummary(store, userId)
  const nested = (value: unknown, indent: string) => JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`)
  yield '{\n'
  for (const [key, value] of Object.entries(summary)) yield `  ${JSON.stringify(key)}: ${nested(value, '  ')},\n`
  const kinds = [
    ['resumes', resumes],
    ['cover_letters', coverLetters],
  ] as const
  for (const [index, [key, table]] of kinds.entries()) {
    yield `  ${JSON.stringify(key)}: [`
    let count = 0
    for await (const document of savedDocuments(store.db, userId, table)) {
      yield `${count === 0 ? '\n' : ',\n'}    ${nested(document, '    ')}`
      count += 1
    }
    yield `${count === 0 ? '' : '\n  '}]${index < kinds.length - 1 ? ',' : ''}\n`
  }
  yield '}\n'
}

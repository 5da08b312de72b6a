import { and, asc, eq, sql } from 'drizzle-orm'
import { PLAYLIST_MAX, playlistMessages, type PlaylistItem } from '~contract/playlist.ts'
import type { Db } from '../../db/open.ts'
import { listeningPositions, playlistItems } from '../../db/schema.ts'
import { FieldError, Refusal } from '../errors.ts'
import type { Library, LibrarySnapshot, StoredArticle } from '../library/index.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import type { Narrator } from './tts.ts'

export type Playlist = ReturnType<typeof createPlaylist>

/**
 * The signed-in user's playlist of narrated articles and where they stopped in each one.
 * The audio id is the narrator's id of an article (its slug); rows keep the article id.
 */
export function createPlaylist({ db, library, narrator }: { db: Db; library: Library; narrator: Narrator }) {
  async function content(): Promise<LibrarySnapshot> {
    const [snapshot] = await Promise.all([library.snapshot(), narrator.loaded()])
    return snapshot
  }

  function articleOf(snapshot: LibrarySnapshot, audioId: string): StoredArticle | undefined {
    // The narrator names an article's audio by its slug.
    const article = snapshot.bySlug.get(audioId)
    return article && narrator.audioOf(article).id === audioId ? article : undefined
  }

  function item(article: StoredArticle, position: number | null): PlaylistItem {
    const audio = narrator.audioOf(article)
    return {
      audioId: audio.id,
      title: article.title,
      articleSlug: article.slug,
      url: audio.url,
      peaksUrl: audio.peaks_url,
      duration: audio.duration,
      status: audio.status,
      position: Math.round(position ?? 0),
    }
  }

  async function rows(userId: string) {
    return db
      .select({ articleId: playlistItems.articleId, position: listeningPositions.positionS })
      .from(playlistItems)
      .leftJoin(
        listeningPositions,
        and(eq(listeningPositions.userId, playlistItems.userId), eq(listeningPositions.articleId, playlistItems.articleId)),
      )
      .where(eq(playlistItems.userId, userId))
      .orderBy(asc(playlistItems.sortOrder), asc(playlistItems.createdAt))
  }

  async function list(userId: string): Promise<PlaylistItem[]> {
    const [snapshot, found] = await Promise.all([content(), rows(userId)])
    const byId = new Map(snapshot.articles.map((article) => [article.id, article]))
    return found.flatMap((row) => {
      const article = byId.get(row.articleId)
      return article ? [item(article, row.position)] : []
    })
  }

  /** The article behind an audio id in a request body: unknown ones are a field error. */
  async function requireArticle(audioId: string, field = 'audioId'): Promise<StoredArticle> {
    const article = articleOf(await content(), audioId)
    if (!article) throw new FieldError({ [field]: [playlistMessages.unknownAudio] })
    return article
  }

  return {
    list,

    /** Appends a track; 409 when it is there already, 400 when the playlist is full. */
    async add(userId: string, audioId: string): Promise<PlaylistItem> {
      const article = await requireArticle(audioId)
      const [stats] = await db
        .select({ count: sql<number>`count(*)::int`, last: sql<number | null>`max(${playlistItems.sortOrder})` })
        .from(playlistItems)
        .where(eq(playlistItems.userId, userId))
      if ((stats?.count ?? 0) >= PLAYLIST_MAX) throw new Refusal('invalid', playlistMessages.full)
      try {
        await db.insert(playlistItems).values({ userId, articleId: article.id, sortOrder: (stats?.last ?? -1) + 1 })
      } catch (error) {
        if (isUniqueViolation(error)) throw new Refusal('conflict', playlistMessages.duplicate)
        throw error
      }
      const [remembered] = await db
        .select({ position: listeningPositions.positionS })
        .from(listeningPositions)
        .where(and(eq(listeningPositions.userId, userId), eq(listeningPositions.articleId, article.id)))
      return item(article, remembered?.position ?? null)
    },

    /** Removes one track; 404 when it is not in the playlist. The remembered position stays. */
    async remove(userId: string, audioId: string): Promise<void> {
      const article = articleOf(await content(), audioId)
      const removed = article
        ? await db
            .delete(playlistItems)
            .where(and(eq(playlistItems.userId, userId), eq(playlistItems.articleId, article.id)))
            .returning({ articleId: playlistItems.articleId })
        : []
      if (removed.length === 0) throw new Refusal('not-found', playlistMessages.notInPlaylist)
    },

    async clear(userId: string): Promise<void> {
      await db.delete(playlistItems).where(eq(playlistItems.userId, userId))
    },

    /** A new order: every track of the playlist exactly once. */
    async reorder(userId: string, audioIds: string[]): Promise<PlaylistItem[]> {
      const snapshot = await content()
      const current = await rows(userId)
      const wanted = audioIds.map((id) => articleOf(snapshot, id)?.id)
      const have = new Set(current.map((row) => row.articleId))
      const complete = wanted.length === have.size && new Set(wanted).size === wanted.length && wanted.every((id) => id !== undefined && have.has(id))
      if (!complete) throw new FieldError({ audioIds: [playlistMessages.orderMismatch] })
      // One statement: the whole order changes at once, without a transaction held open.
      if (wanted.length > 0) {
        const cases = sql.join(
          wanted.map((id, index) => sql`when ${id!}::int then ${index}::int`),
          sql` `,
        )
        await db
          .update(playlistItems)
          .set({ sortOrder: sql`case ${playlistItems.articleId} ${cases} end` })
          .where(eq(playlistItems.userId, userId))
      }
      return list(userId)
    },

    /** Where the listener stopped in one narration (kept even when the track leaves the playlist). */
    async savePosition(userId: string, audioId: string, position: number, at: Date): Promise<void> {
      const article = articleOf(await content(), audioId)
      if (!article) throw new Refusal('not-found', playlistMessages.unknownAudio)
      const positionS = Math.round(position)
      await db
        .insert(listeningPositions)
        .values({ userId, articleId: article.id, positionS, updatedAt: at })
        .onConflictDoUpdate({ target: [listeningPositions.userId, listeningPositions.articleId], set: { positionS, updatedAt: at } })
    },
  }
}

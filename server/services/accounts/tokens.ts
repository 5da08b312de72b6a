import { randomUUID } from 'node:crypto'
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import { appSecrets, refreshTokens, users } from '../../db/schema.ts'
import type { Deps } from '../../deps.ts'
import { randomToken, sha256 } from '../../lib/crypto.ts'

export const accessTokenTtlSeconds = 15 * 60
export const refreshTokenTtlMs = 30 * 24 * 60 * 60_000

export type IssuedTokens = { access: string; refresh: string }

/** What a valid access token says: whose it is and which sign-in (refresh family) made it. */
export type AccessClaims = { userId: string; familyId: string }

/** The signed-in user as the auth middleware finds them. */
export type SessionUser = {
  id: string
  email: string
  passwordHash: string | null
  createdAt: Date
  familyId: string
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const signingKeyName = 'access_token_hs256_key'

export type Tokens = ReturnType<typeof createTokens>

/**
 * Access tokens: HS256 JWTs for 15 minutes. Refresh tokens: opaque, 30 days, rotated on every
 * use; a family is one sign-in. Presenting a rotated token again revokes its family (RFC 9700).
 */
export function createTokens({ db, clock, config, log }: Pick<Deps, 'db' | 'clock' | 'config' | 'log'>) {
  let key: Promise<Uint8Array> | undefined

  /** JWT_SECRET, or a key made once and kept in the database so every process agrees. */
  function signingKey() {
    key ??= (async () => {
      if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret)
      await db
        .insert(appSecrets)
        .values({ name: signingKeyName, value: randomToken(32), createdAt: clock.now() })
        .onConflictDoNothing()
      const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, signingKeyName))
      return new Uint8Array(Buffer.from(row!.value, 'base64url'))
    })().catch((error: unknown) => {
      key = undefined
      throw error
    })
    return key
  }

  async function signAccess(user: { id: string; email: string }, familyId: string) {
    const now = Math.floor(clock.now().getTime() / 1000)
    return new SignJWT({ email: user.email, type: 'access', sid: familyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + accessTokenTtlSeconds)
      .sign(await signingKey())
  }

  async function insertRefresh(userId: string, familyId: string) {
    const refresh = randomToken()
    const now = clock.now()
    const [row] = await db
      .insert(refreshTokens)
      .values({
        userId,
        familyId,
        tokenHash: sha256(refresh),
        createdAt: now,
        expiresAt: new Date(now.getTime() + refreshTokenTtlMs),
      })
      .returning({ id: refreshTokens.id })
    return { id: row!.id, refresh }
  }

  /**
   * Revocations run their update twice. A refresh that committed while the first pass waited
   * on its row lock added a token the first pass's snapshot cannot see (READ COMMITTED); the
   * second pass, a new statement, sees it. Without this, that token would outlive the sign-out
   * once the family's older rows are pruned.
   */
  async function twice(update: () => PromiseLike<unknown>) {
    await update()
    await update()
  }

  function revokeFamily(familyId: string) {
    return twice(() =>
      db
        .update(refreshTokens)
        .set({ revokedAt: clock.now() })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt))),
    )
  }

  const familyRevoked = (familyId: string) =>
    sql<boolean>`exists (select 1 from refresh_tokens r where r.family_id = ${familyId} and r.revoked_at is not null)`
  // Written out: drizzle leaves a column of the selected table unqualified in select fields.
  const ownFamilyRevoked = sql<boolean>`exists (select 1 from refresh_tokens r where r.family_id = refresh_tokens.family_id and r.revoked_at is not null)`

  return {
    /** A new sign-in: a new refresh family and its first pair of tokens. */
    async issue(user: { id: string; email: string }): Promise<IssuedTokens> {
      const familyId = randomUUID()
      const { refresh } = await insertRefresh(user.id, familyId)
      return { access: await signAccess(user, familyId), refresh }
    },

    /** undefined for a bad signature, another type, an expired token (by deps.clock). */
    async verifyAccess(token: string): Promise<AccessClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, await signingKey(), {
          algorithms: ['HS256'],
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'iat', 'jti'],
        })
        if (payload.type !== 'access' || typeof payload.sid !== 'string') return undefined
        if (!uuidPattern.test(payload.sub!) || !uuidPattern.test(payload.sid)) return undefined
        return { userId: payload.sub!, familyId: payload.sid }
      } catch {
        return undefined
      }
    },

    /**
     * The user of an access token while its sign-in lasts: signing out, a password reset or
     * change, and account deletion end access tokens at once, not 15 minutes later.
     */
    async sessionUser(claims: AccessClaims): Promise<SessionUser | undefined> {
      const [user] = await db
        .select({ id: users.id, email: users.email, passwordHash: users.passwordHash, createdAt: users.createdAt })
        .from(users)
        .where(
          and(
            eq(users.id, claims.userId),
            sql`exists (select 1 from refresh_tokens r where r.family_id = ${claims.familyId} and r.user_id = ${users.id})`,
            sql`not ${familyRevoked(claims.familyId)}`,
          ),
        )
      return user && { ...user, familyId: claims.familyId }
    },

    /**
     * The next pair for a valid refresh token; undefined (401) for anything else. One statement
     * claims the token (only while unused, unexpired, unrevoked in an unrevoked sign-in, of a
     * user who still exists) and inserts its successor, so exactly one of concurrent uses wins:
     * PGlite runs one statement at a time, and on PostgreSQL a second use waits for the row lock
     * and then finds the token rotated. Only a miss looks again, to tell a reuse (which revokes
     * the sign-in) from an unknown, expired or revoked token. A loser sees the token rotated only
     * once the winner's successor is committed with it, so its revocation ends that one too.
     */
    async rotate(presented: string): Promise<(IssuedTokens & { email: string }) | undefined> {
      const presentedHash = sha256(presented)
      const now = clock.now()
      const at = now.toISOString()
      const next = { id: randomUUID(), refresh: randomToken() }
      const expires = new Date(now.getTime() + refreshTokenTtlMs).toISOString()
      const result = await db.execute(sql`
        with claimed as (
          update refresh_tokens t
          set rotated_at = ${at}::timestamptz, replaced_by = ${next.id}::uuid
          from users u
          where t.token_hash = ${presentedHash}
            and u.id = t.user_id
            and t.rotated_at is null
            and t.revoked_at is null
            and t.expires_at > ${at}::timestamptz
            and not exists (select 1 from refresh_tokens r where r.family_id = t.family_id and r.revoked_at is not null)
          returning t.user_id, t.family_id, u.email
        ), inserted as (
          insert into refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at)
          select ${next.id}::uuid, user_id, family_id, ${sha256(next.refresh)}, ${at}::timestamptz, ${expires}::timestamptz
          from claimed
          returning user_id
        )
        select c.user_id, c.family_id, c.email from claimed c join inserted i on i.user_id = c.user_id`)
      // Both drivers answer { rows }, which drizzle's shared type does not show.
      const [rotated] = (result as unknown as { rows: { user_id: string; family_id: string; email: string }[] }).rows
      if (rotated) {
        const user = { id: rotated.user_id, email: rotated.email }
        return { access: await signAccess(user, rotated.family_id), refresh: next.refresh, email: user.email }
      }

      const [row] = await db
        .select({
          userId: refreshTokens.userId,
          familyId: refreshTokens.familyId,
          rotatedAt: refreshTokens.rotatedAt,
          familyRevoked: ownFamilyRevoked,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, presentedHash))
      // Unknown, or its sign-in already ended (signed out, reused, password reset).
      if (!row || row.familyRevoked) return undefined
      // Rotated before, or by a concurrent use of the same token a moment ago: a reuse.
      if (row.rotatedAt) {
        log.warn(`A rotated refresh token was presented again: sign-in ${row.familyId} of user ${row.userId} is revoked.`)
        await revokeFamily(row.familyId)
        return undefined
      }
      // Expired, or its user was deleted meanwhile.
      return undefined
    },

    /** Sign-out: ends the whole sign-in the token belongs to, whatever state the token is in. */
    async revoke(presented: string): Promise<void> {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(presented)))
      if (row) await revokeFamily(row.familyId)
    },

    /** Every sign-in of a user, or every one but `keepFamilyId` (the caller's own). */
    async revokeAll(userId: string, keepFamilyId?: string): Promise<void> {
      await twice(() =>
        db
          .update(refreshTokens)
          .set({ revokedAt: clock.now() })
          .where(
            and(
              eq(refreshTokens.userId, userId),
              isNull(refreshTokens.revokedAt),
              keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
            ),
          ),
      )
    },

    /** Rows nobody can use any more: expired for a day (reuse detection needs them until expiry). */
    prune(before: Date) {
      return db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, before))
    },
  }
}

import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import { appSecrets, refreshTokens, users } from '../db/schema.ts'
import type { Deps } from '../deps.ts'

export const accessTokenTtlSeconds = 15 * 60
export const refreshTokenTtlMs = 30 * 24 * 60 * 60_000

/** 256 random bits, URL-safe: refresh tokens, reset tokens, OAuth state and verifier. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url')

/** Tokens are stored only as this hash: a leaked table gives nobody a session. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

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
      const [row] = await db
        .select({ value: appSecrets.value })
        .from(appSecrets)
        .where(eq(appSecrets.name, signingKeyName))
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

  function revokeFamily(familyId: string) {
    return db
      .update(refreshTokens)
      .set({ revokedAt: clock.now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
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

    /** The next pair for a valid refresh token; undefined (401) for anything else. */
    async rotate(presented: string): Promise<(IssuedTokens & { email: string }) | undefined> {
      const [row] = await db
        .select({
          id: refreshTokens.id,
          userId: refreshTokens.userId,
          familyId: refreshTokens.familyId,
          expiresAt: refreshTokens.expiresAt,
          rotatedAt: refreshTokens.rotatedAt,
          familyRevoked: ownFamilyRevoked,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(presented)))
      if (!row || row.familyRevoked) return undefined
      const reuse = () => {
        log.warn(
          `A rotated refresh token was presented again: sign-in ${row.familyId} of user ${row.userId} is revoked.`,
        )
        return revokeFamily(row.familyId).then(() => undefined)
      }
      if (row.rotatedAt) return reuse()
      if (row.expiresAt.getTime() <= clock.now().getTime()) return undefined

      // Only one caller can rotate a token; a concurrent second use counts as reuse.
      const [claimed] = await db
        .update(refreshTokens)
        .set({ rotatedAt: clock.now() })
        .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id })
      if (!claimed) return reuse()

      const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, row.userId))
      if (!user) return undefined
      const next = await insertRefresh(row.userId, row.familyId)
      await db.update(refreshTokens).set({ replacedBy: next.id }).where(eq(refreshTokens.id, row.id))
      // A reuse revoking the family while we inserted must not leave the new token alive.
      const [stillValid] = await db
        .select({ revoked: familyRevoked(row.familyId) })
        .from(refreshTokens)
        .where(eq(refreshTokens.id, next.id))
      if (!stillValid || stillValid.revoked) {
        await revokeFamily(row.familyId)
        return undefined
      }
      return { access: await signAccess(user, row.familyId), refresh: next.refresh, email: user.email }
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
      await db
        .update(refreshTokens)
        .set({ revokedAt: clock.now() })
        .where(
          and(
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
            keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
          ),
        )
    },

    /** Rows nobody can use any more: expired for a day (reuse detection needs them until expiry). */
    prune(before: Date) {
      return db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, before))
    },
  }
}

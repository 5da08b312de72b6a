import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import { oauthProviderNames, type Me, type OAuthProvider } from '~contract/auth.ts'
import { contactMessages, emailVerifications, newsletterSubscribers, outbox, passwordResetTokens, userIdentities, users } from '../../db/schema.ts'
import type { Deps, Mail } from '../../deps.ts'
import type { PasswordWork } from './password-work.ts'
import type { RateLimiter } from '../rate-limit.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { randomToken, sha256 } from '../../lib/crypto.ts'
import type { Tokens } from './tokens.ts'
import { accountAddresses, accountExportJson } from './account-data.ts'

export const resetTokenTtlMs = 60 * 60_000
export const verificationTtlMs = 24 * 60 * 60_000

/** What opening an e-mail link did. */
export type VerifyOutcome = { ok: true; email: string; changed: boolean } | { ok: false; reason: 'invalid' | 'taken' }

export type User = { id: string; email: string; passwordHash: string | null; createdAt: Date }

/** Rate-limit keys that name an address; erasure forgets them. */
export const limitKeys = {
  signInAccount: (email: string) => `signin:account:${email.toLowerCase()}`,
  signInAccountIp: (email: string, ip: string) => `signin:account-ip:${email.toLowerCase()}:${ip}`,
  signInIp: (ip: string) => `signin:ip:${ip}`,
  registerIp: (ip: string) => `register:ip:${ip}`,
  resetAddress: (email: string) => `reset:address:${email.toLowerCase()}`,
  resetIp: (ip: string) => `reset:ip:${ip}`,
  subscribeIp: (ip: string) => `subscribe:ip:${ip}`,
  contactIp: (ip: string) => `contact:ip:${ip}`,
  eventsIp: (ip: string) => `events:ip:${ip}`,
  passwordAttemptsIp: (ip: string) => `password:ip:${ip}`,
  signInsAccount: (userId: string) => `signins:account:${userId}`,
  verificationMailsAccount: (userId: string) => `verify:account:${userId}`,
}

const userColumns = { id: users.id, email: users.email, passwordHash: users.passwordHash, createdAt: users.createdAt }
const sameAddress = (column: typeof users.email, email: string) => sql`lower(${column}) = ${email.toLowerCase()}`
const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`

export type Accounts = ReturnType<typeof createAccounts>

export function createAccounts(
  { db, clock, mailer, log, config }: Pick<Deps, 'db' | 'clock' | 'mailer' | 'log' | 'config'>,
  tokens: Tokens,
  limiter: RateLimiter,
  passwords: PasswordWork,
) {
  /** Notices must not fail the change they report: a mail problem is logged, not answered. */
  async function notify(mail: Mail) {
    try {
      await mailer.send(mail)
    } catch (error) {
      log.error(`The mail "${mail.subject}" could not be sent`, error)
    }
  }

  const passwordChangedMail = (email: string, origin: string): Mail => ({
    to: email,
    subject: 'Your Waypoint password was changed',
    text: [
      'Hello,',
      '',
      `The password of your Waypoint account (${email}) was changed on ${when(clock.now())}.`,
      'Every device signed in with the old password has been signed out.',
      '',
      'If you did not change it, reset your password now and tell us:',
      `${origin}/userlogin`,
      `${config.contactInbox}`,
      '',
      'Waypoint',
    ].join('\n'),
  })

  async function findByEmail(email: string): Promise<User | undefined> {
    const [user] = await db.select(userColumns).from(users).where(sameAddress(users.email, email))
    return user
  }

  /** A single-use link for `email` (the account's own, or a new one), valid for a day. */
  async function newVerification(userId: string, email: string, origin: string) {
    const token = randomToken()
    const now = clock.now()
    await db.insert(emailVerifications).values({
      userId,
      email,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + verificationTtlMs),
    })
    return `${origin}/verify-email?token=${token}`
  }

  const verificationMail = (email: string, link: string, change: boolean): Mail => ({
    to: email,
    subject: change ? 'Confirm your new Waypoint e-mail address' : 'Confirm your Waypoint e-mail address',
    link,
    text: [
      'Hello,',
      '',
      change
        ? `Someone, hopefully you, asked to use ${email} for their Waypoint account. The change takes effect when you open this link within 24 hours:`
        : `Welcome to Waypoint. Please confirm that ${email} is your address by opening this link within 24 hours:`,
      '',
      link,
      '',
      change
        ? 'If you did not ask for it, ignore this e-mail: nothing changes.'
        : 'If you did not sign up, ignore this e-mail: the account cannot take over your address, and you can still sign in with Google or LinkedIn using it.',
      '',
      'Waypoint',
    ].join('\n'),
  })

  const takeoverMail = (email: string, provider: OAuthProvider, origin: string): Mail => ({
    to: email,
    subject: 'Your Waypoint account is now yours alone',
    text: [
      'Hello,',
      '',
      `You signed in to Waypoint with ${oauthProviderNames[provider]}, which confirmed that ${email} is yours.`,
      'A Waypoint account already used this address, but nobody had ever confirmed it: it may have been',
      'made by someone else. It is now yours alone: its password was removed and every device signed in',
      'to it was signed out. Anything saved in it that you do not recognise was not made by you.',
      '',
      `To sign in with a password as well, choose one with "Forgot password" at ${origin}/userlogin.`,
      `Questions: ${config.contactInbox}`,
      '',
      'Waypoint',
    ].join('\n'),
  })

  /** Ends the unused links of an account (another was used, or the account changed hands). */
  /** The mail an e-mail change sends: a link, or that the address already has an account. */
  async function emailChangeMail(user: { id: string; email: string }, email: string, origin: string): Promise<Mail | undefined> {
    await db
      .update(emailVerifications)
      .set({ usedAt: clock.now() })
      .where(
        and(
          eq(emailVerifications.userId, user.id),
          isNull(emailVerifications.usedAt),
          sql`lower(${emailVerifications.email}) <> ${user.email.toLowerCase()}`,
        ),
      )
    if (email === user.email.toLowerCase()) return undefined
    const link = await newVerification(user.id, email, origin)
    const owner = await findByEmail(email)
    if (!owner) return verificationMail(email, link, true)
    return {
      to: email,
      subject: 'Your Waypoint e-mail address',
      text: [
        'Hello,',
        '',
        `Someone asked to use ${email} for another Waypoint account. This address already has an account, so nothing was changed.`,
        `If that was you, sign in with ${email} instead. If not, you need do nothing.`,
        '',
        'Waypoint',
      ].join('\n'),
    }
  }

  async function endLinks(userId: string) {
    const now = clock.now()
    await db
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)))
    await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
  }

  return {
    findByEmail,

    /** Tells the owner of an account that it sees a burst of wrong passwords (ASVS V2.2.3). */
    async warnOfFailures(user: { email: string }, failures: number, origin: string) {
      await notify({
        to: user.email,
        subject: 'Failed sign-ins to your Waypoint account',
        text: [
          'Hello,',
          '',
          `Within the hour up to ${when(clock.now())}, ${failures} attempts to sign in to your Waypoint account (${user.email}) used a wrong password.`,
          'Nobody got in with them. You can still sign in as usual; the addresses they came from have to wait.',
          '',
          'If these were not you, choose a new, longer password that you use nowhere else:',
          `${origin}/userlogin`,
          '',
          'Waypoint',
        ].join('\n'),
      })
    },

    /** Mails a link that proves the account's own address (after sign-up, or asked again). */
    async sendVerification(user: { id: string; email: string }, origin: string) {
      await mailer.send(verificationMail(user.email, await newVerification(user.id, user.email, origin), false))
    },

    async isVerified(userId: string) {
      const [row] = await db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId))
      return Boolean(row?.at)
    },

    /**
     * Asks to move the account to `email`. The same is stored and answered whether or not the
     * address has an account; the mail to it says which: a link, or that nothing can change.
     * The mail goes out after the answer, so its timing tells nothing either.
     */
    async requestEmailChange(user: { id: string; email: string }, email: string, origin: string): Promise<void> {
      const mail = await emailChangeMail(user, email, origin)
      if (mail) void mailer.send(mail).catch((error: unknown) => log.error('An e-mail change mail could not be sent', error))
    },

    /** Opens a link: proves the account's address, or moves the account to its new one (the old is told). */
    async verifyEmail(token: string): Promise<VerifyOutcome> {
      const now = clock.now()
      let moved: { from: string; to: string } | undefined
      try {
        const outcome = await db.transaction(async (tx): Promise<VerifyOutcome> => {
          const [claimed] = await tx
            .update(emailVerifications)
            .set({ usedAt: now })
            .where(and(eq(emailVerifications.tokenHash, sha256(token)), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, now)))
            .returning({ userId: emailVerifications.userId, email: emailVerifications.email })
          if (!claimed) return { ok: false, reason: 'invalid' }
          const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, claimed.userId))
          if (!user) return { ok: false, reason: 'invalid' }
          if (claimed.email.toLowerCase() !== user.email.toLowerCase()) {
            // Another account took the address meanwhile: the unique index refuses, nothing changes.
            if (
              await tx
                .select({ id: users.id })
                .from(users)
                .where(sameAddress(users.email, claimed.email))
                .then((r) => r.length > 0)
            ) {
              return { ok: false, reason: 'taken' }
            }
            moved = { from: user.email, to: claimed.email }
            await tx
              .update(emailVerifications)
              .set({ usedAt: now })
              .where(and(eq(emailVerifications.userId, claimed.userId), isNull(emailVerifications.usedAt)))
            await tx
              .update(emailVerifications)
              .set({ replacedEmail: user.email })
              .where(eq(emailVerifications.tokenHash, sha256(token)))
          }
          await tx.update(users).set({ email: claimed.email, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, claimed.userId))
          return { ok: true, email: claimed.email, changed: moved !== undefined }
        })
        if (moved) {
          const { from, to } = moved
          await notify({
            to: from,
            subject: 'Your Waypoint e-mail address was changed',
            text: [
              'Hello,',
              '',
              `The e-mail address of your Waypoint account was changed to ${to} on ${when(now)}.`,
              `If you did not change it, write to ${config.contactInbox} at once.`,
              '',
              'Waypoint',
            ].join('\n'),
          })
        }
        return outcome
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: 'taken' }
        throw error
      }
    },

    /** The new account, or undefined when the address is taken. */
    async register(email: string, password: string): Promise<User | undefined> {
      const passwordHash = await passwords.hash(password)
      const now = clock.now()
      // DO NOTHING on the lower(email) index: a concurrent duplicate gets no row back.
      const [user] = await db
        .insert(users)
        .values({ email, passwordHash, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning(userColumns)
      return user
    },

    /**
     * Runs after the answer has gone (see the route): makes a single-use token, 1 hour, stored
     * hashed, and mails the link. Earlier unused links stay valid until they expire; using any
     * one of them ends all the others.
     */
    async sendResetLink(email: string, origin: string): Promise<void> {
      const user = await findByEmail(email)
      if (!user) return
      const token = randomToken()
      const now = clock.now()
      await db.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: sha256(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + resetTokenTtlMs),
      })
      const link = `${origin}/reset-password?token=${token}`
      await mailer.send({
        to: user.email,
        subject: 'Reset your Waypoint password',
        link,
        text: [
          'Hello,',
          '',
          `Someone, hopefully you, asked to reset the password of your Waypoint account (${user.email}).`,
          'Open this link within 1 hour to choose a new password:',
          '',
          link,
          '',
          'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
          '',
          'Waypoint',
        ].join('\n'),
      })
    },

    /**
     * false for an unknown, used or expired token. Ends every sign-in of the account. The token
     * is looked up before any hashing: a made-up token costs one indexed read, not argon2.
     */
    async resetPassword(token: string, password: string, origin: string): Promise<boolean> {
      const usable = and(
        eq(passwordResetTokens.tokenHash, sha256(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, clock.now()),
      )
      const [found] = await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(usable)
      if (!found) return false
      const passwordHash = await passwords.hash(password)
      const now = clock.now()
      const user = await db.transaction(async (tx) => {
        // Claimed only now: a concurrent use of the same link may have won while we hashed.
        const [claimed] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
          .returning({ userId: passwordResetTokens.userId })
        if (!claimed) return undefined
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)))
        const [changed] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: now })
          .where(eq(users.id, claimed.userId))
          .returning({ id: users.id, email: users.email })
        return changed
      })
      if (!user) return false
      await tokens.revokeAll(user.id)
      await notify(passwordChangedMail(user.email, origin))
      return true
    },

    /** Sets a new password; ends every other sign-in and keeps the caller's. */
    async changePassword(user: { id: string; email: string; familyId: string }, password: string, origin: string) {
      const passwordHash = await passwords.hash(password)
      await db.update(users).set({ passwordHash, updatedAt: clock.now() }).where(eq(users.id, user.id))
      await tokens.revokeAll(user.id, user.familyId)
      await notify(passwordChangedMail(user.email, origin))
    },

    /**
     * The account of a provider's subject; else the account of the verified address; else a new
     * one. An account whose address was never proven is not linked as it is: whoever made it
     * may not own the address, and the provider has just shown who does. The verified owner
     * takes it over: its password, every session and every pending link end, and the owner is
     * told by mail.
     */
    async socialUser(provider: OAuthProvider, subject: string, email: string, origin: string): Promise<{ id: string; email: string }> {
      for (let attempt = 0; ; attempt++) {
        const [linked] = await db
          .select({ id: users.id, email: users.email })
          .from(userIdentities)
          .innerJoin(users, eq(users.id, userIdentities.userId))
          .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
        if (linked) return linked
        try {
          let takenOver = false
          const user = await db.transaction(async (tx) => {
            const now = clock.now()
            let [user] = await tx
              .select({ id: users.id, email: users.email, verifiedAt: users.emailVerifiedAt })
              .from(users)
              .where(sameAddress(users.email, email))
            if (!user) {
              ;[user] = await tx
                .insert(users)
                .values({ email, passwordHash: null, emailVerifiedAt: now, createdAt: now, updatedAt: now })
                .returning({ id: users.id, email: users.email, verifiedAt: users.emailVerifiedAt })
            } else if (!user.verifiedAt) {
              takenOver = true
              await tx.update(users).set({ passwordHash: null, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id))
            }
            await tx.insert(userIdentities).values({ userId: user!.id, provider, subject, email, createdAt: now })
            return { id: user!.id, email: user!.email }
          })
          if (takenOver) {
            await tokens.revokeAll(user.id)
            await endLinks(user.id)
            log.warn(`An account with an unconfirmed address was taken over by its verified owner (user ${user.id}).`)
            await notify(takeoverMail(user.email, provider, origin))
          }
          return user
        } catch (error) {
          // A concurrent sign-in of the same person made the row first: read it.
          if (attempt > 0 || !isUniqueViolation(error)) throw error
        }
      }
    },

    async me(user: User): Promise<Me> {
      const [state] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, user.id))
      const [pending] = await db
        .select({ email: emailVerifications.email })
        .from(emailVerifications)
        .where(
          and(
            eq(emailVerifications.userId, user.id),
            isNull(emailVerifications.usedAt),
            gt(emailVerifications.expiresAt, clock.now()),
            sql`lower(${emailVerifications.email}) <> ${user.email.toLowerCase()}`,
          ),
        )
        .orderBy(desc(emailVerifications.createdAt))
        .limit(1)
      const identities = await db
        .selectDistinct({ provider: userIdentities.provider })
        .from(userIdentities)
        .where(eq(userIdentities.userId, user.id))
        .orderBy(asc(userIdentities.provider))
      return {
        id: user.id,
        email: user.email,
        created_at: user.createdAt.toISOString(),
        plan: 'free',
        providers: [...(user.passwordHash ? (['password'] as const) : []), ...identities.map((i) => i.provider as OAuthProvider)],
        has_password: user.passwordHash !== null,
        email_verified: Boolean(state?.verifiedAt),
        pending_email: pending?.email ?? null,
      }
    },

    /**
     * Everything kept about the user, without secrets, as JSON text in pieces (account-data.ts).
     */
    exportJson: (userId: string): AsyncGenerator<string> => accountExportJson({ db, clock }, userId),

    /**
     * Erases the account and everything linked to it: the user row (identities, sessions and
     * reset links cascade), newsletter subscriptions and contact messages of its addresses,
     * mail kept for them in the outbox, and rate-limit counters naming them.
     */
    async erase(user: { id: string; email: string }) {
      const addresses = await accountAddresses(db, user)
      await db.transaction(async (tx) => {
        await tx.delete(newsletterSubscribers).where(inArray(sql`lower(${newsletterSubscribers.email})`, addresses))
        await tx.delete(contactMessages).where(inArray(sql`lower(${contactMessages.email})`, addresses))
        await tx.delete(outbox).where(or(inArray(sql`lower(${outbox.recipient})`, addresses), inArray(sql`lower(${outbox.replyTo})`, addresses)))
        await tx.delete(users).where(eq(users.id, user.id))
      })
      await limiter.forget([
        ...addresses.flatMap((a) => [limitKeys.signInAccount(a), limitKeys.resetAddress(a)]),
        limitKeys.signInsAccount(user.id),
        limitKeys.verificationMailsAccount(user.id),
      ])
    },
  }
}

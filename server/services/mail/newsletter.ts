import { and, asc, eq, gt, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm'
import { NEWSLETTER_CONFIRM_DAYS } from '~contract/newsletter.ts'
import { newsletterSubscribers } from '../../db/schema.ts'
import type { Deps, Mail } from '../../deps.ts'
import { randomToken, sha256 } from '../../lib/crypto.ts'

const dayMs = 24 * 60 * 60_000
const confirmTtlMs = NEWSLETTER_CONFIRM_DAYS * dayMs
/** Asking again for a pending address re-sends its link at most this often (no mail-bombing a stranger). */
const resendAfterMs = 10 * 60_000

/** The site's origin for mail sent outside a request (a newsletter issue): PUBLIC_URL, else host and port. */
export function configuredOrigin(config: Deps['config']): string {
  if (config.publicUrl) return config.publicUrl
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  return `http://${host}:${config.port}`
}

/** The SPA page and the one-click API address that end a subscription. */
export function unsubscribeLinks(origin: string, token: string) {
  return {
    page: `${origin}/newsletter/unsubscribe?token=${token}`,
    oneClick: `${origin}/api/newsletter/unsubscribe?token=${token}`,
  }
}

/**
 * A newsletter mail to one subscriber: the issue's text, then how to leave, plus the RFC 8058
 * headers that let a mail program unsubscribe with one click (a POST, never a GET, so link
 * checkers cannot unsubscribe anyone).
 */
export function newsletterMail(to: string, unsubscribeToken: string, origin: string, issue: { subject: string; text: string }): Mail {
  const links = unsubscribeLinks(origin, unsubscribeToken)
  return {
    to,
    subject: issue.subject,
    text: [
      issue.text.trimEnd(),
      '',
      '--',
      `You get this because ${to} subscribed to the Waypoint newsletter.`,
      `Unsubscribe with one click: ${links.page}`,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

export type SubscribeOutcome = 'pending' | 'duplicate' | 'mail-failed'

/**
 * The newsletter list with double opt-in (issue 19): subscribing mails a confirmation link and
 * the address is on the list only once the link is followed; every issue carries a one-click
 * unsubscribe link and header.
 */
export function createNewsletter({ db, mailer, clock, config, log }: Pick<Deps, 'db' | 'mailer' | 'clock' | 'config' | 'log'>) {
  const confirmationMail = (email: string, link: string): Mail => ({
    to: email,
    subject: 'Confirm your subscription to the Waypoint newsletter',
    link,
    text: [
      'Hello,',
      '',
      `Someone, hopefully you, asked for the Waypoint newsletter at ${email}.`,
      `Nothing will be sent to this address until you confirm by opening this link within ${NEWSLETTER_CONFIRM_DAYS} days:`,
      '',
      link,
      '',
      'If you did not ask for it, ignore this e-mail: the address is then forgotten.',
      '',
      'Waypoint',
    ].join('\n'),
  })

  const confirmLink = (origin: string, token: string) => `${origin}/newsletter/confirm?token=${token}`

  return {
    /**
     * A new address gets a pending row and a confirmation mail ('pending'). An address already on
     * the list, confirmed or not, is a 'duplicate' (the spec's answer); a pending one is sent its
     * link again (at most every 10 minutes) so a lost mail is no dead end. When the first mail
     * cannot be sent the row goes again ('mail-failed'): nothing pending that nobody can confirm.
     */
    async subscribe(email: string, origin: string): Promise<SubscribeOutcome> {
      const now = clock.now()
      const token = randomToken()
      // DO NOTHING + RETURNING: a concurrent duplicate gets no row back instead of an error.
      const [row] = await db
        .insert(newsletterSubscribers)
        .values({ email, createdAt: now, unsubscribeToken: randomToken(), confirmTokenHash: sha256(token), confirmSentAt: now })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscribers.id })
      if (row) {
        try {
          await mailer.send(confirmationMail(email, confirmLink(origin, token)))
          return 'pending'
        } catch (error) {
          log.error('A newsletter confirmation mail could not be sent; the subscription was not kept', error)
          await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, row.id))
          return 'mail-failed'
        }
      }
      // Pending and its last link older than 10 minutes: a new link (which replaces the old
      // one), claimed in the same statement so that concurrent requests send one mail.
      const again = randomToken()
      const [pending] = await db
        .update(newsletterSubscribers)
        .set({ confirmTokenHash: sha256(again), confirmSentAt: now })
        .where(
          and(
            sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`,
            isNull(newsletterSubscribers.confirmedAt),
            lte(newsletterSubscribers.confirmSentAt, new Date(now.getTime() - resendAfterMs)),
          ),
        )
        .returning({ email: newsletterSubscribers.email })
      if (pending) {
        await mailer
          .send(confirmationMail(pending.email, confirmLink(origin, again)))
          .catch((error: unknown) => log.error('A repeated newsletter confirmation mail could not be sent', error))
      }
      return 'duplicate'
    },

    /** Follows a confirmation link: the address is on the list from now on. Null: unknown or expired. */
    async confirm(token: string): Promise<{ email: string } | null> {
      const now = clock.now()
      const [row] = await db
        .update(newsletterSubscribers)
        .set({ confirmedAt: now, confirmTokenHash: null })
        .where(
          and(
            eq(newsletterSubscribers.confirmTokenHash, sha256(token)),
            isNull(newsletterSubscribers.confirmedAt),
            gt(newsletterSubscribers.confirmSentAt, new Date(now.getTime() - confirmTtlMs)),
          ),
        )
        .returning({ email: newsletterSubscribers.email })
      return row ?? null
    },

    /** Ends a subscription (confirmed or not): the row goes. Null when no row has this token. */
    async unsubscribe(token: string): Promise<{ email: string } | null> {
      const [row] = await db
        .delete(newsletterSubscribers)
        .where(eq(newsletterSubscribers.unsubscribeToken, token))
        .returning({ email: newsletterSubscribers.email })
      return row ?? null
    },

    /**
     * Sends an issue to every confirmed subscriber, a page of rows at a time (the list is never
     * held in memory whole). A failed mail is counted and logged; the rest still go.
     */
    async sendIssue(issue: { subject: string; text: string }, origin = configuredOrigin(config)): Promise<{ sent: number; failed: number }> {
      let sent = 0
      let failed = 0
      let after = ''
      for (;;) {
        const page = await db
          .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, token: newsletterSubscribers.unsubscribeToken })
          .from(newsletterSubscribers)
          .where(
            and(
              isNotNull(newsletterSubscribers.confirmedAt),
              gt(newsletterSubscribers.id, sql`${after || '00000000-0000-0000-0000-000000000000'}::uuid`),
            ),
          )
          .orderBy(asc(newsletterSubscribers.id))
          .limit(200)
        if (page.length === 0) break
        for (const subscriber of page) {
          try {
            await mailer.send(newsletterMail(subscriber.email, subscriber.token, origin, issue))
            sent += 1
          } catch (error) {
            failed += 1
            log.error(`The newsletter could not be sent to subscriber ${subscriber.id}`, error)
          }
        }
        after = page.at(-1)!.id
      }
      return { sent, failed }
    },

    /** Pending addresses whose link has expired leave the list (housekeeping). */
    async forgetUnconfirmed() {
      const before = new Date(clock.now().getTime() - confirmTtlMs)
      await db
        .delete(newsletterSubscribers)
        .where(
          and(
            isNull(newsletterSubscribers.confirmedAt),
            lt(newsletterSubscribers.createdAt, before),
            lt(newsletterSubscribers.confirmSentAt, before),
          ),
        )
    },
  }
}

export type Newsletter = ReturnType<typeof createNewsletter>

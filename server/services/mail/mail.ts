import nodemailer from 'nodemailer'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../db/open.ts'
import { outbox } from '../../db/schema.ts'
import type { Log } from '../../log.ts'
import type { Mailer } from '../../deps.ts'

/** Sends through SMTP_URL, e.g. smtp://user:pass@smtp.example.com:587. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url, {
    from,
    // Mail goes out inside a request: never let a silent server hold it for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  return {
    async send({ to, subject, text, replyTo, headers }) {
      await transport.sendMail({ to, subject, text, replyTo, headers })
    },
  }
}

/** Without SMTP the mail is kept in the `outbox` table, so nothing is lost on a dev machine. */
export function outboxMailer(db: Db, clock: Clock, log: Log): Mailer {
  return {
    async send(mail) {
      await db.insert(outbox).values({
        recipient: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        body: mail.text,
        headers: mail.headers ?? null,
        createdAt: clock.now(),
      })
      const link = mail.link ? ` Its link: ${mail.link}` : ''
      log.info(`Mail to ${mail.to} ("${mail.subject}") kept in the outbox table: SMTP_URL is not set.${link}`)
    },
  }
}

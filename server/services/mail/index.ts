// Mail: the mailer (SMTP, or the outbox table), the contact form and the newsletter.
export { createContact, type Contact } from './contact.ts'
export { outboxMailer, smtpMailer } from './mail.ts'
export { createNewsletter, type Newsletter } from './newsletter.ts'

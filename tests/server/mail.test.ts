import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { smtpMailer } from '../../server/services/mail/mail.ts'
import { newsletterMail } from '../../server/services/mail/newsletter.ts'
import { describeDbs } from './support/db.ts'
import { postJson } from './support/http.ts'

type Received = { from: string; to: string[]; raw: string }
const received: Received[] = []

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, done) {
    let raw = ''
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    stream.on('end', () => {
      const envelope = session.envelope
      received.push({
        from: envelope.mailFrom ? envelope.mailFrom.address : '',
        to: envelope.rcptTo.map((r) => r.address),
        raw,
      })
      done()
    })
  },
})
let smtpUrl: string

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)))

describeDbs('contact form with SMTP_URL set', (suite) => {
  test('the support inbox receives the message by SMTP', async () => {
    const app = suite.app({ mailer: smtpMailer(smtpUrl, 'Waypoint <no-reply@waypoint.local>') })

    const response = await postJson(app, '/api/users/contact-us', {
      name: 'Ann Smith',
      email: 'ann@example.org',
      topic: 'privacy',
      message: 'Please tell me which data you keep about me.',
    })

    expect(response.status).toBe(201)
    const mail = received.at(-1)!
    expect(mail.from).toBe('no-reply@waypoint.local')
    expect(mail.to).toEqual(['support@waypoint.local'])
    expect(mail.raw).toContain('From: Waypoint <no-reply@waypoint.local>')
    expect(mail.raw).toContain('Reply-To: ann@example.org')
    expect(mail.raw).toContain('Subject: Contact form: Privacy and my data, from Ann Smith')
    expect(mail.raw).toContain('Please tell me which data you keep about me.')
  })
})

describeDbs('newsletter by SMTP', (suite) => {
  test('a newsletter mail goes out with List-Unsubscribe and List-Unsubscribe-Post: List-Unsubscribe=One-Click (RFC 8058)', async () => {
    const mailer = smtpMailer(smtpUrl, 'Waypoint <no-reply@waypoint.local>')
    const mail = newsletterMail('reader@example.org', 'tok_3Fz9', 'https://waypoint.example', {
      subject: 'Waypoint news',
      text: 'Salaries in Kraków and 東京.',
    })
    await mailer.send(mail)

    const raw = received.at(-1)!.raw
    expect(received.at(-1)!.to).toEqual(['reader@example.org'])
    const [head, body] = [raw.slice(0, raw.indexOf('\r\n\r\n')), raw.slice(raw.indexOf('\r\n\r\n'))]
    // Long header lines may be folded (RFC 5322); the body is quoted-printable.
    const headers = head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')
    expect(headers).toContain('List-Unsubscribe: <https://waypoint.example/api/newsletter/unsubscribe?token=tok_3Fz9>')
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    const text = body.replace(/=\r\n/g, '').replace(/=3D/g, '=')
    expect(text).toContain('https://waypoint.example/newsletter/unsubscribe?token=tok_3Fz9')
    void suite
  })
})

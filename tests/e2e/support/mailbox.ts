import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { inject } from 'vitest'

/** Undoes quoted-printable (soft line breaks and =XX bytes) so links read whole. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

/** Waits for a message to `to` whose text matches `pattern`; returns the decoded message. */
export async function waitForMail(to: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const dir = inject('e2eMailDir')
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    for (const file of readdirSync(dir).sort().reverse()) {
      const message = decodeQuotedPrintable(readFileSync(join(dir, file), 'utf8'))
      if (message.toLowerCase().includes(`to: ${to.toLowerCase()}`) && pattern.test(message)) return message
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`No e-mail to ${to} matching ${pattern} within ${timeoutMs} ms`)
}

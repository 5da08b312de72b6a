import type { CoverLetterData } from '~contract/cover-letter.ts'
import { letterHead, letterWithEdits } from '../compose'

/**
 * Every string the letter's PDF draws (export-letter-pdf.ts), one a line, and nothing else: the
 * fonts are embedded for it and the download's pre-check tests it, so a character only in a
 * sentence's hidden source label ("Career change: teacher → analyst") never stops a download.
 * Small (no pdf-lib): the builder asks it before loading the PDF writer.
 */
export function letterDrawnText(data: CoverLetterData, today = new Date()): string {
  const letter = letterWithEdits(data)
  const head = letterHead(data, today)
  const name = head.name || 'Your name'
  return [
    data.design.template === 'brilliant' ? name.toUpperCase() : name,
    head.contacts.join('  ·  '),
    head.date,
    ...head.recipient,
    letter.subject.text,
    letter.greeting.text,
    ...[...letter.opener, ...letter.body, ...letter.callToAction].map((paragraph) => paragraph.map((s) => s.text).join(' ')),
    letter.closing,
    letter.signature,
  ].join('\n')
}

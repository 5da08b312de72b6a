import type { ResumeData } from '~contract/resume.ts'
import { resumeDocument } from './document'
import { runsText } from './rich-text'

/** The resume as plain text: headings in capitals, bullets as "•", for pasting into forms. */
export function resumePlainText(data: ResumeData): string {
  const doc = resumeDocument(data)
  const out: string[] = [doc.name, doc.jobTitle, doc.contacts.map((c) => c.text).join(' | ')].filter(Boolean)
  for (const section of doc.sections) {
    out.push('', section.title.toUpperCase())
    if (section.kind === 'text') out.push(...section.body.map((b) => (b.kind === 'bullet' ? `• ${runsText(b.runs)}` : runsText(b.runs))))
    else if (section.kind === 'tags') out.push(section.tags.join(', '))
    else
      for (const entry of section.entries) {
        out.push([entry.title, entry.dates].filter(Boolean).join(' | '))
        if (entry.subtitle) out.push(entry.subtitle)
        out.push(...entry.body.map((b) => (b.kind === 'bullet' ? `• ${runsText(b.runs)}` : runsText(b.runs))))
      }
  }
  return `${out.join('\n')}\n`
}

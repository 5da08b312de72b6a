import * as v from 'valibot'
import { resumeData, templateNames, type ResumeData, type TemplateName } from '~contract/resume.ts'
import { resumeDocument } from './document'
import { fromJsonResume, toJsonResume } from './json-resume'
import { parsePdfResume } from './import/pdf-import'
import { exportPdf } from './pdf/export-pdf'
import { openPdfInNode } from './pdf/node-pdf'
import { pdfContent } from './pdf/pdf-content'
import { unsupportedCharacters, UnwritableCharacters } from '~pdf-engine/scripts.ts'

/**
 * `npm run resume -- <input> <output> [--template cool|visionary|brilliant] [--anyway]`, run by
 * scripts/resume.ts through Vite so it is the browser's own code with the same font files.
 * Input: a JSON Resume, a Waypoint resume (the builder's data, or a saved resume's
 * `{ title, template, data }`) or a PDF (read as the builder's import reads it). Output: `.pdf`
 * (the download's PDF) or `.json` (JSON Resume). Notes go to the caller, line by line.
 */
export type CommandResult = { ok: true; bytes: Uint8Array; notes: string[] } | { ok: false; error: string; notes: string[] }

async function readInput(name: string, bytes: Uint8Array, notes: string[]): Promise<ResumeData | string> {
  if (/\.pdf$/i.test(name)) {
    const doc = await openPdfInNode(bytes)
    try {
      const result = parsePdfResume(await pdfContent(doc))
      if (!result.ok) return result.error
      notes.push(`read from the PDF's ${result.source === 'attachment' ? 'attached JSON Resume' : 'text'}: ${result.recognised.join(', ')}`)
      if (result.source === 'text') for (const note of result.notes) notes.push(`${note.kind}: ${note.text}`)
      return result.data
    } finally {
      await doc.destroy()
    }
  }
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return `${name} is neither a PDF nor valid JSON`
  }
  const saved = json && typeof json === 'object' && 'data' in json ? (json as { data: unknown }).data : json
  const waypoint = v.safeParse(resumeData, saved)
  if (waypoint.success) return waypoint.output
  const imported = fromJsonResume(json)
  if (!imported.ok) return imported.error
  notes.push(`recognised: ${imported.recognised.join(', ')}`)
  for (const label of imported.unplaced) notes.push(`not imported (the builder has no place for it): ${label}`)
  for (const label of imported.kept) notes.push(`kept for the JSON Resume export and the PDF's attached copy, not on the page: ${label}`)
  return imported.data
}

export async function runResumeCommand(opts: {
  input: string
  inputBytes: Uint8Array
  output: string
  template?: string
  anyway?: boolean
}): Promise<CommandResult> {
  const notes: string[] = []
  if (opts.template !== undefined && !(templateNames as readonly string[]).includes(opts.template))
    return { ok: false, error: `--template must be one of ${templateNames.join(', ')}`, notes }
  if (!/\.(pdf|json)$/i.test(opts.output)) return { ok: false, error: 'the output must end in .pdf or .json', notes }
  const read = await readInput(opts.input, opts.inputBytes, notes)
  if (typeof read === 'string') return { ok: false, error: read, notes }
  const data: ResumeData = opts.template ? { ...read, design: { ...read.design, template: opts.template as TemplateName } } : read
  if (/\.json$/i.test(opts.output)) return { ok: true, bytes: new TextEncoder().encode(`${JSON.stringify(toJsonResume(data), null, 2)}\n`), notes }
  // As in the builder: what the PDF cannot write is said before the file is made.
  const found = unsupportedCharacters(JSON.stringify(resumeDocument(data)))
  if (found.rightToLeft.length > 0)
    notes.push(`right-to-left text cannot be laid out in the PDF yet and would print as empty boxes: ${found.rightToLeft.join(' ')}`)
  if (found.other.length > 0) notes.push(`the PDF has no font for these characters, which would print as empty boxes: ${found.other.join(' ')}`)
  if ((found.rightToLeft.length > 0 || found.other.length > 0) && !opts.anyway)
    return { ok: false, error: 'no PDF written (add --anyway to write it all the same)', notes }
  try {
    return { ok: true, bytes: await exportPdf(data, { anyway: opts.anyway }), notes }
  } catch (error) {
    if (!(error instanceof UnwritableCharacters)) throw error
    notes.push(`no font has these characters, which would print as empty boxes: ${error.characters.join(' ')}`)
    return { ok: false, error: 'no PDF written (add --anyway to write it all the same)', notes }
  }
}

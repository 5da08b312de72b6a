import type { ResumeData } from '~contract/resume.ts'
import type { ImportNote } from '../import/types'

/**
 * Which importer a file goes to, from its first bytes as much as from its name (a file dropped
 * from a mail attachment may have lost its extension): PDF, Word (.docx), LinkedIn's data export
 * (.zip of CSV files) or JSON Resume. The Word and LinkedIn readers load only when such a file
 * comes, so the builder's first load does not carry them.
 */

export const importFormats = 'PDF, Word (.docx), LinkedIn data export (.zip) or JSON Resume'
export const importAccept = [
  'application/pdf',
  '.pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.docx',
  'application/zip',
  'application/x-zip-compressed',
  '.zip',
  'application/json',
  '.json',
].join(',')

export type ImportKind = 'pdf' | 'docx' | 'linkedin' | 'json' | 'doc' | 'unknown'

export type OtherImport = {
  data: ResumeData
  recognised: string[]
  kind: 'docx' | 'linkedin'
  note: string
  notes: ImportNote[]
  unplaced: string[]
}

const starts = (bytes: Uint8Array, ...values: number[]) => values.every((value, i) => bytes[i] === value)

export async function importKind(file: File): Promise<ImportKind> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer())
  const name = file.name.toLowerCase()
  if (starts(head, 0x25, 0x50, 0x44, 0x46)) return 'pdf'
  // The old binary Word format (an OLE compound file), or a .docx saved with a password.
  if (starts(head, 0xd0, 0xcf, 0x11, 0xe0)) return 'doc'
  if (starts(head, 0x50, 0x4b)) {
    if (name.endsWith('.docx') || name.endsWith('.docm') || name.endsWith('.dotx')) return 'docx'
    if (name.endsWith('.zip')) return 'linkedin'
    // A zip by another name: Word keeps word/document.xml in it.
    const { unzipSync } = await import('fflate')
    try {
      const names: string[] = []
      unzipSync(new Uint8Array(await file.arrayBuffer()), {
        filter: (entry) => {
          names.push(entry.name)
          return false
        },
      })
      return names.includes('word/document.xml') ? 'docx' : 'linkedin'
    } catch {
      return 'linkedin'
    }
  }
  if (name.endsWith('.pdf')) return 'pdf'
  if (name.endsWith('.docx')) return 'docx'
  if (name.endsWith('.zip')) return 'linkedin'
  if (name.endsWith('.doc')) return 'doc'
  if (name.endsWith('.json') || file.type === 'application/json') return 'json'
  return 'unknown'
}

type ReadImport = { data: ResumeData; recognised: string[]; notes: ImportNote[] }

/** What the review shows for a Word or LinkedIn import: the reader's result, its note and what it could not place. */
const pendingOf = (result: ReadImport, kind: 'docx' | 'linkedin', note: string, unplaced: string[] = []): { ok: true; pending: OtherImport } => ({
  ok: true,
  pending: { data: result.data, recognised: result.recognised, kind, note, notes: result.notes, unplaced },
})

export async function readOtherImport(
  file: File,
  kind: 'docx' | 'linkedin',
): Promise<{ ok: true; pending: OtherImport } | { ok: false; error: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (kind === 'docx') {
    const { parseDocxResume } = await import('../import/docx-import')
    const result = parseDocxResume(bytes)
    if (!result.ok) return result
    return pendingOf(
      result,
      kind,
      'Read from the Word file: its headings, lists and tables. Check each section after importing: dates and places are our best reading.',
    )
  }
  const { parseLinkedInExport } = await import('../import/linkedin-import')
  const result = parseLinkedInExport(bytes)
  if (!result.ok) return result
  return pendingOf(result, kind, `Read from LinkedIn's export: ${result.files.join(', ')}.`, result.unplaced)
}

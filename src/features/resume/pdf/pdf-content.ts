import type { PDFDocumentProxy } from 'pdfjs-dist'
import { withSoftHyphens } from './soft-hyphens'

/**
 * What pdf.js reads from a PDF, flattened for the resume parser: every text item with its
 * position, size, font and the marked-content tag around it (our own PDFs name each line's
 * role), the link annotations and the attached files. No pdf.js types leak past this file.
 */
export type PdfItem = {
  page: number
  text: string
  x: number
  y: number
  width: number
  size: number
  font: string
  /** The innermost marked-content tag other than Link and Span, and which sequence it opened. */
  tag: string | null
  seq: number
  /** Inside a Link sequence: our PDFs mark link text so it comes as its own items. */
  link: boolean
}
export type PdfLink = { page: number; rect: [number, number, number, number]; url: string }
export type PdfContent = { pages: number; pageWidth: number; items: PdfItem[]; links: PdfLink[]; attachments: Record<string, Uint8Array> }

type TextPiece = { str?: string; transform?: number[]; width?: number; fontName?: string; type?: string; tag?: string }

export async function pdfContent(doc: PDFDocumentProxy): Promise<PdfContent> {
  const items: PdfItem[] = []
  const links: PdfLink[] = []
  let pageWidth = 0
  let seq = 0
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n)
    if (n === 1) pageWidth = page.view[2]! - page.view[0]!
    const content = await page.getTextContent({ includeMarkedContent: true })
    // Hyphens drawn from a glyph mapped to the soft hyphen, which pdf.js's text leaves out.
    const pieces = content.items as TextPiece[]
    const strings = pieces.map((piece) => piece.str ?? '')
    const mended = doc.numPages <= 8 ? await withSoftHyphens(page, strings) : strings
    mended.forEach((text, i) => {
      if (text !== strings[i]) pieces[i]!.str = text
    })
    const marks: { tag: string; seq: number }[] = []
    for (const raw of content.items as TextPiece[]) {
      if (raw.type === 'beginMarkedContent' || raw.type === 'beginMarkedContentProps') {
        seq += 1
        marks.push({ tag: raw.tag ?? '', seq })
        continue
      }
      if (raw.type === 'endMarkedContent') {
        marks.pop()
        continue
      }
      // A Span is a language's part of a line (pdf-engine/font-chain.ts), not a role.
      const role = marks.findLast((mark) => mark.tag !== 'Link' && mark.tag !== 'Span')
      if (typeof raw.str !== 'string' || raw.str === '' || !raw.transform) continue
      const [a, b, , , e, f] = raw.transform as [number, number, number, number, number, number]
      items.push({
        page: n,
        text: raw.str,
        x: e,
        y: f,
        width: raw.width ?? 0,
        size: Math.hypot(a, b),
        font: raw.fontName ?? '',
        tag: role?.tag || null,
        seq: role?.seq ?? 0,
        link: marks.findLast((mark) => mark.tag !== 'Span')?.tag === 'Link',
      })
    }
    for (const annotation of (await page.getAnnotations()) as { subtype?: string; url?: string; unsafeUrl?: string; rect?: number[] }[]) {
      // unsafeUrl is the address as written; url is pdf.js's normalised (and vetted) copy.
      const url = annotation.url ? (annotation.unsafeUrl ?? annotation.url) : null
      if (annotation.subtype === 'Link' && url && annotation.rect) links.push({ page: n, rect: annotation.rect as PdfLink['rect'], url })
    }
    page.cleanup()
  }
  const attachments: Record<string, Uint8Array> = {}
  const files = ((await doc.getAttachments()) ?? {}) as Record<string, { filename?: string; content?: Uint8Array }>
  for (const [key, file] of Object.entries(files)) if (file.content) attachments[file.filename ?? key] = file.content
  return { pages: doc.numPages, pageWidth, items, links, attachments }
}

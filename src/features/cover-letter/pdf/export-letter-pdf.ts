import { PDFDocument, rgb, type PDFPage, type RGB } from 'pdf-lib'
import type { CoverLetterData } from '~contract/cover-letter.ts'
import { pageMargin, pageSizesPt } from '@/lib/pdf/page'
import { embedDocumentFonts } from '@/lib/pdf/document-pdf-fonts'
import { drawChainText } from '~pdf-engine/font-chain.ts'
import { hexColour, mergeRuns, pdfSafeText, wrapRuns, type PdfFonts, type TextRun } from '~pdf-engine/text.ts'
import { PdfStructure, type Roles } from '~pdf-engine/tagging.ts'
import { UnwritableCharacters } from '~pdf-engine/scripts.ts'
import { registerTrueTypeKit } from '~pdf-engine/truetype.ts'
import { letterHead, letterWithEdits } from '../compose'
import { letterDrawnText } from './letter-text'
import { languagesOf } from '~pdf-engine/language.ts'

/** The roles of the letter's lines in its structure tree (see PdfStructure). */
const letterRoles = {
  Name: { kind: 'heading', type: 'H1' },
  Contacts: { kind: 'block', type: 'P' },
  Date: { kind: 'block', type: 'P' },
  Recipient: { kind: 'block', type: 'P' },
  Subject: { kind: 'heading', type: 'H2' },
  Greeting: { kind: 'block', type: 'P' },
  Para: { kind: 'block', type: 'P' },
  Line: { kind: 'continue', type: 'P' },
  Closing: { kind: 'block', type: 'P' },
  Signature: { kind: 'block', type: 'P' },
} satisfies Roles

/**
 * The cover letter as a PDF (loaded only when a user downloads): real text in the embedded
 * resume fonts, drawn like the chosen resume template so the pair looks like one application.
 */
export async function exportLetterPdf(data: CoverLetterData, today = new Date(), opts: { anyway?: boolean } = {}): Promise<Uint8Array> {
  const { design } = data
  const letter = letterWithEdits(data)
  const head = letterHead(data, today)
  const pdf = await PDFDocument.create()
  registerTrueTypeKit(pdf)
  // What the page draws, not the sentences' source labels (letter-text.ts).
  const strings = pdfSafeText(letterDrawnText(data, today))
  const { regular, bold, missing } = await embedDocumentFonts(pdf, design.fontType, `${strings}${strings.toUpperCase()}`)
  if (missing.length > 0 && !opts.anyway) throw new UnwritableCharacters(missing)
  const fonts: PdfFonts = { regular, bold }
  // The letter's language (/Lang) from its text, and spans in another script tagged with theirs.
  const languages = languagesOf(strings)
  regular.languages = bold.languages = languages
  const theme = hexColour(design.themeColor)
  const text = hexColour(design.fontColor)
  const title = hexColour(design.titleColor)
  const white = rgb(1, 1, 1)
  pdf.setTitle(head.name ? `${head.name} – Cover letter` : 'Cover letter')
  pdf.setAuthor(head.name)
  pdf.setCreator('Waypoint cover-letter builder')
  pdf.setProducer('Waypoint')

  const size = pageSizesPt[design.pageSize]
  const x = pageMargin.x
  const width = size.width - pageMargin.x * 2
  const lineHeight = design.fontSize * design.lineSpace
  let page: PDFPage
  let y = 0
  const structure = new PdfStructure(pdf, letterRoles)
  const newPage = () => {
    page = pdf.addPage([size.width, size.height])
    if (design.template === 'visionary')
      structure.artifact(page, () => page.drawRectangle({ x: 0, y: 0, width: 10, height: size.height, color: theme }))
    y = size.height - pageMargin.y
  }
  newPage()

  /** Wrapped lines of runs, moving to a new page between lines when one is full. */
  const write = (runs: TextRun[], tag: keyof typeof letterRoles, opts: { size?: number; colour?: RGB; centred?: boolean; after?: number } = {}) => {
    const fontSize = opts.size ?? design.fontSize
    const height = fontSize * design.lineSpace
    for (const [index, line] of wrapRuns(
      runs.map((r) => ({ ...r, text: pdfSafeText(r.text) })),
      fonts,
      fontSize,
      width,
    ).entries()) {
      if (y - height < pageMargin.y) newPage()
      const lineWidth = line.reduce((sum, p) => sum + (p.bold ? fonts.bold : fonts.regular).widthOfTextAtSize(p.text, fontSize), 0)
      let at = opts.centred ? x + (width - lineWidth) / 2 : x
      const baseline = y - (height + fontSize * 0.7) / 2
      // One run per style, spaces included: a space drawn on its own is lost to text extraction.
      structure.mark(page!, index === 0 ? tag : 'Line', () => {
        for (const piece of mergeRuns(line)) {
          const font = piece.bold ? fonts.bold : fonts.regular
          drawChainText(page!, piece.text, { x: at, y: baseline, size: fontSize, font, color: opts.colour ?? text })
          at += font.widthOfTextAtSize(piece.text, fontSize)
        }
      })
      y -= height
    }
    y -= opts.after ?? 0
  }

  // Header, as the resume template draws it.
  const nameSize = design.headingFontSize * (design.template === 'visionary' ? 2.2 : 2)
  const name = design.template === 'brilliant' ? (head.name || 'Your name').toUpperCase() : head.name || 'Your name'
  const contacts = head.contacts.join('  ·  ')
  if (design.template === 'cool') {
    const band = 28 + nameSize * 1.15 + (contacts ? lineHeight + 4 : 0) + 20
    structure.artifact(page!, () => page!.drawRectangle({ x: 0, y: size.height - band, width: size.width, height: band, color: theme }))
    y = size.height - 28
    write([{ text: name, bold: true }], 'Name', { size: nameSize, colour: white, after: 4 })
    if (contacts) write([{ text: contacts }], 'Contacts', { size: design.fontSize * 0.92, colour: white })
    y = size.height - band - 18
  } else {
    const centred = design.template === 'brilliant'
    write([{ text: name, bold: design.template !== 'brilliant' }], 'Name', {
      size: nameSize,
      colour: design.template === 'visionary' ? theme : title,
      centred,
      after: 4,
    })
    if (contacts) write([{ text: contacts }], 'Contacts', { size: design.fontSize * 0.92, centred, after: 6 })
    const rule = {
      start: { x, y },
      end: { x: x + width, y },
      thickness: design.template === 'visionary' ? 2 : 0.75,
      color: design.template === 'visionary' ? theme : title,
    }
    structure.artifact(page!, () => page!.drawLine(rule))
    y -= 18
  }

  write([{ text: head.date }], 'Date', { after: lineHeight * 0.6 })
  for (const line of head.recipient) write([{ text: line }], 'Recipient')
  if (head.recipient.length > 0) y -= lineHeight * 0.6
  write([{ text: letter.subject.text, bold: true }], 'Subject', { colour: design.template === 'cool' ? title : theme, after: lineHeight * 0.6 })
  const gap = Math.max(design.paragraphSpace, 6)
  write([{ text: letter.greeting.text }], 'Greeting', { after: gap })
  for (const paragraph of [...letter.opener, ...letter.body, ...letter.callToAction])
    write([{ text: paragraph.map((s) => s.text).join(' ') }], 'Para', { after: gap })
  y -= 8
  write([{ text: letter.closing }], 'Closing', { after: lineHeight * 1.2 })
  if (letter.signature) write([{ text: letter.signature, bold: true }], 'Signature', { colour: title })
  // Tagged: the name as heading, the subject as a sub-heading, each paragraph one element.
  structure.finish(languages.document)
  return pdf.save()
}

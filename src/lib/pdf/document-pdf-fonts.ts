import type { PDFDocument } from 'pdf-lib'
import type { FontType } from '~contract/resume.ts'
import { documentFonts, type Weight } from '../document-fonts'
import { cjkOrder } from '~pdf-engine/scripts.ts'
import { embedChain, loadFace, type ChainFont } from '~pdf-engine/font-chain.ts'

/** The builders' document fonts (resume and cover letter) as chains of the files the preview uses. */

export type DocumentPdfFonts = { regular: ChainFont; bold: ChainFont; missing: string[] }

/**
 * Embeds a document font's two weights for `text` (every string the document may draw, in
 * both cases when titles are capitalised). `missing` lists characters no file has a glyph for.
 */
export async function embedDocumentFonts(pdf: PDFDocument, type: FontType, text: string): Promise<DocumentPdfFonts> {
  const order = cjkOrder(text)
  const cjk = order.length > 0 ? await import('./cjk-fonts') : null
  const facesOf = async (weight: Weight) => [
    ...documentFonts[type].chain(weight),
    ...(cjk ? (await Promise.all(order.map((font) => cjk.cjkFaces(font, weight)))).flat() : []),
  ]
  const missing = new Set<string>()
  const [regular, bold] = await Promise.all([facesOf(400), facesOf(700)])
  const fonts = { regular: await embedChain(pdf, regular, text, missing), bold: await embedChain(pdf, bold, text, missing) }
  return { ...fonts, missing: [...missing] }
}

/** Fetches a font's Latin files ahead of the first export. */
export function prefetchDocumentFont(type: FontType): void {
  const font = documentFonts[type]
  void Promise.all([font.chain(400)[0]!, font.chain(700)[0]!].map((face) => loadFace(face))).catch(() => {})
}

import { parsePdfResume, type PdfImportResult } from './pdf-import'
import { pdfContent } from '../pdf/pdf-content'

/**
 * The browser's PDF import outside the browser: pdf.js's Node build reads the file, then the same
 * parsePdfResume. Used by the import bench (scripts/lib/bench-import.ts) and the corpus test.
 */
export async function importPdfBytes(bytes: Uint8Array): Promise<PdfImportResult> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false }).promise
  try {
    return parsePdfResume(await pdfContent(doc as never))
  } finally {
    await doc.destroy()
  }
}

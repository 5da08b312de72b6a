import { parsePdfResume, type PdfImportResult } from './pdf-import'
import { openPdfInNode } from '../pdf/node-pdf'
import { pdfContent } from '../pdf/pdf-content'

/**
 * The browser's PDF import outside the browser: pdf.js's Node build reads the file, then the same
 * parsePdfResume. Used by the import bench (scripts/lib/bench-import.ts) and the corpus test.
 */
export async function importPdfBytes(bytes: Uint8Array): Promise<PdfImportResult> {
  const doc = await openPdfInNode(bytes)
  try {
    return parsePdfResume(await pdfContent(doc))
  } finally {
    await doc.destroy()
  }
}

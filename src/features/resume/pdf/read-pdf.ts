import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import { pdfContent, type PdfContent } from './pdf-content'

/** pdf.js in its own lazy chunk; its worker is a separate hashed file. */
GlobalWorkerOptions.workerSrc = workerUrl

export async function readPdf(bytes: Uint8Array): Promise<PdfContent> {
  const doc = await getDocument({ data: bytes, isEvalSupported: false, useSystemFonts: false }).promise
  try {
    return await pdfContent(doc)
  } finally {
    await doc.destroy()
  }
}

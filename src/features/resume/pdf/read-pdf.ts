import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import { pdfContent, type PdfContent } from './pdf-content'

/** pdf.js in its own lazy chunk; its worker is a separate hashed file. */
GlobalWorkerOptions.workerSrc = workerUrl

/**
 * pdf.js's data files, each a hashed asset fetched only when a PDF needs it: the cMaps of CID
 * fonts (Chinese, Japanese and Korean text reads as nothing without them) and the standard
 * fonts' data. The service worker does not precache them.
 */
const dataFiles: Record<string, string> = {
  ...import.meta.glob<string>('/node_modules/pdfjs-dist/cmaps/*.bcmap', { query: '?no-inline&url', import: 'default', eager: true }),
  ...import.meta.glob<string>('/node_modules/pdfjs-dist/standard_fonts/*', { query: '?no-inline&url', import: 'default', eager: true }),
}

/** What pdf.js asks its BinaryDataFactory for: a cMap or a standard font's file, by name. */
class BundledDataFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const folder = kind === 'cMapUrl' ? 'cmaps' : kind === 'standardFontDataUrl' ? 'standard_fonts' : ''
    const url = dataFiles[`/node_modules/pdfjs-dist/${folder}/${filename}`]
    if (!url) throw new Error(`pdf.js data file not bundled: ${kind} ${filename}`)
    const response = await fetch(url)
    if (!response.ok) throw new Error(`pdf.js data file ${filename}: HTTP ${response.status}`)
    return new Uint8Array(await response.arrayBuffer())
  }
}

export async function readPdf(bytes: Uint8Array): Promise<PdfContent> {
  const doc = await getDocument({
    data: bytes,
    isEvalSupported: false,
    useSystemFonts: false,
    cMapPacked: true,
    useWorkerFetch: false,
    BinaryDataFactory: BundledDataFactory,
  }).promise
  try {
    return await pdfContent(doc)
  } finally {
    await doc.destroy()
  }
}

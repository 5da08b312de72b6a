import type { PDFDocumentProxy } from 'pdfjs-dist'

/**
 * pdf.js's Node build opening a PDF (the import bench, the corpus test, `npm run resume`), with
 * the data files of pdfjs-dist's own package: the cMaps that CID fonts need (Chinese, Japanese,
 * Korean text reads as nothing without them) and the standard fonts' data. src/ has no Node types:
 * Node's module loader is reached the way pdf.js itself reaches it.
 */
type NodeProcess = { getBuiltinModule(name: 'module'): { createRequire(from: string): { resolve(id: string): string } } }

export async function openPdfInNode(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const node = (globalThis as unknown as { process: NodeProcess }).process
  const root = node
    .getBuiltinModule('module')
    .createRequire(import.meta.url)
    .resolve('pdfjs-dist/package.json')
    .replace(/package\.json$/, '')
  const doc = await getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    useSystemFonts: false,
    cMapUrl: `${root}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${root}standard_fonts/`,
  }).promise
  return doc as unknown as PDFDocumentProxy
}

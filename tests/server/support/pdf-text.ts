/** The text of a PDF's pages as pdf.js extracts it (works on embedded subset fonts), whitespace collapsed. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false }).promise
  let text = ''
  try {
    for (let n = 1; n <= doc.numPages; n += 1) {
      for (const item of (await (await doc.getPage(n)).getTextContent()).items as { str?: string; hasEOL?: boolean }[])
        text += `${item.str ?? ''}${item.hasEOL ? ' ' : ''}`
      text += ' '
    }
  } finally {
    await doc.destroy()
  }
  return text.replace(/\s+/g, ' ')
}

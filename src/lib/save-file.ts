/** Hands a blob to the browser as a download through a temporary <a download>. */
export function saveFile(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = href
  anchor.download = filename
  anchor.rel = 'noopener'
  anchor.style.display = 'none'
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  // Give the browser time to start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(href), 60_000)
}

/** `ana-lopez-resume.pdf`: the non-empty parts, lowercased, joined by dashes. */
export const documentFileName = (parts: string[], ext: string) =>
  `${parts
    .filter(Boolean)
    .join('-')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}-]+/gu, '-')}.${ext}`

/** Text or bytes made in the page, downloaded as a file of the given type. */
export const saveContent = (filename: string, type: string, content: BlobPart) => saveFile(new Blob([content], { type }), filename)

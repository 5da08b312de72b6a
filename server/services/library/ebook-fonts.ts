import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { PDFDocument } from 'pdf-lib'
import { embedChain, type ChainFont, type Face } from '~pdf-engine/font-chain.ts'
import { cjkOrder, subsetRanges, type CjkFont, type Subset } from '~pdf-engine/scripts.ts'

/**
 * The e-book PDFs' fonts: Noto Serif (body, italic), Noto Sans (headings, captions) and Noto Sans
 * Mono (code), read from the same fontsource packages the builders use, through the same font
 * chain, so any script an article holds is written (CJK slices only when a book has CJK).
 */

const require = createRequire(import.meta.url)
const packageDir = (pkg: string) => dirname(dirname(require.resolve(`@fontsource/${pkg}/files/${pkg}-latin-400-normal.woff`)))

function faces(pkg: string, weight: 400 | 700, style: 'normal' | 'italic'): Face[] {
  const dir = join(packageDir(pkg), 'files')
  return (Object.keys(subsetRanges) as Subset[]).flatMap((subset) => {
    const file = join(dir, `${pkg}-${subset}-${weight}-${style}.woff`)
    return existsSync(file) ? [{ url: file, range: subsetRanges[subset] }] : []
  })
}

const cjkPackages: Record<CjkFont, string> = { jp: 'noto-sans-jp', sc: 'noto-sans-sc', kr: 'noto-sans-kr' }
function cjkFaces(font: CjkFont, weight: 400 | 700): Face[] {
  const pkg = cjkPackages[font]
  const ranges = JSON.parse(readFileSync(join(packageDir(pkg), 'unicode.json'), 'utf8')) as Record<string, string>
  return Object.entries(ranges).flatMap(([key, range]) => {
    const slice = /^\[(\d+)\]$/.exec(key)?.[1]
    const file = slice === undefined ? '' : join(packageDir(pkg), 'files', `${pkg}-${slice}-${weight}-normal.woff`)
    return file && existsSync(file) ? [{ url: file, range }] : []
  })
}

const fromDisk = async (path: string) => {
  const bytes = await readFile(path)
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
}

export type BookFonts = { body: ChainFont; italic: ChainFont; heading: ChainFont; sans: ChainFont; code: ChainFont; missing: string[] }

/** Embeds the book's five styles for `text` (every string the book may draw). */
export async function embedBookFonts(pdf: PDFDocument, text: string): Promise<BookFonts> {
  const cjk = cjkOrder(text)
  const withCjk = (list: Face[], weight: 400 | 700) => [...list, ...cjk.flatMap((font) => cjkFaces(font, weight))]
  const missing = new Set<string>()
  const embed = (list: Face[], weight: 400 | 700) => embedChain(pdf, withCjk(list, weight), text, missing, fromDisk)
  const body = await embed(faces('noto-serif', 400, 'normal'), 400)
  const italic = await embed([...faces('noto-serif', 400, 'italic'), ...faces('noto-serif', 400, 'normal')], 400)
  const heading = await embed(faces('noto-sans', 700, 'normal'), 700)
  const sans = await embed(faces('noto-sans', 400, 'normal'), 400)
  const code = await embed([...faces('noto-sans-mono', 400, 'normal'), ...faces('noto-sans', 400, 'normal')], 400)
  return { body, italic, heading, sans, code, missing: [...missing] }
}

import { readFileSync } from 'node:fs'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { pdfContent } from '/src/features/resume/pdf/pdf-content.ts'
import { readLayout } from '/src/features/resume/import/layout.ts'
export async function run(file: string) {
  const doc = await getDocument({ data: new Uint8Array(readFileSync(file)), isEvalSupported: false }).promise
  const c = await pdfContent(doc as never)
  const l = readLayout(c.items, c.pageWidth, c.pages)
  return [`columns ${l.columns} ${l.pagesWithColumns}`, ...l.lines.map((x) => `p${x.page} c${x.column} y${Math.round(x.y)} x${Math.round(x.x)} s${x.size.toFixed(1)} ${x.cells.map((c) => `[${c.font.slice(-3)}|${c.text}]`).join(' ')}`)].join('\n')
}

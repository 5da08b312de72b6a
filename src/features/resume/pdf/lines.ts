import { beginMarkedContent, endMarkedContent, setCharacterSpacing, type PDFPage, type RGB } from 'pdf-lib'
import type { Design } from '~contract/resume.ts'
import type { RichBlock, Run } from '../rich-text'
import { mergeRuns, wrapRuns, type Piece, type PdfFonts } from '~pdf-engine/text.ts'
import type { PdfStructure } from '~pdf-engine/tagging.ts'
import { drawChainText } from '~pdf-engine/font-chain.ts'

/**
 * The PDF writer's kit (export-pdf.ts lays the resume out with it): a line is its height and a
 * function that draws it with its top at a given y; a block is lines kept together on a page.
 * Text lines wrap runs in the embedded fonts and mark each line's role for the tagged structure.
 */

/** A link annotation to make, in the structure element of marked sequence `mark`. */
export type Link = { x: number; y: number; width: number; height: number; url: string; mark: number }
export type Ctx = {
  design: Design
  fonts: PdfFonts
  width: number
  colours: { theme: RGB; text: RGB; title: RGB; muted: RGB; white: RGB }
  links: Map<PDFPage, Link[]>
  structure: PdfStructure
}

/** A link's text inside its line's sequence: a plain mark (no MCID: sequences with one do not nest). */
export function linkMarked(page: PDFPage, draw: () => void) {
  page.pushOperators(beginMarkedContent('Link'))
  draw()
  page.pushOperators(endMarkedContent())
}
/** Draws with character spacing `spacing` (pt), then resets it. */
export function tracked(page: PDFPage, spacing: number, draw: () => void) {
  if (spacing === 0) return draw()
  page.pushOperators(setCharacterSpacing(spacing))
  draw()
  page.pushOperators(setCharacterSpacing(0))
}

export function addLink(ctx: Ctx, page: PDFPage, area: Omit<Link, 'mark'>) {
  const link = { ...area, mark: ctx.structure.lastMark() }
  const list = ctx.links.get(page) ?? []
  list.push(link)
  ctx.links.set(page, list)
}
/** One line of a block: its height and how to draw it with its top at `top`. */
export type Line = { height: number; draw: (page: PDFPage, top: number) => void }
export type Block = { lines: Line[]; sideDraw?: (page: PDFPage, top: number) => void }

export function drawPieces(page: PDFPage, pieces: Piece[], x: number, baseline: number, size: number, ctx: Ctx, colour: RGB) {
  let at = x
  // Neighbouring words of one style become one text run: a draw call each costs pdf-lib far more than its glyphs.
  for (const piece of mergeRuns(pieces)) {
    const font = piece.bold ? ctx.fonts.bold : ctx.fonts.regular
    const drawPiece = () => drawChainText(page, piece.text, { x: at, y: baseline, size, font, color: piece.href ? ctx.colours.theme : colour })
    if (piece.href) linkMarked(page, drawPiece)
    else drawPiece()
    const w = font.widthOfTextAtSize(piece.text, size)
    if (piece.href) addLink(ctx, page, { x: at, y: baseline - size * 0.3, width: w, height: size * 1.2, url: piece.href })
    if (piece.href && piece.text.trim())
      ctx.structure.artifact(page, () =>
        page.drawLine({ start: { x: at, y: baseline - 1 }, end: { x: at + w, y: baseline - 1 }, thickness: 0.5, color: ctx.colours.theme }),
      )
    at += w
  }
}

export function textLines(
  runs: Run[],
  opts: { ctx: Ctx; x: number; width: number; size: number; colour: RGB; lineHeight?: number; indent?: number; prefix?: string; tag?: string },
): Line[] {
  const { ctx, x, width, size, colour } = opts
  const lineHeight = opts.lineHeight ?? size * ctx.design.lineSpace
  const indent = opts.indent ?? 0
  const wrapped = wrapRuns(runs, ctx.fonts, size, width, indent)
  return wrapped.map((pieces, index) => ({
    height: lineHeight,
    draw: (page, top) => {
      const baseline = top - (lineHeight + size * 0.7) / 2
      if (index === 0 && opts.prefix)
        ctx.structure.mark(page, 'Bullet', () =>
          drawChainText(page, opts.prefix!, { x: x - 9, y: baseline, size, font: ctx.fonts.regular, color: colour }),
        )
      ctx.structure.mark(page, index === 0 ? (opts.tag ?? 'Para') : 'Line', () =>
        drawPieces(page, pieces, x + (index === 0 ? indent : 0), baseline, size, ctx, colour),
      )
    },
  }))
}

export const gap = (height: number): Line => ({ height, draw: () => {} })

export function richLines(blocks: RichBlock[], ctx: Ctx, x: number, width: number): Line[] {
  const { design } = ctx
  const lines: Line[] = [gap(2)]
  for (const block of blocks) {
    if (block.kind === 'bullet')
      lines.push(...textLines(block.runs, { ctx, x: x + 12, width: width - 12, size: design.fontSize, colour: ctx.colours.text, prefix: '•' }))
    else lines.push(...textLines(block.runs, { ctx, x, width, size: design.fontSize, colour: ctx.colours.text, indent: design.paragraphIndent }))
    lines.push(gap(2))
  }
  return lines
}
/** Tags wrap as whole words, 14pt apart and 4pt between rows, like the preview's flex list. */
export function tagLines(tags: string[], ctx: Ctx, x: number, width: number): Line[] {
  const { design, fonts, colours } = ctx
  const size = design.fontSize
  const rows: { text: string; w: number }[][] = [[]]
  let used = 0
  for (const text of tags) {
    const w = fonts.regular.widthOfTextAtSize(text, size)
    const row = rows[rows.length - 1]!
    if (row.length > 0 && used + 14 + w > width) {
      rows.push([{ text, w }])
      used = w
    } else {
      used += (row.length > 0 ? 14 : 0) + w
      row.push({ text, w })
    }
  }
  const lineHeight = size * design.lineSpace
  return rows.flatMap((row, index) => [
    ...(index > 0 ? [gap(4)] : []),
    {
      height: lineHeight,
      draw: (page: PDFPage, top: number) => {
        let at = x
        for (const tag of row) {
          ctx.structure.mark(page, 'Tag', () =>
            drawChainText(page, tag.text, { x: at, y: top - (lineHeight + size * 0.7) / 2, size, font: fonts.regular, color: colours.text }),
          )
          at += tag.w + 14
        }
      },
    },
  ])
}

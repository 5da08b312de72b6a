import type { PdfContent, PdfItem, PdfLink } from '@/features/resume/pdf/pdf-content'

/** One piece of text on a made-up page: [text, x, y, size?, font?, page?]; its width comes from its length. */
export type Row = [text: string, x: number, y: number, size?: number, font?: string, page?: number]

/** The items of made-up rows, as a PDF reader gives them (size 10, font F1 and page 1 unless given). */
export const items = (rows: Row[]): PdfItem[] =>
  rows.map(([text, x, y, size = 10, font = 'F1', pageNo = 1]) => ({
    page: pageNo,
    text,
    x,
    y,
    width: text.length * size * 0.5,
    size,
    font,
    tag: null,
    seq: 0,
    link: false,
  }))

/** A made-up Letter-wide page (or `pages` of them) holding `rows`, with its link annotations. */
export function page(rows: Row[], pages = 1, links: PdfLink[] = []): PdfContent {
  return { pages, pageWidth: 612, items: items(rows), links, attachments: {} }
}

import type { Design } from '~contract/resume.ts'
import { pageMargin, pageSizesPt } from '@/lib/pdf/page'

export { pageMargin, pageSizesPt }
/** visionary: a column for the section titles on the left of the entries. */
export const visionaryGutter = 118
/** visionary: the section titles' column, less its 12pt gap to the entries. */
export const visionaryTitleWidth = visionaryGutter - 12
/** visionary: section titles are set at this share of the heading size, tracked by 0.06em. */
export const visionaryTitleScale = 0.85
export const titleTracking = 0.06

/**
 * visionary: the size a section title is set at. Titles wrap between words inside their column;
 * a word wider than the column ("CERTIFICATIONS" at a large heading size) makes the whole title
 * smaller rather than break or run into the entries. The preview and the PDF both use this, each
 * with its own measure of a word at 1pt (widths scale with the size, tracking included).
 */
export function visionaryTitleSize(title: string, design: Design, widthAtOnePoint: (word: string) => number): number {
  const size = design.headingFontSize * visionaryTitleScale
  const widest = Math.max(
    0,
    ...title
      .toUpperCase()
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => widthAtOnePoint(word) + titleTracking * [...word].length),
  )
  return widest * size > visionaryTitleWidth ? Math.floor((visionaryTitleWidth / widest) * 100) / 100 : size
}

/** visionary: the accent bar along the left edge of every page. */
export const visionaryBar = 10

export function contentWidth(design: Design): number {
  return pageSizesPt[design.pageSize].width - pageMargin.x * 2
}

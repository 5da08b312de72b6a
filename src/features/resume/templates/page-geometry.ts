import type { Design, TemplateName } from '~contract/resume.ts'

/** Page sizes in PDF points (1/72 inch); the preview uses the same numbers in CSS pt. */
export const pageSizesPt = { A4: { width: 595.28, height: 841.89 }, Letter: { width: 612, height: 792 } } as const

export const pageMargin = { x: 44, y: 40 } as const
/** visionary: a column for the section titles on the left of the entries. */
export const visionaryGutter = 118
/** visionary: the accent bar along the left edge of every page. */
export const visionaryBar = 10

export function contentWidth(design: Design): number {
  return pageSizesPt[design.pageSize].width - pageMargin.x * 2
}

export function bodyWidth(template: TemplateName, design: Design): number {
  return template === 'visionary' ? contentWidth(design) - visionaryGutter : contentWidth(design)
}

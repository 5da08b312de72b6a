import type { Design, TemplateName } from '~contract/resume.ts'
import { pageMargin, pageSizesPt } from '@/lib/pdf/page'

export { pageMargin, pageSizesPt }
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
